/**
 * Domain records and the rules shared by the domain handlers: lookups, names, the world outside the
 * emulator ("registered elsewhere", premium names), authcodes and history.
 */
import { RESERVED_EXAMPLE_NAMES, toUnicode } from "../../../sdk/rules";
import { EMULATOR_NAMESERVERS } from "../../data/products";
import { ymd, ymdhms } from "../../core/clock";
import type { HandlerContext } from "../../core/context";
import type { RandomSource } from "../../core/random";
import { fault } from "../../core/errors";
import { type AccountState, registerAccountSlice, type World } from "../../core/state";
import { asciiName } from "./names";
import { outcomeOf } from "./outcomes";
import { ErrorCode } from "../../../sdk/core/error-codes";

export { asciiName } from "./names";

/** Spec "States and transitions". */
export type DomainStatus =
  | "register-init"
  | "register-pending"
  | "register-cancel"
  | "transfer-init"
  | "transfer-pending"
  | "transfer-cancel"
  | "inactive"
  | "active"
  | "renewed"
  | "expired-renewgrace"
  | "expired-redemption"
  | "expired-pendingdelete";

export type RenewalMode = "autorenew" | "manual" | "letexpire";

export interface HistoryEntry {
  ts: string;
  ip: string;
  user: string;
  title: string;
  message: string;
}

export interface GlueRecord {
  name: string;
  ipv4: string;
  ipv6?: string;
}

export interface DnssecEntry {
  keytag: number;
  algorithm: number;
  digesttype: number;
  digest: string;
}

export interface DomainRecord {
  domainID: number;
  /** Unicode form (spec Domain: name). */
  name: string;
  /** IDNA form. */
  punycode: string;
  tld: string;
  status: DomainStatus;
  /** When the current status began (ms on the emulator clock): the ticker's timer. */
  statusSinceMs: number;
  /** "" until the registration or transfer completes (spec "Conventions"). */
  tsCreate: string;
  tsExpir: string;
  /** Years registered (create) or added by the transfer. */
  period: number;
  premium: boolean;
  renewalMode: RenewalMode;
  modifyBlock: boolean;
  transferBlock: boolean;
  whoisPrivacy: boolean;
  viewWhois: boolean;
  /** Comma-separated tags, "" for none. */
  tag: string;
  /**
   * "" when no transfer ran; else init, set-auth, queued, pending-auth, pending-tag,
   * pending-registry, cancelled or completed (spec transferStatus; the moves: transfer.ts).
   */
  transferStatus: string;
  /** Held by the control API (domain/transition hold): no move by time until the next request. */
  held?: boolean;
  /** Secret: never logged nor put in messages. */
  authcode: string;
  /** Transfers only: the authcode the caller gave, checked when the registry processes the transfer. */
  transferAuthcode?: string;
  /** A premium name's yearly price set per name when it was ordered (renewals cost the same); absent = PREMIUM_FACTOR times the TLD's. */
  premiumPrice?: number;
  /** Transfers only: keep the losing side's nameservers. */
  keepNameservers?: boolean;
  defaultNS: boolean;
  /** "parking" until nameservers are set; host names (punycode) otherwise. */
  nameservers: string[];
  contacts: { owner: string; admin: string; tech: string; billing: string };
  gluerecords: GlueRecord[];
  dnssec: DnssecEntry[];
  history: HistoryEntry[];
  /** TLD-specific data given on create/transfer (aeroId, xxxClass, ...); secrets excluded. */
  tldData: Record<string, string>;
}

export interface DeletedDomain {
  name: string;
  tld: string;
  tsDeleted: string;
  info: string;
  domainID: number;
}

declare module "../../core/state" {
  interface AccountState {
    /** Keyed by String(domainID). */
    domains: Record<string, DomainRecord>;
    deletedDomains: DeletedDomain[];
  }
}
registerAccountSlice("domains", () => ({}));
registerAccountSlice("deletedDomains", () => []);

/**
 * Emulator choice: nameservers of the parking service ("parking" on create) and the service's own
 * servers ("default" on update). Addresses are from TEST-NET-3 (RFC 5737), never routable.
 */
export const PARKING_NS = ["parking1.dondominio.net", "parking2.dondominio.net"];
// One set for the whole emulator: the zones of hosting services name the same servers (tool/zonecheck).
export const DEFAULT_NS: string[] = [...EMULATOR_NAMESERVERS];
export const KNOWN_NS_IPS: Record<string, string> = {
  "parking1.dondominio.net": "203.0.113.10",
  "parking2.dondominio.net": "203.0.113.11",
  [EMULATOR_NAMESERVERS[0]]: "203.0.113.20",
  [EMULATOR_NAMESERVERS[1]]: "203.0.113.21",
};
/** What "keepns" keeps for a name registered outside the emulator. */
export const EXTERNAL_NS = ["ns1.other-registrar.example", "ns2.other-registrar.example"];

/**
 * The world outside the emulator, per name: what the control API set for it (domain/outcome:
 * taken, premium, price, authcode; outcomes.ts), else these defaults, chosen by spelling.
 * Default: names "registered elsewhere" (held by a registrar outside the emulator) are every name
 * whose registrable label contains "taken", plus this fixed list (with the RFC 2606 example names,
 * which IANA holds).
 */
export const REGISTERED_ELSEWHERE = new Set(["google.com", "facebook.com", "wikipedia.org", "amazon.es", "dondominio.com", ...RESERVED_EXAMPLE_NAMES]);

