/**
 * Contact: inputs, outputs and rules. The API has no contact update or delete (spec "contact
 * module"), so every input replaces and destroy only forgets. Field names are camelCase here and
 * mapped to contact/create's Type/FirstName/... in mapping.ts.
 */
import { z } from "zod";
import { contactId, country, email, oneOf, phone } from "../../../sdk/catalogue/fields";
import { contactDataProblems, contactDataWarnings, eppNameProblem, eppText } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

export const CONTACT_DATA_FIELDS = [
  "contactType",
  "firstName",
  "lastName",
  "orgName",
  "identNumber",
  "email",
  "phone",
  "address",
  "postalCode",
  "city",
  "state",
  "country",
] as const;
export type ContactDataField = (typeof CONTACT_DATA_FIELDS)[number];

/** Field schemas shared with Domain's and SslCertificate's inline contacts (same rules as contact/create). */
export const contactDataShape = {
  /** individual or organization. */
  contactType: oneOf(["individual", "organization"] as const).optional(),
  // Lengths of the registries' EPP contact mapping (sdk/rules epp-contact.ts, RFC 5733).
  /** First name (of the contact person, for an organization). */
  firstName: eppText("firstName").optional(),
  /** Last name (of the contact person, for an organization). */
  lastName: eppText("lastName").optional(),
  /** The organization's name: required for organizations, refused for individuals. */
  orgName: eppText("orgName").optional(),
  /** Tax, VAT, passport or ID number. */
  identNumber: eppText("identNumber").optional(),
  /** E-mail address of the contact. */
  email: email().optional(),
  /** +CC.NUMBER, e.g. +34.931234567 (spaces and dashes are removed). */
  phone: phone().optional(),
  /** Street address. */
  address: eppText("address").optional(),
  /** Postal code. */
  postalCode: eppText("postalCode").optional(),
  /** City. */
  city: eppText("city").optional(),
  /** State, province or region. */
  state: eppText("state").optional(),
  /** Two-letter country code (upper-cased). */
  country: country().optional(),
};

/** Adds an issue for each field that the full data set lacks (orgName only for organizations). */
export function requireContactData(v: Record<string, unknown>, ctx: z.RefinementCtx, prefix: (string | number)[] = [], hint = "") {
  for (const f of CONTACT_DATA_FIELDS) {
    if (f === "orgName" && v.contactType !== "organization") continue;
    if (v[f] === undefined) {
      ctx.addIssue({ code: "custom", path: [...prefix, f], message: f === "orgName" ? "required when contactType is organization" : `required${hint}` });
    }
  }
  if (typeof v.firstName === "string" && typeof v.lastName === "string") {
    const long = eppNameProblem(v.firstName, v.lastName);
    if (long) ctx.addIssue({ code: "custom", path: [...prefix, "lastName"], message: long });
  }
  // Field against field, as registries check it (sdk/rules contact-data.ts: ISO country, the
  // country's postal code, an E.164 phone, a Spanish resident's NIF/NIE check letter).
  const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  for (const p of contactDataProblems({ country: str("country"), postalCode: str("postalCode"), phone: str("phone"), identNumber: str("identNumber") })) {
    ctx.addIssue({ code: "custom", path: [...prefix, p.field], message: p.rule });
  }
  if (v.contactType === "individual" && v.orgName !== undefined) {
    ctx.addIssue({ code: "custom", path: [...prefix, "orgName"], message: "only allowed when contactType is organization" });
  }
}

/** The program's inputs, each documented once (the class's Args derive from them). */
export const contactFields = {
  ...contactDataShape,
  /** Adopt an existing contact of the account instead of creating one (then leave out the data). */
  contactId: contactId().optional(),
};

export const contactInputs = z.object(contactFields).superRefine((v, ctx) => {
  if (v.contactId !== undefined) {
    for (const f of CONTACT_DATA_FIELDS) {
      if (v[f] !== undefined) ctx.addIssue({ code: "custom", path: [f], message: "leave out the contact data when contactId adopts an existing contact" });
    }
    return;
  }
  requireContactData(v, ctx, [], " (or give contactId to adopt an existing contact)");
});

export type ContactInputs = z.output<typeof contactInputs>;

/** What the state adds to the live contact data (the inputs' fields). */
export const contactOutputs = {
  /** The API's contactID, e.g. ABC-12345. */
  contactId: z.string(),
  /** verified, notapplicable, inprocess or failed (spec "States and transitions"). */
  verificationStatus: z.string(),
  /** Designated agent accepted (spec "Contact"). */
  daAccepted: z.boolean(),
};
export type ContactState = StateOf<ContactInputs, typeof contactOutputs>;

/** Every input replaces: the API cannot change a contact. */
export const CONTACT_REPLACE_ON: readonly string[] = [...CONTACT_DATA_FIELDS, "contactId"];
export const CONTACT_SECRETS: readonly string[] = [];
/** The id is the API's contactID, e.g. "ABC-12345" (facts.md: ^[A-Z]+-[0-9]+$). */
export const CONTACT_ID_FORMAT = "<PREFIX>-<number>, the API's contactID";

/**
 * The warnings of contact data (sdk/rules contact-data.ts: a phone of another country than the
 * contact's, an e-mail domain the public DNS never answers), at `prefix` ("contacts.owner.").
 */
export function contactWarnings(v: unknown, prefix = ""): [string, string][] {
  if (!v || typeof v !== "object") return [];
  const c = v as Record<string, unknown>;
  const str = (k: string) => (typeof c[k] === "string" ? (c[k] as string) : undefined);
  return contactDataWarnings({ country: str("country"), phone: str("phone"), email: str("email") }).map((p) => [`${prefix}${p.field}`, p.rule]);
}

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const contactObjects = (c: ContactInputs) => (c.contactId === undefined ? [] : [{ key: `contact:${c.contactId}`, what: `the contact ${c.contactId}` }]);
