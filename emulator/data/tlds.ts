/**
 * The TLD table (account/zones, domain/check prices, allowed years, authcode requirement,
 * TLD-specific parameters). The interface is the contract account/zones and domain/* rely on.
 *
 * Prices are EUR, in the range DonDominio's public price list shows; they are emulator data, not
 * quotes. Emulator choices where the spec is silent (spec "TLD zone": create/renew/transfer are
 * present only when the operation is allowed; "only TLDs that allow it" for the flags):
 * - `.es` family: no transferBlock (ESNIC has no registrar lock), no whoisPrivacy (ESNIC publishes
 *   no contact data to begin with), viewWhois yes; IDN names accepted (e.g. españa.es).
 * - `.ru`: no authcode (transfers go through a registry letter), one-year terms, no flags.
 * - `.aero`: no transfer offered (the registry's membership check is done offline).
 * - `.eu`, `.fr`, `.cat`: viewWhois instead of a privacy service (their registries hide
 *   individuals' data unless the holder agrees to show it).
 * - `idn` marks the TLDs that accept internationalised names; the others answer 2001 for xn-- names.
 */
export interface TldPrice {
  /** Price per year (create, renew) or per operation (transfer), in the account's currency. */
  price: number;
  /** Allowed years, ascending; the first is the default (spec "Limits"). */
  years: number[];
  inPromo?: boolean;
}

export interface TldInfo {
  /** As the API writes it: "com", "es", "com.es". */
  tld: string;
  /** Top-level label: "com", "es". */
  tldtop: string;
  authcodereq: boolean;
  /** Text of special requirements, when the zone has them. */
  requirements?: string;
  create?: TldPrice;
  renew?: TldPrice;
  transfer?: TldPrice;
  /** Which per-domain flags the registry supports (spec Domain: "only TLDs that allow it"); a flag the TLD lacks is absent from getinfo (infoType=status) and list items (modules/domain/views.ts). */
  supports: { transferBlock: boolean; whoisPrivacy: boolean; viewWhois: boolean };
  /** Accepts internationalised (IDN) names. */
  idn?: boolean;
}

const Y1_10 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const GTLD = { transferBlock: true, whoisPrivacy: true, viewWhois: false };
const ES = { transferBlock: false, whoisPrivacy: false, viewWhois: true };
const REQ_ES =
  "The owner needs an identity document number (NIF/NIE for Spanish residents, passport or VAT number otherwise) and a real connection with Spain is recommended.";

function zone(tld: string, create: number, renew: number, transfer: number | undefined, extra: Partial<TldInfo> = {}): TldInfo {
  return {
    tld,
    tldtop: tld.split(".").pop() ?? tld,
    authcodereq: true,
    create: { price: create, years: Y1_10 },
    renew: { price: renew, years: Y1_10 },
    ...(transfer === undefined ? {} : { transfer: { price: transfer, years: [1] } }),
    supports: GTLD,
    ...extra,
  };
}

export const TLDS: TldInfo[] = [
  zone("com", 11.95, 11.95, 10.95, { idn: true }),
  zone("net", 13.95, 13.95, 12.95, { idn: true }),
  zone("org", 12.95, 13.95, 12.95),
  zone("info", 3.95, 19.95, 18.95, { create: { price: 3.95, years: Y1_10, inPromo: true } }),
  zone("biz", 15.95, 15.95, 14.95),
  zone("io", 39.95, 39.95, 39.95),
  zone("es", 6.95, 8.95, 8.95, { supports: ES, idn: true, requirements: REQ_ES }),
  zone("com.es", 5.95, 5.95, 5.95, { supports: ES, idn: true, requirements: REQ_ES }),
  zone("nom.es", 5.95, 5.95, 5.95, { supports: ES, idn: true, requirements: `${REQ_ES} Only for individuals.` }),
  zone("org.es", 5.95, 5.95, 5.95, { supports: ES, idn: true, requirements: `${REQ_ES} Only for non-profit organisations.` }),
  zone("eu", 8.95, 8.95, 8.95, {
    supports: ES,
    idn: true,
    requirements: "The owner must reside or be established in the European Union, Iceland, Liechtenstein or Norway.",
  }),
  zone("cat", 24.95, 24.95, 24.95, {
    supports: { transferBlock: true, whoisPrivacy: false, viewWhois: true },
    idn: true,
    requirements: "Domains must serve the Catalan linguistic and cultural community: domainIntendedUse is required.",
  }),
  zone("barcelona", 39.95, 39.95, 39.95, { requirements: "Connection with Barcelona required: domainIntendedUse is required." }),
  zone("fr", 9.95, 9.95, 9.95, {
    supports: { transferBlock: true, whoisPrivacy: false, viewWhois: true },
    requirements: "The owner must reside or be established in the European Union; organisations may register with frTradeMark or frSirenNumber.",
  }),
  zone("fi", 29.95, 29.95, 29.95, { requirements: "Individual owners must give ownerDateOfBirth." }),
  zone("ru", 19.95, 19.95, 19.95, {
    authcodereq: false,
    create: { price: 19.95, years: [1] },
    renew: { price: 19.95, years: [1] },
    supports: { transferBlock: false, whoisPrivacy: false, viewWhois: false },
    requirements: "Individual owners must give ownerDateOfBirth, ruIssuer and ruIssuerDate of their identity document.",
  }),
  zone("aero", 59.95, 59.95, undefined, {
    create: { price: 59.95, years: [1, 2, 5] },
    renew: { price: 59.95, years: [1, 2, 5] },
    supports: { transferBlock: true, whoisPrivacy: false, viewWhois: false },
    requirements: "Only for members of the aviation community: aeroId and aeroPass of the registry membership are required.",
  }),
  zone("xxx", 89.95, 89.95, 89.95, { requirements: "xxxClass is required; xxxName and xxxEmail for class default, xxxId for class membership." }),
  zone("jobs", 129.95, 129.95, 129.95, {
    supports: { transferBlock: true, whoisPrivacy: false, viewWhois: false },
    requirements: "For human-resources use: a website (jobs<Role>Website) for each contact is required on transfer.",
  }),
];

/** The most specific TLD entry for a (punycode) domain name: "example.com.es" -> com.es before es. */
export function findTld(domain: string): TldInfo | undefined {
  const labels = domain.toLowerCase().split(".");
  for (let i = 1; i < labels.length; i++) {
    const candidate = labels.slice(i).join(".");
    const hit = TLDS.find((t) => t.tld === candidate);
    if (hit) return hit;
  }
  return undefined;
}
