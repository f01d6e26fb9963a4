/** getDomain for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getDomainDescriptor } from "./descriptor";
import type { getDomainArgs, getDomainResult } from "./schema";

export type GetDomainArgs = PlainArgsOf<typeof getDomainArgs>;
export type GetDomainResult = ResultOfShape<typeof getDomainResult>;
/** One domain of the account: status, dates, settings, nameservers, contacts' ids; the authcode only when asked (a secret in the Output form). */
export const getDomain = promiseFunction(getDomainDescriptor);
/** getDomain with Input arguments: `getDomainOutput({ name: domain.name })`; a secret Output when it holds the authcode. */
export const getDomainOutput = outputFunction(getDomainDescriptor);
export { getDomainDescriptor };
