/** Redirect <-> API shapes (pure). */
import type { CreateParams, Item, UpdateParams } from "../../service-entities/service-entities";
import type { RedirectInputs, RedirectState } from "./schema";

/** The origin is sent relative to the service ("@" for the apex); the API answers the full name. */
export function createParams(r: RedirectInputs): CreateParams<"redirect"> {
  const relative = r.origin === r.serviceName ? "@" : r.origin.slice(0, -r.serviceName.length - 1);
  return { serviceName: r.serviceName, origin: relative, destination: r.destination, type: r.type };
}

export function updateParams(entityId: string, r: RedirectInputs): UpdateParams<"redirect"> {
  return { entityID: entityId, destination: r.destination, type: r.type };
}

/** The live type as the inputs spell it ("FRAME" -> "frame"); kept as read when it is no known type. */
const liveType = (item: Item<"redirect">) => item.type.toLowerCase() as RedirectState["type"];

export function stateFromItem(serviceName: string, item: Item<"redirect">, adopt: boolean | undefined): RedirectState {
  const state: RedirectState = { serviceName, origin: item.origin, destination: item.destination, type: liveType(item), entityId: item.entityID };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}

export function needsUpdate(item: Item<"redirect">, r: RedirectInputs): boolean {
  return item.destination !== r.destination || liveType(item) !== r.type;
}
