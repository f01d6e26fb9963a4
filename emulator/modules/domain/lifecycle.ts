/**
 * The domain status machine, run before every request (emulator/core/dispatch.ts). Timers start
 * when a status begins, so one large clock.advance() walks a domain through several statuses.
 *
 *   register-init -(registerInitSec)-> register-pending -(registerPendingSec)-> active
 *       (tsCreate = that day, tsExpir = tsCreate + period years), or register-cancel when the name's
 *       outcome (outcomes.ts) is cancelled (the registry refuses)
 *   transfer-init, transfer-pending: transfer.ts (every transferStatus of the spec)
 *   renewed -(renewSec)-> active
 *   active, the day after tsExpir -> autorenew charges the minimum period when the balance allows
 *       (history "Automatic renewal"); otherwise (and for manual and letexpire) -> expired-renewgrace
 *   Emulator choice (spec silent): renewgrace 30 days, then expired-redemption 30 days, then
 *       expired-pendingdelete 5 days, then deleted (listdeleted; getinfo answers 2008).
 * The control API moves a registration or transfer on request, or holds it (transition.ts).
 */
import { charge } from "../../core/billing";
import { addYears, ymd } from "../../core/clock";
import type { TickContext } from "../../core/context";
import { ApiFault } from "../../core/errors";
import type { AccountState, World } from "../../core/state";
import { findTld } from "../../data/tlds";
import { addHistory, type DomainRecord, PREMIUM_FACTOR, removeDomain, setStatus } from "./model";
import { money } from "./names";
import { outcomeOf } from "./outcomes";
import { transferStep } from "./transfer";

const DAY = 86_400_000;
export const GRACE_DAYS = 30;
export const REDEMPTION_DAYS = 30;
export const PENDING_DELETE_DAYS = 5;
/** Emulator choice: `renewable` is true from 60 days before tsExpir, and during renewgrace. */
export const RENEWABLE_WINDOW_DAYS = 60;

/** The moment a domain counts as expired: the start of the day after tsExpir (UTC). */
export function expiredAtMs(d: DomainRecord): number {
  return Date.parse(`${d.tsExpir}T00:00:00Z`) + DAY;
}

export function isRenewable(d: DomainRecord, nowMs: number): boolean {
  if (d.status === "expired-renewgrace") return true;
  return d.status === "active" && d.tsExpir !== "" && nowMs >= expiredAtMs(d) - (RENEWABLE_WINDOW_DAYS + 1) * DAY;
}

/** The price of `years` of renewal of `d` (premium names: their price set per name, else PREMIUM_FACTOR times more). */
export function renewPrice(d: DomainRecord, years: number): number {
  if (d.premium && d.premiumPrice !== undefined) return money(d.premiumPrice * years);
  const price = findTld(d.punycode)?.renew?.price ?? 0;
  return money(price * years * (d.premium ? PREMIUM_FACTOR : 1));
}

/** register-pending -> active from `at`: the registration's dates start that day. */
export function completeRegistration(d: DomainRecord, at: number): void {
  d.tsCreate = ymd(at);
  d.tsExpir = addYears(d.tsCreate, d.period);
  setStatus(d, "active", at);
  addHistory(d, at, "Registration completed", `${d.name} registered until ${d.tsExpir}`);
}

/**
 * register-cancel from `at`, for good: nothing restarts a registration (the spec has no call for
 * it). Emulator choice (spec silent): the charge stays (no refund is shown anywhere), the record
 * stays in the account with empty dates, and the name is not offered again while it is there.
 */
export function cancelRegistration(d: DomainRecord, at: number, why: string): void {
  setStatus(d, "register-cancel", at);
  addHistory(d, at, "Registration cancelled", `${why}: ${d.name} was not registered`);
}

/** One transition of `d` if its time has come; false when nothing is due (or the control API holds it). */
function step(world: World, account: AccountState, d: DomainRecord, now: number, ctx: TickContext): boolean {
  if (d.held) return false;
  const delay = ctx.clock.delays;
  const after = (sec: number) => d.statusSinceMs + sec * 1000;
  switch (d.status) {
    case "register-init": {
      const at = after(delay.registerInitSec);
      if (now < at) return false;
      setStatus(d, "register-pending", at);
      return true;
    }
    case "register-pending": {
      const at = after(delay.registerPendingSec);
      if (now < at) return false;
      if (outcomeOf(world, d.punycode).registration === "cancelled") cancelRegistration(d, at, "The registry refused the registration");
      else completeRegistration(d, at);
      return true;
    }
    case "transfer-init":
    case "transfer-pending":
      return transferStep(world, account, d, now, ctx);
    case "renewed": {
      const at = after(delay.renewSec);
      if (now < at) return false;
      setStatus(d, "active", at);
      return true;
    }
    case "active": {
      if (d.tsExpir === "") return false;
      const at = expiredAtMs(d);
      if (now < at) return false;
      if (d.renewalMode === "autorenew" && autorenew(account, d, at)) return true;
      setStatus(d, "expired-renewgrace", at);
      addHistory(d, at, "Domain expired", `${d.name} expired on ${d.tsExpir}; it can be renewed for ${GRACE_DAYS} days`);
      return true;
    }
    case "expired-renewgrace":
      return expire(d, now, GRACE_DAYS, "expired-redemption");
    case "expired-redemption":
      return expire(d, now, GRACE_DAYS + REDEMPTION_DAYS, "expired-pendingdelete");
    case "expired-pendingdelete": {
      const at = expiredAtMs(d) + (GRACE_DAYS + REDEMPTION_DAYS + PENDING_DELETE_DAYS) * DAY;
      if (now < at) return false;
      removeDomain(account, d, at, "Expired and not renewed");
      return false;
    }
    default:
      return false;
  }
}

function expire(d: DomainRecord, now: number, days: number, next: DomainRecord["status"]): boolean {
  const at = expiredAtMs(d) + days * DAY;
  if (now < at) return false;
  setStatus(d, next, at);
  return true;
}

function autorenew(account: AccountState, d: DomainRecord, at: number): boolean {
  const years = findTld(d.punycode)?.renew?.years[0] ?? 1;
  try {
    charge(account, renewPrice(d, years), `automatic renewal of ${d.name}`);
  } catch (err) {
    if (!(err instanceof ApiFault)) throw err;
    addHistory(d, at, "Automatic renewal failed", `Insufficient balance to renew ${d.name} automatically`);
    return false;
  }
  d.tsExpir = addYears(d.tsExpir, years);
  addHistory(d, at, "Automatic renewal", `${d.name} renewed for ${years} year(s) until ${d.tsExpir}`);
  return true;
}

/** The domain module's ticker (registered in emulator/modules/index.ts). */
export function domainTicker(world: World, nowMs: number, ctx: TickContext): void {
  for (const account of Object.values(world.accounts)) {
    for (const d of Object.values(account.domains)) {
      // Bounded: years of autorenewals in one advance are at most a few hundred steps.
      for (let i = 0; i < 500 && account.domains[String(d.domainID)] === d && step(world, account, d, nowMs, ctx); i++);
    }
  }
}
