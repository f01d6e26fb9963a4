/**
 * Paid orders (domain create/transfer/renew, service create/renew/upgrade, ssl create/renew/reissue
 * and multidomainaddsan): sent once, never again in the same run on a negative lookup alone.
 *
 * An order can fail ambiguously: a timeout or a dropped connection after the request left, or an
 * HTTP 5xx (a gateway may answer 5xx for a request the service ran). Then:
 * 1. `placeOrder` looks whether it happened (twice, a poll interval apart). Found: that result is
 *    used and nothing is sent again.
 * 2. Not found: that is NOT proof (the service may apply a request it received late). The order is
 *    not resent; `UnconfirmedOrderError` carries a `PendingOrder` record, which the resource stores
 *    (output `pendingOrder`; a create records status "unconfirmed") and the run fails with a
 *    message saying so.
 * 3. The next run (update, or read on refresh) calls `resolvePending`: it looks again; found, the
 *    result is adopted; still missing once `orderSettleMs` (default 5 minutes) have passed since the
 *    order was sent, it says so and the caller may order again. In between it keeps looking, with
 *    progress lines, within the resource's timeout; past that it records the order as still
 *    unconfirmed again.
 *
 * Refusals the API documents as not executed never reach this module as failures: temporary blocks
 * are waited out by Api.call (provider/core/client.ts); 1100 (insufficient balance) fails with a
 * message saying that nothing was charged.
 */
import { type Backoff, backoff } from "../../sdk/core/retry";
import { isCancelled, sleepUnlessCancelled } from "../core/cancel";
import { isAmbiguous } from "../core/errors";
import type { Ctx } from "../core/frame";
import { info, warn } from "../core/log";
import { authorizeOrder } from "./spend";

/** The output `pendingOrder`: an order sent whose outcome is not known yet. No secret in it. */
export interface PendingOrder {
  /** The API operation, e.g. "ssl/create". */
  operation: string;
  /** When the (last) request was sent, ISO 8601. */
  sentAt: string;
  /** Why its outcome is unknown ("no reply within 15000 ms"). */
  reason: string;
  /** From this time on, an order still not found counts as not placed. */
  decideAfter: string;
  /** What the lookup compares with (ids known before, the previous expiry date ...). */
  evidence?: Record<string, string | number | boolean | number[]>;
}

/** Default of the provider setting orderSettleMs. */
export const DEFAULT_ORDER_SETTLE_MS = 5 * 60_000;

/** The outcome of a paid order is not known: recorded as pending, not sent again in this run. */
export class UnconfirmedOrderError extends Error {
  readonly pending: PendingOrder;
  constructor(message: string, pending: PendingOrder) {
    super(message);
    this.name = "UnconfirmedOrderError";
    this.pending = pending;
  }
}

type Classified = { kind?: string; errorCode?: number; mayHaveBeenSent?: boolean; status?: number; message?: string };

/** The outcome of a paid call is unknown: core/errors.ts isAmbiguous (an API answer or a failure before sending is not). */
export const isUnknownOutcome = isAmbiguous;

