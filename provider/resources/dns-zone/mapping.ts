/**
 * DnsZone's change set, pure: which live records the zone resource owns (ignore rules, purge,
 * the apex NS records), the plan that takes the live zone to the declared one (creates, dnsupdate
 * modifications, deletes), the safety rules a plan must pass (threshold, apex NS, a CNAME beside a
 * kept record), the choice between per-record calls and service/dnssetzone, and the zone payload.
 * Records are compared as sdk/rules normalises them (a dnslist item read back equals what was
 * declared). Tested in tests/provider/dns-zone.unit.test.ts.
 */
import { DNS_CAPABILITIES, type DnsType, type ListedRecord, type NormalRecord, recordValueKey, relativeName } from "../../../sdk/rules";
import { hostNameForApi } from "../../service-entities/service-entities";

/** A declared record as the state keeps it: a NormalRecord without its zone (the resource's serviceName). */
export type ZoneRecord = Omit<NormalRecord, "serviceName">;

/** Records that other systems own: every given part must match (globs: `*` any text, `?` one character). */
export interface IgnoreRule {
  /** Matched against the full name ("_acme-challenge.example.com"), the relative one ("_acme-challenge") and "@" for the apex. */
  name?: string;
  type?: DnsType[];
  value?: string;
}

/**
 * A record's identity: name, type and value (what the API calls a duplicate, emulator 4004), a TXT
 * value by its text (sdk/rules recordValueKey), so a live TXT stored unsplit is the declared one.
 */
export const recordKey = (r: ZoneRecord) => `${r.name}\t${r.type}\t${recordValueKey(r.type, r.value)}`;
/** ttl and priority too: equal records need no call. */
const fullKey = (r: ZoneRecord) => `${recordKey(r)}\t${r.ttl ?? "-"}\t${r.priority ?? "-"}`;

/** "@", "www", "*.dev" for a full name of `zone`. */
export const relative = (zone: string, name: string) => relativeName(zone, name);

const globs = new Map<string, RegExp>();
function glob(pattern: string, flags = ""): RegExp {
  const k = `${flags}\u0000${pattern}`;
  let re = globs.get(k);
  if (!re) {
    const body = [...pattern].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
    re = new RegExp(`^${body}$`, flags);
    globs.set(k, re);
  }
  return re;
}

/** The index of the first ignore rule that matches the record, or -1. `zone`: the zone's ASCII name. */
export function ignoredBy(zone: string, rules: readonly IgnoreRule[], r: ZoneRecord): number {
  return rules.findIndex((rule) => {
    if (rule.type?.length && !rule.type.includes(r.type)) return false;
    if (rule.value !== undefined && !glob(rule.value, "i").test(r.value)) return false;
    if (rule.name !== undefined) {
      const re = glob(rule.name);
      if (!re.test(r.name) && !re.test(relative(zone, r.name))) return false;
    }
    return true;
  });
}

export const isApexNs = (zone: string, r: ZoneRecord) => r.type === "NS" && r.name === zone;

export interface PlanInput {
  /** The zone's ASCII name (record names end with it). */
  zone: string;
  desired: readonly ZoneRecord[];
  live: readonly ListedRecord[];
  ignore: readonly IgnoreRule[];
  purge: boolean;
  /** What this resource declared before: under purge false, the records it may still change or delete. */
  owned?: readonly ZoneRecord[];
  /** Live records that stay unless declared (e.g. created by another writer after the plan's read). */
  protect?: (r: ListedRecord) => boolean;
}

export interface ZonePlan {
  creates: ZoneRecord[];
  /** dnsupdate: the same name and type, another value, ttl or priority (facts.md: nothing else changes in place). */
  modifies: { from: ListedRecord; to: ZoneRecord }[];
  deletes: ListedRecord[];
  /** Live records that are not declared and stay: ignored, unmanaged (purge false), the apex NS set when undeclared, protected. */
  kept: ListedRecord[];
  /** Live records already equal to a declared one. */
  same: ListedRecord[];
  /** Records in the zone when it was read. */
  liveCount: number;
}

export const writesOf = (p: ZonePlan) => p.creates.length + p.modifies.length + p.deletes.length;

/**
 * The smallest change set from the live zone to the declared records. A live record identical to a
 * declared one (name, type, value) is kept, updated when only ttl or priority differ. Declared
 * records left over are paired with deletable live ones of the same name and type (one dnsupdate
 * instead of a delete and a create); the rest are created, and deletable live records left over
 * are deleted. Deletable: purge true, or (purge false) a record this resource declared before.
 * The apex NS records are managed only when the program declares at least one of them.
 */
