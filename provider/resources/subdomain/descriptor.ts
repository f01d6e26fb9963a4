/** Subdomain: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily } from "../../service-entities/service-entities";
import { subdomainDefinition } from "./definition";
import { adoptSubdomain, subdomainExportPlace } from "./adopt";

export const subdomainDescriptor: ResourceDescriptor = {
  type: "Subdomain",
  folder: "subdomain",
  description:
    "A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place; serviceName and name replace; destroy deletes it (service/subdomaindelete). Id: `<serviceName>/<entityID>`.",
  definition: subdomainDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).Subdomain;
  },
  idFormat: "`<serviceName>/<entityID>`",
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
  docs: {
    serviceName: 'The hosting service\'s name, e.g. "example.com". Changing it replaces.',
    name: '"blog" or "blog.example.com" (stored as the full host name, IDN in punycode). Changing it replaces.',
    ftpPath: 'Document root inside the hosting space, starting with "/". Changes in place.',
    ssl: "A certificate to install (changes in place; the whole object is stored as a secret). Left out (or resolving to undefined, e.g. until a certificate is issued): not managed.",
    adopt: "Take over a subdomain of the same name that already exists instead of failing.",
  },
  outputDocs: {
    name: "Full host name, lower case, IDN labels in punycode.",
    ssl: "The installed certificate while managed; always a secret.",
    sslInstalled: "A certificate is installed (managed or not).",
    entityId: "The API's entityID (SRV<digits>-<digits>).",
  },
};
