/**
 * DNS records as a whole: the zone, record names, type, ttl and priority, and one record
 * normalised (the provider's desired record and a dnslist item both become a NormalRecord, and
 * equal records compare equal field by field; facts.md: dnslist items are `{entityID, name, type,
 * ttl, priority, value}`, all strings, `-` = default, names are full host names).
 *
 * Names: "@" is the apex; a name ending with the zone (or with a trailing dot) is fully qualified,
 * any other name is relative to the zone; lower case, IDN labels in punycode, "*" only as the first
 * label. Stored as the full host name in ASCII without the trailing dot (dnslist answers it with
 * the zone spelt as the service's name; read-back names are converted to ASCII as well).
 */
import { z } from "zod";
import { DNS_CAPABILITIES as CAP, DNS_TYPES, type DnsType, isDnsType, TXT_MAX, TXT_STRING_BYTES } from "./dns-capabilities";
import { recordMeaning } from "./dns-meaning";
import { asciiHost, normalizeValue, txtStrings, txtText } from "./dns-values";
import { DNS_LABEL, isDnsHost, isDnsName, isIpLiteral, MAX_NAME_LENGTH, numericTld } from "./host";
import { asciiOrSelf, idnaProblem, toUnicode } from "./idn";
import { RuleError } from "./rule-error";

// ---------- ttl and priority ----------

/** "-", "", undefined and null mean the zone's default (facts.md: "-" = default). */
export const isDnsDefault = (v: unknown) => v === undefined || v === null || (typeof v === "string" && (v.trim() === "-" || v.trim() === ""));

/**
 * ttl or priority as the API reads it: undefined for the default, the whole number within `range`,
 * or NaN when it is neither.
 */
export function dashOrNumber(v: unknown, range: { min: number; max: number }): number | undefined {
  if (isDnsDefault(v)) return undefined;
  const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(String(v).trim()) : Number.NaN;
  return Number.isInteger(n) && n >= range.min && n <= range.max ? n : Number.NaN;
}

function integer(property: string, raw: number | string, range: { min: number; max: number }, unit: string): number {
  const n = dashOrNumber(raw, range);
  if (n === undefined || Number.isNaN(n)) {
    throw new RuleError(
      property,
      `${JSON.stringify(raw)} must be a whole number of ${unit} from ${range.min} to ${range.max}${property === "ttl" ? ', or "-" for the default' : ""}`,
    );
  }
  return n;
}

export function normalizeTtl(raw: number | string | undefined): number | undefined {
  return isDnsDefault(raw) ? undefined : integer("ttl", raw as number | string, CAP.ttl, "seconds");
}

export function normalizePriority(type: DnsType, raw: number | string | undefined): number | undefined {
  if (!CAP.types[type].priority) {
    if (isDnsDefault(raw)) return undefined;
    throw new RuleError("priority", `only MX and SRV records take a priority (this is a ${type} record); remove it`);
  }
  return isDnsDefault(raw) ? CAP.priority.default : integer("priority", raw as number | string, CAP.priority, "");
}

// ---------- names ----------

/**
 * A record name field of the catalogue: "@" (the apex), a name relative to the zone or a full host
 * name (facts.md: clients send `_acme-challenge.example.com`); `*` as the first label; IDN labels
 * become punycode. The emulator turns it into the full name.
 */
export const dnsName = (wildcard = true) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "@" ? "@" : asciiOrSelf(v)) : v),
    z.string({ error: "must be a host name" }).refine((s) => s === "@" || isDnsName(s, wildcard), {
      error: `must be a host name, "@" for the apex${wildcard ? " or *.name" : ""}`,
    }),
  );

export function normalizeZone(raw: string): string {
  const zone = typeof raw === "string" ? asciiHost(raw) : undefined;
  if (typeof raw === "string" && isIpLiteral(raw))
    throw new RuleError("serviceName", `${JSON.stringify(raw)} is an IP address; the zone is the hosting service's name, a domain name such as example.com`);
  if (!zone || !isDnsHost(zone, 2) || numericTld(zone) || idnaProblem(zone)) {
    throw new RuleError("serviceName", `${JSON.stringify(raw)} is not a domain name such as example.com (the zone is the hosting service's name)`);
  }
  return zone;
}

