/** getDnsRecords for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getDnsRecordsDescriptor } from "./descriptor";
import type { getDnsRecordsArgs, getDnsRecordsResult } from "./schema";

export type GetDnsRecordsArgs = PlainArgsOf<typeof getDnsRecordsArgs>;
export type GetDnsRecordsResult = ResultOfShape<typeof getDnsRecordsResult>;
/** The records of a zone, every page, optionally of one name and/or type; TXT values as their text. */
export const getDnsRecords = promiseFunction(getDnsRecordsDescriptor);
/** getDnsRecords with Input arguments: `getDnsRecordsOutput({ serviceName: service.name })`. */
export const getDnsRecordsOutput = outputFunction(getDnsRecordsDescriptor);
export { getDnsRecordsDescriptor };
