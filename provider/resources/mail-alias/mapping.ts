/** MailAlias <-> API shapes (pure). The API takes `target` as one comma list and answers an array. */
import { localPart } from "../../service-entities/mail-address";
import { sameValue } from "../../core/plain-data";
import type { CreateParams, Item, UpdateParams } from "../../service-entities/service-entities";
import type { MailAliasInputs, MailAliasState } from "./schema";

export function createParams(r: MailAliasInputs): CreateParams<"mailalias"> {
  return { serviceName: r.serviceName, name: localPart(r.name), target: r.targets.join(",") };
}

export function updateParams(entityId: string, r: MailAliasInputs): UpdateParams<"mailalias"> {
  return { entityID: entityId, target: r.targets.join(",") };
}

/** The live targets as answered (an array; a comma list in one string from a terse answer is split). */
export function liveTargets(item: Item<"mailalias">): string[] {
  return item.target
    .flatMap((t) => t.split(","))
    .map((x) => x.trim())
    .filter(Boolean);
}

export function stateFromItem(serviceName: string, item: Item<"mailalias">, adopt: boolean | undefined): MailAliasState {
  const state: MailAliasState = { serviceName, name: item.name, targets: liveTargets(item), entityId: item.entityID };
  if (adopt !== undefined) state.adopt = adopt;
  return state;
}

export function targetsDiffer(item: Item<"mailalias">, r: MailAliasInputs): boolean {
  return !sameValue(liveTargets(item), r.targets);
}
