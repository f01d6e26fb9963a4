/** getSslProducts: the SSL products on sale (ssl/productlist, every page), as a function descriptor (provider/core/function.ts). */
import { defineFunction } from "../../core/function";
import { yearList } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getSslProductsArgs, getSslProductsResult } from "./schema";

type Priced = { create: number; years: string; isPromo?: boolean } | undefined;
// The product list names an order's price `create` in both objects (spec "SSL product").
const price = (p: Priced) => (p ? { price: p.create, years: yearList(p.years), inPromo: p.isPromo ?? false } : undefined);

export const getSslProductsDescriptor = defineFunction({
  name: "getSslProducts",
  folder: "get-ssl-products",
  description:
    "The SSL products on sale, every page of them, filtered as the API filters (validation type, wildcard, multi-domain, trial): to choose an SslCertificate's productId and see its price.",
  args: getSslProductsArgs,
  result: getSslProductsResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `ssl/productlist` per 1000 products (at least one)",
  example: {
    typescript: `const { products } = await getSslProducts({ validationType: "dv", wildcard: false, multiDomain: false });
const cheapest = [...products].sort((a, b) => (a.create?.price ?? 0) - (b.create?.price ?? 0))[0];
return { productId: cheapest?.productId };`,
    yaml: { variable: "dv", arguments: { validationType: "dv" }, return: "products" },
  },
  async run(api, f) {
    const items = await api.listAll("ssl/productlist", {
      validationType: f.validationType,
      wildcard: f.wildcard,
      multidomain: f.multiDomain,
      trial: f.trial,
      pageLength: 1000,
    });
    return {
      products: items.map((p) => ({
        productId: p.productID,
        productName: p.productName,
        brandName: p.brandName,
        validationType: p.validationType,
        isMultiDomain: p.isMultiDomain,
        isWildcard: p.isWildcard,
        isTrial: p.isTrial,
        numDomains: p.numDomains,
        keyLength: p.keyLength,
        encryption: p.encryption,
        create: price(p.create),
        renew: price(p.renew),
        trialPeriod: p.trialPeriod || undefined,
        sanMaxDomains: p.sanMaxDomains,
        sanPrice: p.sanPrice,
      })),
    };
  },
});