/** The label left of the TLD: "shop" in shop.com.es. */
export function sldOf(punycode: string, tld: string): string {
  return punycode.slice(0, punycode.length - tld.length - 1);
}

export function isRegisteredElsewhere(world: World, punycode: string, tld: string): boolean {
  const set = outcomeOf(world, punycode).taken;
  if (set !== undefined) return set;
  return REGISTERED_ELSEWHERE.has(punycode) || sldOf(punycode, tld).includes("taken");
}

/**
 * Premium names need premium=true on create. Default: those whose registrable label has 1 to 3
 * characters or contains "premium", at PREMIUM_FACTOR times the TLD's price; an outcome set per name
 * says premium or not, and its yearly price.
 */
export const PREMIUM_FACTOR = 25;
export function isPremium(world: World, punycode: string, tld: string): boolean {
  const set = outcomeOf(world, punycode);
  if (set.price !== undefined) return true;
  if (set.premium !== undefined) return set.premium;
  const sld = toUnicode(sldOf(punycode, tld));
  return [...sld].length <= 3 || sld.includes("premium");
}

/** The yearly price of a premium name set per name (domain/outcome price); undefined = PREMIUM_FACTOR times the TLD's. */
export function premiumPriceOf(world: World, punycode: string): number | undefined {
  return outcomeOf(world, punycode).price;
}

/**
 * Whether the losing registrar of a name registered outside the emulator accepts an authcode: the
 * code set per name (domain/outcome authcode) when there is one; by default (the emulator cannot
 * know it) a code is wrong when it has fewer than 6 characters or contains "wrong".
 */
export function externalAuthcodeOk(world: World, punycode: string, code: string | undefined): boolean {
  const set = outcomeOf(world, punycode).authcode;
  if (set !== undefined) return code === set;
  return code !== undefined && code.length >= 6 && !code.toLowerCase().includes("wrong");
}

const AUTH_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789#$%*+-";
/** A fresh 16-character authcode (registries accept 6 to 32 characters with symbols). */
export function newAuthcode(random: RandomSource): string {
  return random.pick(AUTH_ALPHABET, 16);
}

/** The account holding a name, searching the whole world (domains are unique across registrars). */
export function holderOf(world: World, punycode: string): { account: AccountState; domain: DomainRecord } | undefined {
  for (const account of Object.values(world.accounts)) {
    for (const domain of Object.values(account.domains)) if (domain.punycode === punycode) return { account, domain };
  }
  return undefined;
}

/** Another account holding the same name (the losing side of an in-emulator transfer). */
export function otherHolder(world: World, punycode: string, except: AccountState): { account: AccountState; domain: DomainRecord } | undefined {
  for (const account of Object.values(world.accounts)) {
    if (account === except) continue;
    for (const domain of Object.values(account.domains)) if (domain.punycode === punycode) return { account, domain };
  }
  return undefined;
}

/** Deletes a domain: it leaves the account and shows in domain/listdeleted. */
export function removeDomain(account: AccountState, d: DomainRecord, atMs: number, info: string): void {
  delete account.domains[String(d.domainID)];
  account.deletedDomains.push({ name: d.name, tld: d.tld, tsDeleted: ymd(atMs), info, domainID: d.domainID });
}

/** Resolves DOMREF (spec "domain module") in the caller's account, or fault 2008. */
export function findDomain(account: AccountState, ref: { domain?: string; domainID?: number }): DomainRecord {
  if (ref.domainID !== undefined) {
    const d = account.domains[String(ref.domainID)];
    if (!d || (ref.domain !== undefined && d.punycode !== asciiName(ref.domain))) {
      throw fault(
        ErrorCode.DOMAIN_NOT_FOUND,
        `Domain ${ref.domainID}${ref.domain ? ` (${ref.domain})` : ""} not found in this account: check domainID with domain/list`,
      );
    }
    return d;
  }
  const ascii = asciiName(ref.domain ?? "");
  const d = Object.values(account.domains).find((x) => x.punycode === ascii);
  if (!d) throw fault(ErrorCode.DOMAIN_NOT_FOUND, `Domain ${ref.domain} not found in this account: see domain/list, or domain/listdeleted for deleted ones`);
  return d;
}

/** DOMSUM (spec "domain module"). */
export function domSum(d: DomainRecord): { name: string; status: string; tld: string; tsExpir: string; domainID: number } {
  return { name: d.name, status: d.status, tld: d.tld, tsExpir: d.tsExpir, domainID: d.domainID };
}

/** Appends a history entry (spec "History entry"); the ticker writes as user "system". */
export function addHistory(d: DomainRecord, nowMs: number, title: string, message: string, who?: { ip: string; user: string }): void {
  d.history.push({ ts: ymdhms(nowMs), ip: who?.ip ?? "", user: who?.user ?? "system", title, message });
}

/** History by the caller of a handler. */
export function logChange(ctx: HandlerContext, d: DomainRecord, title: string, message: string): void {
  addHistory(d, ctx.clock.nowMs(), title, message, { ip: ctx.ip, user: ctx.account.apiuser });
}

/** Moves a record between statuses, restarting the ticker's timer. */
export function setStatus(d: DomainRecord, status: DomainStatus, sinceMs: number): void {
  d.status = status;
  d.statusSinceMs = sinceMs;
}
