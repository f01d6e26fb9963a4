/**
 * Retry policy as pure functions (injectable random; the client injects sleep). This API has no
 * idempotency key, so only catalogue entries marked retrySafe are ever resent, and never one that
 * spends money (the catalogue test asserts that no spendsMoney entry is retrySafe; checked here too).
 */
import type { Operation } from "../catalogue";
import { DonDominioTransportError } from "./errors";

export interface RetryPolicy {
  /** Further attempts after the first (default 2). */
  readonly retries: number;
  /** First delay in ms (default 250), doubled per attempt up to maxDelayMs (default 8000). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 8000 };

/**
 * Whether attempt number `attempt` (1 = the first call) that failed with `error` may be followed by
 * another. Only transport failures (connection refused, reset, timeout) and HTTP 5xx qualify;
 * API errors (an envelope with success=false) are answers, never retried.
 */
export function shouldRetry(op: Pick<Operation, "retrySafe" | "spendsMoney">, error: unknown, attempt: number, policy: RetryPolicy = DEFAULT_RETRY): boolean {
  if (!op.retrySafe || op.spendsMoney) return false;
  if (attempt > policy.retries) return false;
  return error instanceof DonDominioTransportError;
}

/** Delay before attempt `attempt + 1`: exponential with "equal jitter" (half fixed, half random). */
export function backoff(attempt: number, random: () => number = Math.random, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}
