/** Database <-> API shapes (pure). */
import type { CreateParams, Item, UpdateParams } from "../../core/service-entities";
import type { DatabaseInputs, DatabaseState } from "./schema";

/** ddbbcreate parameters. */
export function createParams(r: DatabaseInputs): CreateParams<"ddbb"> {
  return { serviceName: r.serviceName, password: r.password, externalAccess: r.externalAccess };
}

/** ddbbupdate parameters (ddbbupdate requires the password every time: spec). */
export function updateParams(entityId: string, r: DatabaseInputs): UpdateParams<"ddbb"> {
  return { serviceName: r.serviceName, password: r.password, externalAccess: r.externalAccess, entityID: entityId };
}

/**
 * A ddbblist/ddbbcreate item as state. The API answers database passwords to the account (spec
 * "Authentication" 5): the live password is recorded as a secret output, so drift shows on refresh.
 */
export function databaseStateFromItem(serviceName: string, item: Item<"ddbb">): DatabaseState {
  return { serviceName, entityId: item.entityID, name: item.name, user: item.user, password: item.password, externalAccess: item.externalAccess };
}

/**
 * After an ambiguous ddbbcreate: the database it made is one not listed before the call with the
 * password and access asked for. More than one such candidate cannot be told apart: undefined.
 */
export function createdDatabase(before: ReadonlySet<string>, after: Item<"ddbb">[], r: DatabaseInputs): Item<"ddbb"> | "ambiguous" | undefined {
  const found = after.filter((x) => !before.has(x.entityID) && x.password === r.password && x.externalAccess === r.externalAccess);
  if (found.length > 1) return "ambiguous";
  return found[0];
}
