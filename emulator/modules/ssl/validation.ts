/**
 * Domain control validation (DCV) of the ssl module and the ticker that drives it.
 * facts.md "SSL": dcv entries carry method mail, dns, http or https; checkvalue is the approver
 * address (mail), the CNAME record to create (dns) or {link, file, contents} (http/https).
 * Concrete forms chosen here (the spec shows none), modelled on Sectigo's DCV, derived from the CSR:
 * - dns: checkvalue "_<md5>.<domain> CNAME <sha256[0:32]>.<sha256[32:64]>.sectigo.com" (md5/sha256
 *   of the CSR's DER, lower-case hex; <domain> is the name without "*."). The emulator validates the
 *   name as soon as that CNAME is in the zone the name's domain is delegated to (service/lookup.ts
 *   resolveRecords: the hosted zone when the domain's nameservers are the emulator's; a record in a
 *   zone the domain does not delegate to is not seen, as a CA's resolver would not see it).
 * - http/https: a file /.well-known/pki-validation/<MD5>.txt holding "<SHA256>\nsectigo.com".
 * - mail: the chosen approver address (see approverEmails).
 * http, https and mail are decided on request (control API ssl/validation: approved, held, or for
 * http/https fetched from a loopback server the test names: dcv-fetch.ts); by default they also pass
 * by themselves clock.delays.sslValidationSec after the order (or after changevalidationmethod or
 * resendvalidationmail); a negative delay turns that timer off.
 * Method default (spec silent): dns, the method ACME-era users automate.
 */
import { findTld } from "../../data/tlds";
import type { Clock } from "../../core/clock";
import type { Ticker } from "../../core/context";
import { fault } from "../../core/errors";
import { resolveRecords } from "../service/lookup";
import { csrDigests, type DecodedCsr } from "./csr";
import { type CertificateRecord, type DcvEntry, dayMs, issueDates, productOf } from "./model";
import { ErrorCode } from "../../../sdk/core/error-codes";
import { validationMethodProblem } from "../../../sdk/rules";

const APPROVERS = ["admin", "administrator", "hostmaster", "postmaster", "webmaster"];

/** The registered domain of a name: the label before the longest known TLD, else the last two labels. */
export function registeredDomain(name: string): string {
  const host = name.replace(/^\*\./, "");
  const labels = host.split(".");
  const tld = findTld(host);
  const keep = tld ? tld.tld.split(".").length + 1 : 2;
  return labels.slice(-Math.min(keep, labels.length)).join(".");
}

/** A TLD of the table (or a single label): no name anyone controls (BR 3.2.2.6). */
export const isPublicSuffix = (ascii: string) => !ascii.includes(".") || findTld(ascii)?.tld === ascii;

/** The addresses a CA accepts as approvers (CA/B Forum BR 3.2.2.4.4): five role names at the domain. */
export function approverEmails(name: string): string[] {
  const domain = registeredDomain(name);
  return APPROVERS.map((a) => `${a}@${domain}`);
}

/** When an http, https or mail validation started at `nowMs` passes by itself; undefined = only on request. */
export function validationDue(clock: Clock, nowMs: number): number | undefined {
  const sec = clock.delays.sslValidationSec;
  return sec < 0 ? undefined : nowMs + sec * 1000;
}

/** A dcv entry for one name. `method` is dns, http, https or an e-mail address. */
export function dcvEntry(name: string, method: string, csr: DecodedCsr, nowMs: number, clock: Clock): DcvEntry {
  const { md5, sha256 } = csrDigests(csr);
  const base = name.replace(/^\*\./, "");
  const due = validationDue(clock, nowMs);
  if (method === "dns") {
    const dnsHost = `_${md5.toLowerCase()}.${base}`;
    const dnsTarget = `${sha256.slice(0, 32)}.${sha256.slice(32)}.sectigo.com`.toLowerCase();
    return { domainName: name, method: "dns", checkvalue: `${dnsHost} CNAME ${dnsTarget}`, validated: false, dnsHost, dnsTarget };
  }
  if (method === "http" || method === "https") {
    if (name.startsWith("*."))
      throw fault(ErrorCode.SSL_ERROR, `${name}: a wildcard name cannot be validated by ${method}; use dns or an approver e-mail address`);
    const file = `${md5}.txt`;
    return {
      domainName: name,
      method,
      checkvalue: { link: `${method}://${base}/.well-known/pki-validation/${file}`, file, contents: `${sha256}\nsectigo.com` },
      validated: false,
      dueMs: due,
    };
  }
  // BR 3.2.2.4.4 (sdk/rules cert-names.ts, the provider's rule): a role address at the name's domain or a parent of it.
  const problem = validationMethodProblem(method, [name], isPublicSuffix);
  if (problem) throw fault(ErrorCode.SSL_ERROR, `${problem}; the approver addresses include ${approverEmails(name).join(", ")} (ssl/getvalidationemails)`);
  return { domainName: name, method: "mail", checkvalue: method, validated: false, dueMs: due };
}

/**
 * The method of an alternative name when alt_validation_N is absent (spec silent): the order's
 * validationMethod; an approver address becomes the same role at the alternative name's domain.
 */
export function altMethod(main: string, altName: string): string {
  if (!main.includes("@")) return main;
  return `${main.split("@")[0]}@${registeredDomain(altName)}`;
}

/** The dcv object of the API (validationStatus): internal fields left out. */
export function dcvView(rec: CertificateRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, e] of Object.entries(rec.dcv)) {
    out[name] = { validated: e.validated, domainName: e.domainName, method: e.method, checkvalue: e.checkvalue };
  }
  return out;
}

export function validationDataView(rec: CertificateRecord): Record<string, unknown> {
  const p = productOf(rec);
  const done = Object.values(rec.dcv).every((e) => e.validated);
  // ov/ev: the organization check runs beside DCV and completes with it (spec silent).
  const org = p.validationType === "dv" ? "notapplicable" : done ? "validated" : "inprocess";
  return { dcv: dcvView(rec), organizationValidationStatus: org, brandValidationStatus: org, message: "", externalValidation: false };
}

function passes(world: Parameters<Ticker>[0], e: DcvEntry, nowMs: number): boolean {
  if (e.method === "dns") {
    const want = e.dnsTarget!;
    return resolveRecords(world, e.dnsHost!, "CNAME").some((a) => a.value.trim().toLowerCase().replace(/\.$/, "") === want);
  }
  return e.dueMs !== undefined && nowMs >= e.dueMs;
}

const VALIDATING = new Set(["process", "renew", "reissue"]);

/** Validation rounds, certificate issue, yearly re-issue within the subscription, and expiry. */
export const sslTicker: Ticker = (world, nowMs) => {
  for (const account of Object.values(world.accounts)) {
    for (const rec of Object.values(account.certificates)) {
      if (VALIDATING.has(rec.status)) {
        for (const e of Object.values(rec.dcv)) if (!e.validated && passes(world, e, nowMs)) e.validated = true;
        if (Object.values(rec.dcv).every((e) => e.validated)) {
          if (rec.status === "reissue") rec.issuePending = true;
          else issueDates(rec, nowMs, rec.status === "renew");
          rec.status = "valid";
        }
      } else if (rec.status === "valid" && rec.tsExpir && nowMs >= dayMs(rec.tsExpir)) {
        if (rec.tsSubscriptionEnds > rec.tsExpir) {
          // The subscription continues: the next certificate of the term, no new validation.
          issueDates(rec, dayMs(rec.tsExpir), false);
        } else {
          rec.status = "expired";
        }
      }
    }
  }
};
