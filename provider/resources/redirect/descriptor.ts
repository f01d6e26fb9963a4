/** Redirect: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily } from "../../service-entities/service-entities";
import { redirectDefinition } from "./definition";
import { adoptRedirect, redirectExportPlace } from "./adopt";

export const redirectDescriptor: ResourceDescriptor = {
  type: "Redirect",
  folder: "redirect",
  description:
    "A web redirect of a service (service/redirectcreate). destination and type change in place (service/redirectupdate); serviceName and origin replace; destroy deletes it (service/redirectdelete). The id is `<serviceName>/<entityID>`.",
  definition: redirectDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).Redirect;
  },
  idFormat: "`<serviceName>/<entityID>`",
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
  docs: {
    serviceName: "The hosting or redirect service's name, e.g. \"example.com\" (a HostingService's `name`).",
    origin: '"@" for the service\'s domain, a name relative to it ("blog") or full ("blog.example.com").',
    destination: "An http:// or https:// URL.",
    type: '301 (permanent), 302 (temporary) or "frame" (the destination shown in a frame).',
    adopt: "Take over a redirect of the same origin that already exists instead of failing.",
  },
  outputDocs: {
    origin: "Full host name: `blog.example.com`, or the service's name for the apex.",
    entityId: "The API's entityID.",
  },
};
