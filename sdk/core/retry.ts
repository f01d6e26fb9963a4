/**
 * Retry policy as pure functions (injectable random; the client injects sleep). This API has no
 * idempotency key, so only catalogue entries marked retrySafe are ever resent, and never one that
 * spends money (the catalogue test asserts that no spendsMoney entry is retrySafe; checked here too).
 */
import type { Operation } from "../catalogue";
import { DonDominioTransportError } from "./errors";
import { REPLY_TOO_LARGE } from "./reply-limit";

/**
 * Exponential backoff, the one formula for every wait that grows: the client's retries, the
 * limiter's pause after a block, the provider's polling (provider/core/wait.ts, money.ts).
 */
export interface Backoff {
  /** The first delay (step 0), in ms. */
  readonly baseMs: number;
  /** Growth per step: 2 doubles. */
  readonly factor: number;
  /** No delay exceeds this, in ms. */
  readonly capMs: number;
  /**
   * "none": the exponential value itself; "equal": half of it fixed, half random ("equal jitter"),
   * so that clients that failed together do not retry together.
   */
  readonly jitter: "none" | "equal";
}

/** The delay of step `step` (0 = the first): min(cap, base * factor^step), then jittered. */
export function backoff(b: Backoff, step: number, random: () => number = Math.random): number {
  const exp = Math.min(b.capMs, b.baseMs * b.factor ** Math.max(0, step));
  return b.jitter === "equal" ? Math.round(exp / 2 + (exp / 2) * random()) : exp;
}

export interface RetryPolicy {
  /** Further attempts after the first (default 2). */
  readonly retries: number;
  /** Delay before attempt n + 1 is step n - 1 (default 250 ms doubling up to 8 s, equal jitter). */
  readonly delay: Backoff;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, delay: { baseMs: 250, factor: 2, capMs: 8000, jitter: "equal" } };

/**
 * Whether attempt number `attempt` (1 = the first call) that failed with `error` may be followed by
 * another. Only transport failures (connection refused, reset, timeout) and HTTP 5xx qualify;
 * API errors (an envelope with success=false) are answers, never retried. Nor is a reply over the
 * size cap (reply-limit.ts): the server answered, and the same request gets the same reply.
 */
export function shouldRetry(op: Pick<Operation, "retrySafe" | "spendsMoney">, error: unknown, attempt: number, policy: RetryPolicy = DEFAULT_RETRY): boolean {
  if (!op.retrySafe || op.spendsMoney) return false;
  if (attempt > policy.retries) return false;
  return error instanceof DonDominioTransportError && error.code !== REPLY_TOO_LARGE;
}

/**
 * Refusals the API documents as NOT executed that end by themselves: the temporary blocks of the
 * credentials (facts.md "Responses and errors": 1000, 1006, 1010-1013 account blocked). Waiting
 * them out and sending the same call again is safe even for an operation that spends money, since
 * nothing ran. 1007 and 1014 (caller address filtered) and 1030 (banned) do not end by waiting.
 */
export const TEMPORARY_BLOCK_CODES: ReadonlySet<number> = new Set([1000, 1006, 1010, 1011, 1012, 1013]);

/** What each temporary block is about, for progress lines (emulator/README.md's usage rules). */
export const BLOCK_REASONS: Readonly<Record<number, string>> = {
  1010: "too many simultaneous requests",
  1011: "too many operations per minute",
  1012: "too many failed operations per minute",
  1013: "too many availability checks",
};

/**
 * The block length a refusal's messages state, in ms: "... until 2025-01-01T10:00:30Z ..." or
 * "... for 30 s ..." (the emulator's wording; the vendor's is not documented). undefined = none.
 */
export function blockHintMs(messages: readonly string[], now: number = Date.now()): number | undefined {
  const text = messages.join(" ");
  const until = /until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)/.exec(text);
  if (until) {
    const ms = Date.parse(until[1]) - now;
    if (Number.isFinite(ms)) return Math.max(0, ms);
  }
  const span = /\bfor (\d+(?:\.\d+)?) ?(s|sec|seconds?|min|minutes?)\b/i.exec(text);
  if (span) return Math.round(Number(span[1]) * (span[2].toLowerCase().startsWith("m") ? 60_000 : 1000));
  return undefined;
}
