/** FtpAccount <-> API shapes (pure). */
import type { CreateParams, Item, UpdateParams } from "../../service-entities/service-entities";
import type { FtpAccountInputs, FtpAccountState } from "./schema";

export function createParams(r: FtpAccountInputs): CreateParams<"ftp"> {
  // A password left out only with adopt (schema); cannotCreate stops a create without one.
  return { serviceName: r.serviceName, name: r.name, ftpPath: r.ftpPath, password: r.password ?? "" };
}

/**
 * ftpupdate requires both ftpPath and password (spec "CRUD families"): a program that leaves the
 * password out (adopted) resends the live one the state holds.
 */
export function updateParams(entityId: string, r: FtpAccountInputs, current: FtpAccountState): UpdateParams<"ftp"> {
  return { serviceName: r.serviceName, entityID: entityId, ftpPath: r.ftpPath, password: r.password ?? current.password };
}

/**
 * An ftplist/ftpcreate item as state. The API answers FTP passwords to the account (spec
 * "Authentication" 5), so the live password is recorded (as a secret output) and an outside change
 * shows up on refresh like any other drift.
 */
export function ftpStateFromItem(serviceName: string, item: Item<"ftp">, inputs: Partial<FtpAccountInputs>): FtpAccountState {
  const state: FtpAccountState = { serviceName, name: item.name.toLowerCase(), ftpPath: item.ftpPath, password: item.password, entityId: item.entityID };
  if (inputs.adopt !== undefined) state.adopt = inputs.adopt;
  return state;
}

export function ftpNeedsUpdate(live: FtpAccountState, r: FtpAccountInputs): boolean {
  return live.ftpPath !== r.ftpPath || (r.password !== undefined && live.password !== r.password);
}
