/** DnsRecord <-> API shapes (pure). */
import {
  type ApiDnsItem,
  DNS_CAPABILITIES,
  type ListedRecord,
  type NormalRecord,
  recordDiff,
  recordFromApi,
  relativeName,
  sameRecordValue,
} from "../../../sdk/rules";
import { type CreateParams, hostNameForApi, type Item, type UpdateParams } from "../../service-entities/service-entities";
import type { DnsRecordInputs, DnsRecordState } from "./schema";

/** priority for MX and SRV only (default 10, spec); left out for the other types. */
const priorityOf = (r: DnsRecordInputs) => (DNS_CAPABILITIES.types[r.type].priority ? { priority: r.priority ?? DNS_CAPABILITIES.priority.default } : {});

/** dnscreate parameters; "-" asks for the default ttl (facts.md); the name as hostNameForApi spells it. */
export function createParams(r: DnsRecordInputs): CreateParams<"dns"> {
  return { serviceName: r.serviceName, name: hostNameForApi(r.serviceName, r.name), type: r.type, value: r.value, ttl: r.ttl ?? "-", ...priorityOf(r) };
}

/** dnsupdate parameters: value, ttl and priority only (facts.md); "-" resets ttl to the default. */
export function updateParams(entityId: string, r: DnsRecordInputs): UpdateParams<"dns"> {
  return { serviceName: r.serviceName, entityID: entityId, value: r.value, ttl: r.ttl ?? "-", ...priorityOf(r) };
}

/** A dnslist/dnscreate/dnsupdate item as state; adopt is carried over from the inputs. */
export function stateFromItem(zone: string, item: ApiDnsItem, inputs: Partial<DnsRecordInputs>): DnsRecordState {
  const live = recordFromApi(zone, item);
  return stateFromLive(live, inputs);
}

/**
 * The live record as state. A TXT value the inputs (or the recorded state) spell differently but
 * whose text is the same (sameRecordValue: one unsplit string vs 255-byte quoted strings) is kept
 * in their spelling: it is the same record, and the next diff must not see a change.
 */
export function stateFromLive(live: ListedRecord, inputs: Partial<DnsRecordInputs>): DnsRecordState {
  const { entityID, ...record } = live;
  if (typeof inputs.value === "string" && inputs.type === record.type && sameRecordValue(record.type, record.value, inputs.value)) record.value = inputs.value;
  const state: DnsRecordState = { ...record, entityId: entityID, relativeName: relativeName(live.serviceName, live.name) };
  if (inputs.adopt !== undefined) state.adopt = inputs.adopt;
  return state;
}

const normalised = new WeakMap<Item<"dns">[], ListedRecord[]>();

/** A zone's listed items normalised, once per listing (the list cache shares one listing per run). */
function zoneRecords(serviceName: string, items: Item<"dns">[]): ListedRecord[] {
  let out = normalised.get(items);
  if (!out) {
    out = items.map((item) => recordFromApi(serviceName, item));
    normalised.set(items, out);
  }
  return out;
}

/** The listed record with the same name, type and value (a TXT value by its text: sameRecordValue). */
export function findIdentical(items: Item<"dns">[], r: DnsRecordInputs): Item<"dns"> | undefined {
  const i = zoneRecords(r.serviceName, items).findIndex((x) => x.name === r.name && x.type === r.type && sameRecordValue(x.type, x.value, r.value));
  return i < 0 ? undefined : items[i];
}

/** True when ttl or priority of a live record differ from the desired ones. */
export function needsUpdate(live: NormalRecord, r: DnsRecordInputs): boolean {
  return recordDiff(live, { ...r }).some((k) => k === "ttl" || k === "priority" || k === "value");
}
