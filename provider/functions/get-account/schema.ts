/** getAccount: no argument; its result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";

export const getAccountArgs = {};

export const getAccountResult = {
  /** The reseller's name. */
  clientName: z.string(),
  /** The API user the provider is configured with. */
  apiUser: z.string(),
  /** What the account can spend now, in `currency`. */
  balance: z.number(),
  /** The balance under which the API warns the reseller. */
  threshold: z.number(),
  /** The account's currency ("EUR"). */
  currency: z.string(),
};
