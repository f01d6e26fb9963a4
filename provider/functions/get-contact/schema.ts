/** getContact: its argument and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { contactId } from "../../../sdk/catalogue/fields";

export const getContactArgs = {
  /** The API's contactID, e.g. ABC-12345 (as Contact's contactId and Domain's contacts name it). */
  contactId: contactId(),
};

export const getContactResult = {
  /** The API's contactID. */
  contactId: z.string(),
  /** individual or organization. */
  contactType: z.string(),
  /** First name (of the contact person, for an organization). */
  firstName: z.string(),
  /** Last name (of the contact person, for an organization). */
  lastName: z.string(),
  /** The organization's name; absent for individuals. */
  orgName: z.string().optional(),
  /** Tax, VAT, passport or ID number. */
  identNumber: z.string(),
  /** E-mail address. */
  email: z.string(),
  /** Phone, +CC.NUMBER. */
  phone: z.string(),
  /** Street address. */
  address: z.string(),
  /** Postal code. */
  postalCode: z.string(),
  /** City. */
  city: z.string(),
  /** State, province or region. */
  state: z.string(),
  /** Two-letter country code. */
  country: z.string(),
  /** verified, notapplicable, inprocess or failed (spec "States and transitions"). */
  verificationStatus: z.string(),
  /** Designated agent accepted (spec "Contact"). */
  daAccepted: z.boolean(),
};
