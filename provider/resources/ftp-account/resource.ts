/** The FtpAccount resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type ftpAccountFields, FTP_SECRETS, ftpAccountInputs, ftpAccountOutputs, type FtpAccountState, ftpAccountObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type FtpAccountArgs = ArgsOf<typeof ftpAccountFields>;

/**
 * An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place;
 * serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.
 */
export class FtpAccount extends resourceClass<FtpAccountArgs, FtpAccountState, typeof ftpAccountOutputs>("FtpAccount", crud, {
  inputs: ftpAccountInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("FtpAccount", ftpAccountInputs, ftpAccountObjects),
  outputs: ftpAccountOutputs,
  secretInputs: FTP_SECRETS,
  secretOutputs: FTP_SECRETS,
}) {}
