/**
 * Contacts: records, id allocation and the verification state machine. Shared with the domain module,
 * which creates contacts through createContact when a CONTACTS block gives data instead of an id.
 *
 * Verification (spec "States and transitions": verified, notapplicable, inprocess, failed; the spec
 * does not show the triggers). A new contact starts `inprocess` (the verification e-mail is "sent").
 * It leaves that state on request (control API contact/verification: verified or failed at once, or
 * held inprocess): by default only so (issue 27 item 13: a timer made tests depend on the machine's
 * speed). With the timer on (the clock's `contactVerificationSec` at 0 or more) it also leaves it by
 * itself that many seconds later: the ticker below moves it to `verified`, as if the holder clicked
 * the link, and addresses under the reserved `.invalid` TLD (RFC 2606), which never answer, to
 * `failed`. `notapplicable` is
 * given when the caller says verification does not apply (createContact's `verification` option; the
 * domain module may use it for contacts that are never owners).
 */
import { DEFAULT_DELAYS } from "../../core/clock";
import type { Ticker } from "../../core/context";
import { fault } from "../../core/errors";
import { type AccountState, nextId, registerAccountSlice, type World } from "../../core/state";
import { isCountryCode } from "../../data/countries";
import { ErrorCode } from "../../../sdk/core/error-codes";

export type VerificationStatus = "verified" | "notapplicable" | "inprocess" | "failed";

/** Default seconds from creation (or a resent mail) to the verification outcome (core/clock.ts `contactVerificationSec`; negative: only on request). */
export const CONTACT_VERIFICATION_SEC = DEFAULT_DELAYS.contactVerificationSec;

/** When an inprocess verification started at `nowMs` resolves by itself; undefined = only on request. */
function dueAfter(nowMs: number, sec: number): number | undefined {
  return sec < 0 ? undefined : nowMs + sec * 1000;
}

declare module "../../core/state" {
  interface AccountState {
    /** Keyed by contactID. */
    contacts: Record<string, ContactRecord>;
  }
}
registerAccountSlice("contacts", () => ({}));

export interface ContactRecord {
  contactID: string;
  contactType: "individual" | "organization";
  firstName: string;
  lastName: string;
  /** Empty for individuals (spec "Contact"). */
  orgName: string;
  identNumber: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  verificationstatus: VerificationStatus;
  /** When an `inprocess` verification resolves (clock ms); absent otherwise. */
  verificationDueMs?: number;
  /** Designated agent accepted (spec "Contact"); no operation of the API sets it, so false. */
  daaccepted: boolean;
  tsCreateMs: number;
}

/** Contact data without prefix, as contact/create takes it (fields.ts contactFields()). */
export interface ContactData {
  Type: "individual" | "organization";
  FirstName: string;
  LastName: string;
  OrgName?: string;
  IdentNumber: string;
  Email: string;
  Phone: string;
  Address: string;
  PostalCode: string;
  City: string;
  State: string;
  Country: string;
}

/**
 * Id prefix: the first three letters of the last name (diacritics removed, upper case), padded from
 * the first name and then "X" when the names have fewer letters, so ids match ^[A-Z]+-[0-9]+$.
 */
export function idPrefix(lastName: string, firstName = ""): string {
  const letters = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toUpperCase();
  return `${letters(lastName)}${letters(firstName)}XXX`.slice(0, 3);
}

