/** Error classification shared by the resources (codes: facts.md "Responses and errors"). */
import { GONE_CODES } from "../../sdk";

type Classified = { kind?: string; errorCode?: number };

/** The object no longer exists (2008, 3001, 4001, 4002, 5001): read() drops it from the state. */
export function isGone(err: unknown): boolean {
  const e = err as Classified;
  return (typeof e?.errorCode === "number" && GONE_CODES.has(e.errorCode)) || e?.kind === "notFound";
}

/** A money (or other non-retry-safe) call that may or may not have happened (sdk DonDominioAmbiguousError). */
export function isAmbiguous(err: unknown): boolean {
  return (err as Classified)?.kind === "ambiguous";
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
 * Runs a call that spends money (or is otherwise unsafe to repeat). When it fails ambiguously,
 * `lookup` decides from the live state whether it took effect: a value means yes (that value is
 * returned); undefined means no, and the call is sent once more. Nothing is resent blindly.
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
