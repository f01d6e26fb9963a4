/** getAccount: the account's balance and currency (account/info), as a function descriptor (provider/core/function.ts). */
import { defineFunction } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { getAccountArgs, getAccountResult } from "./schema";

export const getAccountDescriptor = defineFunction({
  name: "getAccount",
  folder: "get-account",
  description: "The account: its balance, currency and low-balance threshold, read live (at preview too): to check the balance before an order.",
  args: getAccountArgs,
  result: getAccountResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `account/info`",
  example: {
    typescript: `const account = await getAccount({});
return { balance: \`\${account.balance} \${account.currency}\` };`,
    yaml: { variable: "account", arguments: {} },
  },
  async run(api) {
    const a = await api.call("account/info");
    return { clientName: a.clientName, apiUser: a.apiuser, balance: a.balance, threshold: a.threshold, currency: a.currency };
  },
});
