/**
 * The transfer state machine. The spec ("States and transitions") lists the values: status
 * transfer-init, transfer-pending, transfer-cancel, active; transferStatus init, queued (awaiting
 * registry approval), set-auth (authcode communicated), pending-auth, pending-tag (UK tag),
 * pending-registry (registry needs more data), cancelled, completed. It does not give the moves;
 * these are the emulator's reading of the values:
 *
 *   transfer-init/init -(transferInitSec)-> the losing side checks the authcode and the lock:
 *       refused -> transfer-cancel/cancelled; accepted -> transfer-pending/set-auth
 *   transfer-pending/set-auth -(transferSetAuthSec, default 0)-> transfer-pending/queued, or the
 *       name's outcome (outcomes.ts): pending-auth, pending-tag or pending-registry
 *   transfer-pending/queued -(transferPendingSec)-> active/completed, or transfer-cancel/cancelled
 *       when the name's outcome is cancelled (the registry refuses)
 *   pending-auth, pending-tag, pending-registry wait on someone outside the emulator: they never
 *       pass by time, only on request (control API domain/transition, transition.ts) or by
 *       domain/transferrestart
 *   transfer-cancel/cancelled, or a transfer waiting on someone outside: domain/transferrestart
 *       (free: the spec's result has no billing) -> transfer-init/init
 *
 * A domain held through the control API (`held`) makes no move by time until the next request.
 */
import { addYears, ymd } from "../../core/clock";
import type { TickContext } from "../../core/context";
import type { AccountState, World } from "../../core/state";
import { addHistory, type DomainRecord, EXTERNAL_NS, externalAuthcodeOk, newAuthcode, otherHolder, removeDomain, setStatus } from "./model";
import { outcomeOf } from "./outcomes";

/** transferStatus values of a transfer-pending domain. */
export const PENDING_TRANSFER_STATUSES = ["set-auth", "queued", "pending-auth", "pending-tag", "pending-registry"] as const;
export type PendingTransferStatus = (typeof PENDING_TRANSFER_STATUSES)[number];

/** transferStatus values that wait on someone outside the emulator: no timer moves them. */
export const WAITING_OUTSIDE: ReadonlySet<string> = new Set(["pending-auth", "pending-tag", "pending-registry"]);

/** What a history entry says when a transfer reaches a transferStatus. */
const PENDING_TEXT: Record<PendingTransferStatus, string> = {
  "set-auth": "the authcode was accepted and communicated to the registry (set-auth)",
  queued: "the transfer is queued, awaiting the registry's approval (queued)",
  "pending-auth": "the transfer waits for an authorisation (pending-auth)",
  "pending-tag": "the transfer waits for the losing registrar to change the .uk tag (pending-tag)",
  "pending-registry": "the registry needs more data before the transfer goes on (pending-registry)",
};

/** Whether the losing side accepts the authcode: its holder's code (and no lock), or the default rule for names from outside. */
function transferAuthOk(world: World, account: AccountState, d: DomainRecord): boolean {
  const source = otherHolder(world, d.punycode, account);
  if (source) return !source.domain.transferBlock && d.transferAuthcode === source.domain.authcode;
  return externalAuthcodeOk(world, d.punycode, d.transferAuthcode);
}

/** transfer-pending with `transferStatus` from `at`. */
export function enterPending(d: DomainRecord, transferStatus: PendingTransferStatus, at: number): void {
  d.transferStatus = transferStatus;
  setStatus(d, "transfer-pending", at);
  addHistory(d, at, "Transfer status", `Transfer of ${d.name}: ${PENDING_TEXT[transferStatus]}`);
}

/** transfer-cancel/cancelled from `at`, saying why in the history. */
export function cancelTransfer(d: DomainRecord, at: number, why: string): void {
  d.transferStatus = "cancelled";
  setStatus(d, "transfer-cancel", at);
  addHistory(d, at, "Transfer cancelled", `${why}: restart it with domain/transferrestart`);
}

/** active/completed from `at`: the losing side's record goes (in-emulator transfers), the expiry moves on. */
export function completeTransfer(world: World, account: AccountState, d: DomainRecord, at: number, ctx: TickContext): void {
  const source = otherHolder(world, d.punycode, account);
  if (source) {
    d.tsCreate = source.domain.tsCreate;
    d.tsExpir = addYears(source.domain.tsExpir, d.period);
    if (d.keepNameservers) {
      d.nameservers = [...source.domain.nameservers];
      d.defaultNS = source.domain.defaultNS;
    }
    removeDomain(source.account, source.domain, at, "Transferred out to another registrar");
  } else {
    // Emulator choice: for a name from outside, tsCreate is the day it entered the account.
    d.tsCreate = ymd(at);
    d.tsExpir = addYears(d.tsCreate, d.period);
    if (d.keepNameservers) d.nameservers = [...EXTERNAL_NS];
  }
  d.transferStatus = "completed";
  d.authcode = newAuthcode(ctx.random);
  delete d.transferAuthcode;
  delete d.keepNameservers;
  setStatus(d, "active", at);
  addHistory(d, at, "Transfer completed", `Transfer of ${d.name} completed; expires ${d.tsExpir}`);
}

/** One timed move of a transfer-init or transfer-pending domain; false when nothing is due. */
export function transferStep(world: World, account: AccountState, d: DomainRecord, now: number, ctx: TickContext): boolean {
  const delay = ctx.clock.delays;
  const after = (sec: number) => d.statusSinceMs + sec * 1000;
  if (d.status === "transfer-init") {
    const at = after(delay.transferInitSec);
    if (now < at) return false;
    if (transferAuthOk(world, account, d)) enterPending(d, "set-auth", at);
    else cancelTransfer(d, at, "The losing registrar refused the authcode (or the domain is transfer-locked)");
    return true;
  }
  if (d.status !== "transfer-pending" || WAITING_OUTSIDE.has(d.transferStatus)) return false;
  const outcome = outcomeOf(world, d.punycode).transfer ?? "completed";
  if (d.transferStatus === "set-auth") {
    const at = after(delay.transferSetAuthSec);
    if (now < at) return false;
    enterPending(d, WAITING_OUTSIDE.has(outcome) ? (outcome as PendingTransferStatus) : "queued", at);
    return true;
  }
  const at = after(delay.transferPendingSec);
  if (now < at) return false;
  if (outcome === "cancelled") cancelTransfer(d, at, "The registry refused the transfer");
  else completeTransfer(world, account, d, at, ctx);
  return true;
}
