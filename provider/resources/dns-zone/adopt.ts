/**
 * DnsZone in an exported program, `--zones` (core/descriptor.ts `adoptAll`): a service's listed
 * records as one DnsZone, one record a line, sorted like the DnsRecord form. What it declares, so
 * that the first `up` adopts the zone with no write (DnsZone's create writes nothing when the live
 * zone already holds exactly the declared records):
 * - every record the zone holds, as the API listed it, except
 * - the apex NS records, the zone's delegation: left undeclared, where DnsZone never touches them
 *   (declared, every later change of them would need allowApexNsChanges: true); a comment lists them;
 * - records DnsZone cannot express: a type it does not take, or one its own rules (the resource's
 *   schema: DnsRecord's rules per record, no duplicates, a CNAME alone at its name) refuse or read
 *   differently from what the API listed (declaring it would rewrite it). Each gets a comment.
 * `purge: true` (written out, though it is the default) when every other live record is declared:
 * adopting deletes nothing, and from then on the program is the zone (a record added outside is
 * deleted by the next up). A zone with a record that cannot be declared gets `purge: false`, which
 * leaves undeclared records alone (those the program once declared are still deleted when removed).
 */
import { DNS_TYPES, isDnsType, type ListedRecord, normalizeZone } from "../../../sdk/rules";
import { type Adoption, type GroupAdoption, type Line, text } from "../../core/adoption";
import { adoptedRecordArgs, byRecord } from "../dns-record/adopt";
import { isApexNs, recordKey } from "./mapping";
import { dnsZoneInputs } from "./schema";

function adoptZone(records: ListedRecord[]): Adoption | undefined {
  if (!records.length) return undefined;
  const svc = records[0].serviceName;
  const zone = normalizeZone(svc);
  const apexNs = records.filter((r) => isApexNs(zone, r)).sort(byRecord);
  const notDeclared: { r: ListedRecord; why: string }[] = [];
  let candidates = records.filter((r) => !isApexNs(zone, r)).sort(byRecord);
  for (const r of candidates.filter((x) => !isDnsType(x.type))) notDeclared.push({ r, why: `a type DnsZone does not take (${DNS_TYPES.join(", ")})` });
  candidates = candidates.filter((r) => isDnsType(r.type));
  // The resource's own schema judges the list (no copy of its rules here); a refused record leaves it, until none is.
  for (let round = 0; round < 5 && candidates.length; round++) {
    const refused = refusedRecords(svc, candidates);
    if (!refused.size) break;
    for (const [i, why] of refused) notDeclared.push({ r: candidates[i], why });
    candidates = candidates.filter((_, i) => !refused.has(i));
  }
  if (!candidates.length && !notDeclared.length) return undefined;
  const lines: Line[] = [text`DNS zone ${svc}: ${candidates.length} records in one DnsZone`];
  const skipped: { what: string; why: string }[] = [];
  for (const { r, why } of notDeclared) {
    lines.push(text`DNS record not declared: ${r.name} ${r.type} ${JSON.stringify(r.value)} (${why})`);
    skipped.push({ what: `DNS record ${r.name} ${r.type} in ${svc}`, why: "DnsZone cannot express it: left alone (purge: false)" });
  }
  if (apexNs.length) {
    lines.push(
      text`Apex NS records (the zone's delegation), not declared: DnsZone never touches them while undeclared: ${apexNs.map((r) => r.value).join(", ")}`,
    );
    skipped.push({ what: `apex NS records of ${svc} (${apexNs.length})`, why: "the zone's delegation: left undeclared, DnsZone never touches them" });
  }
  const purge = notDeclared.length === 0;
  lines.push(
    purge
      ? text`purge: true is safe: every other record the zone holds is declared below, so adopting deletes nothing; a record added outside is deleted by the next up`
      : text`purge: false: records above that DnsZone cannot express stay as they are (purge: true would delete them)`,
  );
  return {
    name: { parts: [svc], identity: svc },
    args: { serviceName: svc, purge, records: candidates.map(zoneRecordArgs) },
    refs: { serviceName: { type: "HostingService", identity: svc } },
    lines,
    skipped,
    listed: "records",
  };
}

/** The candidates DnsZone's schema refuses or reads back differently, by position, with why. */
function refusedRecords(svc: string, candidates: ListedRecord[]): Map<number, string> {
  const parsed = dnsZoneInputs.safeParse({ serviceName: svc, records: candidates.map(zoneRecordArgs) });
  const refused = new Map<number, string>();
  if (parsed.success)
    parsed.data.records.forEach((n, i) => {
      const r = candidates[i];
      if (recordKey(n) !== recordKey(r) || n.ttl !== r.ttl || n.priority !== r.priority)
        refused.set(i, `reads back as ${JSON.stringify({ name: n.name, value: n.value, ttl: n.ttl, priority: n.priority })}: declaring it would rewrite it`);
    });
  else
    for (const issue of parsed.error.issues)
      if (issue.path[0] === "records" && typeof issue.path[1] === "number" && !refused.has(issue.path[1]))
        refused.set(issue.path[1], `${issue.path.slice(2).join(".") || "record"}: ${issue.message}`);
  return refused;
}

/** A record as DnsZone's records list takes it: DnsRecord's inputs without serviceName and adopt. */
function zoneRecordArgs(r: ListedRecord): Record<string, unknown> {
  const { serviceName: _svc, adopt: _adopt, ...rest } = adoptedRecordArgs(r);
  return rest;
}

export const dnsZoneAdoptAll: GroupAdoption = {
  of: "DnsRecord",
  adopt: (states) => adoptZone(states as ListedRecord[]),
  unit: "records",
  help: "each service's records as one DnsZone (purge: true; apex NS records left undeclared) instead of one DnsRecord per record",
  readme: [
    "## DNS zones",
    "",
    "Each hosting service's records are one `DnsZone` (`--zones`), one record a line, as the API listed",
    "them, so the first `pulumi up` adopts each zone with no write. What was decided for you:",
    "",
    "- `purge: true`: every record a zone holds is declared (apart from the apex NS records below), so",
    "  adopting deletes nothing; from then on the program is the zone, and a record added outside (the",
    "  panel, another tool) is deleted by the next `pulumi up`. Add an `ignore` rule for records another",
    '  system owns (e.g. `{ name: "_acme-challenge*", type: "TXT" }`), or set `purge: false`.',
    "- The apex NS records (the zone's delegation) are not declared: DnsZone never touches them while",
    "  undeclared. A comment lists them. Declaring them makes the apex NS set managed, and every change",
    "  of it then needs `allowApexNsChanges: true`.",
    "- A record DnsZone cannot express (a type it does not take, a value its rules refuse or would",
    "  rewrite) is a comment, and its zone gets `purge: false` so that it is left as it is.",
    "",
  ],
};
