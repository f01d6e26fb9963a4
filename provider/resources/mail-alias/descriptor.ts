/** MailAlias: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { mailAliasDefinition } from "./definition";
import { adoptMailAlias, mailAliasExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { mailAliasOutputs } from "./schema";

export const mailAliasDescriptor: ResourceDescriptor = {
  type: "MailAlias",
  folder: "mail-alias",
  description:
    "A mail alias of a service (service/mailaliascreate). targets change in place (service/mailaliasupdate); serviceName and name replace; destroy deletes it (service/mailaliasdelete). The id is `<serviceName>/<entityID>`.",
  definition: mailAliasDefinition,
  outputs: mailAliasOutputs,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName("mailalias", (a) => a.name),
  lifecycle: {
    inPlace: "targets",
    replaces: "serviceName, name",
    destroy: "deletes the alias",
  },
  discover: discoverFamily(
    "mailalias",
    "aliases",
    (n) => `${n} aliases`,
    (a) => ({ name: a.name, targets: [...a.target] }),
  ),
  adopt: adoptMailAlias,
  exportPlace: mailAliasExportPlace,
  docs: inputDocs,
  outputDocs,
};
