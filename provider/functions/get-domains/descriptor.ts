/** getDomains: the account's domains (domain/list, every page), as a function descriptor (provider/core/function.ts). */
import { domainForms, normaliseTags } from "../../../sdk/rules";
import { defineFunction } from "../../core/function";
import { isoDate } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getDomainsArgs, getDomainsResult } from "./schema";

export const getDomainsDescriptor = defineFunction({
  name: "getDomains",
  folder: "get-domains",
  description:
    "The account's domains, every page of them, filtered as the API filters (TLD, status, renewal mode, a word, renewable, tag, owner): to loop over the domains a program does not manage.",
  args: getDomainsArgs,
  result: getDomainsResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `domain/list` per 1000 domains (at least one)",
  example: {
    typescript: `const { domains } = await getDomains({ status: "active" });
return { names: domains.map((d) => d.name) };`,
    yaml: { variable: "active", arguments: { status: "active" }, return: "domains" },
  },
  async run(api, filters) {
    // infoType=status: the dates and settings come with each item, in the same pages.
    const items = await api.listAll("domain/list", { ...filters, infoType: "status", pageLength: 1000 });
    return {
      domains: items.map((d) => ({
        name: domainForms(d.name).unicode,
        punycode: typeof d.punycode === "string" ? d.punycode : domainForms(d.name).ascii,
        tld: d.tld,
        domainId: d.domainID,
        status: d.status,
        tsCreate: isoDate(d.tsCreate),
        tsExpir: isoDate(d.tsExpir),
        renewable: d.renewable ?? false,
        renewalMode: d.renewalMode || undefined,
        ownerVerification: d.ownerverification || undefined,
        tags: normaliseTags(d.tag),
      })),
    };
  },
});
