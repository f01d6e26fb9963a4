/** GlueRecord: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { glueRecordDefinition } from "./definition";
import { adoptGlueRecord } from "./adopt";

export const glueRecordDescriptor: ResourceDescriptor = {
  type: "GlueRecord",
  folder: "glue-record",
  description:
    "A glue record (host object) under a domain: domain/gluerecordcreate. ipv4/ipv6 change in place (gluerecordupdate); domain and name replace; destroy deletes it (gluerecorddelete). The id is `<ascii domain>/<ascii host>`.",
  definition: glueRecordDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).GlueRecord;
  },
  idFormat: "`<domain>/<host>`",
  lifecycle: {
    inPlace: "ipv4, ipv6",
    replaces: "domain, name",
    destroy: "deletes the glue record",
  },
  // Read with the domains (domain/list infoType=gluerecords, one list for all): the Domain's discovery.
  discover: { scope: "domain", key: "glue" },
  adopt: adoptGlueRecord,
  docs: {
    domain: "The domain the host belongs to (e.g. `domain.name`). Changing it replaces.",
    name: 'The host: relative to the domain ("ns1") or full ("ns1.example.com"). Changing it replaces.',
    ipv4: "IPv4 address (changes in place).",
    ipv6: "IPv6 address (changes in place); leaving it out removes it.",
    adopt: "Take over a glue record of the same name that already exists instead of failing.",
  },
  outputDocs: {
    punycode: "The domain in ASCII (punycode).",
  },
};
