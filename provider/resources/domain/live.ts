/** Reading a domain and waiting for it (shared by create, read and update). */
import type { Ctx } from "../../core/frame";
import { warn } from "../../core/log";
import { waitUntil } from "../../core/wait";
import { type DomainInfo, type LiveDomain, stateFromApi } from "./mapping";
import { ACQUIRING, type DomainInputs, type DomainState, FAILED, SETTLED } from "./schema";

/** Fetches what the state needs: status always; nameservers, contacts, authcode when managed. */
export async function fetchLive(ctx: Ctx, ascii: string, want: { nameservers?: boolean; contacts?: boolean; authcode?: boolean }): Promise<LiveDomain> {
  const get = (infoType: "status" | "nameservers" | "contact" | "authcode") => ctx.api.call("domain/getinfo", { domain: ascii, infoType });
  const [status, nameservers, contact] = await Promise.all([get("status"), want.nameservers ? get("nameservers") : undefined, want.contacts ? get("contact") : undefined]);
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

/** Warnings for states that need the user's attention; never a failure (issue 6). */
export function warnStatus(s: DomainState): void {
  const n = s.name;
  if (s.status.startsWith("expired-")) warn(`Domain ${n} is ${s.status} (expired ${s.tsExpir ?? "?"}): renew it or it will be deleted`);
  else if (FAILED.has(s.status)) warn(`Domain ${n} is ${s.status}${s.transferStatus ? ` (transfer ${s.transferStatus})` : ""}: it was not acquired; fix the cause and change authcode to restart a transfer, or remove the resource`);
  if (s.ownerVerification === "failed") warn(`Domain ${n}: the owner contact's verification failed; some changes will be refused (error 2210)`);
}

/** Default wait when the program sets no customTimeouts (registrations usually take minutes). */
export const DEFAULT_WAIT_MS = 20 * 60_000;

/** Polls until the domain is settled (active), failed, or the time is up. */
export async function waitActive(ctx: Ctx, ascii: string, label: string, timeoutMs: number) {
  return waitUntil({
    what: `Domain ${label}`,
    poll: () => ctx.api.call("domain/getinfo", { domain: ascii, infoType: "status" }),
    // Anything but a running acquisition (cancelled, inactive, expired) will not become active by waiting.
    done: (s: DomainInfo) => (SETTLED.has(s.status) ? true : ACQUIRING.has(s.status) ? false : "failed"),
    describe: (s: DomainInfo) => `${s.status}${s.transferStatus ? ` (transfer ${s.transferStatus})` : ""}`,
    timeoutMs,
    initialDelayMs: ctx.api.config.pollIntervalMs ?? 2000,
  });
}
