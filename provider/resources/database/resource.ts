/** The Database resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";
import { DATABASE_SECRETS } from "./schema";

export interface DatabaseArgs {
  /** The hosting service's name, e.g. "example.com". Changing it replaces (a new, empty database). */
  serviceName: pulumi.Input<string>;
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. */
  password: pulumi.Input<string>;
  /** Connections from outside the hosting (default false). Changes in place. */
  externalAccess?: pulumi.Input<boolean>;
}

/**
 * A MySQL database of a hosting service (service/ddbbcreate); its name and user are assigned by
 * the service. password and externalAccess change in place; serviceName replaces; destroy deletes
 * it (service/ddbbdelete). Id: `<serviceName>/<entityID>`.
 */
export class Database extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  /** Assigned by the service. */
  declare readonly name: pulumi.Output<string>;
  /** Assigned by the service. */
  declare readonly user: pulumi.Output<string>;
  /** The live password (the API returns it to the account); always a secret. */
  declare readonly password: pulumi.Output<string>;
  declare readonly externalAccess: pulumi.Output<boolean>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;

  constructor(name: string, args: DatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      crud,
      name,
      dynamicArgs(args, ["entityId", "name", "user", "externalAccess"], opts, DATABASE_SECRETS),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...DATABASE_SECRETS] },
      "dondominio",
      "Database",
    );
  }
}
