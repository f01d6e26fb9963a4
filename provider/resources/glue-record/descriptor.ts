/** GlueRecord: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { asciiOf } from "../../core/discovery";
import { glueRecordDefinition } from "./definition";
import { adoptGlueRecord } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { glueRecordOutputs } from "./schema";

export const glueRecordDescriptor: ResourceDescriptor = {
  type: "GlueRecord",
  folder: "glue-record",
  description:
    "A glue record (host object) under a domain: domain/gluerecordcreate. ipv4/ipv6 change in place (gluerecordupdate); domain and name replace; destroy deletes it (gluerecorddelete). The id is `<ascii domain>/<ascii host>`.",
  definition: glueRecordDefinition,
  outputs: glueRecordOutputs,
  idFormat: "`<domain>/<host>`",
  imports: { importable: true, entry: (g) => ({ id: `${asciiOf(g.domain)}/${g.name}`, name: [g.name] }) },
  lifecycle: {
    inPlace: "ipv4, ipv6",
    replaces: "domain, name",
    destroy: "deletes the glue record",
  },
  // Read with the domains (domain/list infoType=gluerecords, one list for all): the Domain's discovery.
  discover: { scope: "domain", key: "glue" },
  adopt: adoptGlueRecord,
  docs: inputDocs,
  outputDocs,
};
