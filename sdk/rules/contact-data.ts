/**
 * A contact's data as registries validate it, field against field: the country is an ISO 3166
 * code (countries.ts), the postal code has that country's shape (postal-code.ts), the phone is an
 * E.164 number (phone.ts), and a Spanish resident's identity number of a NIF, NIE or company NIF
 * shape carries the right check character (es-identity.ts: a wrong one is a typo ESNIC and the
 * Tax Agency refuse). Used by the provider's inputs (Contact, and contacts given inline) and by the
 * emulator's contact/create (3002), so that both refuse the same data. Warnings: what works but is
 * likely wrong (a phone of another country, an e-mail domain the public DNS never answers).
 */
import { countryCodeProblem } from "./countries";
import { spanishId } from "./es-identity";
import { phoneCountryMismatch, phoneNumberProblem } from "./phone";
import { postalCodeProblem } from "./postal-code";
import { unresolvableHostProblem } from "./special-use";

export interface ContactDataFacts {
  country?: string;
  postalCode?: string;
  phone?: string;
  identNumber?: string;
  email?: string;
}

export interface ContactDataProblem {
  field: "country" | "postalCode" | "phone" | "identNumber" | "email";
  rule: string;
}

/** What a registry would refuse in this contact data (fields that are absent are not judged). */
export function contactDataProblems(c: ContactDataFacts): ContactDataProblem[] {
  const out: ContactDataProblem[] = [];
  const country = c.country?.trim().toUpperCase();
  const countryProblem = country === undefined ? undefined : countryCodeProblem(country);
  if (countryProblem) out.push({ field: "country", rule: countryProblem });
  if (country && !countryProblem && c.postalCode !== undefined) {
    const p = postalCodeProblem(country, c.postalCode);
    if (p) out.push({ field: "postalCode", rule: p });
  }
  if (c.phone !== undefined) {
    const p = phoneNumberProblem(c.phone.replace(/[\s-]/g, ""));
    if (p) out.push({ field: "phone", rule: p });
  }
  if (country === "ES" && c.identNumber !== undefined) {
    const id = spanishId(c.identNumber);
    if (id?.problem) out.push({ field: "identNumber", rule: `${id.problem} (a contact in Spain: the Spanish registry and tax authority check it)` });
  }
  return out;
}

/** What works but is likely wrong in this contact data (warnings). */
export function contactDataWarnings(c: ContactDataFacts): ContactDataProblem[] {
  const out: ContactDataProblem[] = [];
  if (c.phone !== undefined && c.country !== undefined) {
    const p = phoneCountryMismatch(c.phone.replace(/[\s-]/g, ""), c.country);
    if (p) out.push({ field: "phone", rule: p });
  }
  if (c.email !== undefined) {
    const domain = c.email.slice(c.email.lastIndexOf("@") + 1);
    const p = unresolvableHostProblem(domain);
    if (p)
      out.push({
        field: "email",
        rule: `${p}: mail to ${c.email} is never delivered, so the registry's verification mail fails (ICANN RAA Whois Accuracy Program)`,
      });
  }
  return out;
}
