/** Domain, step "read": the live domain as state (shared by create, read and update), restated from a recorded state, and the warnings it calls for. */
import type { Ctx } from "../../core/frame";
import { warn } from "../../core/log";
import { type LiveDomain, stateFromApi } from "./mapping";
import { type DomainInputs, type DomainState, FAILED } from "./schema";

/** Fetches what the state needs: status always; nameservers, contacts, authcode when managed. */
export async function fetchLive(ctx: Ctx, ascii: string, want: { nameservers?: boolean; contacts?: boolean; authcode?: boolean }): Promise<LiveDomain> {
  const get = (infoType: "status" | "nameservers" | "contact" | "authcode") => ctx.api.call("domain/getinfo", { domain: ascii, infoType });
  const [status, nameservers, contact] = await Promise.all([
    get("status"),
    want.nameservers ? get("nameservers") : undefined,
    want.contacts ? get("contact") : undefined,
  ]);
  // The authcode is readable only when authcodeCheck is true (spec "Domain"); not before registration ends.
  const auth = want.authcode && status.authcodeCheck === true ? await get("authcode") : undefined;
  return { status, nameservers, contact, authcode: auth ? (auth.authcode ?? "") : undefined };
}

export function wantsOf(inputs: Partial<DomainInputs> | Partial<DomainState>): { nameservers: boolean; contacts: boolean; authcode: boolean } {
  return { nameservers: inputs.nameservers !== undefined, contacts: inputs.contacts !== undefined, authcode: inputs.exposeAuthcode === true };
}

export async function liveState(ctx: Ctx, ascii: string, inputs: Omit<DomainInputs, "authcode">): Promise<DomainState> {
  return stateFromApi(await fetchLive(ctx, ascii, wantsOf(inputs)), inputs);
}

/** The members stateFromApi takes from the answer to getinfo infoType=status. */
const STATUS_MEMBERS = [
  "name",
  "punycode",
  "tld",
  "domainId",
  "status",
  "transferStatus",
  "tsCreate",
  "tsExpir",
  "ownerVerification",
  "renewable",
  "transferBlock",
  "modifyBlock",
  "whoisPrivacy",
  "viewWhois",
  "renewalMode",
  "tags",
] as const;

/**
 * The state a read would give for `inputs` while the domain is as `recorded` says: the recorded live
 * members (and nameservers, contacts, authcode where `inputs` manage them), the rest from `inputs`,
 * as stateFromApi builds it. Lets an update write at once instead of reading first.
 */
export function restate(recorded: DomainState, inputs: DomainInputs): DomainState {
  const { contacts: _c, nameservers: _n, tags: _t, authcode: _a, ...rest } = inputs;
  const state = { ...rest } as DomainState;
  for (const k of STATUS_MEMBERS) (state as Record<string, unknown>)[k] = recorded[k];
  if (inputs.nameservers !== undefined) state.nameservers = recorded.nameservers;
  if (inputs.contacts !== undefined) state.contacts = recorded.contacts;
  if (inputs.exposeAuthcode === true) state.authcode = recorded.authcode;
  return state;
}

/** Warnings for states that need the user's attention; never a failure (issue 6). */
export function warnStatus(s: DomainState): void {
  const n = s.name;
  if (s.status.startsWith("expired-")) warn(`Domain ${n} is ${s.status} (expired ${s.tsExpir ?? "?"}): renew it or it will be deleted`);
  else if (FAILED.has(s.status))
    warn(
      `Domain ${n} is ${s.status}${s.transferStatus ? ` (transfer ${s.transferStatus})` : ""}: it was not acquired; fix the cause and change authcode to restart a transfer, or remove the resource`,
    );
  if (s.ownerVerification === "failed") warn(`Domain ${n}: the owner contact's verification failed; some changes will be refused (error 2210)`);
}
