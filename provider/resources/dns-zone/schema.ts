/**
 * DnsZone: inputs, outputs and rules. Each record is validated and normalised at check (preview)
 * by the same rule as a DnsRecord (sdk/rules normalizeDesiredRecord), its failures named
 * `records[3].value: ...`; the list's own rules (no duplicates, a CNAME alone at its name, no record
 * both declared and ignored) and the ignore rules are checked here too, with no API call. The
 * rules that need the live zone (the safety threshold, apex NS changes) run in definition.ts.
 */
import { z } from "zod";
import { DNS_TYPES, type DnsType, isDnsType, normalizeDesiredRecord, normalizeZone, RuleError, zoneUnicode } from "../../../sdk/rules";
import type { OutputShape } from "../../core/resource-class";
import { servedAs } from "../../core/fields";
import { dnsRecordFields } from "../dns-record/schema";
import { ignoredBy, recordKey, relative, type IgnoreRule, type ZoneRecord } from "./mapping";

const str = (what: string) => z.string({ error: `required: ${what}` });

/** One declared record: DnsRecord's fields without serviceName and adopt (the same schemas, types and rules). */
const f = dnsRecordFields;
const rawRecord = z.object(
  { name: f.name, type: f.type, value: f.value, ttl: f.ttl, priority: f.priority },
  { error: "must be a record {name, type, value, ttl?, priority?}" },
);

/** The fields of one ignore rule, each documented once (DnsZoneIgnoreRule derives from them). */
export const dnsZoneIgnoreFields = {
  /** Full ("_acme-challenge.example.com") or relative ("_acme-challenge*", "@") name, or a glob of either. */
  name: z.string({ error: 'must be a name or a glob ("_acme-challenge*", "*.dev", "@")' }).optional(),
  /** A list of record types (the dynamic resources also take one type alone). */
  type: servedAs(z.array(z.string()))(z.union([z.string(), z.array(z.string())], { error: "must be a record type or a list of them" })).optional(),
  /** The value, or a glob of it (case-insensitive). */
  value: z.string({ error: "must be a value or a glob" }).optional(),
};
const rawIgnore = z.object(dnsZoneIgnoreFields, { error: "must be a rule {name?, type?, value?}" });

/** Default share of the live zone a plan may delete or update (octoDNS's 30%). */
export const DEFAULT_MAX_CHANGE_RATIO = 0.3;

/** The program's inputs before normalisation, each documented once (the class's Args derive from them). */
export const dnsZoneFields = {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: str("the zone, i.e. the hosting service's name such as example.com"),
  /** Every record the zone should hold (besides ignored and, with purge false, unmanaged ones): DnsRecord's fields without serviceName. */
  records: z.array(rawRecord, { error: "required: a list of records {name, type, value, ttl?, priority?}" }),
  /**
   * Records never changed, deleted or reported as drift (e.g. `{ name: "_acme-challenge*", type: ["TXT"] }`): every part given
   * (name, one of the types, value) must match; globs take `*` (any text) and `?` (one character).
   */
  ignore: z.array(rawIgnore, { error: "must be a list of rules {name?, type?, value?}" }).optional(),
  /** Delete live records that are neither declared nor ignored (default true); false leaves them alone. */
  purge: z.boolean({ error: "must be true or false" }).optional(),
  /** Largest share of a zone of 10 records or more that one plan may delete or update (default 0.3). */
  maxChangeRatio: z
    .number({ error: "must be a number from 0 to 1" })
    .min(0, { error: "must be from 0 to 1" })
    .max(1, { error: "must be from 0 to 1" })
    .optional(),
  /** Allow creating, updating or deleting the NS records at the apex (default false). */
  allowApexNsChanges: z.boolean({ error: "must be true or false" }).optional(),
  /** "auto" (default): service/dnssetzone when cheaper than per-record calls; "never": per-record calls only. */
  bulk: z.enum(["auto", "never"], { error: 'must be "auto" (service/dnssetzone when cheaper) or "never"' }).optional(),
};
export const dnsZoneRawInputs = z.object(dnsZoneFields);

/** The normalised inputs: every default filled in, records as the rule library normalises them. */
export interface DnsZoneInputs {
  /** As HostingService records it: lower case Unicode. */
  serviceName: string;
  records: ZoneRecord[];
  ignore: IgnoreRule[];
  purge: boolean;
  maxChangeRatio: number;
  allowApexNsChanges: boolean;
  bulk: "auto" | "never";
}

