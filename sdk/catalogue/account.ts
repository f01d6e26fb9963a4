/** account module (spec "account module"). */
import { z } from "zod";
import { op, page, queryInfo, rArray, rBool, rNum, rObj, rStr, text } from "./_prelude";

const priced = () => rObj({ price: rNum(), years: rStr(), inPromo: rBool().optional() });

export const account = {
  info: op({
    summary: "Account information: balance, threshold, currency, caller IP.",
    params: z.object({}),
    response: rObj({ clientName: rStr(), apiuser: rStr(), balance: rNum(), threshold: rNum(), currency: rStr(), ip: rStr() }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  promos: op({
    summary: "Current promotions (responseData is an array).",
    params: z.object({}),
    response: rArray(
      rObj({ promo: rStr(), type: rStr(), action: rStr(), price: rNum(), tsIni: rStr(), tsEnd: rStr(), tld: rStr().optional(), productID: rStr().optional() }),
    ),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  zones: op({
    summary: "TLD price list with allowed years and authcode requirement.",
    params: z.object({ ...page(100), tld: text().optional(), tldtop: text().optional() }),
    response: rObj({
      queryInfo: queryInfo(),
      zones: rArray(
        rObj({
          tld: rStr(),
          tldtop: rStr(),
          authcodereq: rBool(),
          requirements: z.unknown().optional(),
          create: priced().optional(),
          renew: priced().optional(),
          transfer: priced().optional(),
        }),
      ),
    }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    paged: { itemsKey: "zones", defaultPageLength: 100 },
  }),
};
