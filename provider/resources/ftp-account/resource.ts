/** The FtpAccount resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { FTP_SECRETS, ftpAccountInputs, ftpAccountOutputs, type FtpAccountState } from "./schema";

export interface FtpAccountArgs {
  /** The hosting service's name, e.g. "example.com". Changing it replaces. */
  serviceName: pulumi.Input<string>;
  /** The FTP user name: 1 to 32 letters, digits, . _ - (stored lower case). Changing it replaces. */
  name: pulumi.Input<string>;
  /** Home directory inside the hosting space, starting with "/". Changes in place. */
  ftpPath: pulumi.Input<string>;
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept). */
  password?: pulumi.Input<string>;
  /** Take over an account of the same name that already exists instead of failing (its password is set only when given). */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place;
 * serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.
 */
export class FtpAccount extends resourceClass<FtpAccountArgs, FtpAccountState>("FtpAccount", crud, {
  inputs: ftpAccountInputs,
  outputs: ftpAccountOutputs,
  secretInputs: FTP_SECRETS,
  secretOutputs: FTP_SECRETS,
}) {}
