/** The MailBox resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { MAILBOX_SECRET_INPUTS, MAILBOX_SECRET_OUTPUTS, mailBoxInputs, mailBoxOutputs, type MailBoxState } from "./schema";

export interface MailBoxArgs {
  /** The mail or hosting service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: pulumi.Input<string>;
  /** The local part ("info") or the full address under the service's domain ("info@example.com"). */
  name: pulumi.Input<string>;
  /**
   * 8 to 64 printable ASCII characters without spaces; stored as a secret. May be left out only with
   * adopt: the live password is then kept until the program sets one.
   */
  password?: pulumi.Input<string>;
  /** Take over a mailbox of the same address that already exists (its password is set when given) instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate);
 * serviceName and name replace; destroy deletes it (service/maildelete). The id is
 * `<serviceName>/<entityID>`.
 */
export class MailBox extends resourceClass<MailBoxArgs, MailBoxState>("MailBox", crud, {
  inputs: mailBoxInputs,
  outputs: mailBoxOutputs,
  secretInputs: MAILBOX_SECRET_INPUTS,
  secretOutputs: MAILBOX_SECRET_OUTPUTS,
}) {}
