/**
 * Builds kept by what went into them, so that a suite run (and the next run, on the same machine)
 * builds each artefact once, whichever test or script asks first: the plugin's archives, the SEA
 * bundle, the compiled Node SDK, the Python SDK's dists, the Java SDK deployed to a Maven
 * repository. Under <cacheRoot>/builds/ (~/.cache/pulumi-dondominio, beside the Go tools).
 *
 * - cachedBuild(name, key, build): the output of `build(dir)` for `key`, a hash of every input
 *   (inputsKey: the files' contents, by path, and the recipe: tool versions, options, the
 *   builder's own source). The same key finds the same output; any changed byte is another key.
 * - cachedBundle(name, recipe, build): for builds whose inputs are only known once built (an
 *   esbuild bundle: its metafile lists them): each entry records its inputs and their hashes, and is
 *   found again only while every one of them still hashes the same.
 * One build at a time per entry (a lock directory; a waiting process takes the finished entry), and
 * an entry appears in one rename, complete. Entries of a name unused for a day are pruned.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative, resolve } from "node:path";

export const REPO = resolve(__dirname, "..", "..");

export function cacheRoot(): string {
  // As scripts/lib/tool-cache.sh.
  return process.env.PULUMI_DONDOMINIO_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-dondominio");
}

/** Directory names never part of a build's inputs (outputs and caches that builds leave in a source tree). */
const SKIP = new Set(["node_modules", "target", "build", "dist", "__pycache__", ".gradle", "bin", "obj", ".venv", "venv"]);

function walk(abs: string, out: string[]): void {
  const st = statSync(abs, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) {
    out.push(abs);
    return;
  }
  for (const e of readdirSync(abs).sort()) {
    if (SKIP.has(e) || e.endsWith(".egg-info")) continue;
    walk(join(abs, e), out);
  }
}

const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A key over `paths` (files or directories, relative to the repository, walked in order) and `recipe`. */
export function inputsKey(paths: string[], recipe: unknown): string {
  const h = createHash("sha256").update(JSON.stringify(recipe));
  for (const p of paths) {
    const files: string[] = [];
    walk(resolve(REPO, p), files);
    for (const f of files) h.update(`\0${relative(REPO, f)}\0`).update(readFileSync(f));
  }
  return h.digest("hex").slice(0, 20);
}

/** The source of a builder module (a recipe part: a changed builder is another key). */
export const sourceOf = (file: string) => sha(readFileSync(file));

async function withLock<T>(lock: string, ready: () => T | undefined, fn: () => Promise<T>): Promise<T> {
  mkdirSync(join(lock, ".."), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const done = ready();
      if (done !== undefined) return done;
      // A lock older than 30 minutes is a build that died.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 30 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return ready() ?? (await fn());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Marks an entry as used now: prune() takes entries by their last use, not their age. */
function touch(entry: string): void {
  try {
    const now = new Date();
    utimesSync(entry, now, now);
  } catch {}
}

function prune(dir: string, keep: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === keep || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (Date.now() - statSync(p).mtimeMs > 24 * 3600_000) rmSync(p, { recursive: true, force: true });
  }
}

/** Moves the finished `tmp` to `final` in one rename (another process may have put it there first). */
function publish(tmp: string, final: string): void {
  try {
    renameSync(tmp, final);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(final)) throw new Error(`build cache: could not put ${final} in place`);
  }
}

/** The directory holding the output of `build` for `key` under `name`, built now if it is not cached. */
export async function cachedBuild(name: string, key: string, build: (dir: string) => Promise<void> | void): Promise<string> {
  const root = join(cacheRoot(), "builds", name);
  const final = join(root, key);
  const ready = () => (existsSync(join(final, ".complete")) ? join(final, "out") : undefined);
  const found = ready();
  if (found) {
    touch(final);
    return found;
  }
  mkdirSync(root, { recursive: true });
  return withLock(join(root, `.${key}.lock`), ready, async () => {
    const tmp = mkdtempSync(join(root, `.tmp-${key}-`));
    try {
      mkdirSync(join(tmp, "out"));
      await build(join(tmp, "out"));
      writeFileSync(join(tmp, ".complete"), "");
      publish(tmp, final);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    prune(root, key);
    return join(final, "out");
  });
}

interface Manifest {
  inputs: [string, string][];
}

/**
 * The directory holding the output of `build` under `name` for `recipe`, whose inputs `build`
 * returns (paths relative to the repository). Found again while each input hashes as recorded.
 */
export async function cachedBundle(name: string, recipe: unknown, build: (dir: string) => Promise<string[]>): Promise<string> {
  const root = join(cacheRoot(), "builds", `${name}-${sha(JSON.stringify(recipe)).slice(0, 16)}`);
  const hashes = new Map<string, string | undefined>();
  const hashOf = (p: string) => {
    if (!hashes.has(p)) hashes.set(p, existsSync(resolve(REPO, p)) ? sha(readFileSync(resolve(REPO, p))) : undefined);
    return hashes.get(p);
  };
  const valid = (entry: string) => {
    const file = join(root, entry, "manifest.json");
    if (!existsSync(file)) return false;
    return (JSON.parse(readFileSync(file, "utf8")) as Manifest).inputs.every(([p, h]) => hashOf(p) === h);
  };
  const find = () => {
    if (!existsSync(root)) return undefined;
    const entry = readdirSync(root).find((e) => !e.startsWith(".") && valid(e));
    return entry ? join(root, entry, "out") : undefined;
  };
  const found = find();
  if (found) {
    touch(join(found, ".."));
    return found;
  }
  mkdirSync(root, { recursive: true });
  return withLock(join(root, ".lock"), find, async () => {
    const tmp = mkdtempSync(join(root, ".tmp-"));
    try {
      mkdirSync(join(tmp, "out"));
      // Inputs that are files (an esbuild metafile also names virtual modules: stdin, plugin namespaces).
      const inputs = [...new Set(await build(join(tmp, "out")))].filter((p) => statSync(resolve(REPO, p), { throwIfNoEntry: false })?.isFile()).sort();
      hashes.clear();
      const manifest: Manifest = { inputs: inputs.map((p) => [p, hashOf(p) as string]) };
      writeFileSync(join(tmp, "manifest.json"), JSON.stringify(manifest));
      const entry = sha(JSON.stringify(manifest)).slice(0, 20);
      publish(tmp, join(root, entry));
      prune(root, entry);
      return join(root, entry, "out");
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
}
