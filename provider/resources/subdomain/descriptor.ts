/** Subdomain: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { subdomainDefinition } from "./definition";
import { adoptSubdomain, subdomainExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { subdomainOutputs, SUBDOMAIN_SECRETS } from "./schema";

export const subdomainDescriptor: ResourceDescriptor = {
  type: "Subdomain",
  folder: "subdomain",
  description:
    "A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place; serviceName and name replace; destroy deletes it (service/subdomaindelete). Id: `<serviceName>/<entityID>`.",
  definition: subdomainDefinition,
  outputs: subdomainOutputs,
  secretInputs: SUBDOMAIN_SECRETS,
  secretOutputs: SUBDOMAIN_SECRETS,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName("subdomain", (x) => x.name),
  lifecycle: {
    inPlace: "ftpPath, ssl (certificate, key, chain, path)",
    replaces: "serviceName, name",
    destroy: "deletes the subdomain",
  },
  discover: discoverFamily(
    "subdomain",
    "subdomains",
    (n) => `${n} subdomains`,
    (x) => ({ name: x.name, ftpPath: x.ftpPath, hasSsl: x.ssl !== undefined && x.ssl.sslCert !== "" }),
  ),
  adopt: adoptSubdomain,
  exportPlace: subdomainExportPlace,
  docs: inputDocs,
  outputDocs,
};