/** The full host name of a record name written relative to `zone`, fully qualified, or "@". */
export function normalizeName(zone: string, raw: string): string {
  const v = typeof raw === "string" ? raw.trim() : "";
  if (v === "") throw new RuleError("name", 'must not be empty; use "@" for the zone apex');
  if (v === "@") return zone;
  const absolute = v.endsWith(".");
  const host = asciiHost(v);
  if (host === undefined || host === "") throw new RuleError("name", `${JSON.stringify(raw)} is not a valid host name`);
  const inZone = host === zone || host.endsWith(`.${zone}`);
  if (absolute && !inZone) throw new RuleError("name", `${JSON.stringify(raw)} is outside the zone ${zone}`);
  const fqdn = inZone ? host : `${host}.${zone}`;
  const labels = fqdn.split(".");
  for (const [i, l] of labels.entries()) {
    if (l === "*" && i === 0) continue;
    if (l === "*") throw new RuleError("name", `${JSON.stringify(raw)}: "*" is allowed only as the first label (a wildcard such as *.www)`);
    if (!DNS_LABEL.test(l)) {
      throw new RuleError(
        "name",
        `${JSON.stringify(raw)}: label ${JSON.stringify(l)} must be 1 to 63 letters, digits, "-" or "_", not starting or ending with "-"`,
      );
    }
  }
  if (fqdn.length > MAX_NAME_LENGTH) throw new RuleError("name", `${JSON.stringify(raw)} is longer than ${MAX_NAME_LENGTH} characters as a full host name`);
  return fqdn;
}

/** The service's name (the zone) in its recorded form: lower case Unicode (HostingService's name). */
export const zoneUnicode = (asciiZone: string) => toUnicode(asciiZone);

/** "@" for the apex, otherwise the name without the zone ("www", "*.dev"); the zone in either form. */
export function relativeName(serviceName: string, fqdn: string): string {
  const zone = asciiHost(serviceName) ?? serviceName;
  return fqdn === zone ? "@" : fqdn.endsWith(`.${zone}`) ? fqdn.slice(0, -zone.length - 1) : fqdn;
}

export function normalizeType(raw: string): DnsType {
  const t = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (!isDnsType(t)) throw new RuleError("type", `${JSON.stringify(raw)} is not a supported record type; use one of ${DNS_TYPES.join(", ")}`);
  return t;
}

// ---------- one record ----------

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
  type: DnsType;
  value: string;
  /** Seconds; undefined = the zone's default (the API's "-"). */
  ttl?: number;
  /** MX and SRV only (default 10); undefined for the other types. */
  priority?: number;
}

/** A listed record (dnslist, dnscreate, dnsupdate item) normalised by recordFromApi, with its id. */
export interface ListedRecord extends NormalRecord {
  entityID: string;
}

export interface CheckFailure {
  property: string;
  /** What is wrong, without the property (RuleError's rule). */
  rule: string;
  /** `<property>: <rule>`. */
  reason: string;
}

/** Validates and normalises a desired record; collects every failure (Pulumi check reports them all). */
export function normalizeRecord(input: DnsRecordInput): { record?: NormalRecord; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  const attempt = <T>(f: () => T): T | undefined => {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      failures.push({ property: e.field, rule: e.rule, reason: e.message });
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
    failures.push({
      property: "name",
      rule: `a ${type} record cannot be at the zone apex (${zone})`,
      reason: `name: a ${type} record cannot be at the zone apex (${zone})`,
    });
  }
  if (failures.length || !zone || !type || !name || value === undefined) return { failures };
  const record: NormalRecord = { serviceName: zoneUnicode(zone), name, type, value };
  if (ttl !== undefined) record.ttl = ttl;
  if (priority !== undefined) record.priority = priority;
  return { record, failures };
}

/** Types whose value is a host name (SRV: the third field). */
const TARGET_TYPES = new Set<DnsType>(["CNAME", "MX", "NS", "SRV"]);

/**
 * A record a program declares (DnsRecord, each record of a DnsZone): normalizeRecord plus the rules
 * a desired record must also meet: no empty label in the name, IDNA-valid name and target, a host
 * name (never an IP address) where the type points to one, and TXT text over 255 bytes split into
 * DNS strings (txtStrings) within TXT_MAX. Every failure is collected, its reason starting with
 * `<property>: ` as normalizeRecord's do.
 */
