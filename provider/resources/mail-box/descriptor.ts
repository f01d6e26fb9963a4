/** MailBox: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily, importByName } from "../../service-entities/service-entities";
import { mailBoxDefinition } from "./definition";
import { adoptMailBox, mailBoxExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { mailBoxOutputs, MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS } from "./schema";

export const mailBoxDescriptor: ResourceDescriptor = {
  type: "MailBox",
  folder: "mail-box",
  description:
    "A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate); serviceName and name replace; destroy deletes it (service/maildelete). The id is `<serviceName>/<entityID>`.",
  definition: mailBoxDefinition,
  outputs: mailBoxOutputs,
  secretInputs: MAILBOX_SECRET_INPUTS,
  secretOutputs: MAILBOX_SECRET_OUTPUTS,
  idFormat: "`<serviceName>/<entityID>`",
  imports: importByName("mail", (m) => m.name),
  lifecycle: {
    inPlace: "password (the API masks it: compared against a salted hash of the last applied one)",
    replaces: "serviceName, name",
    destroy: "deletes the mailbox",
  },
  discover: discoverFamily(
    "mail",
    "mail",
    (n) => `${n} mailboxes`,
    (m) => ({ name: m.name, usage: m.usage, quotaMax: m.quotaMax }),
  ),
  adopt: adoptMailBox,
  exportPlace: mailBoxExportPlace,
  docs: inputDocs,
  outputDocs,
};
