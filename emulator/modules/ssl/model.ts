/**
 * State and rules of the ssl module. A certificate is ordered (status process), its names are
 * validated (validation.ts, driven by the ticker), then a real X.509 certificate is signed by the
 * emulator's CA for the CSR's key (status valid). renew and reissue start a new validation round
 * (status renew / reissue) and end with a new certificate.
 */
import type { SslRole, SslStatus } from "../../../sdk/catalogue/ssl-fields";
import { addYears, ymd } from "../../core/clock";
import type { HandlerContext } from "../../core/context";
import { fault } from "../../core/errors";
import { type AccountState, registerAccountSlice, type World } from "../../core/state";
import { findSslProduct, type SslProduct } from "../../data/ssl-products";
import { ErrorCode } from "../../../sdk/core/error-codes";

export type DcvMethod = "dns" | "http" | "https" | "mail";

export interface HttpCheck {
  link: string;
  file: string;
  contents: string;
}

export interface DcvEntry {
  domainName: string;
  method: DcvMethod;
  checkvalue: string | HttpCheck;
  validated: boolean;
  /** dns: the record the ticker looks for in the emulator's hosted zones. */
  dnsHost?: string;
  dnsTarget?: string;
  /** http/https/mail: when the emulator counts the name as validated (it cannot fetch URLs or read mail). */
  dueMs?: number;
}

/** A contact given by id, or by data (the <prefix>Contact* parameters without prefix). */
export interface ContactRef {
  contactID?: string;
  data?: Record<string, string>;
}

export interface CertificateRecord {
  certificateID: number;
  productID: number;
  commonName: string;
  /** Names besides the common name (spec: alternativeNames). */
  alternativeNames: string[];
  status: SslStatus;
  /** Years of the current subscription term (the last create or renew). */
  period: number;
  csrData: string;
  /** Private key of csrData, when known (keyData at create/renew/reissue, or from ssl/csrcreate). Secret. */
  keyData?: string;
  contacts: Partial<Record<SslRole, ContactRef>>;
  /** Order date; tsExpir and tsSubscriptionEnds stay "" until the first certificate is issued. */
  tsCreate: string;
  tsExpir: string;
  tsSubscriptionEnds: string;
  /** Validation of the current round, keyed by name. */
  dcv: Record<string, DcvEntry>;
  /** The issued certificate (PEM) and its private key when known: a reissue round changes csrData/keyData first. */
  certPem?: string;
  certKey?: string;
  /**
   * Set by the ticker when a certificate is due: tickers receive no CA, so the next handler that
   * touches the record signs it (issuePending). Observable behaviour is the same, because dispatch
   * runs the tickers right before every handler.
   */
  issuePending?: boolean;
}

declare module "../../core/state" {
  interface AccountState {
    /** Keyed by String(certificateID). */
    certificates: Record<string, CertificateRecord>;
  }
}
registerAccountSlice("certificates", () => ({}));

const DAY_MS = 86_400_000;
/** Renewal window (spec silent): from 30 days before the subscription ends to 30 days after. */
export const RENEW_WINDOW_DAYS = 30;

export function productOf(rec: CertificateRecord): SslProduct {
  const p = findSslProduct(rec.productID);
  if (!p) throw new Error(`emulator bug: certificate ${rec.certificateID} has unknown product ${rec.productID}`);
  return p;
}

export function getProduct(productID: number): SslProduct {
  const p = findSslProduct(productID);
  if (!p) throw fault(ErrorCode.SSL_ERROR, `SSL product ${productID} does not exist; ssl/productlist lists the productIDs`);
  return p;
}

/** The stored certificate or fault 5001. */
export function getCertificate(account: AccountState, certificateID: number): CertificateRecord {
  const rec = account.certificates[String(certificateID)];
  if (!rec) throw fault(ErrorCode.SSL_NOT_FOUND, `SSL certificate ${certificateID} not found in this account; ssl/list shows the certificateIDs`);
  return rec;
}

