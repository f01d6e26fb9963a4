/**
 * Per-file cost of a mocha run (required by .mocharc.json; scripts/test-times.ts prints it): for
 * each test file, its wall time, the CPU seconds of the worker that ran it and of that worker's
 * children (/proc/self/stat utime+stime and cutime+cstime: a child's CPU counts once it has exited
 * and been waited for, with its own waited-for descendants), the load average at its start and
 * end, and how many child processes of each kind it started (`pulumi up`, `mvn`, `python -m venv`,
 * `go build`...), so that runs on a loaded machine can be compared by CPU and by counts of
 * expensive steps rather than by wall time alone.
 *
 * One JSON line per file into $DONDOMINIO_TEST_TIMES (set by the main process at load: a new file
 * under .work/test-times/ per run; workers inherit it). In parallel mode root hooks run once per
 * file in the worker; in serial mode (one `npx mocha <file>`) once for the whole run. A file's
 * figures include loading it (from the worker's previous file's end, or from the worker's start).
 * Observation only: the wrappers count a spawn and call through unchanged.
 */
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";

const REPO = resolve(__dirname, "..", "..");
const TICK = 100; // USER_HZ on Linux

if (!process.env.MOCHA_WORKER_ID && !process.env.DONDOMINIO_TEST_TIMES) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  process.env.DONDOMINIO_TEST_TIMES = join(REPO, ".work", "test-times", `${stamp}-${process.pid}.jsonl`);
}
const OUT = process.env.DONDOMINIO_TEST_TIMES as string;

export interface CpuTimes {
  self: number;
  children: number;
}

/** This process's CPU seconds, and its waited-for children's (Linux; zeros elsewhere). */
export function cpuTimes(): CpuTimes {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces), counted from field 3 (state).
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const n = (i: number) => Number(f[i - 3]) / TICK;
    return { self: n(14) + n(15), children: n(16) + n(17) };
  } catch {
    const u = process.cpuUsage();
    return { self: (u.user + u.system) / 1e6, children: 0 };
  }
}

/** The kind of a spawned command: the program and, for the tools whose cost depends on it, what it was asked to do. */
export function spawnKind(file: string, args: readonly string[]): string {
  let prog = basename(file);
  let rest = [...args];
  if (prog === "bash" || prog === "sh") {
    const script = rest.find((a) => !a.startsWith("-"));
    return script && /\.sh$/.test(script) ? `bash ${basename(script)}` : prog;
  }
  if (/^node(js)?$/.test(prog) || file === process.execPath) {
    if (rest.includes("--build-sea")) return "node --build-sea";
    const script = rest.find((a) => !a.startsWith("-"));
    if (!script) return "node";
    prog = basename(script).replace(/\.(c?js|ts)$/, "");
    if (prog === "tsc" || prog === "tsx") return prog;
    rest = rest.slice(rest.indexOf(script) + 1);
    return `node ${prog}`;
  }
  if (/^python[0-9.]*$/.test(prog)) {
    const m = rest.indexOf("-m");
    if (m >= 0) return `python -m ${rest[m + 1]}${rest[m + 1] === "pip" ? ` ${rest[m + 2] ?? ""}` : ""}`.trim();
    return "python";
  }
  const sub = rest.find((a) => !a.startsWith("-"));
  if (["pulumi", "go", "npm", "git", "docker"].includes(prog) && sub) {
    // `pulumi plugin install`, `pulumi stack init`: two words; `pulumi up`: one.
    const i = rest.indexOf(sub);
    const two = ["plugin", "stack", "config", "package", "mod"].includes(sub) && rest[i + 1] && !rest[i + 1].startsWith("-");
    return `${prog} ${sub}${two ? ` ${rest[i + 1]}` : ""}`;
  }
  if (prog === "mvn") {
    const goals = rest.filter((a) => !a.startsWith("-") && !a.includes("/") && !a.endsWith(".xml"));
    return `mvn ${goals[0] ?? ""}`.trim();
  }
  return prog;
}

const spawns = new Map<string, number>();
function count(file: unknown, args: unknown): void {
  if (typeof file !== "string") return;
  const kind = spawnKind(file, Array.isArray(args) ? args.map(String) : []);
  spawns.set(kind, (spawns.get(kind) ?? 0) + 1);
}

/** Counts every child process: the async ones (spawn, execFile, exec, fork: ChildProcess#spawn) and the exported sync calls. */
function countSpawns(): void {
  // The module's own exports object (an `import * as` namespace is a frozen copy).
  const childProcess = require("node:child_process") as typeof import("node:child_process");
  const proto = childProcess.ChildProcess.prototype as unknown as { spawn: (o: { file?: string; args?: string[] }) => unknown };
  const spawn = proto.spawn;
  proto.spawn = function (this: unknown, o: { file?: string; args?: string[] }) {
    // args[0] is argv0 (the program again).
    count(o?.file, o?.args?.slice(1));
    return spawn.call(this, o);
  };
  const cp = childProcess as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ["execFileSync", "spawnSync"]) {
    const real = cp[name];
    try {
      Object.defineProperty(childProcess, name, {
        configurable: true,
        enumerable: true,
        writable: true,
        value: function (this: unknown, file: unknown, args: unknown, ...more: unknown[]) {
          count(file, Array.isArray(args) ? args : []);
          return real.call(this, file, args, ...more);
        },
      });
    } catch {}
  }
  const execSync = cp.execSync;
  try {
    Object.defineProperty(childProcess, "execSync", {
      configurable: true,
      enumerable: true,
      writable: true,
      value: function (this: unknown, command: unknown, ...more: unknown[]) {
        if (typeof command === "string") count(command.trim().split(/\s+/)[0], command.trim().split(/\s+/).slice(1));
        return execSync.call(this, command, ...more);
      },
    });
  } catch {}
}

