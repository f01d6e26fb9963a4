/** Database <-> API shapes (pure). */
import type { DatabaseInputs, DatabaseState } from "./schema";

/** ddbbcreate / ddbbupdate parameters (ddbbupdate requires the password every time: spec). */
export function databaseParams(r: DatabaseInputs, entityId?: string): Record<string, unknown> {
  const p: Record<string, unknown> = { serviceName: r.serviceName, password: r.password, externalAccess: r.externalAccess };
  if (entityId !== undefined) p.entityID = entityId;
  return p;
}

/**
 * A ddbblist/ddbbcreate item as state. The API answers database passwords to the account (spec
 * "Authentication" 5): the live password is recorded as a secret output, so drift shows on refresh.
 */
export function databaseStateFromItem(serviceName: string, item: Record<string, any>): DatabaseState {
  return {
    serviceName,
    entityId: String(item.entityID),
    name: String(item.name ?? ""),
    user: String(item.user ?? item.name ?? ""),
    password: String(item.password ?? ""),
    externalAccess: item.externalAccess === true || item.externalAccess === "true" || item.externalAccess === 1,
  };
}

/**
 * After an ambiguous ddbbcreate: the database it made is one not listed before the call with the
 * password and access asked for. More than one such candidate cannot be told apart: undefined.
 */
export function createdDatabase(before: ReadonlySet<string>, after: Record<string, any>[], r: DatabaseInputs): Record<string, any> | "ambiguous" | undefined {
  const found = after.filter((x) => !before.has(String(x.entityID)) && x.password === r.password && databaseStateFromItem(r.serviceName, x).externalAccess === r.externalAccess);
  if (found.length > 1) return "ambiguous";
  return found[0];
}
