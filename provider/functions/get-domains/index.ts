/** getDomains for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getDomainsDescriptor } from "./descriptor";
import type { getDomainsArgs, getDomainsResult } from "./schema";

export type GetDomainsArgs = PlainArgsOf<typeof getDomainsArgs>;
export type GetDomainsResult = ResultOfShape<typeof getDomainsResult>;
/** The account's domains, every page, filtered as the API filters. */
export const getDomains = promiseFunction(getDomainsDescriptor);
/** getDomains with Input arguments. */
export const getDomainsOutput = outputFunction(getDomainsDescriptor);
export { getDomainsDescriptor };
