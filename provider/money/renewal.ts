/**
 * `renewUntil` (Domain, HostingService): keep a registration paid until at least a date. The input
 * field, the test of whether a state needs a renewal, and the renewal itself: one paid order for
 * the years it takes (money.ts renewalYears, at most 10), sent once through placeOrder; an unknown
 * outcome is recorded as a pendingOrder that the next run decides by looking, never by resending.
 */
import { z } from "zod";
import { type Ctx, PartialResultError } from "../core/frame";
import { info } from "../core/log";
import { type PendingOrder, placeOrder, renewalYears, UnconfirmedOrderError } from "./money";

/** The renewUntil input: a date YYYY-MM-DD. */
export const renewUntilField = () =>
  z
    .string({ error: "must be a date YYYY-MM-DD" })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "must be a date YYYY-MM-DD" })
    .optional();

/** Whether renewUntil asks for a renewal of this state (tsExpir earlier than it). */
export function wantsRenewal(inputs: { renewUntil?: string }, state: { tsExpir?: string }): boolean {
  return !!inputs.renewUntil && !!state.tsExpir && state.tsExpir < inputs.renewUntil;
}

export interface RenewalSpec<S extends object> {
  /** "Domain example.com": the subject of messages and of the order. */
  what: string;
  /** The resource's id, under which a PartialResultError records the state. */
  id: string;
  /** The paid operation ("domain/renew", "service/renew"). */
  operation: string;
  renewUntil: string;
  /** The expiry the renewal extends. */
  tsExpir: string;
  state: S;
  send(years: number): Promise<unknown>;
  /** The live object once its expiry has moved past `tsExpir`, else undefined. */
  lookup(): Promise<unknown | undefined>;
  evidence: PendingOrder["evidence"];
  /** The list-cache scope the renewal invalidates. */
  cacheScope: string;
}

/** Orders the renewal renewUntil asks for, once (see the module's comment). */
export async function renew<S extends object>(ctx: Ctx, r: RenewalSpec<S>): Promise<void> {
  const years = renewalYears(r.tsExpir, r.renewUntil);
  try {
    await placeOrder<unknown>(ctx, {
      what: r.what,
      operation: r.operation,
      object: `the renewal (an expiry after ${r.tsExpir})`,
      send: () => r.send(years),
      lookup: r.lookup,
      evidence: r.evidence,
    });
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) throw new PartialResultError(err.message, r.id, { ...r.state, pendingOrder: err.pending });
    throw err;
  } finally {
    ctx.api.cache.invalidate(r.cacheScope);
  }
  info(`${r.what}: renewed for ${years} year(s) from ${r.tsExpir} (renewUntil ${r.renewUntil})`);
}
