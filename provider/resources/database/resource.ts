/** The Database resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { databaseDescriptor } from "./descriptor";
import type { databaseFields, databaseOutputs, DatabaseState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DatabaseArgs = ArgsOf<typeof databaseFields>;

/**
 * A MySQL database of a hosting service (service/ddbbcreate); its name and user are assigned by the
 * service. password and externalAccess change in place; serviceName replaces; destroy deletes it
 * (service/ddbbdelete). Id: `<serviceName>/<entityID>`.
 */
export class Database extends resourceClass<DatabaseArgs, DatabaseState, typeof databaseOutputs>(databaseDescriptor, crud) {}
