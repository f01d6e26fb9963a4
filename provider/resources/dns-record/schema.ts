/**
 * DnsRecord: inputs, outputs and rules. Inputs are validated and normalised at check (preview) with
 * no API call (sdk/rules dns-records.ts); the normalised inputs are what the state records, so that they compare
 * equal to what dnslist answers.
 */
import { z } from "zod";
import { idnaProblem, isIpLiteral, type NormalRecord, normalizeRecord, TXT_MAX, TXT_STRING_BYTES, txtStrings } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

/** Types whose value is a host name (SRV: the third field). */
const TARGET_TYPES = new Set(["CNAME", "MX", "NS", "SRV"]);

const str = (what: string) => z.string({ error: `required: ${what}` });
const numOrDash = z.union([z.number(), z.string()], { error: 'must be a number, or "-" for the default' }).optional();

/** The program's inputs before normalisation. */
export const dnsRecordRawInputs = z.object({
  serviceName: str("the zone, i.e. the hosting service's name such as example.com"),
  name: str('the record name: "@", relative to the zone ("www") or full ("www.example.com.")'),
  type: str("the record type (A, AAAA, CNAME, MX, SRV, TXT, NS, CAA)"),
  value: str("the record value"),
  ttl: numOrDash,
  priority: numOrDash,
  adopt: z.boolean({ error: "must be true or false" }).optional(),
});

/** The record as the rule library normalises it (sdk/rules NormalRecord), and adopt. */
export interface DnsRecordInputs extends NormalRecord {
  adopt?: boolean;
}

/** Validates and normalises; each problem becomes an issue at its field (the frame prefixes it). */
export const dnsRecordInputs: z.ZodType<DnsRecordInputs> = dnsRecordRawInputs.transform((raw, ctx) => {
  let refused = false;
  const issue = (path: string, message: string) => {
    refused = true;
    ctx.addIssue({ code: "custom", path: [path], message });
  };
  // "www.." would lose one dot as the full-name mark and then read as outside the zone: say what it is.
  const given = raw.name.trim();
  if (given !== "@" && /\.\.|^\./.test(given)) {
    issue("name", `${JSON.stringify(raw.name)} has an empty label (two dots in a row, or a leading dot); a full name ends with a single dot`);
    return z.NEVER;
  }
  const { record, failures } = normalizeRecord(raw);
  for (const f of failures) {
    ctx.addIssue({ code: "custom", path: [f.property], message: f.reason.startsWith(`${f.property}: `) ? f.reason.slice(f.property.length + 2) : f.reason });
  }
  if (!record) return z.NEVER;
  const nameProblem = idnaProblem(
    record.name
      .split(".")
      .filter((l) => l !== "*")
      .join("."),
  );
  if (nameProblem) issue("name", `${JSON.stringify(raw.name)}: ${nameProblem}`);
  if (TARGET_TYPES.has(record.type)) {
    const target = record.type === "SRV" ? record.value.split(" ")[2] : record.value;
    const rawTarget = record.type === "SRV" ? raw.value.trim().split(/\s+/)[2] : raw.value;
    if (isIpLiteral(rawTarget ?? target)) {
      issue(
        "value",
        `${record.type === "CNAME" ? "a" : "an"} ${record.type} record points to a host name, never to an IP address (RFC 2181 10.3${record.type === "MX" ? ", RFC 5321 5.1" : ""}): give the server's name, with an A or AAAA record for its address`,
      );
    } else if (target !== ".") {
      const p = idnaProblem(target);
      if (p) issue("value", `${JSON.stringify(raw.value)}: ${p}`);
    }
  }
  if (record.type === "TXT") {
    const bytes = Buffer.byteLength(record.value, "utf8");
    record.value = txtStrings(record.value);
    if (record.value.length > TXT_MAX) {
      issue(
        "value",
        `TXT text of ${bytes} bytes, sent as quoted strings of at most ${TXT_STRING_BYTES} bytes, makes ${record.value.length} characters; the API stores at most ${TXT_MAX}`,
      );
    }
  }
  if (refused) return z.NEVER;
  const out: DnsRecordInputs = { ...record };
  if (raw.adopt !== undefined) out.adopt = raw.adopt;
  return out;
}) as unknown as z.ZodType<DnsRecordInputs>;

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
