/** getAccount for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getAccountDescriptor } from "./descriptor";
import type { getAccountArgs, getAccountResult } from "./schema";

export type GetAccountArgs = PlainArgsOf<typeof getAccountArgs>;
export type GetAccountResult = ResultOfShape<typeof getAccountResult>;
/** The account's balance, currency and threshold, read live. */
export const getAccount = promiseFunction(getAccountDescriptor);
/** getAccount as an Output. */
export const getAccountOutput = outputFunction(getAccountDescriptor);
export { getAccountDescriptor };
