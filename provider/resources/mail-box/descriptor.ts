/** MailBox: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverFamily } from "../../service-entities/service-entities";
import { mailBoxDefinition } from "./definition";
import { adoptMailBox, mailBoxExportPlace } from "./adopt";

export const mailBoxDescriptor: ResourceDescriptor = {
  type: "MailBox",
  folder: "mail-box",
  description:
    "A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate); serviceName and name replace; destroy deletes it (service/maildelete). The id is `<serviceName>/<entityID>`.",
  definition: mailBoxDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).MailBox;
  },
  idFormat: "`<serviceName>/<entityID>`",
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
  docs: {
    serviceName: "The mail or hosting service's name, e.g. \"example.com\" (a HostingService's `name`).",
    name: 'The local part ("info") or the full address under the service\'s domain ("info@example.com").',
    password:
      "8 to 64 printable ASCII characters without spaces; stored as a secret. May be left out only with adopt: the live password is then kept until the program sets one.",
    adopt: "Take over a mailbox of the same address that already exists (its password is set when given) instead of failing.",
  },
  outputDocs: {
    name: "The full address, as the API answers it: `info@example.com`.",
    entityId: "The API's entityID.",
    usage: "Bytes used.",
    quotaMax: "Bytes allowed by the service's product.",
    passwordHash: "`scrypt$<salt>$<hash>`: salted fingerprint of the last password applied (secret).",
  },
};
