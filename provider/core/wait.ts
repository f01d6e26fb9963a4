/**
 * Waiting for long-running operations (domain registration, transfers): poll with exponential
 * backoff, report progress when the observed status changes and at least every `progressEveryMs`,
 * and give up at the deadline *without throwing*, so that the caller can record what exists. A
 * cancellation (core/cancel.ts) ends the wait the same way, at once (`cancelled` set).
 */
import { type Backoff, backoff } from "../../sdk/core/retry";
import { isCancelled, sleepUnlessCancelled } from "./cancel";
import { info } from "./log";

export interface WaitOptions<T> {
  /** What is awaited, for progress lines: "Domain example.com registration". */
  what: string;
  poll: () => Promise<T>;
  /** true = finished; "failed" = a terminal state that will never become done. */
  done: (value: T) => boolean | "failed";
  /** Short text of the current state for progress lines. */
  describe: (value: T) => string;
  timeoutMs: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  factor?: number;
  progressEveryMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  log?: (message: string) => void;
}

export interface WaitResult<T> {
  value: T;
  outcome: "done" | "failed" | "timeout";
  elapsedMs: number;
  polls: number;
  /** The wait ended early because the operation was cancelled (outcome "timeout", so callers record what exists). */
  cancelled?: true;
}

export async function waitUntil<T>(o: WaitOptions<T>): Promise<WaitResult<T>> {
  const sleep = o.sleep ?? sleepUnlessCancelled;
  const now = o.now ?? Date.now;
  const log = o.log ?? info;
  const start = now();
  const delays: Backoff = { baseMs: Math.max(1, o.initialDelayMs ?? 2000), factor: o.factor ?? 1.5, capMs: o.maxDelayMs ?? 30_000, jitter: "none" };
  let polls = 0;
  let lastText = "";
  let lastLogAt = start;
  let last: { value: T } | undefined;
  for (;;) {
    let value: T;
    try {
      value = await o.poll();
    } catch (err) {
      // A poll cut short by a cancellation: the last value seen stands (none yet: the caller's error path).
      if (last && isCancelled()) return { value: last.value, outcome: "timeout", elapsedMs: now() - start, polls, cancelled: true };
      throw err;
    }
    last = { value };
    polls++;
    const elapsedMs = now() - start;
    const verdict = o.done(value);
    const text = o.describe(value);
    if (verdict === true) {
      if (polls > 1) log(`${o.what}: ${text} after ${Math.round(elapsedMs / 1000)}s`);
      return { value, outcome: "done", elapsedMs, polls };
    }
    if (verdict === "failed") return { value, outcome: "failed", elapsedMs, polls };
    if (text !== lastText || now() - lastLogAt >= (o.progressEveryMs ?? 30_000)) {
      log(`${o.what}: ${text} (waited ${Math.round(elapsedMs / 1000)}s of ${Math.round(o.timeoutMs / 1000)}s)`);
      lastText = text;
      lastLogAt = now();
    }
    const left = o.timeoutMs - elapsedMs;
    if (left <= 0) return { value, outcome: "timeout", elapsedMs, polls };
    await sleep(Math.min(backoff(delays, polls - 1), left));
    if (isCancelled()) return { value, outcome: "timeout", elapsedMs: now() - start, polls, cancelled: true };
  }
}

/** "30m", "1h30m", "90s", "2h" (Pulumi's customTimeouts syntax, Go durations) -> milliseconds. */
export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(s)) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(m[1]) * unit[m[2]];
  return Math.round(total);
}
