/**
 * Field schemas of the ssl module (sdk/catalogue/ssl.ts): certificate names, validation methods, the
 * admin/tech/org contact block and the numbered alt_name_N / alt_validation_N parameters
 * (facts.md "SSL").
 */
import { z } from "zod";
import { asciiOrSelf, cleanHost, isEmailAddress, isHostName } from "../rules";
import { CONTACT_FIELDS, checkContactBlock, contactFields, contactId, text } from "./fields";

/** facts.md "SSL": certificate status values. */
export const SSL_STATUSES = ["process", "valid", "expired", "renew", "reissue", "cancel"] as const;
export type SslStatus = (typeof SSL_STATUSES)[number];

/** A certificate name: a host name of two labels or more, optionally with a leading "*." (wildcard). */
export function isSslName(v: string): boolean {
  const base = v.startsWith("*.") ? v.slice(2) : v;
  return isHostName(asciiOrSelf(base), 2);
}

export const sslName = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? cleanHost(v) : v),
    z.string({ error: "must be a host name" }).refine(isSslName, { error: "must be a host name such as www.example.com or *.example.com" }),
  );

const METHODS = ["dns", "http", "https"] as const;
/** A validationMethod as a type: one of the methods, or the approver's e-mail address. */
export type ValidationMethod = (typeof METHODS)[number] | `${string}@${string}`;

export function isValidationMethod(v: string): boolean {
  return (METHODS as readonly string[]).includes(v) || isEmailAddress(v);
}

/** facts.md "SSL": validationMethod is http, https, dns or an e-mail address (the approver's). */
export const validationMethod = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string({ error: "must be dns, http, https or an e-mail address" }).refine(isValidationMethod, { error: "must be dns, http, https or an e-mail address" }),
  );

/** facts.md "SSL": contact prefixes of ssl/create. */
export const SSL_ROLES = ["admin", "tech", "org"] as const;
export type SslRole = (typeof SSL_ROLES)[number];
/** The contact fields ssl/create accepts: the domain CONTACTS fields plus OrgType (vendor PHP SDK). */
export const SSL_CONTACT_FIELDS = [...CONTACT_FIELDS, "OrgType"] as const;

export function sslContactsShape() {
  const fields: Record<string, z.ZodType> = { ...contactFields(), OrgType: text() };
  const shape: Record<string, z.ZodType> = {};
  for (const role of SSL_ROLES) {
    shape[`${role}ContactID`] = contactId().optional();
    for (const f of SSL_CONTACT_FIELDS) shape[`${role}Contact${f}`] = fields[f].optional();
  }
  return shape as {
    [K in `${SslRole}ContactID`]: z.ZodOptional<ReturnType<typeof contactId>>;
  } & {
    [K in `${SslRole}Contact${(typeof SSL_CONTACT_FIELDS)[number]}`]: z.ZodOptional<z.ZodType<string, unknown>>;
  };
}

const ALT_NAME = /^alt_name_(\d+)$/;
const ALT_VALIDATION = /^alt_validation_(\d+)$/;

/** alt_name_N (with alt_validation_N when given), in order of N. Values are trimmed and lower-cased. */
export function collectAltNames(v: Record<string, unknown>): { n: number; name: string; validation?: string }[] {
  const out: { n: number; name: string; validation?: string }[] = [];
  for (const [k, val] of Object.entries(v)) {
    const m = ALT_NAME.exec(k);
    if (!m || typeof val !== "string" || val.trim() === "") continue;
    const n = Number(m[1]);
    const validation = v[`alt_validation_${n}`];
    const name = cleanHost(val);
    out.push({ n, name, ...(typeof validation === "string" && validation.trim() ? { validation: validation.trim().toLowerCase() } : {}) });
  }
  return out.sort((a, b) => a.n - b.n);
}

function missing(ctx: z.RefinementCtx, path: string, message: string): void {
  // invalid_type with an absent input: reported as a missing parameter (101), like the domain CONTACTS block.
  ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: [path], message });
}

/**
 * Cross-field rules of ssl/create, renew and reissue: the admin contact (ID or the full data set;
 * required on create), complete data for any role given by data, and the numbered alternative names.
 */
export function checkOrder(adminRequired: boolean) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    checkContactBlock(v, {
      roles: SSL_ROLES,
      given: SSL_CONTACT_FIELDS,
      required: adminRequired ? "admin" : undefined,
      issue: (path, message) => missing(ctx, path, message),
    });
    for (const [k, val] of Object.entries(v)) {
      const name = ALT_NAME.exec(k);
      const validation = ALT_VALIDATION.exec(k);
      if (name) {
        if (Number(name[1]) < 1) ctx.addIssue({ code: "custom", path: [k], message: "alternative names are numbered from 1 (alt_name_1, alt_name_2, ...)" });
        else if (typeof val !== "string" || !isSslName(cleanHost(val))) {
          ctx.addIssue({ code: "custom", path: [k], message: "must be a host name such as www.example.com" });
        }
      } else if (validation) {
        if (typeof val !== "string" || !isValidationMethod(val.trim().toLowerCase())) {
          ctx.addIssue({ code: "custom", path: [k], message: "must be dns, http, https or an e-mail address" });
        } else if (v[`alt_name_${validation[1]}`] === undefined) {
          ctx.addIssue({ code: "custom", path: [k], message: `alt_validation_${validation[1]} needs alt_name_${validation[1]}` });
        }
      }
    }
  };
}
