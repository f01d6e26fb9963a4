/** MailBox <-> API shapes (pure, but for the password's fingerprint). */
import { localPart } from "../../service-entities/mail-address";
import type { CreateParams, Item, UpdateParams } from "../../service-entities/service-entities";
import { passwordFingerprint } from "./password";
import type { MailBoxInputs, MailBoxState } from "./schema";

/** mailcreate: the local part only (the API adds the service's domain). */
export function createParams(r: MailBoxInputs): CreateParams<"mail"> {
  // A password left out only with adopt (schema); cannotCreate stops a create without one.
  return { serviceName: r.serviceName, name: localPart(r.name), password: r.password ?? "" };
}

/** mailupdate: the password is all it changes. */
export function updateParams(entityId: string, r: MailBoxInputs): UpdateParams<"mail"> {
  return { entityID: entityId, password: r.password ?? "" };
}

/** A maillist/mailcreate/mailupdate item as state; the fingerprint and adopt come from the caller. */
export function stateFromItem(serviceName: string, item: Item<"mail">, passwordHash: string, adopt: boolean | undefined): MailBoxState {
  const state: MailBoxState = { serviceName, name: item.name, entityId: item.entityID, usage: item.usage, quotaMax: item.quotaMax, passwordHash };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}

/**
 * State from an item: the password is masked in every answer, so the state keeps the fingerprint
 * of the password just applied (inputs) or of the last one (recorded state, on read). An adopted
 * mailbox whose program gives no password keeps an empty one: any password set later differs.
 */
export function mailBoxState(serviceName: string, item: Item<"mail">, basis: MailBoxInputs | MailBoxState): MailBoxState {
  const password = "password" in basis ? basis.password : undefined;
  const hash = typeof password === "string" ? passwordFingerprint(password) : "passwordHash" in basis ? (basis.passwordHash ?? "") : "";
  return stateFromItem(serviceName, item, hash, basis.adopt);
}
