/** The FtpAccount resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type ftpAccountFields, FTP_SECRETS, ftpAccountInputs, ftpAccountOutputs, type FtpAccountState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type FtpAccountArgs = ArgsOf<typeof ftpAccountFields>;

/**
 * An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place;
 * serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.
 */
export class FtpAccount extends resourceClass<FtpAccountArgs, FtpAccountState, typeof ftpAccountOutputs>("FtpAccount", crud, {
  inputs: ftpAccountInputs,
  outputs: ftpAccountOutputs,
  secretInputs: FTP_SECRETS,
  secretOutputs: FTP_SECRETS,
}) {}
