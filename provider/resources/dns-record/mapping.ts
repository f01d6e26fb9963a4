/**
 * DnsRecord <-> API shapes, and the zone listing shared by every record of a run. Pure except
 * listZone, which goes through the per-process list cache (provider/core/list-cache.ts): refresh of
 * hundreds of records in one zone makes one dnslist traversal, not one per record.
 */
import type { Api } from "../../core/client";
import { hostNameForApi, type Item, listEntities } from "../../core/service-entities";
import { type ApiDnsItem, DNS_CAPABILITIES, type NormalRecord, recordDiff, recordFromApi, relativeName } from "../../../sdk/rules";
import type { DnsRecordInputs, DnsRecordState } from "./schema";

/** dnscreate parameters; "-" asks for the default ttl (facts.md); the name as hostNameForApi spells it. */
export function createParams(r: DnsRecordInputs): Record<string, unknown> {
  const p: Record<string, unknown> = { serviceName: r.serviceName, name: hostNameForApi(r.serviceName, r.name), type: r.type, value: r.value, ttl: r.ttl ?? "-" };
  if (DNS_CAPABILITIES.types[r.type].priority) p.priority = r.priority ?? DNS_CAPABILITIES.priority.default;
  return p;
}

/** dnsupdate parameters: value, ttl and priority only (facts.md); "-" resets ttl to the default. */
export function updateParams(entityId: string, r: DnsRecordInputs): Record<string, unknown> {
  const p: Record<string, unknown> = { serviceName: r.serviceName, entityID: entityId, value: r.value, ttl: r.ttl ?? "-" };
  if (DNS_CAPABILITIES.types[r.type].priority) p.priority = r.priority ?? DNS_CAPABILITIES.priority.default;
  return p;
}

export type LiveRecord = NormalRecord & { entityID: string };

/** A dnslist/dnscreate/dnsupdate item as state; adopt is carried over from the inputs. */
export function stateFromItem(zone: string, item: ApiDnsItem, inputs: Partial<DnsRecordInputs>): DnsRecordState {
  const live = recordFromApi(zone, item);
  return stateFromLive(live, inputs);
}

export function stateFromLive(live: LiveRecord, inputs: Partial<DnsRecordInputs>): DnsRecordState {
  const { entityID, ...record } = live;
  const state: DnsRecordState = { ...record, entityId: entityID, relativeName: relativeName(live.serviceName, live.name) };
  if (inputs.adopt !== undefined) state.adopt = inputs.adopt;
  return state;
}

/** The record of the zone with the same name, type and value (what the API calls a duplicate). */
export function findIdentical(zone: readonly LiveRecord[], r: DnsRecordInputs): LiveRecord | undefined {
  return zone.find((x) => x.name === r.name && x.type === r.type && x.value === r.value);
}

/** True when ttl or priority of a live record differ from the desired ones. */
export function needsUpdate(live: NormalRecord, r: DnsRecordInputs): boolean {
  return recordDiff(live, { ...r }).some((k) => k === "ttl" || k === "priority" || k === "value");
}

const normalised = new WeakMap<Item[], LiveRecord[]>();

/** Every record of the zone, normalised; one dnslist traversal per service per process until a write. */
export async function listZone(api: Api, serviceName: string): Promise<LiveRecord[]> {
  const items = await listEntities(api, "dns", serviceName);
  let out = normalised.get(items);
  if (!out) {
    out = items.map((item) => recordFromApi(serviceName, item as unknown as ApiDnsItem));
    normalised.set(items, out);
  }
  return out;
}
