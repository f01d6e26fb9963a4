/** Database <-> API shapes (pure). */
import type { CreateParams, Item, UpdateParams } from "../../service-entities/service-entities";
import type { DatabaseInputs, DatabaseState } from "./schema";

/** ddbbcreate parameters. */
export function createParams(r: DatabaseInputs): CreateParams<"ddbb"> {
  // A password left out only with adopt (schema); cannotCreate stops a create without one.
  return { serviceName: r.serviceName, password: r.password ?? "", externalAccess: r.externalAccess };
}

/**
 * ddbbupdate parameters (ddbbupdate requires the password every time: spec); a program that leaves
 * the password out (adopted) resends the live one the state holds.
 */
export function updateParams(entityId: string, r: DatabaseInputs, current: DatabaseState): UpdateParams<"ddbb"> {
  return { serviceName: r.serviceName, password: r.password ?? current.password, externalAccess: r.externalAccess, entityID: entityId };
}

/**
 * A ddbblist/ddbbcreate item as state. The API answers database passwords to the account (spec
 * "Authentication" 5): the live password is recorded as a secret output, so drift shows on refresh.
 */
export function databaseStateFromItem(serviceName: string, item: Item<"ddbb">, basis?: { adopt?: boolean }): DatabaseState {
  const state: DatabaseState = {
    serviceName,
    entityId: item.entityID,
    name: item.name,
    user: item.user,
    password: item.password,
    externalAccess: item.externalAccess,
  };
  if (basis?.adopt !== undefined) state.adopt = basis.adopt;
  return state;
}

/** After adopting: the live database differs from the inputs (a password left out is not compared). */
export function databaseNeedsUpdate(live: DatabaseState, r: DatabaseInputs): boolean {
  return live.externalAccess !== r.externalAccess || (r.password !== undefined && live.password !== r.password);
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
