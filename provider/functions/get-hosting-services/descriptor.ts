/** getHostingServices: the account's services (service/list, every page), as a function descriptor (provider/core/function.ts). */
import { unicodeOrSelf } from "../../../sdk/rules";
import { defineFunction } from "../../core/function";
import { isoDate } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getHostingServicesArgs, getHostingServicesResult } from "./schema";

export const getHostingServicesDescriptor = defineFunction({
  name: "getHostingServices",
  folder: "get-hosting-services",
  description:
    "The account's hosting, mail and redirect services, every page of them, filtered as the API filters (a word, TLD, status, renewable): to loop over the zones and mail domains a program does not manage.",
  args: getHostingServicesArgs,
  result: getHostingServicesResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `service/list` per 1000 services (at least one)",
  example: {
    typescript: `const { services } = await getHostingServices({ status: "active" });
return { zones: services.map((s) => s.name) };`,
    yaml: { variable: "services", arguments: { status: "active" }, return: "services" },
  },
  async run(api, filters) {
    const items = await api.listAll("service/list", { ...filters, pageLength: 1000 });
    return {
      services: items.map((s) => ({ name: unicodeOrSelf(s.name), type: s.type, productKey: s.productkey, status: s.status, tsExpir: isoDate(s.tsExpir) })),
    };
  },
});