export function normalizeDesiredRecord(input: DnsRecordInput): { record?: NormalRecord; failures: CheckFailure[] } {
  const fail = (property: string, rule: string): CheckFailure => ({ property, rule, reason: `${property}: ${rule}` });
  // "www.." would lose one dot as the full-name mark and then read as outside the zone: say what it is.
  const given = typeof input.name === "string" ? input.name.trim() : "";
  if (given !== "@" && /\.\.|^\./.test(given)) {
    return {
      failures: [fail("name", `${JSON.stringify(input.name)} has an empty label (two dots in a row, or a leading dot); a full name ends with a single dot`)],
    };
  }
  const { record, failures } = normalizeRecord(input);
  if (!record) return { failures };
  const out: CheckFailure[] = [];
  const nameProblem = idnaProblem(
    record.name
      .split(".")
      .filter((l) => l !== "*")
      .join("."),
  );
  if (nameProblem) out.push(fail("name", `${JSON.stringify(input.name)}: ${nameProblem}`));
  if (TARGET_TYPES.has(record.type)) {
    const target = record.type === "SRV" ? record.value.split(" ")[2] : record.value;
    const rawTarget = record.type === "SRV" ? String(input.value).trim().split(/\s+/)[2] : String(input.value);
    if (isIpLiteral(rawTarget ?? target)) {
      out.push(
        fail(
          "value",
          `${record.type === "CNAME" ? "a" : "an"} ${record.type} record points to a host name, never to an IP address (RFC 2181 10.3${record.type === "MX" ? ", RFC 5321 5.1" : ""}): give the server's name, with an A or AAAA record for its address`,
        ),
      );
    } else if (target !== ".") {
      const p = idnaProblem(target);
      if (p) out.push(fail("value", `${JSON.stringify(input.value)}: ${p}`));
    }
  }
  if (record.type === "TXT") {
    const bytes = Buffer.byteLength(record.value, "utf8");
    record.value = txtStrings(record.value);
    if (record.value.length > TXT_MAX) {
      out.push(
        fail(
          "value",
          `TXT text of ${bytes} bytes, sent as quoted strings of at most ${TXT_STRING_BYTES} bytes, makes ${record.value.length} characters; the API stores at most ${TXT_MAX}`,
        ),
      );
    }
  }
  // What the record means (dns-meaning.ts): an SRV's owner name, a CNAME to itself, a target the
  // public DNS never answers, an SPF, DMARC or DKIM record that does not parse. Its warnings are the
  // resources' (recordMeaning again, at check: frame.ts checkWarnings).
  if (!out.length) {
    const zone = asciiHost(input.serviceName) ?? record.serviceName;
    for (const f of recordMeaning(zone, record)) if (f.severity === "error") out.push(fail(f.field, f.rule));
  }
  return out.length ? { failures: out } : { record, failures: [] };
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
export function recordFromApi(serviceName: string, item: ApiDnsItem): ListedRecord {
  const zone = asciiHost(serviceName) ?? serviceName;
  const type = item.type.toUpperCase() as DnsType;
  const keep = <T>(f: () => T, fallback: T): T => {
    try {
      return f();
    } catch {
      return fallback;
    }
  };
  const name = keep(() => normalizeName(zone, `${item.name}.`), item.name.toLowerCase());
  const value = type === "TXT" ? item.value : keep(() => normalizeValue(zone, type, item.value), item.value);
  const record: ListedRecord = { entityID: item.entityID, serviceName: zoneUnicode(zone), name, type, value };
  const ttl = keep(() => normalizeTtl(item.ttl), undefined);
  if (ttl !== undefined) record.ttl = ttl;
  const priority = isDnsType(type) ? keep(() => normalizePriority(type, item.priority), undefined) : undefined;
  if (priority !== undefined) record.priority = priority;
  return record;
}

/**
 * A record value as identity: for TXT its text (txtText: one unsplit string, 255-byte quoted
 * strings and any other quoting of the same text are one value), any other type's value as is.
 * Adoption (DnsRecord's find, DnsZone's plan, dondominio-export) compares values with this alone.
 */
export function recordValueKey(type: string, value: string): string {
  return type === "TXT" && typeof value === "string" ? txtText(value) : value;
}

/** True when two values of a record of `type` are the same value (recordValueKey). */
export function sameRecordValue(type: string, a: string, b: string): boolean {
  return a === b || recordValueKey(type, a) === recordValueKey(type, b);
}

/** Fields in which two normalised records differ (ttl/priority undefined = default; a TXT value by its text). */
export function recordDiff(a: NormalRecord, b: NormalRecord): (keyof NormalRecord)[] {
  return (["serviceName", "name", "type", "value", "ttl", "priority"] as const).filter((k) =>
    k === "value" && a.type === b.type ? !sameRecordValue(a.type, a.value, b.value) : a[k] !== b[k],
  );
}
