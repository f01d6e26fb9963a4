/** Redirect: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { redirectDefinition } from "./definition";
import { adoptRedirect, redirectExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { redirectOutputs } from "./schema";

export const redirectDescriptor: ResourceDescriptor = {
  type: "Redirect",
  folder: "redirect",
  description:
    "A web redirect of a service (service/redirectcreate). destination and type change in place (service/redirectupdate); serviceName and origin replace; destroy deletes it (service/redirectdelete). The id is `<serviceName>/<entityID>`.",
  definition: redirectDefinition,
  outputs: redirectOutputs,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName("redirect", (r) => r.origin),
  lifecycle: {
    inPlace: "destination, type (301, 302, frame)",
    replaces: "serviceName, origin",
    destroy: "deletes the redirect",
  },
  discover: discoverFamily(
    "redirect",
    "redirects",
    (n) => `${n} redirects`,
    (r) => ({ origin: r.origin, destination: r.destination, type: r.type }),
  ),
  adopt: adoptRedirect,
  exportPlace: redirectExportPlace,
  docs: inputDocs,
  outputDocs,
};
