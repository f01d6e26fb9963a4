/**
 * Reusable parameter and response schemas. Parameter schemas coerce wire text and TypeScript values
 * to one normalised output (see types.ts); their messages name the rule so that errors read
 * "nameservers: 1 given, the API needs 2 to 7".
 */
import { z } from "zod";
import { domainName, EPP_PHONE, EPP_PHONE_RULE, emailAddressProblem, eppText } from "../rules";

// ---------- parameters ----------

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

/** Boolean: true/false, 1/0, "true"/"false", "yes"/"no", "on"/"off" (facts.md "Requests": clients use all of them). */
export const bool = () =>
  z.preprocess(
    (v) => {
      if (typeof v === "number") return v === 1 ? true : v === 0 ? false : v;
      if (typeof v === "string") {
        const s = v.trim().toLowerCase();
        if (TRUE.has(s)) return true;
        if (FALSE.has(s)) return false;
      }
      return v;
    },
    z.boolean({ error: "must be a boolean (true/false or 1/0)" }),
  );

/** Integer, from a number or a decimal string. */
export const int = (opts: { min?: number; max?: number } = {}) => {
  let s = z.number({ error: "must be an integer" }).int({ error: "must be an integer" });
  if (opts.min !== undefined) s = s.min(opts.min, { error: `must be at least ${opts.min}` });
  if (opts.max !== undefined) s = s.max(opts.max, { error: `must be at most ${opts.max}` });
  return z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v), s);
};

/** Non-empty text (trimmed). */
export const text = (what = "text") =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
    z.string({ error: `must be ${what}` }).min(1, { error: "must not be empty" }),
  );

/** One of the given values (case-insensitive on input, canonical spelling on output). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => {
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z.preprocess(
    (v) => (typeof v === "string" || typeof v === "number" ? (byLower.get(String(v).trim().toLowerCase()) ?? v) : v),
    z.enum(values, { error: `must be one of ${values.join(", ")}` }),
  );
};

/** Date YYYY-MM-DD or YYYYMMDD (or a Date), output YYYY-MM-DD (spec "Conventions", facts.md). */
export const date = () =>
  z.preprocess(
    (v) => {
      if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString().slice(0, 10);
      if (typeof v === "string" && /^\d{8}$/.test(v.trim())) {
        const s = v.trim();
        return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
      }
      return typeof v === "string" ? v.trim() : v;
    },
    z
      .string({ error: "must be a date YYYY-MM-DD or YYYYMMDD" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD or YYYYMMDD" })
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
        error: "is not a calendar date",
      }),
  );

/** Phone +CC.NUMBER (spec "Conventions"; the vendor SDK checks ^\+\d+\.\d+$). */
export const phone = () => z.preprocess((v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v), z.string().regex(EPP_PHONE, { error: EPP_PHONE_RULE }));

/** ISO 3166 two-letter country code, output upper case. */
export const country = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.string().regex(/^[A-Z]{2}$/, { error: "must be a two-letter country code such as ES" }),
  );

/** An e-mail address of RFC 5321 syntax (sdk/rules mail-syntax.ts); the message says what is wrong. */
export const email = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: "must be an e-mail address" }).superRefine((s, ctx) => {
      const problem = emailAddressProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `must be an e-mail address: ${problem}` });
    }),
  );

/** PAGE: pageLength and page (spec "Limits": default 1000 and 1; account/zones defaults to 100). */
export const page = (defaultPageLength = 1000) => ({
  pageLength: int({ min: 1, max: 1000 }).default(defaultPageLength),
  page: int({ min: 1 }).default(1),
});

/** DOMREF: domain (name) or domainID; one of the two is required (spec "domain module"). */
export const domRef = {
  domain: domainName().optional(),
  domainID: int({ min: 1 }).optional(),
};

export function requireDomRef(v: { domain?: string; domainID?: number }, ctx: z.RefinementCtx): void {
  if (v.domain === undefined && v.domainID === undefined) {
    ctx.addIssue({ code: "custom", path: ["domain"], message: "domain or domainID is required" });
  }
}

// ---------- CONTACTS block ----------

export const ROLES = ["owner", "admin", "tech", "billing"] as const;
export type Role = (typeof ROLES)[number];
export const CONTACT_FIELDS = [
  "Type",
  "FirstName",
  "LastName",
  "OrgName",
  "IdentNumber",
  "Email",
  "Phone",
  "Address",
  "PostalCode",
  "City",
  "State",
  "Country",
] as const;