export function planZone(input: PlanInput): ZonePlan {
  const { zone, desired, live, ignore, purge } = input;
  const owned = new Set((input.owned ?? []).map(recordKey));
  const apexNsManaged = desired.some((r) => isApexNs(zone, r));
  const plan: ZonePlan = { creates: [], modifies: [], deletes: [], kept: [], same: [], liveCount: live.length };
  const wanted = new Map(desired.map((r) => [recordKey(r), r]));
  const matched = new Set<string>();
  const spare: ListedRecord[] = [];
  for (const l of live) {
    const key = recordKey(l);
    if ((input.protect?.(l) && !wanted.has(key)) || ignoredBy(zone, ignore, l) >= 0 || (isApexNs(zone, l) && !apexNsManaged)) {
      plan.kept.push(l);
      continue;
    }
    const d = wanted.get(key);
    if (d && !matched.has(key)) {
      matched.add(key);
      if (fullKey(l) === fullKey(d)) plan.same.push(l);
      else plan.modifies.push({ from: l, to: d });
    } else if (purge || owned.has(key)) spare.push(l);
    else plan.kept.push(l);
  }
  const bySet = new Map<string, ListedRecord[]>();
  for (const l of spare) {
    const k = `${l.name}\t${l.type}`;
    bySet.set(k, [...(bySet.get(k) ?? []), l]);
  }
  for (const d of desired) {
    if (matched.has(recordKey(d))) continue;
    const from = bySet.get(`${d.name}\t${d.type}`)?.shift();
    if (from) plan.modifies.push({ from, to: d });
    else plan.creates.push(d);
  }
  for (const rest of bySet.values()) plan.deletes.push(...rest);
  return plan;
}

/** The plan's problems at preview and before any write: [property, reason], none when it may run. */
export function planProblems(
  zone: string,
  plan: ZonePlan,
  opts: { maxChangeRatio: number; allowApexNsChanges: boolean; checkRatio?: boolean },
): [string, string][] {
  const out: [string, string][] = [];
  const changed = plan.deletes.length + plan.modifies.length;
  // octoDNS's safety threshold: a zone of 10 records or more, more than the ratio deleted or updated.
  if ((opts.checkRatio ?? true) && plan.liveCount >= 10 && changed / plan.liveCount > opts.maxChangeRatio) {
    const pct = (n: number) => `${Math.round(n * 100)}%`;
    out.push([
      "records",
      `would delete ${plan.deletes.length} and update ${plan.modifies.length} of ${plan.liveCount} records (${pct(changed / plan.liveCount)} > ${pct(opts.maxChangeRatio)}); raise maxChangeRatio for this run to allow it`,
    ]);
  }
  if (!opts.allowApexNsChanges) {
    const ns = [
      ...plan.creates.filter((r) => isApexNs(zone, r)).map((r) => `create ${r.value}`),
      ...plan.modifies.filter((m) => isApexNs(zone, m.from)).map((m) => `update ${m.from.value} -> ${m.to.value}`),
      ...plan.deletes.filter((r) => isApexNs(zone, r)).map((r) => `delete ${r.value}`),
    ];
    if (ns.length)
      out.push([
        "records",
        `would change the NS records at the apex of ${zone}, the zone's delegation (${ns.join(", ")}); set allowApexNsChanges: true to allow it`,
      ]);
  }
  // A CNAME holds its name alone (RFC 1034; the API refuses with 4004): against the records that stay.
  const stays = new Map<string, Set<string>>();
  for (const r of [...plan.kept, ...plan.same, ...plan.modifies.map((m) => m.to), ...plan.creates])
    stays.set(r.name, (stays.get(r.name) ?? new Set()).add(r.type));
  for (const r of plan.creates) {
    const types = stays.get(r.name) ?? new Set();
    if (types.has("CNAME") && types.size > 1) {
      const kept = plan.kept.filter((k) => k.name === r.name).map((k) => `${k.type} ${k.value}`);
      out.push([
        "records",
        `${relative(zone, r.name)} would hold a CNAME beside other records (${kept.join(", ") || [...types].join(", ")}, kept: ignored or not managed), which the API refuses (RFC 1034)`,
      ]);
      break;
    }
  }
  return out;
}

/** Fewest per-record writes for which service/dnssetzone is used (bulk "auto"): below it, ids stay and calls are few. */
export const SETZONE_MIN_WRITES = 20;
/** dnslist's page (spec "Limits"): a read-back of n records costs ceil(n / PAGE) calls. */
export const LIST_PAGE = 1000;

