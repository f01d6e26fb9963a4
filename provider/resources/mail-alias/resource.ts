/** The MailAlias resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { mailAliasDescriptor } from "./descriptor";
import type { mailAliasFields, mailAliasOutputs, MailAliasState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type MailAliasArgs = ArgsOf<typeof mailAliasFields>;

/**
 * A mail alias of a service (service/mailaliascreate). targets change in place
 * (service/mailaliasupdate); serviceName and name replace; destroy deletes it
 * (service/mailaliasdelete). The id is `<serviceName>/<entityID>`.
 */
export class MailAlias extends resourceClass<MailAliasArgs, MailAliasState, typeof mailAliasOutputs>(mailAliasDescriptor, crud) {}
