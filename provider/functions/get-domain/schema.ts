/** getDomain: its arguments and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { bool } from "../../../sdk/catalogue/fields";
import { domainName } from "../../../sdk/rules";

export const getDomainArgs = {
  /** A domain of the account, Unicode or punycode ("example.com", "españa.es"). */
  name: domainName({ ascii: true }),
  /** Also read the transfer authcode (one more call): it comes back as a secret, and only when asked. */
  authcode: bool().optional(),
};

export const getDomainResult = {
  /** The domain name (Unicode). */
  name: z.string(),
  /** The domain in ASCII (punycode). */
  punycode: z.string(),
  /** The top-level domain ("com"). */
  tld: z.string(),
  /** The API's domainID. */
  domainId: z.number(),
  /** Domain status (spec "States and transitions"): register-init ... active ... expired-*. */
  status: z.string(),
  /** Where a transfer stands, as the API answers it; absent when no transfer ran. */
  transferStatus: z.string().optional(),
  /** Creation date (ISO, YYYY-MM-DD); absent until the registration completes. */
  tsCreate: z.string().optional(),
  /** Expiry date (ISO, YYYY-MM-DD); absent until the registration completes. */
  tsExpir: z.string().optional(),
  /** The owner contact's verification: verified, notapplicable, inprocess or failed. */
  ownerVerification: z.string().optional(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean(),
  /** autorenew, manual or letexpire. */
  renewalMode: z.string().optional(),
  /** Transfer lock (false where the TLD has none). */
  transferBlock: z.boolean(),
  /** Modification lock. */
  modifyBlock: z.boolean(),
  /** Whois privacy (false where the TLD has none). */
  whoisPrivacy: z.boolean(),
  /** Public Whois data shown (false where the TLD has none). */
  viewWhois: z.boolean(),
  /** Whether the authcode can be read now. */
  authcodeCheck: z.boolean(),
  /** Whether a hosting service of the same name is in the account. */
  serviceAssociated: z.boolean(),
  /** The domain's tags, sorted. */
  tags: z.array(z.string()),
  /** The service's own nameservers are in use (the Domain resource's `nameservers: ["default"]`). */
  defaultNS: z.boolean(),
  /** The nameservers in effect, in order (lower case). */
  nameservers: z.array(z.string()),
  /** The contact id of each role. */
  contacts: z.object({
    /** The owner (registrant) contact's id. */
    owner: z.string(),
    /** The administrative contact's id. */
    admin: z.string(),
    /** The technical contact's id. */
    tech: z.string(),
    /** The billing contact's id. */
    billing: z.string(),
  }),
  /** Only with `authcode: true`: the transfer authcode (a secret). */
  authcode: z.string().optional(),
};
