/** The MailBox resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { mailBoxDescriptor } from "./descriptor";
import type { mailBoxFields, mailBoxOutputs, MailBoxState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type MailBoxArgs = ArgsOf<typeof mailBoxFields>;

/**
 * A mailbox of a service (service/mailcreate). The password changes in place (service/mailupdate);
 * serviceName and name replace; destroy deletes it (service/maildelete). The id is
 * `<serviceName>/<entityID>`.
 */
export class MailBox extends resourceClass<MailBoxArgs, MailBoxState, typeof mailBoxOutputs>(mailBoxDescriptor, crud) {}
