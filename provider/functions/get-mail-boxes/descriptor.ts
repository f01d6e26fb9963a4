/** getMailBoxes: a service's mailboxes (service/maillist, every page), as a function descriptor (provider/core/function.ts). */
import { asciiOrSelf } from "../../../sdk/rules";
import { defineFunction, missing } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { getMailBoxesArgs, getMailBoxesResult } from "./schema";

export const getMailBoxesDescriptor = defineFunction({
  name: "getMailBoxes",
  folder: "get-mail-boxes",
  description:
    "The mailboxes of a hosting or mail service, every page of them (addresses, usage, quota; never passwords). Fails naming the service when the account has no such service.",
  args: getMailBoxesArgs,
  result: getMailBoxesResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `service/maillist` per 1000 mailboxes (at least one)",
  example: {
    typescript: `const { mailBoxes } = await getMailBoxes({ serviceName: "example.com" });
return { addresses: mailBoxes.map((m) => m.name) };`,
    yaml: { variable: "boxes", arguments: { serviceName: "example.com" }, return: "mailBoxes" },
  },
  async run(api, { serviceName, filter }) {
    const items = await missing(
      `service ${serviceName}`,
      "service/maillist",
      api.listAll("service/maillist", { serviceName: asciiOrSelf(serviceName), ...(filter ? { filter } : {}), pageLength: 1000 }),
    );
    return { serviceName, mailBoxes: items.map((m) => ({ entityId: m.entityID, name: m.name, usage: m.usage, quotaMax: m.quotaMax })) };
  },
});
