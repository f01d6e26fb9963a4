/**
 * The TLD table (account/zones, domain/check prices, allowed years, authcode requirement,
 * TLD-specific parameters). Owned by the domain module's helper, who completes the list; the
 * interface is the contract account/zones and domain/* rely on.
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
  /** Which per-domain flags the registry supports (spec Domain: "only TLDs that allow it"). */
  supports: { transferBlock: boolean; whoisPrivacy: boolean; viewWhois: boolean };
}

export const TLDS: TldInfo[] = [
  {
    tld: "com",
    tldtop: "com",
    authcodereq: true,
    create: { price: 11.95, years: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    renew: { price: 11.95, years: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    transfer: { price: 10.95, years: [1] },
    supports: { transferBlock: true, whoisPrivacy: true, viewWhois: false },
  },
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
