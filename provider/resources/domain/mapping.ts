/** Domain <-> API shapes (pure; unit-tested in tests/provider/mapping.unit.test.ts). */
import type { CallParams, ResultOf } from "../../../sdk";
import { DEFAULT_NAMESERVERS, domainForms, isDefaultNameservers, normaliseNameserver, normaliseTags } from "../../../sdk/rules";
import type { ApiCall } from "../../core/client";
import { sameValue } from "../../core/plain-data";
import { contactDataFromApi, contactToApi } from "../contact/mapping";
import { type ContactRef, type DomainInputs, type DomainState, ROLES, type Role } from "./schema";

const ROLE_KEY = { owner: "contactOwner", admin: "contactAdmin", tech: "contactTech", billing: "contactBilling" } as const satisfies Record<Role, string>;

/** The CONTACTS block of domain/create, transfer, update and updatecontacts. */
type ContactsParams = Pick<CallParams<"domain/updatecontacts">, `${Role}ContactID`>;

/** CONTACTS block (spec "domain module"): `<role>ContactID` or the `<role>Contact<Field>` set. */
export function contactsToApi(contacts: DomainInputs["contacts"], roles: readonly Role[] = ROLES): ContactsParams {
  const out: ContactsParams = {};
  for (const role of roles) {
    const c = contacts?.[role];
    if (c === undefined) continue;
    if (typeof c === "string") out[`${role}ContactID`] = c;
    else Object.assign(out, contactToApi(c, role));
  }
  return out;
}

/** domain/getinfo's answer (one infoType each). */
export type DomainInfo = ResultOf<"domain/getinfo">;

/** Live getinfo answers (status, plus nameservers/contact/authcode when fetched). */
export interface LiveDomain {
  status: DomainInfo;
  nameservers?: DomainInfo;
  contact?: DomainInfo;
  authcode?: string;
}

/** Per role, the live contact in the shape the program used: its id, or its data. */
function liveContacts(contact: DomainInfo, desired: DomainInputs["contacts"]): Record<string, ContactRef> {
  const out: Record<string, ContactRef> = {};
  for (const role of ROLES) {
    const c = contact[ROLE_KEY[role]];
    if (!c) continue;
    out[role] = typeof desired?.[role] === "object" ? contactDataFromApi(c) : c.contactID;
  }
  return out;
}

/** The outputs for the live domain. `inputs` supplies the create-only values and the shapes. */
export function stateFromApi(live: LiveDomain, inputs: Omit<DomainInputs, "authcode">): DomainState {
  const s = live.status;
  const { contacts: _c, nameservers: _n, tags: _t, ...rest } = inputs as DomainInputs;
  delete (rest as Partial<DomainInputs>).authcode;
  const state: DomainState = {
    ...rest,
    name: domainForms(s.name).unicode,
    // Not in the spec's DOMSUM, but answered (the loose schema passes it on).
    punycode: typeof s.punycode === "string" ? s.punycode : domainForms(s.name).ascii,
    tld: s.tld,
    domainId: s.domainID,
    status: s.status,
    transferStatus: s.transferStatus || undefined,
    tsCreate: s.tsCreate || undefined,
    tsExpir: s.tsExpir || undefined,
    ownerVerification: s.ownerverification || undefined,
    renewable: s.renewable,
    // transferBlock, whoisPrivacy and viewWhois are answered "only for TLDs that allow it" (spec
    // "Domain"): absent = the TLD has no such flag, so it is off; recorded as false, a program that
    // declares false (or leaves it out) has nothing to change, and true is refused at preview
    // (schema.ts TLD_FLAGS).
    transferBlock: s.transferBlock ?? false,
    modifyBlock: s.modifyBlock ?? false,
    whoisPrivacy: s.whoisPrivacy ?? false,
    viewWhois: s.viewWhois ?? false,
    renewalMode: (s.renewalMode || undefined) as DomainState["renewalMode"],
    tags: s.tag ? normaliseTags(s.tag) : undefined,
  };
  if (live.nameservers) {
    const n = live.nameservers;
    state.nameservers = n.defaultNS
      ? [...DEFAULT_NAMESERVERS]
      : [...(n.nameservers ?? [])].sort((a, b) => a.order - b.order).map((x) => normaliseNameserver(x.name));
  }
  if (live.contact) state.contacts = liveContacts(live.contact, inputs.contacts);
  if (live.authcode !== undefined) state.authcode = live.authcode;
  return state;
}

/** Does the desired contact of one role match the live one? Data compares on the fields the API shows. */
export function sameContact(desired: ContactRef | undefined, live: ContactRef | undefined): boolean {
  if (desired === undefined) return true;
  if (typeof desired === "string" || typeof live === "string" || live === undefined) return sameValue(desired, live);
  return Object.entries(live).every(([k, v]) => v === undefined || sameValue((desired as Record<string, unknown>)[k], v));
}

/** Parameters of domain/create or domain/transfer. TLD parameters were checked at preview (schema.ts). */
export function acquireParams(inputs: DomainInputs, ascii: string): ApiCall<"domain/create"> | ApiCall<"domain/transfer"> {
  const common = { domain: ascii, ...contactsToApi(inputs.contacts), ...inputs.tldParams };
  const ns = inputs.nameservers;
  if (inputs.registration === "transfer") {
    // Without nameservers, keep the current ones (facts.md "keepns"): a transfer should not break DNS.
    const params: CallParams<"domain/transfer"> = { ...common, nameservers: ns === undefined || isDefaultNameservers(ns) ? "keepns" : ns };
    if (inputs.authcode !== undefined) params.authcode = inputs.authcode;
    return { op: "domain/transfer", params };
  }
  // ["default"] on create: send nothing, the API's default (parking) applies; update sets it later.
  const params: CallParams<"domain/create"> = { ...common };
  if (ns !== undefined && !isDefaultNameservers(ns)) params.nameservers = ns;
  if (inputs.period !== undefined) params.period = inputs.period;
  if (inputs.premium !== undefined) params.premium = inputs.premium;
  return { op: "domain/create", params };
}
