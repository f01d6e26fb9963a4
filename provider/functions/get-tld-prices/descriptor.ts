/** getTldPrices: the TLDs' prices (account/zones, every page), as a function descriptor (provider/core/function.ts). */
import { defineFunction, MissingObjectError } from "../../core/function";
import { yearList } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getTldPricesArgs, getTldPricesResult } from "./schema";

type Priced = { price: number; years: string; inPromo?: boolean } | undefined;
const price = (p: Priced) => (p ? { price: p.price, years: yearList(p.years), inPromo: p.inPromo ?? false } : undefined);

export const getTldPricesDescriptor = defineFunction({
  name: "getTldPrices",
  folder: "get-tld-prices",
  description:
    "Registration, renewal and transfer prices of one TLD or of every TLD, read live (at preview too), in the account's currency. Fails naming the TLD when the API offers no such TLD.",
  args: getTldPricesArgs,
  result: getTldPricesResult,
  docs: { args: argDocs, result: resultDocs },
  // The API's default page is 100 TLDs; 1000 (the most a page holds) makes every TLD one call.
  calls: "one `account/zones` per 1000 TLDs (one call with `tld`)",
  example: {
    typescript: `const { tlds } = await getTldPrices({ tld: "com" });
return { comPerYear: tlds[0].create?.price };`,
    yaml: { variable: "com", arguments: { tld: "com" }, return: "tlds" },
  },
  async run(api, { tld }) {
    const zones = await api.listAll("account/zones", { ...(tld ? { tld } : {}), pageLength: 1000 });
    if (tld !== undefined && zones.length === 0) throw new MissingObjectError(`TLD .${tld} is not offered (account/zones listed none)`);
    return {
      tlds: zones.map((z) => ({
        tld: z.tld,
        tldTop: z.tldtop,
        authcodeReq: z.authcodereq,
        create: price(z.create),
        renew: price(z.renew),
        transfer: price(z.transfer),
      })),
    };
  },
});
