/**
 * Per-process cache of list results (e.g. one service/dnslist for a zone shared by its hundreds of
 * records), keyed by operation and scope (zone, service, ...). Concurrent readers of one key share
 * a single in-flight call. Any write through the same scope must call `invalidate(scope)` so that
 * the next read sees the change; entries also expire after `ttlMs` so that a long-lived process
 * never serves stale data for long.
 */

interface Entry {
  readonly at: number;
  readonly value: Promise<unknown>;
}

export class ListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Calls made to the loader (tests and benchmarks read this). */
  loads = 0;

  constructor(opts: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = opts.ttlMs ?? 60_000;
    this.#now = opts.now ?? Date.now;
  }

  static key(operation: string, scope: string): string {
    return `${scope}\u0000${operation}`;
  }

  /** The cached result of `operation` for `scope`, loading it once when absent or expired. */
  get<T>(operation: string, scope: string, load: () => Promise<T>): Promise<T> {
    const key = ListCache.key(operation, scope);
    const hit = this.#entries.get(key);
    if (hit && this.#now() - hit.at < this.#ttlMs) return hit.value as Promise<T>;
    this.loads++;
    const value = load();
    this.#entries.set(key, { at: this.#now(), value });
    // A failed load is not cached: the next reader tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Drops every list of `scope` (after a write to it), or everything when no scope is given. */
  invalidate(scope?: string): void {
    if (scope === undefined) {
      this.#entries.clear();
      return;
    }
    for (const key of this.#entries.keys()) if (key.startsWith(`${scope}\u0000`)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
