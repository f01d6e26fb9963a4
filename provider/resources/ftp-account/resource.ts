/** The FtpAccount resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { ftpAccountDescriptor } from "./descriptor";
import type { ftpAccountFields, ftpAccountOutputs, FtpAccountState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type FtpAccountArgs = ArgsOf<typeof ftpAccountFields>;

/**
 * An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place;
 * serviceName and name replace; destroy deletes it (service/ftpdelete). Id:
 * `<serviceName>/<entityID>`.
 */
export class FtpAccount extends resourceClass<FtpAccountArgs, FtpAccountState, typeof ftpAccountOutputs>(ftpAccountDescriptor, crud) {}
