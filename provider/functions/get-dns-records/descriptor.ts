/** getDnsRecords: a zone's records (service/dnslist, every page), as a function descriptor (provider/core/function.ts). */
import { domainForms, normalizeName, RuleError, recordFromApi, relativeName, txtText } from "../../../sdk/rules";
import { defineFunction, missing } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { getDnsRecordsArgs, getDnsRecordsResult } from "./schema";

export const getDnsRecordsDescriptor = defineFunction({
  name: "getDnsRecords",
  folder: "get-dns-records",
  description:
    "The records of a zone (a hosting or redirect service's DNS), every page of them, optionally only those of one name and/or type; TXT values as their text. Fails naming the zone when the account has no such service.",
  args: getDnsRecordsArgs,
  // The name is read against the zone: a name outside it is refused before any call.
  refine(args, ctx) {
    if (args.name === undefined) return;
    try {
      normalizeName(args.serviceName, args.name);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      ctx.addIssue({ code: "custom", path: ["name"], message: e.rule });
    }
  },
  result: getDnsRecordsResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `service/dnslist` per 1000 records listed (at least one); a name or type narrows the listing on the API's side",
  example: {
    typescript: `const { records } = await getDnsRecords({ serviceName: "example.com", type: "MX" });
return { mx: records.map((r) => \`\${r.priority} \${r.value}\`) };`,
    yaml: { variable: "mx", arguments: { serviceName: "example.com", type: "MX" }, return: "records" },
  },
  async run(api, args) {
    const zone = args.serviceName;
    const name = args.name === undefined ? undefined : normalizeName(zone, args.name);
    // The API's filter is a substring of the full name (facts.md); IDN zones may list names in
    // Unicode, so the first label of the relative name is sent, and the exact name chosen here.
    const label = name === undefined || name === zone ? undefined : relativeName(zone, name).split(".")[0];
    const items = await missing(
      `zone ${domainForms(zone).unicode}`,
      "service/dnslist",
      api.listAll("service/dnslist", {
        serviceName: zone,
        ...(label ? { filter: label } : {}),
        ...(args.type ? { filterType: args.type } : {}),
        pageLength: 1000,
      }),
    );
    const records = items
      .map((item) => recordFromApi(zone, item))
      .filter((r) => (name === undefined || r.name === name) && (args.type === undefined || r.type === args.type));
    return {
      serviceName: domainForms(zone).unicode,
      records: records.map((r) => ({
        entityId: r.entityID,
        name: r.name,
        relativeName: relativeName(zone, r.name),
        type: r.type,
        value: r.type === "TXT" ? txtText(r.value) : r.value,
        ttl: r.ttl,
        priority: r.priority,
      })),
    };
  },
});
