/**
 * Limiter shared by every client of one process that talks to the same baseUrl with the same
 * apiUser (spec "Rules of use": simultaneous accesses, operations and errors are monitored, and
 * excess blocks the credentials temporarily). A module-level registry keyed by `baseUrl + apiUser`
 * holds one limiter. It bounds three things:
 *
 * - Concurrency: when several clients of the same key configure maxConcurrency, the SMALLEST
 *   configured value wins (default 4). The stricter setting protects the shared credentials, and it
 *   does not depend on which client happened to start first.
 * - Rate: at most `opsPerMinute` calls START in any rolling 60 s (a sliding window, the way a server
 *   counts "operations per minute"). The API publishes no number. Unbounded until configured
 *   (`configureRate`); the Pulumi provider configures DEFAULT_OPS_PER_MINUTE (100), below the limit
 *   users ran into (issue 14: blocks at 120 a minute). The smallest configured value wins, and a
 *   refusal for too many operations (1011) LEARNS a lower one: 90 % of the calls this process
 *   started in the minute before the refusal (at least 10). A program of at most opsPerMinute calls
 *   is never slowed down; a larger one settles at that rate instead of being blocked.
 * - Blocks: a blocked reply (error kind "blocked") pauses the whole key. The pause is the server's
 *   own hint when there is one (`noteRefusal`), else exponential (1 s, 2 s, 4 s ... 60 s). Refusals of
 *   calls that were already on their way do not lengthen it; after a pause ONE call goes first (a
 *   probe), and the others follow only once it succeeds, so a block still running costs one refused
 *   call per pause instead of a burst.
 */
import { type Backoff, backoff } from "./retry";

export const DEFAULT_MAX_CONCURRENCY = 4;
export const DEFAULT_OPS_PER_MINUTE = 100;
export const WINDOW_MS = 60_000;
/** The pause after a block whose reply gives no length: 1 s, 2 s, 4 s ... 60 s. */
export const BLOCK_PAUSE: Backoff = { baseMs: 1000, factor: 2, capMs: 60_000, jitter: "none" };
/** Share of the observed rate kept after a 1011 refusal. */
const LEARN_FACTOR = 0.9;
const MIN_LEARNT_RATE = 10;

export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: LimiterClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** What a refusal changed, for the caller's progress line. */
export interface RefusalNote {
  /** How long every call of the key now waits, in ms. */
  pauseMs: number;
  /** True for the first refusal of a block episode (report it once, not once per call). */
  firstOfEpisode: boolean;
  /** A limit learnt from this refusal, e.g. "108 operations per minute". */
  learnt?: string;
}

export class Limiter {
  #configured: number[] = [];
  #configuredRates: number[] = [];
  #learntRate: number | undefined;
  #learntMax: number | undefined;
  // Both bounds are read by every call: computed when a setting changes (#bounds), not per call.
  #max = DEFAULT_MAX_CONCURRENCY;
  #opsPerMinute = Number.POSITIVE_INFINITY;
  #active = 0;
  #wakers: (() => void)[] = [];
  /** Start times of the calls of the last WINDOW_MS, oldest first. */
  #starts: number[] = [];
  /** #starts[#head] is the oldest start still in the window (dropping from the front is O(1)). */
  #head = 0;
  #pausedUntil = 0;
  #blockedStreak = 0;
  /** A block episode runs from the first refusal to the next success. */
  #episode = false;
  #episodeReported = false;
  /** After a pause, one call (the probe) goes first. */
  #probing = false;
  #probeInFlight = false;
  readonly #clock: LimiterClock;
  /** Highest number of calls in flight at once (for tests and benchmarks). */
  peak = 0;
  /** Calls that waited for the rate window, and how long in all (ms). */
  rateWaits = 0;
  rateWaitMs = 0;
  /** Called once, the first time the rate budget makes a call wait (a progress line). */
  onPacing: ((opsPerMinute: number) => void) | undefined;
  /** Refusals seen, and block episodes. */
  refusals = 0;
  episodes = 0;

  constructor(clock: LimiterClock = realClock) {
    this.#clock = clock;
  }

  get max(): number {
    return this.#max;
  }

