/**
 * Normalisation and validation of DNS records at preview (check), with no API call: the provider's
 * desired record and a dnslist item (facts.md: `{entityID, name, type, ttl, priority, value}`, all
 * strings, `-` = default, names are full host names) both become a NormalRecord, and equal records
 * compare equal field by field.
 *
 * Names: "@" is the apex; a name ending with the zone (or with a trailing dot) is fully qualified,
 * any other name is relative to the zone; lower case, IDN labels in punycode, "*" only as the first
 * label. Stored as the full host name in ASCII without the trailing dot (dnslist answers it with
 * the zone spelt as the service's name; read-back names are converted to ASCII as well).
 */
import { toUnicode } from "punycode/";
import { DNS_CAPABILITIES as CAP, DNS_RECORD_TYPES, type DnsRecordType, isDnsRecordType } from "./capabilities";
import { asciiHost, DnsInputError, LABEL, normalizeCaa, normalizeIPv4, normalizeIPv6, normalizeSrv, normalizeTarget, normalizeTxt } from "./values";

export { DnsInputError } from "./values";

export interface DnsRecordInput {
  serviceName: string;
  name: string;
  type: string;
  value: string;
  ttl?: number | string;
  priority?: number | string;
}

export interface NormalRecord {
  /** The zone: the hosting service's name as HostingService records it (lower case, Unicode). */
  serviceName: string;
  /** Full host name, lower case ASCII, no trailing dot. */
  name: string;
  type: DnsRecordType;
  value: string;
  /** Seconds; undefined = the zone's default (the API's "-"). */
  ttl?: number;
  /** MX and SRV only (default 10); undefined for the other types. */
  priority?: number;
}

export interface CheckFailure {
  property: string;
  reason: string;
}

export function normalizeZone(raw: string): string {
  const zone = typeof raw === "string" ? asciiHost(raw) : undefined;
  if (!zone || zone.length > 253 || zone.split(".").length < 2 || !zone.split(".").every((l) => LABEL.test(l))) {
    throw new DnsInputError("serviceName", `${JSON.stringify(raw)} is not a domain name such as example.com (the zone is the hosting service's name)`);
  }
  return zone;
}

/** The full host name of a record name written relative to `zone`, fully qualified, or "@". */
export function normalizeName(zone: string, raw: string): string {
  const v = typeof raw === "string" ? raw.trim() : "";
  if (v === "") throw new DnsInputError("name", 'must not be empty; use "@" for the zone apex');
  if (v === "@") return zone;
  const absolute = v.endsWith(".");
  const host = asciiHost(v);
  if (host === undefined || host === "") throw new DnsInputError("name", `${JSON.stringify(raw)} is not a valid host name`);
  const inZone = host === zone || host.endsWith(`.${zone}`);
  if (absolute && !inZone) throw new DnsInputError("name", `${JSON.stringify(raw)} is outside the zone ${zone}`);
  const fqdn = inZone ? host : `${host}.${zone}`;
  const labels = fqdn.split(".");
  for (const [i, l] of labels.entries()) {
    if (l === "*" && i === 0) continue;
    if (l === "*") throw new DnsInputError("name", `${JSON.stringify(raw)}: "*" is allowed only as the first label (a wildcard such as *.www)`);
    if (!LABEL.test(l)) {
      throw new DnsInputError("name", `${JSON.stringify(raw)}: label ${JSON.stringify(l)} must be 1 to 63 letters, digits, "-" or "_", not starting or ending with "-"`);
    }
  }
  if (fqdn.length > 253) throw new DnsInputError("name", `${JSON.stringify(raw)} is longer than 253 characters as a full host name`);
  return fqdn;
}

/** The service's name (the zone) in its recorded form: lower case Unicode (core/service-entities.ts). */
export const zoneUnicode = (asciiZone: string) => toUnicode(asciiZone);

/** "@" for the apex, otherwise the name without the zone ("www", "*.dev"); the zone in either form. */
export function relativeName(serviceName: string, fqdn: string): string {
  const zone = asciiHost(serviceName) ?? serviceName;
  return fqdn === zone ? "@" : fqdn.endsWith(`.${zone}`) ? fqdn.slice(0, -zone.length - 1) : fqdn;
}

export function normalizeType(raw: string): DnsRecordType {
  const t = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!isDnsRecordType(t)) throw new DnsInputError("type", `${JSON.stringify(raw)} is not a supported record type; use one of ${DNS_RECORD_TYPES.join(", ")}`);
  return t;
}

export function normalizeValue(zone: string, type: DnsRecordType, raw: string): string {
  if (typeof raw !== "string") throw new DnsInputError("value", `must be a string for a ${type} record`);
  switch (type) {
    case "A":
      return normalizeIPv4(raw);
    case "AAAA":
      return normalizeIPv6(raw);
    case "CNAME":
    case "NS":
      return normalizeTarget(type, raw, zone);
    case "MX":
      if (raw.trim() === "." && !CAP.mx.nullTarget) throw new DnsInputError("value", 'a null MX (".") is not supported by the API; remove the MX record instead');
      return normalizeTarget(type, raw, zone);
    case "SRV":
      return normalizeSrv(raw, zone);
    case "CAA":
      return normalizeCaa(raw);
    case "TXT":
      return normalizeTxt(raw);
  }
}