/** Creates and stores a contact (used by contact/create and by domain CONTACTS given as data). */
export function createContact(
  world: World,
  account: AccountState,
  data: ContactData,
  nowMs: number,
  opts: { verification?: "notapplicable"; verificationSec?: number } = {},
): ContactRecord {
  // The schema checks the shape (two letters); the table decides whether the code exists.
  if (!isCountryCode(data.Country)) {
    throw fault(ErrorCode.CONTACT_DATA_ERROR, `Contact data error: Country "${data.Country}" is not an ISO 3166 country code; tool/gettable lists the codes`);
  }
  const contactID = `${idPrefix(data.LastName, data.FirstName)}-${nextId(world, "contact", 20000)}`;
  const record: ContactRecord = {
    contactID,
    contactType: data.Type,
    firstName: data.FirstName,
    lastName: data.LastName,
    orgName: data.Type === "organization" ? (data.OrgName ?? "") : "",
    identNumber: data.IdentNumber,
    email: data.Email,
    phone: data.Phone,
    address: data.Address,
    postalCode: data.PostalCode,
    city: data.City,
    state: data.State,
    country: data.Country.toUpperCase(),
    verificationstatus: opts.verification ?? "inprocess",
    daaccepted: false,
    tsCreateMs: nowMs,
  };
  if (record.verificationstatus === "inprocess") record.verificationDueMs = dueAfter(nowMs, opts.verificationSec ?? CONTACT_VERIFICATION_SEC);
  account.contacts[contactID] = record;
  return record;
}

/** The stored contact or fault 3001. */
export function getContact(account: AccountState, contactID: string): ContactRecord {
  const c = account.contacts[contactID.trim().toUpperCase()];
  if (!c) throw fault(ErrorCode.CONTACT_NOT_EXISTS, `Contact ${contactID} not found in this account; contact/list shows the existing contactIDs`);
  return c;
}

/** "First Last" for individuals, the organization name otherwise (spec "Contact": contactName). */
export function contactName(c: ContactRecord): string {
  return c.orgName || `${c.firstName} ${c.lastName}`;
}

/** The spec's Contact object for API responses (contact/getinfo, domain/getinfo infoType=contact). */
export function contactView(c: ContactRecord): Record<string, unknown> {
  return {
    contactID: c.contactID,
    contactType: c.contactType,
    firstName: c.firstName,
    lastName: c.lastName,
    orgName: c.orgName,
    identNumber: c.identNumber,
    email: c.email,
    phone: c.phone,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    state: c.state,
    country: c.country,
    verificationstatus: c.verificationstatus,
    daaccepted: c.daaccepted,
  };
}

/** contact/list items and the contact/resendverificationmail result. */
export function contactSummary(c: ContactRecord): Record<string, unknown> {
  return {
    contactID: c.contactID,
    contactType: c.contactType,
    contactName: contactName(c),
    identNumber: c.identNumber,
    email: c.email,
    country: c.country,
    verificationstatus: c.verificationstatus,
  };
}

/**
 * Sends the verification e-mail again. Choice (spec silent): a verified or notapplicable contact
 * stays as it is; inprocess and failed go (back) to inprocess and resolve after the usual delay.
 */
export function resendVerification(c: ContactRecord, nowMs: number, verificationSec = CONTACT_VERIFICATION_SEC): void {
  if (c.verificationstatus !== "inprocess" && c.verificationstatus !== "failed") return;
  c.verificationstatus = "inprocess";
  c.verificationDueMs = dueAfter(nowMs, verificationSec);
}

export type RequestedVerification = "verified" | "failed" | "inprocess";

/**
 * The outcome decided on request (control API contact/verification): verified or failed at once,
 * or inprocess held until the next request or a resent mail (the timer is stopped either way).
 */
export function decideVerification(c: ContactRecord, status: RequestedVerification): void {
  c.verificationstatus = status;
  delete c.verificationDueMs;
}

/** Resolves due verifications: `.invalid` addresses fail, every other one is verified. */
export const contactVerificationTicker: Ticker = (world, nowMs) => {
  for (const account of Object.values(world.accounts)) {
    for (const c of Object.values(account.contacts)) {
      if (c.verificationstatus !== "inprocess" || c.verificationDueMs === undefined || c.verificationDueMs > nowMs) continue;
      c.verificationstatus = /\.invalid$/i.test(c.email) ? "failed" : "verified";
      delete c.verificationDueMs;
    }
  }
};