/** A glob as matched: lower case, no trailing dot (names); "@" stays the apex. */
const nameGlob = (g: string) => g.trim().toLowerCase().replace(/\.$/, "");

/** Validates and normalises; each problem becomes an issue at its field (records[3].value). */
export const dnsZoneInputs: z.ZodType<DnsZoneInputs> = dnsZoneRawInputs.transform((raw, ctx) => {
  let refused = false;
  const issue = (path: (string | number)[], message: string) => {
    refused = true;
    ctx.addIssue({ code: "custom", path, message });
  };
  let zone: string;
  try {
    zone = normalizeZone(raw.serviceName);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    issue(["serviceName"], e.message.replace(/^serviceName: /, ""));
    return z.NEVER;
  }
  const serviceName = zoneUnicode(zone);

  const ignore: IgnoreRule[] = [];
  (raw.ignore ?? []).forEach((r, i) => {
    const rule: IgnoreRule = {};
    if (r.name !== undefined) rule.name = nameGlob(r.name);
    if (r.value !== undefined) rule.value = r.value;
    if (r.type !== undefined) {
      const types = (Array.isArray(r.type) ? r.type : [r.type]).map((t) => t.trim().toUpperCase());
      const bad = types.filter((t) => !isDnsType(t));
      if (bad.length) issue(["ignore", i, "type"], `${JSON.stringify(bad[0])} is not a record type; use ${DNS_TYPES.join(", ")}`);
      rule.type = types.filter(isDnsType) as DnsType[];
    }
    if (!rule.name && !rule.type?.length && rule.value === undefined)
      issue(["ignore", i], "an ignore rule needs a name, a type or a value (to leave every unmanaged record alone, set purge: false)");
    ignore.push(rule);
  });

  const byIndex: (ZoneRecord | undefined)[] = [];
  const seen = new Map<string, number>();
  raw.records.forEach((r, i) => {
    const { record, failures } = normalizeDesiredRecord({ serviceName: raw.serviceName, ...r });
    for (const f of failures) issue(["records", i, f.property], f.rule);
    if (!record) {
      byIndex.push(undefined);
      return;
    }
    const { serviceName: _zone, ...rec } = record;
    const key = recordKey(rec);
    const first = seen.get(key);
    if (first !== undefined) issue(["records", i], `the same record as records[${first}] (same name, type and value: the API refuses duplicates)`);
    else seen.set(key, i);
    const by = ignoredBy(zone, ignore, rec);
    if (by >= 0) issue(["records", i], `${relative(zone, rec.name)} ${rec.type} is matched by ignore[${by}]: a record is either declared or ignored, not both`);
    byIndex.push(rec);
  });
  const records = byIndex.filter((r) => r !== undefined);

  // RFC 1034 3.6.2: a CNAME holds its name alone (the API refuses the other records, error 4004).
  const types = new Map<string, Set<string>>();
  for (const r of records) types.set(r.name, (types.get(r.name) ?? new Set()).add(r.type));
  byIndex.forEach((rec, i) => {
    if (rec?.type !== "CNAME" || (types.get(rec.name)?.size ?? 0) < 2) return;
    const others = [...(types.get(rec.name) ?? [])].filter((t) => t !== "CNAME");
    issue(
      ["records", i, "type"],
      `a CNAME at ${relative(zone, rec.name)} cannot sit beside other records there (${others.join(", ")}): RFC 1034, the API refuses it`,
    );
  });

  if (refused) return z.NEVER;
  return {
    serviceName,
    records,
    ignore,
    purge: raw.purge ?? true,
    maxChangeRatio: raw.maxChangeRatio ?? DEFAULT_MAX_CHANGE_RATIO,
    allowApexNsChanges: raw.allowApexNsChanges ?? false,
    bulk: raw.bulk ?? "auto",
  };
});

/** The state adds nothing: `records` is the managed part of the live zone as last read or written (see README). */
export const dnsZoneOutputs = {} satisfies OutputShape;
export type DnsZoneState = DnsZoneInputs;

/** Another zone is another resource; everything else changes in place. */
export const DNS_ZONE_REPLACE_ON: readonly string[] = ["serviceName"];
