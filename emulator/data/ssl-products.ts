/**
 * The emulator's SSL product set (spec "SSL product"): one product of each kind a reseller sells.
 * Names and prices are realistic, not the vendor's. Choices where the spec is silent:
 * - create.create / renew.create are prices PER YEAR; an order costs price x period.
 * - years lists the allowed periods, ascending; the first is the default (spec ssl/create: "default
 *   the product minimum years"). The API renders it as a comma-separated string ("1,2").
 * - numDomains is how many names the base price covers (multi-domain: the CN plus SANs); each name
 *   beyond it costs sanPrice per year; sanMaxDomains caps the names of one certificate.
 * - The trial product has trialPeriod and no create/renew objects (spec); ordering it is free and
 *   gives a certificate valid for the trial period that cannot be renewed.
 */
export interface SslPrice {
  create: number;
  years: number[];
  isPromo?: boolean;
}

export interface SslProduct {
  productID: number;
  productName: string;
  brandName: string;
  validationType: "dv" | "ov" | "ev";
  isMultiDomain: boolean;
  isWildcard: boolean;
  isTrial: boolean;
  numDomains: number;
  keyLength: number;
  encryption: number;
  create?: SslPrice;
  renew?: SslPrice;
  /** Trial products only: e.g. "30 days". */
  trialPeriod?: string;
  /** Days of a trial certificate (trialPeriod as a number). */
  trialDays?: number;
  sanMaxDomains?: number;
  sanPrice?: number;
}

const base = { brandName: "Sectigo", keyLength: 2048, encryption: 256, isMultiDomain: false, isWildcard: false, isTrial: false, numDomains: 1 };

export const SSL_PRODUCTS: SslProduct[] = [
  {
    ...base,
    productID: 101,
    productName: "PositiveSSL",
    validationType: "dv",
    create: { create: 9.95, years: [1, 2] },
    renew: { create: 9.95, years: [1, 2] },
  },
  {
    ...base,
    productID: 102,
    productName: "PositiveSSL Wildcard",
    validationType: "dv",
    isWildcard: true,
    create: { create: 79.95, years: [1, 2] },
    renew: { create: 84.95, years: [1, 2] },
  },
  {
    ...base,
    productID: 103,
    productName: "PositiveSSL Multi-Domain",
    validationType: "dv",
    isMultiDomain: true,
    numDomains: 3,
    sanMaxDomains: 100,
    sanPrice: 9.95,
    create: { create: 29.95, years: [1, 2], isPromo: true },
    renew: { create: 34.95, years: [1, 2] },
  },
  {
    ...base,
    productID: 104,
    productName: "InstantSSL",
    validationType: "ov",
    create: { create: 39.95, years: [1, 2] },
    renew: { create: 39.95, years: [1, 2] },
  },
  { ...base, productID: 105, productName: "EV SSL", validationType: "ev", create: { create: 99.95, years: [1, 2] }, renew: { create: 99.95, years: [1, 2] } },
  {
    ...base,
    productID: 106,
    productName: "EV Multi-Domain SSL",
    validationType: "ev",
    isMultiDomain: true,
    numDomains: 3,
    sanMaxDomains: 250,
    sanPrice: 49.95,
    create: { create: 199.95, years: [1, 2] },
    renew: { create: 199.95, years: [1, 2] },
  },
  { ...base, productID: 107, productName: "Trial SSL", validationType: "dv", isTrial: true, trialPeriod: "30 days", trialDays: 30 },
];

export function findSslProduct(productID: number): SslProduct | undefined {
  return SSL_PRODUCTS.find((p) => p.productID === productID);
}
