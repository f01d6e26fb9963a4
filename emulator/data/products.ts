/**
 * Hosting products (spec "Hosting service": product keys; facts.md: `mail` is the Mail Hosting plan).
 * The spec shows no prices or quotas (they are "returned at run time", spec "Limits"): the numbers
 * below are the emulator's own, chosen to look like a reseller price list.
 *
 * Upgrade order: the order of PRODUCTS (prices rise along it). service/upgrade moves only to a
 * product later in this list; the same or an earlier one is refused with 4008 ("service upgrade
 * failed"), and so is a product whose quotas cannot hold what the service already has.
 */
import type { PRODUCT_KEYS } from "../../sdk/catalogue/service";

export type ProductKey = (typeof PRODUCT_KEYS)[number];

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** Counted and measured resources of spec "Hosting service" (getinfo infoType=resources). */
export interface Quotas {
  ftp: number;
  ddbb: number;
  subdomain: number;
  email: number;
  emailalias: number;
  /** Bytes. */
  ftpusage: number;
  /** Bytes. */
  ddbbusage: number;
  /** Bytes per month. */
  webtraffic: number;
  /** Files. */
  ftpfiles: number;
}

export interface Product {
  key: ProductKey;
  /** Human-readable name, the `type` member of service answers. */
  type: string;
  /** Price per year in the account's currency. */
  price: number;
  /** Web space with PHP (ftp, databases, subdomains, web constructor); mail and redir plans have none. */
  web: boolean;
  /** Size of each mailbox (mail quotaMax), bytes. */
  mailboxQuota: number;
  quotas: Quotas;
}

const q = (
  ftp: number,
  ddbb: number,
  subdomain: number,
  email: number,
  emailalias: number,
  diskGiB: number,
  dbGiB: number,
  trafficGiB: number,
  files: number,
): Quotas => ({
  ftp,
  ddbb,
  subdomain,
  email,
  emailalias,
  ftpusage: diskGiB * GiB,
  ddbbusage: dbGiB * GiB,
  webtraffic: trafficGiB * GiB,
  ftpfiles: files,
});

/** In upgrade order. */
export const PRODUCTS: readonly Product[] = [
  { key: "redir", type: "Redirect & Parking", price: 9.95, web: false, mailboxQuota: 0, quotas: q(0, 0, 0, 0, 0, 0, 0, 1, 0) },
  { key: "mini", type: "Hosting Mini", price: 19.95, web: true, mailboxQuota: 1 * GiB, quotas: q(1, 1, 2, 5, 10, 1, 0.25, 10, 10000) },
  { key: "mail", type: "Mail Hosting", price: 24.95, web: false, mailboxQuota: 2 * GiB, quotas: q(0, 0, 0, 10, 20, 0, 0, 0, 0) },
  { key: "mailplus", type: "Mail Hosting Plus", price: 39.95, web: false, mailboxQuota: 5 * GiB, quotas: q(0, 0, 0, 25, 50, 0, 0, 0, 0) },
  { key: "mailpro", type: "Mail Hosting Pro", price: 59.95, web: false, mailboxQuota: 10 * GiB, quotas: q(0, 0, 0, 50, 100, 0, 0, 0, 0) },
  { key: "basic", type: "Hosting Basic", price: 79.95, web: true, mailboxQuota: 2 * GiB, quotas: q(3, 3, 10, 25, 50, 10, 1, 100, 100000) },
  { key: "professional", type: "Hosting Professional", price: 119.95, web: true, mailboxQuota: 5 * GiB, quotas: q(10, 10, 25, 50, 100, 25, 2, 250, 250000) },
  { key: "advanced", type: "Hosting Advanced", price: 179.95, web: true, mailboxQuota: 10 * GiB, quotas: q(25, 25, 50, 100, 200, 50, 5, 500, 500000) },
  { key: "corporate", type: "Hosting Corporate", price: 299.95, web: true, mailboxQuota: 20 * GiB, quotas: q(50, 50, 100, 250, 500, 100, 10, 1024, 1000000) },
];

export function getProduct(key: string): Product | undefined {
  return PRODUCTS.find((p) => p.key === key);
}

/** Position in the upgrade order (higher = bigger product). */
export function productRank(key: string): number {
  return PRODUCTS.findIndex((p) => p.key === key);
}

/** PHP versions a web product offers (spec "Hosting service": php.available includes the default). */
export const PHP_VERSIONS = ["7.4", "8.1", "8.2", "8.3"] as const;
export const DEFAULT_PHP_VERSION = "8.2";

/**
 * The emulator's hosting platform, named once for every module (default DNS records, domain
 * nameservers, tool/dig). TEST-NET-1 (RFC 5737) and the reserved `.test` TLD (RFC 2606), so nothing
 * the emulator answers can point at a real host.
 */
export const EMULATOR_NAMESERVERS = ["ns1.emulator.test", "ns2.emulator.test"] as const;
export const EMULATOR_HOSTING_IP = "192.0.2.10";
/** Host of the emulator's hosting servers (serverinfo) and of the web constructor login URL. */
export const EMULATOR_PLATFORM_HOST = "hosting.emulator.test";
