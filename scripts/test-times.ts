/**
 * `npx tsx scripts/test-times.ts [run.jsonl] [--top N] [--by cpu|wall] [--compare before.jsonl] [--jobs N] [--slowest]`:
 * the slowest test files of a mocha run, from the lines tests/harness/test-times.ts writes (by
 * default the newest run under .work/test-times/). Per file: wall seconds (loading it included),
 * CPU seconds of its worker and of the processes it started, the load average at its start, its
 * tests, and the child processes it started by kind (the expensive steps: engine operations, Maven
 * runs, venvs, builds). Then the totals, the run's wall time, and what the files' wall times give
 * for N parallel jobs in the run's order and longest first (a lower bound for the files alone).
 * CPU seconds are the figure to compare between runs on a shared machine: wall time grows with
 * the load of others, CPU time much less. --slowest prints only the files over a minute of wall
 * time, longest first: scripts/test-order.ts's SLOW list.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FileTimes } from "../tests/harness/test-times";

const REPO = resolve(__dirname, "..");

interface Run {
  path: string;
  files: FileTimes[];
  start?: { start: number; load: number[]; jobs?: number };
  end?: { wall: number; mainCpu: number; load: number[] };
}

export function readRun(path: string): Run {
  const run: Run = { path, files: [] };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let x: any;
    try {
      x = JSON.parse(line);
    } catch {
      continue;
    }
    if (x.kind === "file") run.files.push(x);
    else if (x.kind === "run-start") run.start = x;
    else if (x.kind === "run-end") run.end = x;
  }
  return run;
}

export function newestRun(dir = join(REPO, ".work", "test-times")): string | undefined {
  if (!existsSync(dir)) return undefined;
  const runs = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return runs[0];
}

/** Greedy list scheduling of `times` (in the given order) on `jobs` workers: the makespan. */
export function makespan(times: number[], jobs: number): number {
  const free = new Array(jobs).fill(0);
  for (const t of times) {
    const i = free.indexOf(Math.min(...free));
    free[i] += t;
  }
  return Math.max(...free);
}

const fmt = (n: number | undefined, w = 7) => (n === undefined ? "" : n.toFixed(0)).padStart(w);
const short = (spawns: Record<string, number>, n = 6) =>
  Object.entries(spawns)
    .filter(([k]) => !/^(tar|git rev-parse|sh|bash|which|id)$/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, c]) => `${k}×${c}`)
    .join(", ");

function main(argv: string[]): void {
  const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const flagged = new Set(["--top", "--by", "--compare", "--jobs"].flatMap((f) => (argv.includes(f) ? [argv[argv.indexOf(f) + 1]] : [])));
  const path = argv.find((a) => !a.startsWith("--") && !flagged.has(a)) ?? newestRun();
  if (!path) throw new Error("no run: pass a .jsonl, or run mocha first (it writes .work/test-times/<run>.jsonl)");
  const run = readRun(path);
  const by = (arg("--by") ?? "cpu") as "cpu" | "wall";
  const top = Number(arg("--top") ?? 25);
  const jobs = Number(arg("--jobs") ?? run.start?.jobs ?? 2);
  const before = arg("--compare") ? readRun(arg("--compare")!) : undefined;
  const old = new Map(before?.files.map((f) => [f.file, f]));
  const files = [...run.files].sort((a, b) => b[by] - a[by]);
  if (argv.includes("--slowest")) {
    for (const f of [...run.files].sort((a, b) => b.wall - a.wall).filter((f) => f.wall > 60)) console.log(`  "${f.file}", // ${f.wall.toFixed(0)} s`);
    return;
  }

  console.log(`${path}: ${run.files.length} files${run.start ? `, load average at the start ${run.start.load.map((l) => l.toFixed(1)).join(" ")}` : ""}`);
  const head = `${"file".padEnd(48)} ${"wall s".padStart(7)} ${"cpu s".padStart(7)} ${"child".padStart(7)}${before ? `${"cpu was".padStart(8)}${"wall was".padStart(9)}` : ""} ${"load".padStart(5)} tests  started`;
  console.log(head);
  for (const f of files.slice(0, top)) {
    const o = old.get(f.file);
    console.log(
      `${f.file.replace(/^tests\//, "").padEnd(48)} ${fmt(f.wall)} ${fmt(f.cpu)} ${fmt(f.cpuChildren)}${before ? `${fmt(o?.cpu, 8)}${fmt(o?.wall, 9)}` : ""} ${f.load[0].toFixed(1).padStart(5)} ${String(f.passed + f.failed).padStart(5)}${f.failed ? `(${f.failed} failed)` : ""}  ${short(f.spawns)}`,
    );
  }
  const sum = (fs: FileTimes[], k: "wall" | "cpu") => fs.reduce((s, f) => s + f[k], 0);
  const rest = files.slice(top);
  if (rest.length) console.log(`${`(${rest.length} more files)`.padEnd(48)} ${fmt(sum(rest, "wall"))} ${fmt(sum(rest, "cpu"))}`);
  const totalSpawns: Record<string, number> = {};
  for (const f of run.files) for (const [k, n] of Object.entries(f.spawns)) totalSpawns[k] = (totalSpawns[k] ?? 0) + n;
  console.log(
    `\ntotal: files' wall ${sum(run.files, "wall").toFixed(0)} s, files' CPU ${sum(run.files, "cpu").toFixed(0)} s` +
      (before ? ` (was ${sum(before.files, "wall").toFixed(0)} s and ${sum(before.files, "cpu").toFixed(0)} s)` : "") +
      `; failed tests: ${run.files.reduce((s, f) => s + f.failed, 0)}`,
  );
  if (run.end)
    console.log(
      `mocha run: ${run.end.wall.toFixed(0)} s wall${before?.end ? ` (was ${before.end.wall.toFixed(0)} s)` : ""}, main process CPU ${run.end.mainCpu.toFixed(0)} s, load average at the end ${run.end.load.map((l) => l.toFixed(1)).join(" ")}`,
    );
  const inOrder = [...run.files].sort((a, b) => a.start - a.loadWall * 1000 - (b.start - b.loadWall * 1000)).map((f) => f.wall);
  const lpt = [...run.files].map((f) => f.wall).sort((a, b) => b - a);
  console.log(
    `the files' wall times on ${jobs} jobs: ${makespan(inOrder, jobs).toFixed(0)} s in the run's order, ${makespan(lpt, jobs).toFixed(0)} s longest first; on ${jobs + 1}: ${makespan(lpt, jobs + 1).toFixed(0)} s`,
  );
  console.log(`started, all files: ${short(totalSpawns, 30)}`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(`test-times: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
