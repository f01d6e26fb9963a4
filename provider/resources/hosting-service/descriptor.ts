/** HostingService: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverServices } from "./discover";
import { hostingDefinition } from "./definition";
import { adoptService } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { hostingOutputs } from "./schema";

export const hostingServiceDescriptor: ResourceDescriptor = {
  type: "HostingService",
  folder: "hosting-service",
  description: "A hosting or mail service (service/create). Destroy never deletes it.",
  definition: hostingDefinition,
  outputs: hostingOutputs,
  idFormat: "service name",
  imports: { importable: true, entry: (s) => ({ id: s.name, name: [s.name] }) },
  lifecycle: {
    inPlace: "productKey upgrades (downgrades refused at preview), renewalMode, phpVersion, parking",
    replaces: "`name`",
    destroy: 'forgets with a warning (the API has no service delete), or `onDestroy: "manual"`',
  },
  discover: { scope: "account", key: "services", members: "service", read: discoverServices },
  adopt: adoptService,
  docs: inputDocs,
  outputDocs,
};
