/** getDomains: its filters and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { bool, contactId, oneOf, text } from "../../../sdk/catalogue/fields";
import { DOMAIN_RENEWAL_MODES, DOMAIN_STATUSES, tldField } from "../../../sdk/rules";

export const getDomainsArgs = {
  /** Only domains under this TLD ("com", "com.es"; a leading dot is allowed). */
  tld: tldField().optional(),
  /** Only domains in this status (spec "States and transitions"), e.g. active. */
  status: oneOf(DOMAIN_STATUSES).optional(),
  /** Only domains with this renewal mode: autorenew, manual or letexpire. */
  renewalMode: oneOf(DOMAIN_RENEWAL_MODES).optional(),
  /** Only domains whose name contains this text. */
  word: text("text to look for in the names").optional(),
  /** Only domains that can (true) or cannot (false) be renewed now. */
  renewable: bool().optional(),
  /** Only domains with this tag. */
  tag: text("a tag").optional(),
  /** Only domains whose owner is this contact id. */
  owner: contactId().optional(),
};

export const getDomainsResult = {
  /** Every domain of the account that passes the filters, sorted by name (all pages). */
  domains: z.array(
    z.object({
      /** The domain name (Unicode). */
      name: z.string(),
      /** The domain in ASCII (punycode). */
      punycode: z.string(),
      /** The top-level domain ("com"). */
      tld: z.string(),
      /** The API's domainID. */
      domainId: z.number(),
      /** Domain status (spec "States and transitions"). */
      status: z.string(),
      /** Creation date (ISO, YYYY-MM-DD); absent until the registration completes. */
      tsCreate: z.string().optional(),
      /** Expiry date (ISO, YYYY-MM-DD); absent until the registration completes. */
      tsExpir: z.string().optional(),
      /** Whether the API allows a renewal now. */
      renewable: z.boolean(),
      /** autorenew, manual or letexpire. */
      renewalMode: z.string().optional(),
      /** The owner contact's verification: verified, notapplicable, inprocess or failed. */
      ownerVerification: z.string().optional(),
      /** The domain's tags, sorted. */
      tags: z.array(z.string()),
    }),
  ),
};
