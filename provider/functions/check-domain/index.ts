/** checkDomain for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { checkDomainDescriptor } from "./descriptor";
import type { checkDomainArgs, checkDomainResult } from "./schema";

export type CheckDomainArgs = PlainArgsOf<typeof checkDomainArgs>;
export type CheckDomainResult = ResultOfShape<typeof checkDomainResult>;
/** Availability, premium flag and yearly price of a name (domain/check), asked once per name and process. */
export const checkDomain = promiseFunction(checkDomainDescriptor);
/** checkDomain for Output/Input names: `checkDomainOutput({ name: domain.name })`. */
export const checkDomainOutput = outputFunction(checkDomainDescriptor);
export { checkDomainDescriptor };