/** Fields of one contact, without prefix (contact/create uses them as they are). */
export function contactFields() {
  return {
    Type: oneOf(["individual", "organization"] as const),
    // Lengths of the registries' EPP contact mapping (sdk/rules epp-contact.ts, RFC 5733).
    FirstName: eppText("firstName"),
    LastName: eppText("lastName"),
    OrgName: eppText("orgName").optional(),
    IdentNumber: eppText("identNumber"),
    Email: email(),
    Phone: phone(),
    Address: eppText("address"),
    PostalCode: eppText("postalCode"),
    City: eppText("city"),
    State: eppText("state"),
    Country: country(),
  };
}

const CONTACT_ID = /^[A-Z]+-[0-9]+$/;
export const contactId = () =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.string().regex(CONTACT_ID, { error: "must be a contact id such as ABC-12345" }));

/** The CONTACTS block's shape: <role>ContactID or <role>Contact<Field>, all optional in the shape. */
export function contactsShape() {
  const shape: Record<string, z.ZodType> = {};
  const fields = contactFields();
  for (const role of ROLES) {
    shape[`${role}ContactID`] = contactId().optional();
    for (const f of CONTACT_FIELDS) shape[`${role}Contact${f}`] = (fields[f] as z.ZodType).optional();
  }
  return shape as ContactsShape;
}
type FieldsOf = ReturnType<typeof contactFields>;
export type ContactsShape = {
  [K in `${Role}ContactID`]: z.ZodOptional<ReturnType<typeof contactId>>;
} & {
  [K in `${Role}Contact${keyof FieldsOf & string}`]: z.ZodOptional<z.ZodType<string, unknown>>;
};

/**
 * The rule of a contacts block (domain CONTACTS, the SSL order's): a role given by its ID needs
 * nothing more (the data is ignored, spec); a role given by data needs the full set (OrgName only
 * for organizations); `required` names the role that must be given. `issue` reports at a parameter.
 */
export function checkContactBlock(
  v: Record<string, unknown>,
  o: { roles: readonly string[]; given: readonly string[]; required?: string; issue: (path: string, message: string) => void },
): void {
  for (const role of o.roles) {
    if (v[`${role}ContactID`] !== undefined) continue;
    if (!o.given.some((f) => v[`${role}Contact${f}`] !== undefined)) {
      if (role === o.required) o.issue(`${role}ContactID`, `the ${role} contact is required: ${role}ContactID or the ${role}Contact* data`);
      continue;
    }
    for (const f of CONTACT_FIELDS) {
      if (f === "OrgName" && v[`${role}ContactType`] !== "organization") continue;
      if (v[`${role}Contact${f}`] === undefined) o.issue(`${role}Contact${f}`, `required when ${role} contact data is given instead of ${role}ContactID`);
    }
  }
}

/** Rules of the CONTACTS block (checkContactBlock); `ownerRequired` on create/transfer. */
export function checkContacts(ownerRequired: boolean) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) =>
    checkContactBlock(v, {
      roles: ROLES,
      given: CONTACT_FIELDS,
      required: ownerRequired ? "owner" : undefined,
      issue: (path, message) => ctx.addIssue({ code: "custom", path: [path], message }),
    });
}

// ---------- responses (loose, coercing: XML carries text) ----------

export const rBool = () =>
  z.preprocess((v) => (v === "1" || v === 1 || v === "true" ? true : v === "0" || v === 0 || v === "false" || v === "" ? false : v), z.boolean());
export const rInt = () => z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v), z.number().int());
export const rNum = () => z.preprocess((v) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v), z.number());
export const rStr = () => z.preprocess((v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v), z.string());
/** Array member; tolerates XML's empty element ("") and a single item. */
export const rArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));
/** Loose object: unknown members pass through (the API is "under continuous development"). */
export const rObj = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

export const queryInfo = () => rObj({ page: rInt(), pageLength: rInt(), results: rInt(), total: rInt() });
export const billing = () => rObj({ total: rNum(), currency: rStr() });

/** DOMSUM: name, status, tld, tsExpir, domainID (spec "domain module"). */
export const domSum = () => ({
  name: rStr(),
  status: rStr(),
  tld: rStr(),
  tsExpir: rStr(),
  domainID: rInt(),
});