/** "-", "", undefined and null mean the default (facts.md: "-" = default). */
const isDefault = (v: unknown) => v === undefined || v === null || (typeof v === "string" && (v.trim() === "-" || v.trim() === ""));

function integer(property: string, raw: number | string, min: number, max: number, unit: string): number {
  const n = typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new DnsInputError(property, `${JSON.stringify(raw)} must be a whole number of ${unit} from ${min} to ${max}${property === "ttl" ? ', or "-" for the default' : ""}`);
  }
  return n;
}

export function normalizeTtl(raw: number | string | undefined): number | undefined {
  return isDefault(raw) ? undefined : integer("ttl", raw as number | string, CAP.ttl.min, CAP.ttl.max, "seconds");
}

export function normalizePriority(type: DnsRecordType, raw: number | string | undefined): number | undefined {
  if (!CAP.types[type].priority) {
    if (isDefault(raw)) return undefined;
    throw new DnsInputError("priority", `only MX and SRV records take a priority (this is a ${type} record); remove it`);
  }
  return isDefault(raw) ? CAP.priority.default : integer("priority", raw as number | string, CAP.priority.min, CAP.priority.max, "");
}

/** Validates and normalises a desired record; collects every failure (Pulumi check reports them all). */
export function normalizeRecord(input: DnsRecordInput): { record?: NormalRecord; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const attempt = <T>(f: () => T): T | undefined => {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof DnsInputError)) throw e;
      failures.push({ property: e.property, reason: e.message });
      return undefined;
    }
  };
  const zone = attempt(() => normalizeZone(input.serviceName));
  const type = attempt(() => normalizeType(input.type));
  const name = zone === undefined ? undefined : attempt(() => normalizeName(zone, input.name));
  const value = zone === undefined || type === undefined ? undefined : attempt(() => normalizeValue(zone, type, input.value));
  const ttl = attempt(() => normalizeTtl(input.ttl));
  const priority = type === undefined ? undefined : attempt(() => normalizePriority(type, input.priority));
  if (type && name && name === zone && !CAP.types[type].apex) {
    failures.push({ property: "name", reason: `name: a ${type} record cannot be at the zone apex (${zone})` });
  }
  if (failures.length || !zone || !type || !name || value === undefined) return { failures };
  const record: NormalRecord = { serviceName: zoneUnicode(zone), name, type, value };
  if (ttl !== undefined) record.ttl = ttl;
  if (priority !== undefined) record.priority = priority;
  return { record, failures };
}

/** Throws the first failure; for callers that want an exception. */
export function normalizeRecordOrThrow(input: DnsRecordInput): NormalRecord {
  const { record, failures } = normalizeRecord(input);
  if (!record) throw new Error(failures.map((f) => f.reason).join("; "));
  return record;
}

/** A dnslist item as the catalogue reads it (service/dnslist: all text); ttl and priority may be absent. */
export interface ApiDnsItem {
  entityID: string;
  name: string;
  type: string;
  ttl?: string;
  priority?: string;
  value: string;
}

/**
 * A dnslist item as a NormalRecord. TXT values are stored text and are NOT unquoted; other values
 * get the same normalisation as desired ones, so "2001:DB8::0:1" read back equals "2001:db8::1".
 * Never throws: a value the rules refuse (written by another tool) is kept as read.
 */
export function recordFromApi(serviceName: string, item: ApiDnsItem): NormalRecord & { entityID: string } {
  const zone = asciiHost(serviceName) ?? serviceName;
  const type = item.type.toUpperCase() as DnsRecordType;
  const keep = <T>(f: () => T, fallback: T): T => {
    try {
      return f();
    } catch {
      return fallback;
    }
  };
  const name = keep(() => normalizeName(zone, `${item.name}.`), item.name.toLowerCase());
  const value = type === "TXT" ? item.value : keep(() => normalizeValue(zone, type, item.value), item.value);
  const record: NormalRecord & { entityID: string } = { entityID: item.entityID, serviceName: zoneUnicode(zone), name, type, value };
  const ttl = keep(() => normalizeTtl(item.ttl), undefined);
  if (ttl !== undefined) record.ttl = ttl;
  const priority = isDnsRecordType(type) ? keep(() => normalizePriority(type, item.priority), undefined) : undefined;
  if (priority !== undefined) record.priority = priority;
  return record;
}

/** Fields in which two normalised records differ (ttl/priority undefined = default). */
export function recordDiff(a: NormalRecord, b: NormalRecord): (keyof NormalRecord)[] {
  return (["serviceName", "name", "type", "value", "ttl", "priority"] as const).filter((k) => a[k] !== b[k]);
}
