/** The FtpAccount resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";
import { FTP_SECRETS } from "./schema";

export interface FtpAccountArgs {
  /** The hosting service's name, e.g. "example.com". Changing it replaces. */
  serviceName: pulumi.Input<string>;
  /** The FTP user name: 1 to 32 letters, digits, . _ - (stored lower case). Changing it replaces. */
  name: pulumi.Input<string>;
  /** Home directory inside the hosting space, starting with "/". Changes in place. */
  ftpPath: pulumi.Input<string>;
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. */
  password: pulumi.Input<string>;
  /** Take over an account of the same name that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * An FTP account of a hosting service (service/ftpcreate). ftpPath and password change in place;
 * serviceName and name replace; destroy deletes it (service/ftpdelete). Id: `<serviceName>/<entityID>`.
 */
export class FtpAccount extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly ftpPath: pulumi.Output<string>;
  /** The live password (the API returns it to the account); always a secret. */
  declare readonly password: pulumi.Output<string>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;

  constructor(name: string, args: FtpAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      crud,
      name,
      dynamicArgs(args, ["entityId"], opts, FTP_SECRETS),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...FTP_SECRETS] },
      "dondominio",
      "FtpAccount",
    );
  }
}
