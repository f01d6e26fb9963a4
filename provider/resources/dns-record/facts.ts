/** DnsRecord's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import { type ApiDnsItem, cnameAloneProblem, recordFromApi } from "../../../sdk/rules";
import { type FactFailure, runFactRules } from "../../money/preview-facts";
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

export function dnsRecordFacts(olds: Olds<DnsRecordInputs>, r: DnsRecordInputs): Promise<FactFailure[]> {
  if (olds !== undefined && olds.name === r.name && olds.serviceName === r.serviceName) {
    if (olds.type !== r.type) replacing.add(recordKey(olds));
    return Promise.resolve([]);
  }
  return runFactRules(`DnsRecord ${r.name} ${r.type}`, [
    async (facts, fail) => {
      const live = await facts.dnsRecords(r.serviceName);
      if (!live) return;
      const records = live.map((i) => recordFromApi(r.serviceName, i as ApiDnsItem)).filter((x) => !replacing.has(recordKey(x)));
      const problem = cnameAloneProblem(r, records, `the live zone (service/dnslist of ${r.serviceName})`);
      if (problem) fail(r.type === "CNAME" ? "type" : "name", problem);
    },
  ]);
}
