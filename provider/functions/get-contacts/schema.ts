/** getContacts: its filters and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { VERIFICATION_STATUSES } from "../../../sdk/catalogue/contact";
import { bool, country, oneOf, text } from "../../../sdk/catalogue/fields";

export const getContactsArgs = {
  /** Only contacts whose name contains this text. */
  name: text("text to look for in the names").optional(),
  /** Only contacts whose e-mail address matches this (the API's e-mail filter). */
  email: text("an e-mail address").optional(),
  /** Only contacts of this country (two letters, e.g. ES). */
  country: country().optional(),
  /** Only contacts with this tax, VAT, passport or ID number. */
  identNumber: text("an identification number").optional(),
  /** Only contacts in this verification status: verified, notapplicable, inprocess or failed. */
  verificationStatus: oneOf(VERIFICATION_STATUSES).optional(),
  /** Only contacts that have (true) or have not (false) accepted the designated agent. */
  daAccepted: bool().optional(),
};

export const getContactsResult = {
  /** Every contact of the account that passes the filters (all pages). */
  contacts: z.array(
    z.object({
      /** The API's contactID. */
      contactId: z.string(),
      /** individual or organization. */
      contactType: z.string(),
      /** "First Last" for individuals, the organization's name otherwise. */
      contactName: z.string(),
      /** Tax, VAT, passport or ID number. */
      identNumber: z.string(),
      /** E-mail address. */
      email: z.string(),
      /** Two-letter country code. */
      country: z.string(),
      /** verified, notapplicable, inprocess or failed. */
      verificationStatus: z.string(),
      /** Designated agent accepted. */
      daAccepted: z.boolean(),
    }),
  ),
};
