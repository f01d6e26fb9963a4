/** Domain: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverDomains } from "./discover";
import { domainDefinition } from "./definition";
import { adoptDomain, domainExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { domainOutputs, DOMAIN_SECRETS } from "./schema";

export const domainDescriptor: ResourceDescriptor = {
  type: "Domain",
  folder: "domain",
  description: "A domain of the account: registered, transferred in or adopted. Destroy never deletes it.",
  definition: domainDefinition,
  outputs: domainOutputs,
  secretInputs: DOMAIN_SECRETS,
  secretOutputs: DOMAIN_SECRETS,
  idFormat: "punycode name, e.g. `xn--espaa-rta.es`",
  imports: { importable: true, entry: (d) => ({ id: d.ascii, name: [d.name] }) },
  lifecycle: {
    inPlace: "nameservers, contacts, transferBlock, modifyBlock, whoisPrivacy, viewWhois, renewalMode, tags",
    replaces: "`name` (the old domain is forgotten, never deleted)",
    destroy: '**never deletes**: forgets with a warning, or `onDestroy: "letexpire"` sets renewalMode letexpire',
  },
  discover: { scope: "account", key: "domains", members: "domain", read: discoverDomains },
  adopt: adoptDomain,
  exportPlace: domainExportPlace,
  docs: inputDocs,
  outputDocs,
};
