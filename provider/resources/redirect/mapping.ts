/** Redirect <-> API shapes (pure). */
import type { Item } from "../../core/service-entities";
import type { RedirectInputs, RedirectState } from "./schema";

/** The origin is sent relative to the service ("@" for the apex); the API answers the full name. */
export function createParams(r: RedirectInputs): Record<string, unknown> {
  const relative = r.origin === r.serviceName ? "@" : r.origin.slice(0, -r.serviceName.length - 1);
  return { serviceName: r.serviceName, origin: relative, destination: r.destination, type: r.type };
}

export function updateParams(entityId: string, r: RedirectInputs): Record<string, unknown> {
  return { entityID: entityId, destination: r.destination, type: r.type };
}

export function stateFromItem(serviceName: string, item: Item, adopt: boolean | undefined): RedirectState {
  const state: RedirectState = {
    serviceName,
    origin: String(item.origin),
    destination: String(item.destination),
    type: String(item.type).toLowerCase() as RedirectState["type"],
    entityId: item.entityID,
  };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}

export function needsUpdate(item: Item, r: RedirectInputs): boolean {
  return String(item.destination) !== r.destination || String(item.type).toLowerCase() !== r.type;
}
