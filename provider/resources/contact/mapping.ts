/** Contact <-> API shapes (pure; unit-tested in tests/provider/mapping.unit.test.ts). */
import type { CallParams, ResultOf } from "../../../sdk";
import type { CONTACT_FIELDS } from "../../../sdk/catalogue/fields";
import { CONTACT_DATA_FIELDS, type ContactDataField, type ContactInputs, type ContactState, contactDataShape } from "./schema";

/** The API's Contact object (contact/getinfo, contact/create, domain/getinfo contactOwner...). */
export type ApiContact = ResultOf<"contact/getinfo">;
/** Contact data as the program gives it (Contact inputs, a Domain's or SslCertificate's inline contact). */
export type ContactData = Partial<Record<ContactDataField, unknown>>;

const API_NAME: Record<ContactDataField, (typeof CONTACT_FIELDS)[number]> = {
  contactType: "Type",
  firstName: "FirstName",
  lastName: "LastName",
  orgName: "OrgName",
  identNumber: "IdentNumber",
  email: "Email",
  phone: "Phone",
  address: "Address",
  postalCode: "PostalCode",
  city: "City",
  state: "State",
  country: "Country",
};

/** Contact data as contact/create parameters (no prefix), or as `<prefix>Contact<Field>` for CONTACTS. */
export function contactToApi(data: ContactData): CallParams<"contact/create">;
export function contactToApi<P extends string>(data: ContactData, prefix: P): { [K in `${P}Contact${(typeof CONTACT_FIELDS)[number]}`]?: unknown };
export function contactToApi(data: ContactData, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CONTACT_DATA_FIELDS) {
    if (data[f] === undefined) continue;
    if (f === "orgName" && data.contactType !== "organization") continue;
    out[prefix ? `${prefix}Contact${API_NAME[f]}` : API_NAME[f]] = data[f];
  }
  return out;
}

/** Normalises one live value with the input rule, so that live and desired compare equal. */
function normalised(field: ContactDataField, value: unknown): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  const r = contactDataShape[field].safeParse(value);
  return r.success ? r.data : value;
}

/** The API's Contact object (contact/getinfo, contact/create, domain getinfo contactOwner) -> data fields. */
export function contactDataFromApi(c: ApiContact): ContactData {
  const out: ContactData = {};
  for (const f of CONTACT_DATA_FIELDS) {
    const v = normalised(f, c[f]);
    if (v !== undefined) out[f] = v;
  }
  if (out.contactType !== "organization") delete out.orgName;
  return out;
}

export function contactStateFromApi(c: ApiContact, inputs: Partial<ContactInputs>): ContactState {
  const state: ContactState = {
    ...(contactDataFromApi(c) as ContactInputs),
    contactId: c.contactID,
    verificationStatus: c.verificationstatus,
    daAccepted: c.daaccepted,
  };
  // An adopted contact keeps contactId as its input; a created one gets it as an output only.
  if (inputs.contactId === undefined) return state;
  return { ...state, contactId: inputs.contactId };
}
