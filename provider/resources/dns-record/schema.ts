/**
 * DnsRecord: inputs, outputs and rules. Inputs are validated and normalised at check (preview) with
 * no API call (sdk/rules dns-records.ts normalizeDesiredRecord, the rule DnsZone's records share);
 * the normalised inputs are what the state records, so that they compare equal to what dnslist
 * answers.
 */
import { z } from "zod";
import { type DnsType, type NormalRecord, normalizeDesiredRecord } from "../../../sdk/rules";
import { accepts, servedAs } from "../../core/fields";
import type { StateOf } from "../../core/resource-class";

const str = (what: string) => z.string({ error: `required: ${what}` });
/**
 * A number, or "-" for the default; any string reaches the rule, whose message says so. The
 * plugin's schema serves an integer alone (the typed SDKs: leave it out for the default).
 */
const numOrDash = accepts<number | "-">()(
  servedAs(z.number().int())(z.union([z.number(), z.string()], { error: 'must be a number, or "-" for the default' })).optional(),
);

/** The program's inputs before normalisation, each documented once (the class's Args derive from them; DnsZone's records share them). */
export const dnsRecordFields = {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: str("the zone, i.e. the hosting service's name such as example.com"),
  /** "@" for the apex, a name relative to the zone ("www", "*.dev") or a full one ("www.example.com."). */
  name: str('the record name: "@", relative to the zone ("www") or full ("www.example.com.")'),
  /** A, AAAA, CNAME, MX, SRV, TXT, NS or CAA. */
  type: accepts<DnsType>()(str("the record type (A, AAAA, CNAME, MX, SRV, TXT, NS, CAA)")),
  /** IPv4 (A), IPv6 (AAAA), host name (CNAME, MX, NS), "weight port target" (SRV), text (TXT), `flag tag "value"` (CAA). */
  value: str("the record value"),
  /** Seconds (60 to 604800); absent = the zone's default (the dynamic resources also take "-"). */
  ttl: numOrDash,
  /** MX and SRV only (0 to 65535, default 10; the dynamic resources also take "-" for the default). */
  priority: numOrDash,
  /** Take over an identical record (same name, type and value) that already exists instead of failing. */
  adopt: z.boolean({ error: "must be true or false" }).optional(),
};
export const dnsRecordRawInputs = z.object(dnsRecordFields);

/** The record as the rule library normalises it (sdk/rules NormalRecord), and adopt. */
export interface DnsRecordInputs extends NormalRecord {
  adopt?: boolean;
}

/** Validates and normalises (sdk/rules normalizeDesiredRecord); each problem becomes an issue at its field (the frame prefixes it). */
export const dnsRecordInputs: z.ZodType<DnsRecordInputs> = dnsRecordRawInputs.transform((raw, ctx) => {
  const { record, failures } = normalizeDesiredRecord(raw);
  for (const f of failures) {
    ctx.addIssue({ code: "custom", path: [f.property], message: f.rule });
  }
  if (!record) return z.NEVER;
  const out: DnsRecordInputs = { ...record };
  if (raw.adopt !== undefined) out.adopt = raw.adopt;
  return out;
});

/** What the state adds to the live record (normalised as the inputs): the API's id and a display name. */
export const dnsRecordOutputs = {
  /** The API's entityID (SRV<digits>-<digits>). */
  entityId: z.string(),
  /** The name relative to the zone: "@", "www", "*.dev". */
  relativeName: z.string(),
};
export type DnsRecordState = StateOf<DnsRecordInputs, typeof dnsRecordOutputs>;

/** The API has no rename or retype (facts.md: dnsupdate changes only value, ttl and priority). */
export const DNS_RECORD_REPLACE_ON: readonly string[] = ["serviceName", "name", "type"];
/** adopt only matters when the record is created. */
export const DNS_RECORD_CREATE_ONLY: readonly string[] = ["adopt"];
