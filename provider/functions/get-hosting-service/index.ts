/** getHostingService for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getHostingServiceDescriptor } from "./descriptor";
import type { getHostingServiceArgs, getHostingServiceResult } from "./schema";

export type GetHostingServiceArgs = PlainArgsOf<typeof getHostingServiceArgs>;
export type GetHostingServiceResult = ResultOfShape<typeof getHostingServiceResult>;
/** One hosting service of the account by its name. */
export const getHostingService = promiseFunction(getHostingServiceDescriptor);
/** getHostingService with Input arguments: `getHostingServiceOutput({ name: service.name })`. */
export const getHostingServiceOutput = outputFunction(getHostingServiceDescriptor);
export { getHostingServiceDescriptor };
