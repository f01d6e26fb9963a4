/**
 * Concurrency limiter shared by every client of one process that talks to the same baseUrl with
 * the same apiUser (spec "Rules of use": simultaneous accesses are monitored and excess blocks the
 * credentials temporarily). A module-level registry keyed by `baseUrl + apiUser` holds one limiter.
 *
 * Bound: when several clients of the same key configure maxConcurrency, the SMALLEST configured
 * value wins (default 4 when none configures one). Our choice: the stricter setting is the one that
 * protects the shared credentials, and it does not depend on which client happened to start first.
 *
 * Blocked/throttled replies (error kind "blocked": 1000, 1006, 1007, 1010-1014, 1030) pause the
 * whole key with exponential backoff (1 s, 2 s, 4 s ... up to 60 s) instead of hammering; the next
 * success resets the backoff.
 */
export const DEFAULT_MAX_CONCURRENCY = 4;
const PAUSE_BASE_MS = 1000;
const PAUSE_MAX_MS = 60_000;

export class Limiter {
  #configured: number[] = [];
  #active = 0;
  #waiting: (() => void)[] = [];
  #pausedUntil = 0;
  #blockedStreak = 0;
  /** Highest number of calls in flight at once (for tests and benchmarks). */
  peak = 0;

  get max(): number {
    return this.#configured.length ? Math.min(...this.#configured) : DEFAULT_MAX_CONCURRENCY;
  }

  get active(): number {
    return this.#active;
  }

  configure(maxConcurrency: number | undefined): void {
    if (maxConcurrency === undefined) return;
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) throw new RangeError(`maxConcurrency must be a positive integer, got ${maxConcurrency}`);
    this.#configured.push(maxConcurrency);
  }

  /** Runs `fn` when a slot is free and the key is not paused. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await fn();
    } finally {
      this.#release();
    }
  }

  async #acquire(): Promise<void> {
    for (;;) {
      const wait = this.#pausedUntil - Date.now();
      if (wait > 0) {
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      if (this.#active < this.max) break;
      await new Promise<void>((r) => this.#waiting.push(r));
    }
    this.#active++;
    this.peak = Math.max(this.peak, this.#active);
  }

  #release(): void {
    this.#active--;
    this.#waiting.shift()?.();
  }

  /** A blocked/throttled reply: pause the key. Returns the pause in ms. */
  blocked(): number {
    const ms = Math.min(PAUSE_MAX_MS, PAUSE_BASE_MS * 2 ** this.#blockedStreak);
    this.#blockedStreak++;
    this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + ms);
    return ms;
  }

  succeeded(): void {
    this.#blockedStreak = 0;
  }

  get pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - Date.now());
  }
}

const registry = new Map<string, Limiter>();

/** The limiter of `baseUrl + apiUser`, created on first use. */
export function limiterFor(baseUrl: string, apiUser: string, maxConcurrency?: number): Limiter {
  const key = `${baseUrl.replace(/\/+$/, "")}\n${apiUser}`;
  let l = registry.get(key);
  if (!l) {
    l = new Limiter();
    registry.set(key, l);
  }
  l.configure(maxConcurrency);
  return l;
}
