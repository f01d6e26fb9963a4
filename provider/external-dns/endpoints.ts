/**
 * external-dns endpoints (sigs.k8s.io/external-dns endpoint.Endpoint as its webhook protocol sends
 * them: dnsName, targets, recordType, recordTTL, setIdentifier, labels, providerSpecific) and the
 * API's records, both ways. One endpoint is one name and type with every target; one record is
 * one target. Values go through the project's rules (sdk/rules normalizeDesiredRecord), so what
 * the webhook writes is what DnsRecord would, and what it lists reads back as external-dns sent it
 * (the next run is a no-op):
 *
 * - the API's 8 types (DNS_TYPES); external-dns's others (PTR, NAPTR...) are dropped, said once;
 * - MX targets are "priority host" and SRV targets "priority weight port target" (external-dns's
 *   form, endpoint/endpoint.go), the priority being the API's own field;
 * - TXT targets are text: the TXT registry's `"heritage=external-dns,..."` is stored as its text
 *   and listed as that text (external-dns trims the quotes when it reads labels);
 * - a TTL outside the API's range (DNS_CAPABILITIES.ttl) is clamped, 0 (unset) is the zone's default.
 */
import {
  asciiOrSelf,
  DNS_CAPABILITIES,
  DNS_TYPES,
  type DnsType,
  isDnsType,
  type ListedRecord,
  type NormalRecord,
  normalizeDesiredRecord,
  recordValueKey,
  txtText,
} from "../../sdk/rules";
import { zoneOf } from "../acme/challenge";

/** endpoint.Endpoint as JSON (external-dns endpoint/endpoint.go field tags). */
export interface Endpoint {
  dnsName: string;
  targets?: string[];
  recordType?: string;
  setIdentifier?: string;
  recordTTL?: number;
  labels?: Record<string, string>;
  providerSpecific?: { name: string; value: string }[];
}

/** plan.Changes as JSON (external-dns plan/plan.go). */
export interface Changes {
  create?: Endpoint[] | null;
  updateOld?: Endpoint[] | null;
  updateNew?: Endpoint[] | null;
  delete?: Endpoint[] | null;
}

/** Why an endpoint is not served: the text of the log line that says so. */
export class Dropped extends Error {}

const { min: TTL_MIN, max: TTL_MAX } = DNS_CAPABILITIES.ttl;

/** The TTL the API takes for an endpoint's recordTTL: undefined (zone default) for 0/unset, else clamped. */
export function clampTtl(ttl: number | undefined): number | undefined {
  if (ttl === undefined || ttl === null || !Number.isFinite(ttl) || ttl <= 0) return undefined;
  return Math.min(TTL_MAX, Math.max(TTL_MIN, Math.round(ttl)));
}

const lowerName = (n: string) =>
  asciiOrSelf(
    String(n ?? "")
      .trim()
      .replace(/\.$/, "")
      .toLowerCase(),
  );

/** An endpoint's type as the API knows it, or Dropped. */
export function endpointType(ep: Endpoint): DnsType {
  const t = String(ep.recordType ?? "").toUpperCase();
  if (!isDnsType(t)) throw new Dropped(`${t || "(no type)"} records are not served by the DonDominio API (it serves ${DNS_TYPES.join(", ")})`);
  return t;
}

/** One target as the value and priority the API takes (MX "10 host", SRV "10 5 5060 host"). */
function apiValue(type: DnsType, target: string): { value: string; priority?: number } {
  const t = String(target).trim();
  if (type === "MX" || type === "SRV") {
    const m = /^(\d+)\s+(.+)$/.exec(t);
    if (!m) throw new Dropped(`the ${type} target ${JSON.stringify(t.slice(0, 100))} does not start with its priority`);
    return { value: m[2], priority: Number(m[1]) };
  }
  return { value: t };
}

/** An endpoint's records in `zone` (ASCII), normalised by the rules; Dropped naming the first fault. */
export function recordsOf(zone: string, ep: Endpoint): NormalRecord[] {
  const type = endpointType(ep);
  if (ep.setIdentifier) throw new Dropped(`setIdentifier ${JSON.stringify(ep.setIdentifier)}: the DonDominio API has no routing policies (weighted, geo)`);
  const targets = ep.targets ?? [];
  if (!targets.length) throw new Dropped("no targets");
  const ttl = clampTtl(ep.recordTTL);
  return targets.map((target) => {
    const { value, priority } = apiValue(type, target);
    const { record, failures } = normalizeDesiredRecord({ serviceName: zone, name: `${lowerName(ep.dnsName)}.`, type, value, ttl, priority });
    if (!record) throw new Dropped(failures.map((f) => f.reason).join("; "));
    return record;
  });
}

/** The target external-dns reads for a listed record (the inverse of apiValue; TXT as its text). */
export function targetOf(r: Pick<NormalRecord, "type" | "value" | "priority">): string {
  if (r.type === "TXT") return txtText(r.value);
  if (r.type === "MX" || r.type === "SRV") return `${r.priority ?? DNS_CAPABILITIES.priority.default} ${r.value}`;
  return r.value;
}

/**
 * The endpoints of listed records: one per name and type with its targets in the order listed. The
 * TTL of the first record (the API sets one per record; external-dns has one per endpoint); 0 when
 * it is the zone's default.
 */
export function endpointsOf(records: readonly ListedRecord[]): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const r of records) {
    const key = `${r.name}\t${r.type}`;
    const ep = byKey.get(key);
    if (ep) ep.targets?.push(targetOf(r));
    else byKey.set(key, { dnsName: r.name, recordType: r.type, targets: [targetOf(r)], recordTTL: r.ttl ?? 0 });
  }
  return [...byKey.values()];
}

/** A record's identity within its zone (name, type, value by text), as DnsZone's plan compares them. */
export const identity = (r: Pick<NormalRecord, "name" | "type" | "value">) => `${r.name}\t${r.type}\t${recordValueKey(r.type, r.value)}`;

/** The zone (as the account lists it) holding an endpoint's name, by the longest suffix, or undefined. */
export function zoneOfName(zones: readonly string[], dnsName: string): string | undefined {
  return zoneOf(zones, lowerName(dnsName));
}

/**
 * external-dns's domain filter (endpoint.DomainFilter JSON: `include`/`exclude`, what the binary
 * decodes; api/webhook.yaml's `filters` is not read by it) from the account's zones.
 */
export function domainFilter(zones: readonly string[], exclude: readonly string[] = []): { include: string[]; exclude?: string[] } {
  const include = [...new Set(zones.map(lowerName))].sort();
  return exclude.length ? { include, exclude: [...new Set(exclude.map(lowerName))].sort() } : { include };
}