export interface FileTimes {
  kind: "file";
  file: string;
  worker: string;
  start: number;
  wall: number;
  cpu: number;
  cpuSelf: number;
  cpuChildren: number;
  /** Loading the file (requiring it and what it imports, compiled by tsx), counted in wall and cpu. */
  loadWall: number;
  loadCpu: number;
  load: [number, number];
  passed: number;
  failed: number;
  pending: number;
  spawns: Record<string, number>;
}

function write(line: object): void {
  try {
    mkdirSync(dirname(OUT), { recursive: true });
    appendFileSync(OUT, `${JSON.stringify(line)}\n`);
  } catch {}
}

interface HookSuite {
  file?: string;
  suites: HookSuite[];
  tests: { state?: string; pending?: boolean }[];
}
function tally(s: HookSuite, acc = { passed: 0, failed: 0, pending: 0 }) {
  for (const t of s.tests) {
    if (t.state === "passed") acc.passed++;
    else if (t.state === "failed") acc.failed++;
    else acc.pending++;
  }
  for (const c of s.suites) tally(c, acc);
  return acc;
}

let begun: { wall: number; cpu: CpuTimes; load: number; spawns: Map<string, number>; loadWall: number; loadCpu: number } | undefined;
/** When the worker finished its previous file (at first: when the process started): what lies between is loading the next file. */
let lastEnd = { wall: Date.now() - process.uptime() * 1000, cpu: { self: 0, children: 0 } as CpuTimes };
const r2 = (n: number) => Math.round(n * 100) / 100;

export const mochaHooks = {
  beforeAll(this: { test?: { parent?: HookSuite } }) {
    const cpu = cpuTimes();
    const wall = Date.now();
    const loadCpu = cpu.self + cpu.children - lastEnd.cpu.self - lastEnd.cpu.children;
    begun = { wall, cpu, load: loadavg()[0], spawns: new Map(spawns), loadWall: (wall - lastEnd.wall) / 1000, loadCpu };
  },
  afterAll(this: { test?: { parent?: HookSuite } }) {
    if (!begun) return;
    const root = this.test?.parent;
    const files = [...new Set((root?.suites ?? []).map((s) => s.file).filter((f): f is string => !!f))];
    const cpu = cpuTimes();
    const self = cpu.self - begun.cpu.self;
    const children = cpu.children - begun.cpu.children;
    const delta: Record<string, number> = {};
    for (const [k, n] of spawns) if (n - (begun.spawns.get(k) ?? 0) > 0) delta[k] = n - (begun.spawns.get(k) ?? 0);
    const line: FileTimes = {
      kind: "file",
      file: files.length === 1 ? relative(REPO, files[0]) : files.length ? `${files.length} files` : "?",
      worker: process.env.MOCHA_WORKER_ID ?? "serial",
      start: begun.wall,
      wall: r2((Date.now() - begun.wall) / 1000 + begun.loadWall),
      cpu: r2(self + children + begun.loadCpu),
      cpuSelf: r2(self),
      cpuChildren: r2(children),
      loadWall: r2(begun.loadWall),
      loadCpu: r2(begun.loadCpu),
      load: [begun.load, loadavg()[0]],
      ...(root ? tally(root) : { passed: 0, failed: 0, pending: 0 }),
      spawns: delta,
    };
    write(line);
    begun = undefined;
    lastEnd = { wall: Date.now(), cpu };
  },
};

let runStart: { wall: number; cpu: CpuTimes } | undefined;
export function mochaGlobalSetup(): void {
  runStart = { wall: Date.now(), cpu: cpuTimes() };
  write({ kind: "run-start", start: runStart.wall, load: loadavg(), argv: process.argv.slice(2), jobs: jobsOf(process.argv) });
}
export function mochaGlobalTeardown(): void {
  if (!runStart) return;
  const cpu = cpuTimes();
  write({
    kind: "run-end",
    start: runStart.wall,
    wall: (Date.now() - runStart.wall) / 1000,
    mainCpu: r2(cpu.self + cpu.children - runStart.cpu.self - runStart.cpu.children),
    load: loadavg(),
  });
}
function jobsOf(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === "--jobs" || a === "-j");
  return i >= 0 ? Number(argv[i + 1]) : undefined;
}

if (process.env.MOCHA_WORKER_ID || !process.argv.includes("--parallel")) countSpawns();
