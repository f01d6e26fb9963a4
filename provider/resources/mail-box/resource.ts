/** The MailBox resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type mailBoxFields, MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS, mailBoxInputs, mailBoxOutputs, type MailBoxState, mailBoxObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type MailBoxArgs = ArgsOf<typeof mailBoxFields>;

/**
 * A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate);
 * serviceName and name replace; destroy deletes it (service/maildelete). The id is
 * `<serviceName>/<entityID>`.
 */
export class MailBox extends resourceClass<MailBoxArgs, MailBoxState, typeof mailBoxOutputs>("MailBox", crud, {
  inputs: mailBoxInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("MailBox", mailBoxInputs, mailBoxObjects),
  outputs: mailBoxOutputs,
  secretInputs: MAILBOX_SECRET_INPUTS,
  secretOutputs: MAILBOX_SECRET_OUTPUTS,
}) {}
