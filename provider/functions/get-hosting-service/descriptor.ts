/** getHostingService: one hosting service of the account (service/getinfo), as a function descriptor (provider/core/function.ts). */
import { asciiOrSelf } from "../../../sdk/rules";
import { defineFunction, missing } from "../../core/function";
import { isoDate } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getHostingServiceArgs, getHostingServiceResult } from "./schema";

export const getHostingServiceDescriptor = defineFunction({
  name: "getHostingService",
  folder: "get-hosting-service",
  description:
    "One hosting (or mail, or redirect) service of the account by its name: product, status, dates, renewal. Fails naming the service when the account has no such service.",
  args: getHostingServiceArgs,
  result: getHostingServiceResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `service/getinfo`",
  example: {
    typescript: `const web = await getHostingService({ name: "example.com" });
return { product: web.productKey, expires: web.tsExpir };`,
    yaml: { variable: "web", arguments: { name: "example.com" } },
  },
  async run(api, { name }) {
    const s = await missing(`hosting service ${name}`, "service/getinfo", api.call("service/getinfo", { serviceName: asciiOrSelf(name), infoType: "status" }));
    return {
      name,
      type: s.type,
      productKey: s.productkey ?? "",
      status: s.status,
      tsCreate: isoDate(s.tsCreate),
      tsExpir: isoDate(s.tsExpir),
      renewable: s.renewable ?? false,
      renewalMode: s.renewalMode || undefined,
    };
  },
});
