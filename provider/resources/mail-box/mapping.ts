/** MailBox <-> API shapes (pure). */
import type { Item } from "../../core/service-entities";
import { localPart } from "../../core/mail-address";
import type { MailBoxInputs, MailBoxState } from "./schema";

/** mailcreate: the local part only (the API adds the service's domain). */
export function createParams(r: MailBoxInputs): Record<string, unknown> {
  return { serviceName: r.serviceName, name: localPart(r.name), password: r.password };
}

/** A maillist/mailcreate/mailupdate item as state; the fingerprint and adopt come from the caller. */
export function stateFromItem(serviceName: string, item: Item, passwordHash: string, adopt: boolean | undefined): MailBoxState {
  const state: MailBoxState = {
    serviceName,
    name: String(item.name),
    entityId: item.entityID,
    usage: Number(item.usage ?? 0),
    quotaMax: Number(item.quotaMax ?? 0),
    passwordHash,
  };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}