  /** Calls allowed to start in any rolling minute. */
  get opsPerMinute(): number {
    return this.#opsPerMinute;
  }

  #bounds(): void {
    const max = this.#configured.length ? Math.min(...this.#configured) : DEFAULT_MAX_CONCURRENCY;
    this.#max = this.#learntMax === undefined ? max : Math.min(max, this.#learntMax);
    const rate = this.#configuredRates.length ? Math.min(...this.#configuredRates) : Number.POSITIVE_INFINITY;
    this.#opsPerMinute = this.#learntRate === undefined ? rate : Math.min(rate, this.#learntRate);
  }

  get active(): number {
    return this.#active;
  }

  configure(maxConcurrency: number | undefined): void {
    if (maxConcurrency === undefined) return;
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) throw new RangeError(`maxConcurrency must be a positive integer, got ${maxConcurrency}`);
    this.#configured.push(maxConcurrency);
    this.#bounds();
  }

  /** A known operations-per-minute limit (the smallest configured value wins). */
  configureRate(opsPerMinute: number | undefined): void {
    if (opsPerMinute === undefined) return;
    if (!Number.isInteger(opsPerMinute) || opsPerMinute < 1) throw new RangeError(`opsPerMinute must be a positive integer, got ${opsPerMinute}`);
    if (!this.#configuredRates.includes(opsPerMinute)) this.#configuredRates.push(opsPerMinute);
    this.#bounds();
  }

  /**
   * Runs `fn` when a slot is free, the rate allows it and the key is not paused. An abort of
   * `signal` before `fn` started refuses the call with the signal's reason (it leaves the queue at
   * once); once `fn` started, the call is the caller's to await.
   */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    // A call that may start now takes its slot at once; only one that must wait goes through #acquire.
    const probe = this.#obstacle(this.#clock.now()) === undefined ? this.#take() : await this.#acquire(signal);
    try {
      return await fn();
    } finally {
      this.#release(probe);
    }
  }

  #wait(): Promise<void> {
    return new Promise<void>((r) => this.#wakers.push(r));
  }

  #wakeAll(): void {
    if (this.#wakers.length === 0) return;
    const all = this.#wakers;
    this.#wakers = [];
    for (const w of all) w();
  }

  #prune(now: number): void {
    const starts = this.#starts;
    let i = this.#head;
    while (i < starts.length && starts[i] <= now - WINDOW_MS) i++;
    this.#head = i;
    if (i > 1024 && i * 2 > starts.length) {
      starts.splice(0, i);
      this.#head = 0;
    }
  }

  /** Calls started in the last WINDOW_MS (after #prune). */
  get #inWindow(): number {
    return this.#starts.length - this.#head;
  }

  /** What keeps a call from starting at `now`, or undefined when it may start. */
  #obstacle(now: number): "paused" | "probe" | "slot" | "rate" | undefined {
    if (this.#pausedUntil > now) return "paused";
    if (this.#probing && this.#probeInFlight) return "probe";
    if (this.#active >= this.#max) return "slot";
    this.#prune(now);
    if (this.#inWindow >= this.#opsPerMinute) return "rate";
    return undefined;
  }

  async #acquire(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.#clock.now();
      const obstacle = this.#obstacle(now);
      if (obstacle === undefined) return this.#take();
      if (obstacle === "paused") await unlessAborted(this.#clock.sleep(this.#pausedUntil - now), signal);
      else if (obstacle === "rate") {
        const ms = this.#starts[this.#head] + WINDOW_MS - now + 1;
        if (this.rateWaits === 0) this.onPacing?.(this.#opsPerMinute);
        this.rateWaits++;
        this.rateWaitMs += ms;
        await unlessAborted(this.#clock.sleep(ms), signal);
      } else await unlessAborted(this.#wait(), signal);
    }
  }

  /** Starts a call; true when it is the probe after a pause. */
  #take(): boolean {
    this.#active++;
    this.#starts.push(this.#clock.now());
    if (this.#active > this.peak) this.peak = this.#active;
    const probe = this.#probing;
    if (probe) this.#probeInFlight = true;
    return probe;
  }

  #release(probe: boolean): void {
    this.#active--;
    if (probe) {
      // The caller reports the probe's outcome (succeeded/blocked) in the microtasks that follow;
      // a probe that failed otherwise (transport) frees the way for the next one here.
      setTimeout(() => {
        if (this.#probing && this.#probeInFlight) {
          this.#probeInFlight = false;
          this.#wakeAll();
        }
      }, 0);
    }
    this.#wakeAll();
  }

  /**
   * A blocked/throttled reply: pause the key. A refusal that arrives while the key is already
   * paused (a call that was on its way) keeps the pause; one after the pause (the probe) doubles it.
   * `hintMs` is the server's own figure when its message gives one. Returns the pause in ms.
   */
  blocked(hintMs?: number): number {
    const now = this.#clock.now();
    this.refusals++;
    if (!this.#episode) {
      this.#episode = true;
      this.#episodeReported = false;
      this.episodes++;
    }
    const alreadyPaused = this.#pausedUntil > now;
    let ms: number;
    if (hintMs !== undefined && hintMs > 0) ms = Math.min(hintMs, 15 * 60_000);
    else if (alreadyPaused) ms = this.#pausedUntil - now;
    else {
      ms = backoff(BLOCK_PAUSE, this.#blockedStreak);
      this.#blockedStreak++;
    }
    this.#pausedUntil = Math.max(this.#pausedUntil, now + ms);
    this.#probing = true;
    this.#probeInFlight = false;
    this.#wakeAll();
    return this.#pausedUntil - now;
  }

  /**
   * What the caller learnt from a refusal's error code and message, after `blocked()` ran for it:
   * 1011 (operations per minute) lowers the rate to 90 % of the calls started in the last minute;
   * 1010 (simultaneous requests) halves the concurrency; a hinted block length extends the pause.
   */
  noteRefusal(code: number, hintMs?: number): RefusalNote {
    const now = this.#clock.now();
    const first = !this.#episodeReported;
    this.#episodeReported = true;
    let learnt: string | undefined;
    if (code === 1011) {
      this.#prune(now);
      const seen = this.#inWindow;
      // Other users of the same credentials may have spent most of the budget: never below 10.
      const rate = Math.max(MIN_LEARNT_RATE, Math.floor(seen * LEARN_FACTOR));
      if (rate < this.opsPerMinute) {
        this.#learntRate = rate;
        this.#bounds();
        learnt = `${rate} operations per minute`;
      }
    } else if (code === 1010) {
      const max = Math.max(1, Math.floor(this.max / 2));
      if (max < this.max) {
        this.#learntMax = max;
        this.#bounds();
        learnt = `${max} calls at once`;
      }
    }
    if (hintMs !== undefined && hintMs > 0) this.#pausedUntil = Math.max(this.#pausedUntil, now + Math.min(hintMs, 15 * 60_000));
    return { pauseMs: Math.max(0, this.#pausedUntil - now), firstOfEpisode: first, learnt };
  }

  /** A reply that was not a block: the episode (if any) is over and everyone may go. */
  succeeded(): void {
    this.#blockedStreak = 0;
    this.#episode = false;
    if (this.#probing) {
      this.#probing = false;
      this.#probeInFlight = false;
      this.#wakeAll();
    }
  }

  get pausedForMs(): number {
    return Math.max(0, this.#pausedUntil - this.#clock.now());
  }

  /** True from a refusal until the next reply that is not one. */
  get inBlockEpisode(): boolean {
    return this.#episode;
  }
}

/** `wait`, or the signal's reason as soon as it aborts (a waker left behind only wakes no one). */
export function unlessAborted<T>(wait: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return wait;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    wait.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}

const registry = new Map<string, Limiter>();

export function limiterKey(baseUrl: string, apiUser: string): string {
  return `${baseUrl.replace(/\/+$/, "")}\n${apiUser}`;
}

/** The limiter of `baseUrl + apiUser`, created on first use. */
export function limiterFor(baseUrl: string, apiUser: string, maxConcurrency?: number): Limiter {
  const key = limiterKey(baseUrl, apiUser);
  let l = registry.get(key);
  if (!l) {
    l = new Limiter();
    registry.set(key, l);
  }
  l.configure(maxConcurrency);
  return l;
}