function settleMs(ctx: Ctx): number {
  return ctx.api.config.orderSettleMs ?? DEFAULT_ORDER_SETTLE_MS;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Reason text of a failure without the sdk's generic advice (it never holds a secret). */
function reasonOf(err: unknown): string {
  const e = err as Classified & { name?: string };
  const m = String(e?.message ?? err)
    .replace(/; the request was sent and may or may not have taken effect.*$/, "")
    .replace(/^[a-z]+\/[a-z]+: /, "");
  // Not one of the sdk's classified errors: say it is the client's own failure.
  return e?.kind === undefined && typeof e?.errorCode !== "number" ? `the client failed while the request was out: ${e?.name ?? "Error"}: ${m}` : m;
}

export interface OrderSpec<T> {
  /** "SslCertificate www.example.com": the subject of messages. */
  what: string;
  /** "ssl/create". */
  operation: string;
  /** "the certificate", "the renewal": what the lookup looks for, in messages. */
  object: string;
  send: () => Promise<T>;
  /** A value when the order took effect (its result, or what stands for it); undefined when not seen. */
  lookup: () => Promise<T | undefined>;
  evidence?: PendingOrder["evidence"];
}

/** A lookup that fails counts as "not seen" (it never leads to a resend here). */
async function look<T>(lookup: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch (err) {
    warn(`the lookup failed (${(err as Error).message}); the order counts as unconfirmed`);
    return undefined;
  }
}

/**
 * Sends a paid order once (see the module comment). Before it is sent, dondominio:maxSpend is
 * checked against what this process already ordered (provider/money/spend.ts).
 */
export async function placeOrder<T>(ctx: Ctx, o: OrderSpec<T>): Promise<T> {
  const release = authorizeOrder(o.what, o.operation);
  const sentAt = Date.now();
  try {
    return await o.send();
  } catch (err) {
    const e = err as Classified;
    // Refused by the API or never sent: nothing was spent.
    if (!isUnknownOutcome(err)) release();
    if (e?.kind === "insufficientBalance") {
      throw new Error(
        `${o.operation} was refused for insufficient balance (error 1100) and nothing was charged: top up the account and run \`pulumi up\` again (${reasonOf(err)})`,
      );
    }
    if (!isUnknownOutcome(err)) throw err;
    const reason = reasonOf(err);
    let found = await look(o.lookup);
    // Cancelled (core/cancel.ts): no second look in this run; recorded as unconfirmed, the next run looks first.
    if (found === undefined && !isCancelled()) {
      await sleepUnlessCancelled(ctx.api.config.pollIntervalMs ?? 2000);
      if (!isCancelled()) found = await look(o.lookup);
    }
    if (found !== undefined) {
      info(`${o.what}: the reply to ${o.operation} was lost (${reason}) but ${o.object} is there: the order went through once; nothing was sent again`);
      return found;
    }
    const pending: PendingOrder = { operation: o.operation, sentAt: iso(sentAt), reason, decideAfter: iso(sentAt + settleMs(ctx)) };
    if (o.evidence) pending.evidence = o.evidence;
    throw new UnconfirmedOrderError(unconfirmedMessage(o, pending), pending);
  }
}

function unconfirmedMessage(o: Pick<OrderSpec<unknown>, "operation" | "object">, p: PendingOrder): string {
  return (
    `${o.operation} was sent at ${p.sentAt} but its reply was lost (${p.reason}), and ${o.object} is not in the account yet. ` +
    `It was NOT sent again: the service may still carry it out, and sending it twice could charge twice. ` +
    `Recorded as unconfirmed (output pendingOrder${o.operation.endsWith("/create") || o.operation.endsWith("/transfer") ? ', status "unconfirmed"' : ""}). ` +
    `Run \`pulumi up\` again: it looks for ${o.object} first and adopts it; only if it is still missing after ${p.decideAfter} does it say so and order again`
  );
}

export interface ResolveSpec<T> {
  what: string;
  object: string;
  lookup: () => Promise<T | undefined>;
  /** How long this run may wait for the decision (the resource's timeout); default 10 minutes. */
  timeoutMs?: number;
}

/**
 * The next run's decision about a pending order: `{ found }` when it took effect (adopt it),
 * `{ missing: true }` once it is still not there after decideAfter (the caller may order again).
 * Throws UnconfirmedOrderError (the same record) when this run's time is up before either.
 */
export async function resolvePending<T>(ctx: Ctx, pending: PendingOrder, o: ResolveSpec<T>): Promise<{ found: T } | { missing: true }> {
  const start = Date.now();
  const deadline = start + (o.timeoutMs ?? 10 * 60_000);
  const decideAt = Date.parse(pending.decideAfter);
  // Looks again after the poll interval, growing by half up to 15 s.
  const polls: Backoff = { baseMs: ctx.api.config.pollIntervalMs ?? 2000, factor: 1.5, capMs: 15_000, jitter: "none" };
  let lastLog = 0;
  for (let step = 0; ; step++) {
    const found = await look(o.lookup);
    if (found !== undefined) {
      info(
        `${o.what}: ${pending.operation} sent at ${pending.sentAt} (its reply was lost) went through: ${o.object} is in the account and is adopted; nothing was sent again`,
      );
      return { found };
    }
    const now = Date.now();
    // A look a cancellation refused proves nothing: the record stays as it is (below).
    if (!(now < decideAt) && !isCancelled()) {
      warn(
        `${o.what}: ${pending.operation} sent at ${pending.sentAt} did not happen: ${o.object} is still not in the account ${Math.round((now - Date.parse(pending.sentAt)) / 1000)} s later; it may now be sent again`,
      );
      return { missing: true };
    }
    if (now >= deadline || isCancelled()) {
      throw new UnconfirmedOrderError(
        `${pending.operation} sent at ${pending.sentAt} is still unconfirmed: ${o.object} is not in the account, and this run's time ran out before ${pending.decideAfter}, after which a missing order counts as not placed. Nothing was sent again; run \`pulumi up\` later`,
        pending,
      );
    }
    if (now - lastLog >= 30_000) {
      info(
        `${o.what}: ${pending.operation} sent at ${pending.sentAt} is unconfirmed; looking for ${o.object} until ${pending.decideAfter} before ordering again`,
      );
      lastLog = now;
    }
    await sleepUnlessCancelled(Math.max(1, Math.min(backoff(polls, step), decideAt - now + 1, deadline - now)));
  }
}

function addYears(ymd: string, years: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** renewUntil (Domain, HostingService): the years of renewal from `expiry` that reach `until`, at most 10. */
export function renewalYears(expiry: string, until: string): number {
  let years = 1;
  while (years < 10 && addYears(expiry, years) < until) years++;
  return years;
}

/** The pending order of a state, when it has one of these operations. */
export function pendingOf(state: { pendingOrder?: PendingOrder } | undefined, ...operations: string[]): PendingOrder | undefined {
  const p = state?.pendingOrder;
  return p && (operations.length === 0 || operations.includes(p.operation)) ? p : undefined;
}