/**
 * service/dnssetzone instead of per-record calls when bulk is "auto", the plan makes at least
 * SETZONE_MIN_WRITES writes, and one dnssetzone plus the read-back that verifies it cost fewer
 * calls than the writes.
 */
export function useSetZone(plan: ZonePlan, bulk: "auto" | "never"): boolean {
  const writes = writesOf(plan);
  const finalCount = plan.liveCount - plan.deletes.length + plan.creates.length;
  return bulk === "auto" && writes >= SETZONE_MIN_WRITES && writes > 1 + Math.max(1, Math.ceil(finalCount / LIST_PAGE));
}

/** One dnsZoneData entry (spec: {name, type, ttl, priority, value}); "-" = the default. */
export interface SetZoneEntry {
  name: string;
  type: DnsType;
  ttl: number | "-";
  priority: number | "-";
  value: string;
}

const entry = (serviceName: string, r: ZoneRecord): SetZoneEntry => ({
  name: hostNameForApi(serviceName, r.name),
  type: r.type,
  ttl: r.ttl ?? "-",
  priority: DNS_CAPABILITIES.types[r.type].priority ? (r.priority ?? "-") : "-",
  value: r.value,
});

/** The zone after the plan, as records: what stays of the live zone (kept and unchanged) and every declared record. */
export function finalZone(plan: ZonePlan, desired: readonly ZoneRecord[]): ZoneRecord[] {
  return [...plan.kept.map(zoneRecordOf), ...desired];
}

/** dnsZoneData of the final zone (hostNameForApi spells names as dnscreate does). */
export function setZonePayload(serviceName: string, records: readonly ZoneRecord[]): SetZoneEntry[] {
  return records.map((r) => entry(serviceName, r));
}

/** The records of `sent` missing from `live` after a dnssetzone (ttl and priority included), and the live records not sent (written since). */
export function verifyZone(sent: readonly ZoneRecord[], live: readonly ListedRecord[]): { missing: ZoneRecord[]; newer: ListedRecord[] } {
  const have = new Set(live.map(fullKey));
  const expected = new Set(sent.map(fullKey));
  return { missing: sent.filter((r) => !have.has(fullKey(r))), newer: live.filter((r) => !expected.has(fullKey(r))) };
}

/**
 * The managed part of the live zone, as state (refresh): each recorded record as it is live (ttl
 * and priority included; absent when gone), in the recorded order, then under purge every live
 * record that is neither recorded nor ignored (drift: the next up deletes it). Ignored records and
 * the undeclared apex NS set never show.
 */
export function managedView(
  zone: string,
  recorded: readonly ZoneRecord[],
  live: readonly ListedRecord[],
  ignore: readonly IgnoreRule[],
  purge: boolean,
): ZoneRecord[] {
  const apexNsManaged = recorded.some((r) => isApexNs(zone, r));
  const managed = live.filter((l) => ignoredBy(zone, ignore, l) < 0 && !(isApexNs(zone, l) && !apexNsManaged));
  const byKey = new Map<string, ListedRecord>();
  for (const l of managed) if (!byKey.has(recordKey(l))) byKey.set(recordKey(l), l);
  const used = new Map<ListedRecord, ZoneRecord>();
  for (const r of recorded) {
    const l = byKey.get(recordKey(r));
    // The recorded spelling of a TXT value whose text is the live one's (recordKey): the same record.
    if (l && !used.has(l)) used.set(l, { ...zoneRecordOf(l), value: r.value });
  }
  const extra = purge ? managed.filter((l) => !used.has(l)).map(zoneRecordOf) : [];
  return [...used.values(), ...extra];
}

/** The change set as plan lines take it (provider/dns/dns-plan.ts DnsChange): deletes first, as applied. */
export function planChanges(serviceName: string, plan: ZonePlan) {
  const normal = (r: ZoneRecord): NormalRecord => ({ serviceName, name: r.name, type: r.type, value: r.value, ...ttlPrio(r) });
  return [
    ...plan.deletes.map((r) => ({ op: "delete" as const, record: normal(r) })),
    ...plan.modifies.map((m) => ({ op: "modify" as const, from: normal(m.from), to: normal(m.to) })),
    ...plan.creates.map((r) => ({ op: "create" as const, record: normal(r) })),
  ];
}

const ttlPrio = (r: ZoneRecord) => ({ ...(r.ttl !== undefined ? { ttl: r.ttl } : {}), ...(r.priority !== undefined ? { priority: r.priority } : {}) });

/** A record of a list as a ZoneRecord (its id and zone left out). */
export const zoneRecordOf = ({ entityID: _id, serviceName: _zone, ...r }: ListedRecord): ZoneRecord => r;
