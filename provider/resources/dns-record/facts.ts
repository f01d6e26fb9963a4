/** DnsRecord's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import { type ApiDnsItem, asciiHost, cnameAloneProblem, recordFromApi } from "../../../sdk/rules";
import { judgeRecords, type Verdict } from "../../dns/dns-meaning-facts";
import { type FactFailure, runFactRules } from "../../money/preview-facts";
import { declareRecord } from "../../money/preview-program";
import type { Olds } from "../../money/preview-rules";
import type { DnsRecordInputs } from "./schema";

/**
 * A new DnsRecord (or one moved to another name or type) must not break the CNAME rule against the
 * live zone (service/dnslist, read once per zone and process): otherwise the API refuses it only
 * at apply, after the program's other writes. Records of the same program are judged where the
 * program runs (provider/dns/dns-claims.ts).
 */
/**
 * Records this process saw replaced at their own name (a CNAME by another type or back): the
 * replacement deletes them first (definition.ts afterDiff: deleteBeforeReplace), and the engine
 * checks the new record again without its old inputs, so the rule must not count them then.
 */
const replacing = new Set<string>();
const recordKey = (r: { serviceName?: string; name?: string; type?: string; value?: string }) => `${r.serviceName} ${r.name} ${r.type} ${r.value}`;

const unchanged = (olds: Olds<DnsRecordInputs>, r: DnsRecordInputs) =>
  olds !== undefined && olds.serviceName === r.serviceName && olds.name === r.name && olds.type === r.type && olds.value === r.value;

/**
 * What the record means among the zone's others (provider/dns/dns-meaning-facts.ts), judged once
 * per check (facts and warnings ask the same inputs object); the record joins the program's
 * records of this process (money/preview-program.ts) unless refused. An unchanged record is
 * not judged (and costs no read): the records that change beside it are, against it.
 */
const judged = new WeakMap<DnsRecordInputs, Promise<Verdict>>();
function meaning(olds: Olds<DnsRecordInputs>, r: DnsRecordInputs): Promise<Verdict> {
  let v = judged.get(r);
  if (!v) {
    const zone = asciiHost(r.serviceName) ?? r.serviceName;
    const previous = olds?.name && olds.type && typeof olds.value === "string" ? { name: olds.name, type: olds.type, value: olds.value } : undefined;
    v = (unchanged(olds, r) ? Promise.resolve<Verdict>({ errors: [], warnings: [] }) : judgeRecords(r.serviceName, [{ record: r, path: "" }], true)).then(
      (verdict) => {
        // A refused record is no part of the run's zone (the run stops anyway).
        if (!verdict.errors.length) declareRecord(zone, { name: r.name, type: r.type, value: r.value }, previous);
        return verdict;
      },
    );
    judged.set(r, v);
  }
  return v;
}

export async function dnsRecordFacts(olds: Olds<DnsRecordInputs>, r: DnsRecordInputs): Promise<FactFailure[]> {
  const { errors } = await meaning(olds, r);
  if (olds !== undefined && olds.name === r.name && olds.serviceName === r.serviceName) {
    if (olds.type !== r.type) replacing.add(recordKey(olds));
    return errors;
  }
  const live = await runFactRules(`DnsRecord ${r.name} ${r.type}`, [
    async (facts, fail) => {
      const live = await facts.dnsRecords(r.serviceName);
      if (!live) return;
      const records = live.map((i) => recordFromApi(r.serviceName, i as ApiDnsItem)).filter((x) => !replacing.has(recordKey(x)));
      const problem = cnameAloneProblem(r, records, `the live zone (service/dnslist of ${r.serviceName})`);
      if (problem) fail(r.type === "CNAME" ? "type" : "name", problem);
    },
  ]);
  return [...live, ...errors];
}

/** The warnings of a record (dns-meaning.ts: what works but is not as the RFCs say). */
export async function dnsRecordWarnings(olds: Olds<DnsRecordInputs>, r: DnsRecordInputs): Promise<[string, string][]> {
  return (await meaning(olds, r)).warnings;
}
