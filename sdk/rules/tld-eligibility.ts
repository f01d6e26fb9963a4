/**
 * Who may hold a domain of a TLD, as the account's zone data (account/zones `requirements`) and the
 * registries state it, judged on the owner contact: its type, country and identity number.
 * - .es family (ESNIC): the identity number of a Spanish resident is a NIF or NIE, a company's a
 *   NIF (CIF); a number of one of those shapes must carry the right check character wherever the
 *   owner lives (es-identity.ts). .nom.es is for individuals, .org.es for non-profit organisations.
 * - .eu (EURid, Regulation (EU) 2019/517): an owner residing or established in the EU, Iceland,
 *   Liechtenstein or Norway.
 * - .fr (AFNIC naming charter): an owner residing or established in the EU, Iceland, Liechtenstein,
 *   Norway or Switzerland.
 */
import { spanishId } from "./es-identity";

/** EU member states (ISO 3166 codes) and the EEA's other members. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set("AT BE BG HR CY CZ DK EE FI FR DE GR IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" "));
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([...EU_COUNTRIES, "IS", "LI", "NO"]);

/** The owner as far as the rules need it (a contact's data, or a reusable contact's getinfo). */
export interface OwnerFacts {
  contactType?: string;
  country?: string;
  identNumber?: string;
}

export interface EligibilityProblem {
  /** The owner's field at fault. */
  field: "contactType" | "country" | "identNumber";
  rule: string;
}

const ES_FAMILY = new Set(["es", "com.es", "nom.es", "org.es", "gob.es", "edu.es"]);

/** The TLD (as account/zones spells it) of an ASCII domain name, for the TLDs with rules here. */
function tldOf(asciiDomain: string): string {
  const labels = asciiDomain.toLowerCase().replace(/\.$/, "").split(".");
  const two = labels.slice(-2).join(".");
  return labels.length > 2 && ES_FAMILY.has(two) ? two : (labels.at(-1) ?? "");
}

/** What keeps `owner` from holding `asciiDomain` (empty when nothing does, or the TLD has no such rule). */
export function ownerEligibilityProblems(asciiDomain: string, owner: OwnerFacts): EligibilityProblem[] {
  const tld = tldOf(asciiDomain);
  const out: EligibilityProblem[] = [];
  const country = owner.country?.trim().toUpperCase();
  if (ES_FAMILY.has(tld)) {
    if (tld === "nom.es" && owner.contactType !== undefined && owner.contactType !== "individual")
      out.push({
        field: "contactType",
        rule: `.nom.es domains are for individuals only (ESNIC; account/zones requirements): the owner is an ${owner.contactType}`,
      });
    if (tld === "org.es" && owner.contactType !== undefined && owner.contactType !== "organization")
      out.push({
        field: "contactType",
        rule: `.org.es domains are for non-profit organisations only (ESNIC; account/zones requirements): the owner is an ${owner.contactType}`,
      });
    if (owner.identNumber !== undefined) {
      const id = spanishId(owner.identNumber);
      if (id?.problem) out.push({ field: "identNumber", rule: `${id.problem} (ESNIC checks the identity number of a .${tld} owner)` });
      else if (!id && country === "ES")
        out.push({
          field: "identNumber",
          rule: `an owner in Spain is identified by a NIF or NIE (a company by its NIF, formerly CIF), such as 12345678Z or X1234567L (ESNIC, .${tld})`,
        });
      else if (id?.kind === "CIF" && owner.contactType === "individual")
        out.push({ field: "identNumber", rule: `${id.value} is a company's NIF (CIF); an individual owner gives a personal NIF or NIE (ESNIC, .${tld})` });
    }
  }
  if (tld === "eu" && country !== undefined && !EEA_COUNTRIES.has(country))
    out.push({
      field: "country",
      rule: `.eu domains need an owner residing or established in the EU, Iceland, Liechtenstein or Norway (EURid; account/zones requirements): ${country} is not one`,
    });
  if (tld === "fr" && country !== undefined && !EEA_COUNTRIES.has(country) && country !== "CH")
    out.push({
      field: "country",
      rule: `.fr domains need an owner residing or established in the EU, Iceland, Liechtenstein, Norway or Switzerland (AFNIC; account/zones requirements): ${country} is not one`,
    });
  return out;
}
