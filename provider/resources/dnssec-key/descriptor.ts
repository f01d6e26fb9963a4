/** DnssecKey: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { asciiOf } from "../../core/discovery";
import { dnssecKeyDefinition } from "./definition";
import { adoptDnssecKey } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { dnssecKeyOutputs, dnssecKeyId, type DnssecKeyInputs } from "./schema";

export const dnssecKeyDescriptor: ResourceDescriptor = {
  type: "DnssecKey",
  folder: "dnssec-key",
  description:
    "One DS entry of a domain (domain/dnsseccreate). The API has no update: any change replaces (the new entry is added before the old one is removed, so the chain of trust never breaks). Destroy removes it (dnssecdelete). Id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`.",
  definition: dnssecKeyDefinition,
  outputs: dnssecKeyOutputs,
  idFormat: "`<domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`",
  imports: {
    importable: true,
    entry: (k) => ({
      id: dnssecKeyId(asciiOf(k.domain), { ...k, digest: k.digest.replace(/\s+/g, "").toUpperCase() } as DnssecKeyInputs),
      name: [k.domain, String(k.keytag)],
    }),
  },
  lifecycle: {
    inPlace: "nothing (the API has no update)",
    replaces: "any input",
    destroy: "deletes the DS entry",
  },
  // Read with the domains (domain/getinfo infoType=dnssec of each active one): the Domain's discovery.
  discover: { scope: "domain", key: "dnssec" },
  adopt: adoptDnssecKey,
  docs: inputDocs,
  outputDocs,
};
