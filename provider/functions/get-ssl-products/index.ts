/** getSslProducts for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getSslProductsDescriptor } from "./descriptor";
import type { getSslProductsArgs, getSslProductsResult } from "./schema";

export type GetSslProductsArgs = PlainArgsOf<typeof getSslProductsArgs>;
export type GetSslProductsResult = ResultOfShape<typeof getSslProductsResult>;
/** The SSL products on sale, every page, filtered as the API filters. */
export const getSslProducts = promiseFunction(getSslProductsDescriptor);
/** getSslProducts with Input arguments. */
export const getSslProductsOutput = outputFunction(getSslProductsDescriptor);
export { getSslProductsDescriptor };
