/** getContacts for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getContactsDescriptor } from "./descriptor";
import type { getContactsArgs, getContactsResult } from "./schema";

export type GetContactsArgs = PlainArgsOf<typeof getContactsArgs>;
export type GetContactsResult = ResultOfShape<typeof getContactsResult>;
/** The account's contacts, every page, filtered as the API filters. */
export const getContacts = promiseFunction(getContactsDescriptor);
/** getContacts with Input arguments. */
export const getContactsOutput = outputFunction(getContactsDescriptor);
export { getContactsDescriptor };
