/**
 * Durable state: the World as one JSON file (`state.json`) in the data directory.
 *
 * - Atomic: each flush writes a temporary file, fsyncs it, renames it over state.json and fsyncs
 *   the directory, so a crash at any point leaves either the old or the new file, never a torn one
 *   (a leftover temporary file is ignored and removed on load).
 * - Group commit: `commit()` returns a promise that resolves once a flush that started after the
 *   call has reached the disk. Calls made while a flush is running share the next flush, so N
 *   concurrent writes cost at most two file writes, and no reply goes out before its change is durable.
 * - Reads never write (the server commits only after operations that change state).
 * - The file calls go through `StoreIo` (node:fs/promises by default) so that a test can record
 *   their order and hold a sync back (tests/hardening/emulator-durability.test.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { join } from "node:path";
import type { World } from "./state";

export const STATE_FILE = "state.json";
const TMP_PREFIX = `${STATE_FILE}.tmp-`;

/** The part of a node:fs/promises FileHandle a flush uses. */
export interface StoreFile {
  writeFile(data: string): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file-system calls of a flush: `open(path, "w", 0o600)` for the temporary file, `open(dir, "r")` for the directory's sync. */
export interface StoreIo {
  open(path: string, flags: "w" | "r", mode?: number): Promise<StoreFile>;
  rename(from: string, to: string): Promise<void>;
}

export const NODE_STORE_IO: StoreIo = { open, rename };

export class Store {
  world: World;
  readonly dir: string;
  private flushing: Promise<void> | undefined;
  private waiting: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | undefined;
  /** Number of file writes so far (tests check that concurrent commits coalesce). */
  flushes = 0;
  /** Something may have changed since the last flush began (reads whose tickers moved state on). */
  dirty = false;

  /** The file calls of every flush (a test may replace them on a running server). */
  io: StoreIo;

  /** Loads state.json from dir, or starts from `fresh()` (and writes it) when there is none. */
  constructor(dir: string, fresh: () => World, io: StoreIo = NODE_STORE_IO) {
    this.dir = dir;
    this.io = io;
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (f.startsWith(TMP_PREFIX)) unlinkSync(join(dir, f));
    const file = join(dir, STATE_FILE);
    const loaded = existsSync(file) ? parseWorld(readFileSync(file, "utf8"), file) : undefined;
    this.world = loaded ?? fresh();
  }

  /** Resolves when the current world (including every change made before this call) is on disk. */
  commit(): Promise<void> {
    if (!this.waiting) {
      let resolve!: () => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.waiting = { promise, resolve, reject };
      // Run after the current flush (if any); changes made meanwhile join this batch.
      void (this.flushing ?? Promise.resolve()).then(() => this.flushBatch());
    }
    return this.waiting.promise;
  }

  private async flushBatch(): Promise<void> {
    const batch = this.waiting!;
    this.waiting = undefined;
    this.dirty = false;
    const run = this.writeNow(JSON.stringify(this.world));
    this.flushing = run.catch(() => undefined);
    try {
      await run;
      batch.resolve();
    } catch (err) {
      batch.reject(err);
    } finally {
      if (this.flushing && !this.waiting) this.flushing = undefined;
    }
  }

  private async writeNow(json: string): Promise<void> {
    const tmp = join(this.dir, `${TMP_PREFIX}${process.pid}-${this.flushes}`);
    const io = this.io;
    const fh = await io.open(tmp, "w", 0o600);
    try {
      await fh.writeFile(json);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await io.rename(tmp, join(this.dir, STATE_FILE));
    await fsyncDir(io, this.dir);
    this.flushes++;
  }

  /** Flushes when something may have changed since the last flush (shutdown). */
  async flushIfDirty(): Promise<void> {
    if (this.dirty || this.waiting) await this.commit();
    else if (this.flushing) await this.flushing;
  }

  /** Replaces the world and persists it. */
  replace(world: World): Promise<void> {
    this.world = world;
    return this.commit();
  }
}

async function fsyncDir(io: StoreIo, dir: string): Promise<void> {
  // Makes the rename durable; some platforms cannot open a directory for sync, which is harmless.
  let dh: StoreFile;
  try {
    dh = await io.open(dir, "r");
  } catch {
    return;
  }
  try {
    await dh.sync();
  } catch {
    /* best effort (a platform that cannot sync a directory) */
  } finally {
    await dh.close().catch(() => undefined);
  }
}

/** Parses state.json; a file that is not a World is an error naming the file (never silently reset). */
export function parseWorld(text: string, where: string): World {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${where}: not valid JSON (${(err as Error).message}); move it away to start from the seed`);
  }
  const w = data as World;
  if (!w || typeof w !== "object" || w.schemaVersion !== 1 || typeof w.accounts !== "object") {
    throw new Error(`${where}: not an emulator state file (schemaVersion 1 with accounts expected)`);
  }
  w.seq ??= {};
  w.clockOffsetMs ??= 0;
  return w;
}
