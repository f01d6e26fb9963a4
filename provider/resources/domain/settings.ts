/**
 * Domain, update step "settings": which settings differ from the state (settingsToChange), the call
 * that writes each one (updateCall), the writes in order with what each reply tells (withWritten,
 * withContacts), and the settings the API refuses for now, kept pending (applySettings).
 */
import { sameValue } from "../../core/plain-data";
import type { ApiCall } from "../../core/client";
import { hasCode, isNotAllowed } from "../../core/errors";
import type { Ctx } from "../../core/frame";
import { warn } from "../../core/log";
import { domainForms } from "../../../sdk/rules";
import { contactsToApi, type DomainInfo, sameContact, stateFromApi } from "./mapping";
import { type ContactRef, type DomainInputs, type DomainState, ROLES, type Role, SETTINGS, SETTLED, type Setting } from "./schema";

const ascii = (name: string) => domainForms(name).ascii;

/** The settings whose desired value differs from the state (contacts: the roles that differ). */
export function settingsToChange(desired: DomainInputs, state: Partial<DomainState>): { settings: Setting[]; roles: Role[] } {
  const settings: Setting[] = [];
  const roles: Role[] = [];
  for (const k of SETTINGS) {
    const want = desired[k];
    if (want === undefined) continue;
    if (k === "contacts") {
      for (const role of ROLES)
        if (!sameContact(desired.contacts?.[role], (state.contacts as Record<string, ContactRef> | undefined)?.[role])) roles.push(role);
      if (roles.length) settings.push(k);
    } else if (!sameValue(want, state[k])) settings.push(k);
  }
  return { settings, roles };
}

/** The update call for one setting (spec "domain/update" updateType table). */
export function updateCall(
  setting: Setting,
  desired: DomainInputs,
  domain: string,
  roles: readonly Role[] = ROLES,
): ApiCall<"domain/updatenameservers"> | ApiCall<"domain/updatecontacts"> | ApiCall<"domain/update"> {
  switch (setting) {
    case "nameservers":
      return { op: "domain/updatenameservers", params: { domain, nameservers: desired.nameservers ?? [] } };
    case "contacts":
      return { op: "domain/updatecontacts", params: { domain, ...contactsToApi(desired.contacts, roles) } };
    case "modifyBlock":
      return { op: "domain/update", params: { domain, updateType: "block", block: desired.modifyBlock } };
    case "tags":
      return { op: "domain/update", params: { domain, updateType: "tag", tag: (desired.tags ?? []).join(",") } };
    case "transferBlock":
      return { op: "domain/update", params: { domain, updateType: setting, transferBlock: desired.transferBlock } };
    case "whoisPrivacy":
      return { op: "domain/update", params: { domain, updateType: setting, whoisPrivacy: desired.whoisPrivacy } };
    case "viewWhois":
      return { op: "domain/update", params: { domain, updateType: setting, viewWhois: desired.viewWhois } };
    case "renewalMode":
      return { op: "domain/update", params: { domain, updateType: setting, renewalMode: desired.renewalMode } };
  }
}

/** The DOMSUM of a reply (spec: name, status, tld, tsExpir, domainID; every getinfo and write answers one), mapped as stateFromApi maps it. */
function summaryOf(reply: DomainInfo, name: string): Pick<DomainState, "name" | "tld" | "domainId" | "status" | "tsExpir"> {
  const { tld, domainId, status, tsExpir, ...s } = stateFromApi({ status: reply }, { name } as DomainInputs);
  return { name: s.name, tld, domainId, status, tsExpir };
}

/**
 * The state once domain/update accepted `setting`: the value written (the API stores what it
 * accepts) and the DOMSUM of its reply, instead of reading the domain again. Contacts are read
 * back instead (withContacts).
 */
export function withWritten(state: DomainState, desired: DomainInputs, setting: Setting, reply: DomainInfo | undefined): DomainState {
  const next: DomainState = { ...state, ...(reply?.status !== undefined ? summaryOf(reply, state.name) : {}) };
  if (setting !== "contacts") (next as Record<string, unknown>)[setting] = desired[setting];
  return next;
}

/**
 * The state after a contact change, from one getinfo infoType=contact: every role as it is now
 * (inline data becomes a contact of the API's making) and the owner's verification status (spec
 * Domain: ownerverification is the owner contact's verification status).
 */
export function withContacts(state: DomainState, info: DomainInfo, desired: DomainInputs): DomainState {
  const { contacts } = stateFromApi({ status: info, contact: info }, desired);
  return { ...state, ...summaryOf(info, state.name), contacts, ownerVerification: info.contactOwner?.verificationstatus || undefined };
}

/**
 * Brings the live settings to the desired ones. While the domain is not settled the API refuses
 * updates: those settings are recorded in pendingSettings and applied by a later update.
 * modifyBlock is lifted first and set last, so that it never blocks the other changes. Each
 * write's reply (DOMSUM) and the value written make the new state, instead of a read; a contact
 * change is read back once (withContacts).
 */
export async function applySettings(ctx: Ctx, desired: DomainInputs, state: DomainState): Promise<{ state: DomainState; pending: Record<string, unknown> }> {
  const { settings, roles } = settingsToChange(desired, state);
  const pending: Record<string, unknown> = {};
  if (!settings.length) return { state, pending };
  const order: Setting[] = [...settings].sort((a, b) => rank(a, desired) - rank(b, desired));
  const domain = ascii(desired.name);
  let next = state;
  for (const setting of order) {
    if (!SETTLED.has(state.status)) {
      pending[setting] = desired[setting];
      continue;
    }
    const call = updateCall(setting, desired, domain, roles);
    try {
      next = withWritten(next, desired, setting, await ctx.api.send(call));
    } catch (err) {
      // Refused because of the state (pending owner verification, registry lock): keep it pending.
      if (!isNotAllowed(err) || hasCode(err, 2202)) throw err;
      pending[setting] = desired[setting];
      warn(`Domain ${desired.name}: ${setting} not applied yet (${(err as Error).message}); it stays pending`);
    }
  }
  ctx.api.cache.invalidate(`domain:${domain}`);
  if (settings.includes("contacts") && !("contacts" in pending))
    next = withContacts(next, await ctx.api.call("domain/getinfo", { domain, infoType: "contact" }), desired);
  return { state: next, pending };
}

function rank(s: Setting, d: DomainInputs): number {
  if (s !== "modifyBlock") return 1;
  return d.modifyBlock ? 2 : 0;
}

export function pendingOf(d: DomainInputs, s: DomainState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of settingsToChange(d, s).settings) out[k] = d[k];
  return out;
}
