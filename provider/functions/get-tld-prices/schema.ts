/** getTldPrices: its argument and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { tldField } from "../../../sdk/rules";

const price = () =>
  z
    .object({
      /** The price per year, in the account's currency. */
      price: z.number(),
      /** The periods (years) offered. */
      years: z.array(z.number()),
      /** A promotional price. */
      inPromo: z.boolean(),
    })
    .optional();

export const getTldPricesArgs = {
  /** One TLD ("com", "com.es"; a leading dot is allowed); left out: every TLD. */
  tld: tldField().optional(),
};

export const getTldPricesResult = {
  /** The TLD asked for, or every TLD the API offers (all pages). */
  tlds: z.array(
    z.object({
      /** The TLD ("com.es"). */
      tld: z.string(),
      /** Its top-level part ("es"). */
      tldTop: z.string(),
      /** Whether a transfer in needs the authcode. */
      authcodeReq: z.boolean(),
      /** Registration. */
      create: price(),
      /** Renewal. */
      renew: price(),
      /** Transfer in; absent where the TLD has no transfer price. */
      transfer: price(),
    }),
  ),
};
