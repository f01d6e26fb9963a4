/**
 * `npm run bench:start -- [--rounds N]` (default 15): how long the plugin takes to serve its first
 * request, beside `node -e 0` on the same machine, interleaved round by round, medians. The time is
 * the engine's wait: from spawning the executable until its reply to GetPluginInfo (it prints its
 * port, the client connects over HTTP/2 and asks), and then until its reply to a first Check of a
 * DnsRecord (every resource module ready). Rows:
 * - the linux-amd64 release executable (scripts/plugin-archive.ts: Node single executable that
 *   starts from a V8 startup snapshot of the loaded plugin);
 * - the same executable built without the snapshot (how the darwin and windows executables start);
 * - the node-on-PATH archive's script (lib/plugin.js) on this Node;
 * - a floor: a single executable of the same Node whose script is only a node:http2 server that
 *   answers any request with an empty gRPC reply (what no Node-based plugin can start under).
 * Beside each wall time, the CPU time the process used until that reply (all its threads, from
 * /proc/<pid>/task/<tid>/schedstat), which a busy shared machine disturbs far less than the wall time.
 * Writes nothing; README "Start time" quotes a run (bench/results/plugin-start.txt).
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { buildPluginArchive, releaseExecutable } from "../scripts/plugin-archive";
import { cacheRoot, hostPlatform, nodeBinary, SEA_NODE_VERSION } from "../scripts/release/node-dist";

const argv = process.argv.slice(2);
const ROUNDS = Number(argv[argv.indexOf("--rounds") + 1] || 15);

const FLOOR = `const h2 = require("node:http2");
const s = h2.createServer();
s.on("stream", (st) => { st.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true }); st.on("wantTrailers", () => st.sendTrailers({ "grpc-status": "0" })); st.end(Buffer.from([0, 0, 0, 0, 0])); });
s.listen(0, "127.0.0.1", () => process.stdout.write(s.address().port + "\\n"));
`;

/** The floor's executable, built once per Node version into the cache. */
function floorExecutable(node: string): string {
  const key = createHash("sha256").update(FLOOR).update(SEA_NODE_VERSION).digest("hex").slice(0, 16);
  const exe = join(cacheRoot(), "sea", `floor-${key}`, "floor");
  if (existsSync(exe)) return exe;
  const dir = join(cacheRoot(), "sea", `floor-${key}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "floor.js"), FLOOR);
  writeFileSync(join(dir, "sea.json"), JSON.stringify({ main: "floor.js", output: "floor", executable: node, disableExperimentalSEAWarning: true }));
  execFileSync(node, ["--build-sea", "sea.json"], { cwd: dir, stdio: "ignore" });
  return exe;
}

/** CPU time (ms) the process has used so far, all its threads: /proc/<pid>/task/<tid>/schedstat (ns on CPU). */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
    } catch {}
  }
  return ns / 1e6;
}

const call = <T>(fn: (cb: (e: grpc.ServiceError | null, r: T) => void) => void) => new Promise<T>((res, rej) => fn((e, r) => (e ? rej(e) : res(r))));

/** [ms to the GetPluginInfo reply, ms to the Check reply (NaN for the floor), CPU ms used by then]. */
async function once(cmd: string[], check: boolean): Promise<[number, number, number]> {
  const t0 = performance.now();
  const child = spawn(cmd[0], [...cmd.slice(1), "127.0.0.1:1"], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.on("exit", (code) => reject(new Error(`${cmd.join(" ")} exited with ${code}`)));
      child.stdout.on("data", (d) => {
        out += d;
        if (out.includes("\n")) resolve(out.trim());
      });
    });
    const rpc = new provgrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    await call((cb) => rpc.getPluginInfo(new Empty(), cb));
    const first = performance.now() - t0;
    const cpu = cpuMs(child.pid!);
    let checked = Number.NaN;
    if (check) {
      const req = new provproto.CheckRequest();
      req.setUrn("urn:pulumi:dev::bench::dondominio:index:DnsRecord::www");
      req.setType("dondominio:index:DnsRecord");
      req.setNews(Struct.fromJavaScript({ serviceName: "example.com", name: "www", type: "A", value: "192.0.2.1", ttl: 3600 }));
      const res = await call<provproto.CheckResponse>((cb) => rpc.check(req, cb));
      if (res.getFailuresList().length) throw new Error(`Check failed: ${res.getFailuresList()[0].getReason()}`);
      checked = performance.now() - t0;
    }
    rpc.close();
    return [first, checked, cpu];
  } finally {
    child.kill();
  }
}

function nodeE0(node: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) =>
    spawn(node, ["-e", "0"], { stdio: "ignore" }).on("exit", (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`node -e 0: ${code}`)),
    ),
  );
}

/** CPU ms of `node -e 0`'s run, taken as the same process reaches its first line of output (it then waits to be read). */
function nodeE0Cpu(node: string): Promise<number> {
  const child = spawn(node, ["-e", "process.stdout.write('0\\n'); setInterval(() => {}, 1e6)"], { stdio: ["ignore", "pipe", "ignore"] });
  return new Promise((resolve) =>
    child.stdout.once("data", () => {
      const cpu = cpuMs(child.pid!);
      child.kill();
      resolve(cpu);
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function main(): Promise<void> {
  const host = hostPlatform();
  if (host?.os !== "linux" || host.arch !== "amd64") throw new Error("bench/plugin-start.ts measures the linux-amd64 executable: run it on linux-amd64");
  const node = nodeBinary(host);
  const work = mkdtempSync(join(tmpdir(), "dondominio-start-"));
  try {
    const js = await buildPluginArchive({ outDir: work });
    execFileSync("tar", ["-xzf", js.file, "-C", work]);
    const rows: { label: string; cmd: string[]; check: boolean }[] = [
      { label: "release executable (startup snapshot)", cmd: [await releaseExecutable(host, true)], check: true },
      { label: "release executable without snapshot", cmd: [await releaseExecutable(host, false)], check: true },
      { label: `node-on-PATH archive on Node ${process.versions.node}`, cmd: [process.execPath, join(work, "lib", "plugin.js")], check: true },
      { label: "floor: bare node:http2 single executable", cmd: [floorExecutable(node)], check: false },
    ];
    const base: number[] = [];
    const baseCpu: number[] = [];
    const cpu = rows.map(() => [] as number[]);
    const first = rows.map(() => [] as number[]);
    const checked = rows.map(() => [] as number[]);
    const load0 = loadavg()[0];
    for (let r = 0; r < ROUNDS; r++) {
      base.push(await nodeE0(node));
      baseCpu.push(await nodeE0Cpu(node));
      for (const [i, row] of rows.entries()) {
        const [f, c, u] = await once(row.cmd, row.check);
        first[i].push(f);
        checked[i].push(c);
        cpu[i].push(u);
      }
    }
    const b = median(base);
    const bc = median(baseCpu);
    const exeMb = (readFileSync(rows[0].cmd[0]).length / 1e6).toFixed(0);
    console.log(`plugin start: spawn -> first reply (GetPluginInfo), then -> first Check reply; median of ${ROUNDS} interleaved rounds`);
    console.log(`Node ${SEA_NODE_VERSION} linux-x64, load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}, release executable ${exeMb} MB`);
    console.log(`${"".padEnd(46)} first reply  vs node -e 0  first Check  CPU to 1st reply  vs node -e 0`);
    console.log(`${`node -e 0 (Node ${SEA_NODE_VERSION})`.padEnd(46)} ${b.toFixed(0).padStart(8)} ms ${"".padStart(25)} ${bc.toFixed(0).padStart(14)} ms`);
    for (const [i, row] of rows.entries()) {
      const f = median(first[i]);
      const c = median(checked[i]);
      const u = median(cpu[i]);
      const check = Number.isNaN(c) ? "" : `${c.toFixed(0)} ms`;
      const cols = [
        `${f.toFixed(0).padStart(8)} ms`,
        `${(f / b).toFixed(2)}x`.padStart(12),
        check.padStart(12),
        `${u.toFixed(0).padStart(14)} ms`,
        `${(u / bc).toFixed(2)}x`.padStart(12),
      ];
      console.log(`${row.label.padEnd(46)} ${cols.join(" ")}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`plugin-start: ${(e as Error).message}`);
  process.exitCode = 1;
});
