/** contact module (spec "contact module"). */
import { z } from "zod";
import { bool, contactFields, contactId, country, oneOf, op, page, queryInfo, rArray, rBool, rObj, rStr, text } from "./_prelude";

export const VERIFICATION_STATUSES = ["verified", "notapplicable", "inprocess", "failed"] as const;

/** The spec's Contact object (contact/create, contact/getinfo, domain/getinfo infoType=contact). */
export const contactObject = () =>
  rObj({
    contactID: rStr(),
    contactType: rStr(),
    firstName: rStr(),
    lastName: rStr(),
    orgName: rStr(),
    identNumber: rStr(),
    email: rStr(),
    phone: rStr(),
    address: rStr(),
    postalCode: rStr(),
    city: rStr(),
    state: rStr(),
    country: rStr(),
    verificationstatus: rStr(),
    daaccepted: rBool(),
  });

/** Summary shape of contact/list items and of contact/resendverificationmail. */
const contactSummary = {
  contactID: rStr(),
  contactType: rStr(),
  contactName: rStr(),
  identNumber: rStr(),
  email: rStr(),
  country: rStr(),
  verificationstatus: rStr(),
};

export const contact = {
  create: op({
    summary: "Creates a reusable contact (parameter names carry no prefix).",
    params: z.object(contactFields()).superRefine((v, ctx) => {
      // Spec: OrgName is required when Type=organization. Reported as a missing parameter (101).
      if (v.Type === "organization" && v.OrgName === undefined) {
        ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: ["OrgName"], message: "OrgName is required when Type=organization" });
      }
    }),
    response: contactObject(),
    retrySafe: false,
    spendsMoney: false,
  }),
  list: op({
    summary: "Lists the account's contacts, with optional filters.",
    params: z.object({
      ...page(),
      name: text().optional(),
      email: text().optional(),
      country: country().optional(),
      identNumber: text().optional(),
      verificationstatus: oneOf(VERIFICATION_STATUSES).optional(),
      daaccepted: bool().optional(),
    }),
    response: rObj({ queryInfo: queryInfo(), contacts: rArray(rObj({ ...contactSummary, daaccepted: rBool() })) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    paged: { itemsKey: "contacts", defaultPageLength: 1000 },
  }),
  getinfo: op({
    summary: "One contact's data.",
    // The spec names only the default value `data`.
    params: z.object({ contactID: contactId(), infoType: oneOf(["data"] as const).default("data") }),
    response: contactObject(),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  resendverificationmail: op({
    summary: "Sends the contact verification e-mail again.",
    params: z.object({ contactID: contactId() }),
    response: rObj(contactSummary),
    // Repeating it only sends another e-mail; the state it leaves is the same.
    retrySafe: true,
    spendsMoney: false,
  }),
};
