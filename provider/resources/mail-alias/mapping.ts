/** MailAlias <-> API shapes (pure). The API takes `target` as one comma list and answers an array. */
import type { Item } from "../../core/service-entities";
import { localPart } from "../../core/mail-address";
import { sameValue } from "../../core/plain-data";
import type { MailAliasInputs, MailAliasState } from "./schema";

export function createParams(r: MailAliasInputs): Record<string, unknown> {
  return { serviceName: r.serviceName, name: localPart(r.name), target: r.targets.join(",") };
}

export function updateParams(entityId: string, r: MailAliasInputs): Record<string, unknown> {
  return { entityID: entityId, target: r.targets.join(",") };
}

/** The live targets as answered (an array; a lone string from a terse answer is split). */
export function liveTargets(item: Item): string[] {
  const t = item.target ?? item.targets ?? [];
  return (Array.isArray(t) ? t : String(t).split(",")).map((x) => String(x).trim()).filter(Boolean);
}

export function stateFromItem(serviceName: string, item: Item, adopt: boolean | undefined): MailAliasState {
  const state: MailAliasState = { serviceName, name: String(item.name), targets: liveTargets(item), entityId: item.entityID };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}

export function targetsDiffer(item: Item, r: MailAliasInputs): boolean {
  return !sameValue(liveTargets(item), r.targets);
}
