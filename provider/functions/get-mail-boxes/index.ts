/** getMailBoxes for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getMailBoxesDescriptor } from "./descriptor";
import type { getMailBoxesArgs, getMailBoxesResult } from "./schema";

export type GetMailBoxesArgs = PlainArgsOf<typeof getMailBoxesArgs>;
export type GetMailBoxesResult = ResultOfShape<typeof getMailBoxesResult>;
/** The mailboxes of a service, every page (never passwords). */
export const getMailBoxes = promiseFunction(getMailBoxesDescriptor);
/** getMailBoxes with Input arguments: `getMailBoxesOutput({ serviceName: service.name })`. */
export const getMailBoxesOutput = outputFunction(getMailBoxesDescriptor);
export { getMailBoxesDescriptor };
