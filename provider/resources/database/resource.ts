/** The Database resource class users write in programs. */
import type * as pulumi from "@pulumi/pulumi";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { DATABASE_SECRETS, databaseInputs, databaseOutputs, type DatabaseState } from "./schema";

export interface DatabaseArgs {
  /** The hosting service's name, e.g. "example.com". Changing it replaces (a new, empty database). */
  serviceName: pulumi.Input<string>;
  /** 8 to 64 printable ASCII characters, no spaces. Secret; changes in place. May be left out only with adopt (the live one is kept). */
  password?: pulumi.Input<string>;
  /** Connections from outside the hosting (default false). Changes in place. */
  externalAccess?: pulumi.Input<boolean>;
  /** With adopt: the name of the existing database to take over (as the service assigned it). */
  name?: pulumi.Input<string>;
  /** Take over the existing database called `name` instead of creating one (its password is set only when given). */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A MySQL database of a hosting service (service/ddbbcreate); its name and user are assigned by
 * the service. password and externalAccess change in place; serviceName replaces; destroy deletes
 * it (service/ddbbdelete). Id: `<serviceName>/<entityID>`.
 */
export class Database extends resourceClass<DatabaseArgs, DatabaseState>("Database", crud, {
  inputs: databaseInputs,
  outputs: databaseOutputs,
  secretInputs: DATABASE_SECRETS,
  secretOutputs: DATABASE_SECRETS,
}) {}
