/** getTldPrices for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getTldPricesDescriptor } from "./descriptor";
import type { getTldPricesArgs, getTldPricesResult } from "./schema";

export type GetTldPricesArgs = PlainArgsOf<typeof getTldPricesArgs>;
export type GetTldPricesResult = ResultOfShape<typeof getTldPricesResult>;
/** Prices of one TLD or of every TLD, read live. */
export const getTldPrices = promiseFunction(getTldPricesDescriptor);
/** getTldPrices with Input arguments. */
export const getTldPricesOutput = outputFunction(getTldPricesDescriptor);
export { getTldPricesDescriptor };
