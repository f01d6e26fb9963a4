/** checkDomain: its argument and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { domainName } from "../../../sdk/rules";

export const checkDomainArgs = {
  /** The name to check, Unicode or punycode ("example.com", "españa.es"). */
  name: domainName({ ascii: true }),
};

export const checkDomainResult = {
  /** The name as the API answers it (Unicode). */
  name: z.string(),
  /** The name in ASCII (punycode). */
  punycode: z.string(),
  /** The top-level domain ("com"). */
  tld: z.string(),
  /** Whether it can be registered now. */
  available: z.boolean(),
  /** A premium name: registering it needs `premium: true` and costs `price`. */
  premium: z.boolean(),
  /** Price per year, in `currency`. */
  price: z.number(),
  /** The account's currency ("EUR"). */
  currency: z.string(),
};
