/** checkDomain: availability and yearly price of a name (domain/check), as a function descriptor (provider/core/function.ts). */
import { defineFunction } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { checkDomainArgs, checkDomainResult } from "./schema";

type Answer = { name: string; punycode: string; tld: string; available: boolean; premium: boolean; price: number; currency: string };

/**
 * One domain/check per name for the process: the API bans abusive domain/check use (spec "What the
 * service does"), so a program run asks once per name, whichever door and form asked.
 */
const asked = new Map<string, Promise<Answer>>();

export const checkDomainDescriptor = defineFunction({
  name: "checkDomain",
  folder: "check-domain",
  description:
    "Availability, premium flag and yearly price of a domain name (domain/check). The API bans abusive use: the answer is kept for the process, so a program asks once per name.",
  args: checkDomainArgs,
  result: checkDomainResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `domain/check` per name and process",
  example: {
    typescript: `const check = await checkDomain({ name: "example.com" });
return { available: check.available, price: \`\${check.price} \${check.currency}\` };`,
    yaml: { variable: "check", arguments: { name: "example.com" } },
  },
  run(api, { name }) {
    let p = asked.get(name);
    if (!p) {
      p = (async () => {
        const d = (await api.call("domain/check", { domain: name })).domains[0];
        if (!d) throw new Error(`domain/check returned no result for ${name}`);
        return { name: d.name, punycode: d.punycode, tld: d.tld, available: d.available, premium: d.premium, price: d.price, currency: d.currency };
      })();
      p.catch(() => asked.delete(name));
      asked.set(name, p);
    }
    return p;
  },
});
