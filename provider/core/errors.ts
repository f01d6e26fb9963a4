/** Error classification shared by the resources (codes: facts.md "Responses and errors"). */
import { GONE_CODES } from "../../sdk";

type Classified = { kind?: string; errorCode?: number; mayHaveBeenSent?: boolean };

/** The object no longer exists (2008, 3001, 4001, 4002, 5001): read() drops it from the state. */
export function isGone(err: unknown): boolean {
  const e = err as Classified;
  return (typeof e?.errorCode === "number" && GONE_CODES.has(e.errorCode)) || e?.kind === "notFound";
}

/**
 * A failure after which the order may or may not have run. Only two kinds of failure prove it did
 * not: an answer of the API (an error envelope: it has an errorCode), and a failure before anything
 * was sent (invalid parameters; a transport error with mayHaveBeenSent false: refused connection,
 * TLS). Everything else may hide an order that ran: the sdk's ambiguous error (timeout or reset
 * after sending), an HTTP 5xx (a gateway may answer 5xx for a request the service ran), a reply
 * that could not be read, and any unexpected exception of the client while the request was out.
 */
export function isAmbiguous(err: unknown): boolean {
  const e = err as Classified;
  if (typeof e?.errorCode === "number") return false;
  if (e?.kind === "validation") return false;
  // Cancelled before it was sent (core/cancel.ts: a write already sent is always awaited).
  if (e?.kind === "cancelled") return false;
  if (e?.kind === "transport") return e.mayHaveBeenSent !== false;
  return true;
}

/** The object refuses the change in its current state (locks, pending registration, verification). */
export function isNotAllowed(err: unknown): boolean {
  return (err as Classified)?.kind === "notAllowed";
}

export function hasCode(err: unknown, ...codes: number[]): boolean {
  const c = (err as Classified)?.errorCode;
  return typeof c === "number" && codes.includes(c);
}

/**
 * Runs a FREE call that is unsafe to repeat (a create with no idempotency key). When it fails
 * ambiguously, `lookup` decides from the live state whether it took effect: a value means yes (that
 * value is returned); undefined means no, and the call is sent once more. Paid orders never use
 * this: a negative lookup is no proof, and they go through placeOrder (provider/money/money.ts).
 */
export async function onceWithLookup<T>(send: () => Promise<T>, lookup: () => Promise<T | undefined>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!isAmbiguous(err)) throw err;
    const found = await lookup();
    if (found !== undefined) return found;
    try {
      return await send();
    } catch (again) {
      // The second attempt may collide with a first one that landed late: look once more.
      const late = await lookup().catch(() => undefined);
      if (late !== undefined) return late;
      throw again;
    }
  }
}
