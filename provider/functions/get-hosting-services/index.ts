/** getHostingServices for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getHostingServicesDescriptor } from "./descriptor";
import type { getHostingServicesArgs, getHostingServicesResult } from "./schema";

export type GetHostingServicesArgs = PlainArgsOf<typeof getHostingServicesArgs>;
export type GetHostingServicesResult = ResultOfShape<typeof getHostingServicesResult>;
/** The account's services, every page, filtered as the API filters. */
export const getHostingServices = promiseFunction(getHostingServicesDescriptor);
/** getHostingServices with Input arguments. */
export const getHostingServicesOutput = outputFunction(getHostingServicesDescriptor);
export { getHostingServicesDescriptor };
