/**
 * Lengths of contact data that the registries' EPP contact mapping allows (RFC 5733 section 4,
 * contact-1.0 schema): name, org, street, city and sp are postalLineType (1 to 255 characters), pc
 * at most 16, voice an E.164 number of at most 17 characters ("+" 1-3 digits "." up to 14 digits),
 * and the domain registries' e-mail addresses RFC 5321's 254 octets (mail-syntax.ts). A value the
 * registry would refuse is refused here, before a contact or a domain order is sent.
 * The contact's first and last names become one EPP name: together (with the space) 255 at most.
 */
import { z } from "zod";

export const EPP_LIMITS = {
  firstName: 255,
  lastName: 255,
  orgName: 255,
  address: 255,
  city: 255,
  state: 255,
  postalCode: 16,
  /** Not an EPP field: the registries' authInfo/ident extensions take up to 255 as well. */
  identNumber: 255,
} as const;
export type EppField = keyof typeof EPP_LIMITS;

const EPP_NAME: Record<EppField, string> = {
  firstName: "name",
  lastName: "name",
  orgName: "org",
  address: "street",
  city: "city",
  state: "sp",
  postalCode: "pc",
  identNumber: "ident",
};

/** Why `value` of contact field `field` is longer than EPP allows, or undefined. */
export function eppLengthProblem(field: EppField, value: string): string | undefined {
  const max = EPP_LIMITS[field];
  const n = [...value].length;
  return n > max ? `${n} characters; the registries' EPP contact ${EPP_NAME[field]} holds at most ${max} (RFC 5733)` : undefined;
}

/** The first and last names as one EPP name (RFC 5733 postalInfo name: 255 at most). */
export function eppNameProblem(firstName: string, lastName: string): string | undefined {
  const n = [...`${firstName} ${lastName}`].length;
  return n > 255 ? `first and last name together are ${n} characters; the registries' EPP contact name holds at most 255 (RFC 5733)` : undefined;
}

/** E.164 phone as EPP writes it (RFC 5733 2.5): +CC.NUMBER, 1-3 digits of country code, up to 14 digits, 17 characters at most (the message keeps the form users know). */
export const EPP_PHONE = /^\+\d{1,3}\.\d{4,14}$/;
export const EPP_PHONE_RULE = "must be +CC.NUMBER, for example +34.931234567";

/** Non-empty trimmed text of an EPP contact field (its length limit checked). */
export const eppText = (field: EppField) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "must be text" })
      .min(1, { error: "must not be empty" })
      .superRefine((s, ctx) => {
        const problem = eppLengthProblem(field, s);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  );
