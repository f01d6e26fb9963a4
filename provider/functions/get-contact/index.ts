/** getContact for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getContactDescriptor } from "./descriptor";
import type { getContactArgs, getContactResult } from "./schema";

export type GetContactArgs = PlainArgsOf<typeof getContactArgs>;
export type GetContactResult = ResultOfShape<typeof getContactResult>;
/** One contact of the account by its id. */
export const getContact = promiseFunction(getContactDescriptor);
/** getContact with Input arguments: `getContactOutput({ contactId: contact.contactId })`. */
export const getContactOutput = outputFunction(getContactDescriptor);
export { getContactDescriptor };