export function dayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function isRenewable(rec: CertificateRecord, nowMs: number): boolean {
  const p = productOf(rec);
  if (p.isTrial || !p.renew || !rec.tsSubscriptionEnds) return false;
  if (rec.status !== "valid" && rec.status !== "expired") return false;
  const ends = dayMs(rec.tsSubscriptionEnds);
  return nowMs >= ends - RENEW_WINDOW_DAYS * DAY_MS && nowMs < ends + RENEW_WINDOW_DAYS * DAY_MS;
}

/** Every name of the certificate, common name first. */
export function allNames(rec: CertificateRecord): string[] {
  return [rec.commonName, ...rec.alternativeNames];
}

/** Spec "SSL certificate" summary; sanMaxDomains (list) and numDomains (getinfo) only for multi-domain products. */
export function certificateSummary(rec: CertificateRecord, nowMs: number, extra: "list" | "getinfo"): Record<string, unknown> {
  const p = productOf(rec);
  return {
    certificateID: rec.certificateID,
    commonName: rec.commonName,
    status: rec.status,
    renewable: isRenewable(rec, nowMs),
    productID: rec.productID,
    ...(p.isMultiDomain && extra === "list" ? { sanMaxDomains: p.sanMaxDomains } : {}),
    ...(p.isMultiDomain && extra === "getinfo" ? { numDomains: allNames(rec).length } : {}),
    tsCreate: rec.tsCreate,
    tsExpir: rec.tsExpir,
    tsSubscriptionEnds: rec.tsSubscriptionEnds,
    alternativeNames: [...rec.alternativeNames],
  };
}

/**
 * Dates of a certificate issued now. The subscription runs `period` years (trial: trialDays) from
 * the issue date, or from the old end when a renewal is issued before it; each certificate is valid
 * for at most one year within the subscription (CA/B Forum rules since 2020), and the ticker issues
 * the next one when it runs out while the subscription continues.
 */
export function issueDates(rec: CertificateRecord, nowMs: number, renewal: boolean): void {
  const today = ymd(nowMs);
  const p = productOf(rec);
  if (p.isTrial) {
    rec.tsSubscriptionEnds = ymd(nowMs + (p.trialDays ?? 30) * DAY_MS);
  } else if (renewal && rec.tsSubscriptionEnds && rec.tsSubscriptionEnds > today) {
    rec.tsSubscriptionEnds = addYears(rec.tsSubscriptionEnds, rec.period);
  } else if (renewal || !rec.tsSubscriptionEnds) {
    rec.tsSubscriptionEnds = addYears(today, rec.period);
  }
  const oneYear = addYears(today, 1);
  rec.tsExpir = [oneYear, rec.tsSubscriptionEnds].sort()[0];
  rec.issuePending = true;
}

/** Signs the certificate the ticker made due (see issuePending). */
export function materialize(ctx: HandlerContext, rec: CertificateRecord): void {
  if (!rec.issuePending) return;
  const days = Math.max(1, Math.ceil((dayMs(rec.tsExpir) - ctx.clock.nowMs()) / DAY_MS));
  rec.certPem = ctx.ca.signCsr(rec.csrData, { commonName: rec.commonName, names: rec.alternativeNames, days, serial: ctx.random.serial() });
  if (rec.keyData) rec.certKey = rec.keyData;
  else delete rec.certKey;
  delete rec.issuePending;
}

// ---- keys generated by ssl/csrcreate ----

/**
 * Private keys from ssl/csrcreate, so that a certificate ordered for that CSR can hand its key back
 * (getinfo ssldata sslKey, pfx). Kept in memory only, per world (lost on restart: the caller holds
 * the key), keyed by account and public key so no account can obtain another's key; the newest
 * 1000 per world.
 */
const generatedKeys = new WeakMap<World, Map<string, string>>();

export function rememberKey(world: World, apiuser: string, spkiId: string, keyPem: string): void {
  const keys = generatedKeys.get(world) ?? new Map<string, string>();
  generatedKeys.set(world, keys);
  keys.set(`${apiuser}:${spkiId}`, keyPem);
  if (keys.size > 1000) keys.delete(keys.keys().next().value!);
}

export function recallKey(world: World, apiuser: string, spkiId: string): string | undefined {
  return generatedKeys.get(world)?.get(`${apiuser}:${spkiId}`);
}
