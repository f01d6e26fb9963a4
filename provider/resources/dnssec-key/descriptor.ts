/** DnssecKey: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { dnssecKeyDefinition } from "./definition";
import { adoptDnssecKey } from "./adopt";

export const dnssecKeyDescriptor: ResourceDescriptor = {
  type: "DnssecKey",
  folder: "dnssec-key",
  description:
    "One DS entry of a domain (domain/dnsseccreate). The API has no update: any change replaces (the new entry is added before the old one is removed, so the chain of trust never breaks). Destroy removes it (dnssecdelete). Id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`.",
  definition: dnssecKeyDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).DnssecKey;
  },
  idFormat: "`<domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`",
  lifecycle: {
    inPlace: "nothing (the API has no update)",
    replaces: "any input",
    destroy: "deletes the DS entry",
  },
  // Read with the domains (domain/getinfo infoType=dnssec of each active one): the Domain's discovery.
  discover: { scope: "domain", key: "dnssec" },
  adopt: adoptDnssecKey,
  docs: {
    domain: "The signed domain (e.g. `domain.name`).",
    keytag: "Key tag of the DNSKEY (0 to 65535).",
    algorithm: "DNSSEC algorithm number (e.g. 8 RSASHA256, 13 ECDSAP256SHA256, 15 ED25519).",
    digesttype: "Digest type (1 SHA-1, 2 SHA-256, 4 SHA-384).",
    digest: "The digest in hex (case and spaces do not matter).",
    adopt: "Take over an identical DS entry that already exists instead of failing.",
  },
  outputDocs: {
    punycode: "The domain in ASCII (punycode).",
    dsRecord: "The DS record as zone-file text: `<keytag> <algorithm> <digesttype> <digest>`.",
  },
};
