/**
 * `npm run bench:plugin -- [N] [--rounds R] [--profile DIR] [--no-extras]` (default N 1,000, R 2):
 * the engine's cost of N DnsRecords (up, a no-op preview, refresh, destroy) through the dynamic
 * resources (the installed package's DnsRecord) and through the provider plugin (installed from
 * its archive, `pulumi plugin install --file`, driven by the generated Node SDK), side by side in
 * one run: the same Automation API, file backend and emulator (its own process, no latency) for both.
 *
 * - The two providers take turns, and the one that goes first alternates from round to round, so
 *   that load from other processes falls on both alike; the table gives the median of the rounds
 *   and plugin/dynamic per step.
 * - The provider's pace is raised (dondominio:maxOpsPerMinute 1,000,000; the emulator's limits
 *   too): at the default of 100 calls a minute both providers would wait on the limiter, and the
 *   table would measure the pace, not the engine.
 * - Then (unless --no-extras), once per provider: the same steps with the file backend's per-step
 *   checkpoints off (PULUMI_SKIP_CHECKPOINTS=true: Pulumi then saves only the final deployment,
 *   its sdk/go/common/env SKIP_CHECKPOINTS, pulumi/pulumi#10668; unsafe, a run that dies midway
 *   records none of its steps), one DnsZone holding the N records instead of N DnsRecords, and the
 *   plugin's per-call overhead over the sdk client alone (bench/plugin-calls.ts).
 * - --profile DIR: both provider processes write V8 CPU profiles under DIR/<provider> (profileHook),
 *   and the engine logs every gRPC call (PULUMI_DEBUG_GRPC); each RPC's count and median time are
 *   printed. Profiled runs are slower: their times are not the figures.
 *
 * Run `npm run build` first (the dynamic resources are the packed dist/).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngineStack, engineEnv, loadInstalled, REPO, WORK_ROOT } from "../tests/harness/engine";
import { buildPluginArchive } from "../scripts/plugin-archive";
import { DonDominioClient } from "../sdk";
import { callLines, measurePluginCalls, startEmulatorProcess } from "./plugin-calls";

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const N = Number(argv.find((a, i) => /^\d+$/.test(a) && !argv[i - 1]?.startsWith("--")) ?? 1000);
const ROUNDS = Number(opt("--rounds") ?? 2);
const PROFILE = opt("--profile");
const EXTRAS = !argv.includes("--no-extras");
const STEPS = ["up", "preview", "refresh", "destroy"] as const;
type Step = (typeof STEPS)[number];
type Kind = "dynamic" | "plugin";
type Times = Record<Step, number>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const secs = (t: number) => t.toFixed(1).padStart(9);

function table(title: string, rows: Record<Kind, Times>, perResource = N): string[] {
  const lines = [
    title,
    `${"step".padEnd(9)}${"dynamic s".padStart(11)}${"plugin s".padStart(11)}${"plugin/dynamic".padStart(16)}${"ms/resource (d, p)".padStart(21)}`,
  ];
  for (const step of STEPS) {
    const d = rows.dynamic[step];
    const p = rows.plugin[step];
    const per = `${((d * 1000) / perResource).toFixed(1)}, ${((p * 1000) / perResource).toFixed(1)}`;
    lines.push(`${step.padEnd(9)}${secs(d).padStart(11)}${secs(p).padStart(11)}${`${(p / d).toFixed(2)}x`.padStart(16)}${per.padStart(21)}`);
  }
  return lines;
}

/**
 * A module each provider process preloads (NODE_OPTIONS --require): V8's CPU profiler from the
 * start, its profile written to `dir` when the engine stops the plugin (SIGINT/SIGTERM: the engine
 * does not let plugins exit on their own, so node's --cpu-prof would write nothing).
 */
function profileHook(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "..", "profile-hook.js");
  writeFileSync(
    file,
    `const inspector = require("node:inspector"); const fs = require("node:fs");
const s = new inspector.Session(); s.connect(); s.post("Profiler.enable"); s.post("Profiler.start");
let done = false;
function dump() { if (done) return; done = true; s.post("Profiler.stop", (err, r) => { if (!err) fs.writeFileSync(${JSON.stringify(dir)} + "/" + process.pid + ".cpuprofile", JSON.stringify(r.profile)); }); }
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { dump(); process.exit(0); });
process.on("exit", dump);
`,
  );
  return file;
}

/**
 * The engine's gRPC calls to the provider from a PULUMI_DEBUG_GRPC log, by method: how many, and
 * the median time each took as the engine saw it (request sent to response received).
 */
function rpcSummary(file: string): string {
  if (!existsSync(file)) return "(no gRPC log)";
  const ms = new Map<string, number[]>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"progress":"response_completed"')) continue;
    const entry = JSON.parse(line) as { method: string; duration?: number };
    const m = /^\/pulumirpc\.ResourceProvider\/(\w+)$/.exec(entry.method);
    if (m) ms.set(m[1], [...(ms.get(m[1]) ?? []), (entry.duration ?? 0) / 1e6]);
  }
  return [...ms].map(([k, v]) => `${k} ${v.length} (median ${median(v).toFixed(1)} ms)`).join(", ");
}

async function main(): Promise<void> {
  const started = performance.now();
  const emu = await startEmulatorProcess();
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
  const home = mkdtempSync(join(tmpdir(), "dondominio-bench-plugin-"));
  mkdirSync(WORK_ROOT, { recursive: true });
  const sdkDir = mkdtempSync(join(WORK_ROOT, "nodejs-sdk-"));
  try {
    // The plugin from its archive, into a PULUMI_HOME of its own; the Node SDK compiled under .work/.
    const archive = await buildPluginArchive({ outDir: home, minify: !PROFILE });
    const pulumiHome = join(home, "pulumi-home");
    execFileSync("pulumi", ["plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file], {
      env: { ...engineEnv(home), PULUMI_HOME: pulumiHome },
      stdio: "ignore",
    });
    const pluginExe = join(pulumiHome, "plugins", `resource-dondominio-v${archive.version}`, "pulumi-resource-dondominio");
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(REPO, "sdks", "nodejs", "tsconfig.json"), "--outDir", sdkDir]);
    copyFileSync(join(REPO, "sdks", "nodejs", "package.json"), join(sdkDir, "package.json"));
    const dynamicPkg = loadInstalled<Record<"DnsRecord" | "DnsZone", new (name: string, args: object) => unknown>>();
    const config = {
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
      "dondominio:maxOpsPerMinute": { value: "1000000" },
    };
    const records = () => Array.from({ length: N }, (_, i) => ({ name: `r${i}`, type: "A", value: `192.0.${2 + Math.floor(i / 250)}.${(i % 250) + 1}` }));
    let zones = 0;
    const stateBytes: Record<Kind, number[]> = { dynamic: [], plugin: [] };

    /** One stack through one provider: the four steps timed; `shape` DnsRecords or one DnsZone. */
    async function run(kind: Kind, label: string, shape: "records" | "zone", env: Record<string, string> = {}): Promise<Times> {
      const zone = `bench-${kind}-${++zones}.example`;
      await client.call("service/create", { serviceName: zone, productkey: "redir" } as any);
      const profEnv: Record<string, string> = PROFILE
        ? { NODE_OPTIONS: `--require ${profileHook(join(PROFILE, kind))}`, PULUMI_DEBUG_GRPC: join(PROFILE, `${kind}-${zones}-grpc.json`) }
        : {};
      const engine = await createEngineStack({
        projectName: `bench-${kind}`,
        installPackage: false,
        config,
        env: { ...(kind === "plugin" ? { PULUMI_HOME: pulumiHome } : {}), ...profEnv, ...env },
        program: async () => {
          const pkg = kind === "plugin" ? require(sdkDir) : dynamicPkg;
          if (shape === "zone") new pkg.DnsZone("zone", { serviceName: zone, records: records(), maxChangeRatio: 1 });
          else for (const r of records()) new pkg.DnsRecord(r.name, { serviceName: zone, ...r });
        },
      });
      const times = {} as Times;
      try {
        for (const step of STEPS) {
          const t0 = performance.now();
          if (step === "up") await engine.stack.up();
          else if (step === "preview") {
            const p = await engine.stack.preview();
            const changes = Object.entries(p.changeSummary).filter(([op]) => op !== "same");
            if (changes.length) throw new Error(`${label}: the preview after up is not empty (${JSON.stringify(p.changeSummary)})`);
          } else if (step === "refresh") await engine.stack.refresh();
          else await engine.stack.destroy();
          times[step] = (performance.now() - t0) / 1000;
          if (step === "up" && shape === "records" && !env.PULUMI_SKIP_CHECKPOINTS) stateBytes[kind].push(engine.readStateFile().length);
          console.error(`  ${label} ${kind} ${step}: ${times[step].toFixed(1)} s`);
        }
      } finally {
        await engine.dispose();
      }
      if (PROFILE) console.error(`  ${label} ${kind} RPCs of the four steps: ${rpcSummary(profEnv.PULUMI_DEBUG_GRPC)}`);
      return times;
    }

    // Rounds: both providers in each, the first one alternating.
    const rounds: Record<Kind, Times[]> = { dynamic: [], plugin: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const order: Kind[] = r % 2 ? ["plugin", "dynamic"] : ["dynamic", "plugin"];
      for (const kind of order) rounds[kind].push(await run(kind, `round ${r + 1}`, "records"));
    }
    const med = (kind: Kind) => Object.fromEntries(STEPS.map((s) => [s, median(rounds[kind].map((t) => t[s]))])) as Times;
    const out: string[] = [];
    out.push(
      ...table(
        `${N} DnsRecords, median of ${ROUNDS} interleaved rounds (file backend, emulator without latency, Automation API, ${process.version}, 2 shared cores)`,
        { dynamic: med("dynamic"), plugin: med("plugin") },
      ),
    );
    out.push(
      `state after up: dynamic ${(median(stateBytes.dynamic) / 1e6).toFixed(2)} MB, plugin ${(median(stateBytes.plugin) / 1e6).toFixed(2)} MB (${(median(stateBytes.dynamic) / median(stateBytes.plugin)).toFixed(2)}x)`,
    );

    if (EXTRAS) {
      const skip = { dynamic: await run("dynamic", "no checkpoints", "records", { PULUMI_SKIP_CHECKPOINTS: "true" }), plugin: {} as Times };
      skip.plugin = await run("plugin", "no checkpoints", "records", { PULUMI_SKIP_CHECKPOINTS: "true" });
      out.push("", ...table(`The same with PULUMI_SKIP_CHECKPOINTS=true (one run each; UNSAFE: only the final state is saved)`, skip));
      out.push(
        `checkpoints' share of up: dynamic ${pct(1 - skip.dynamic.up / med("dynamic").up)}, plugin ${pct(1 - skip.plugin.up / med("plugin").up)}; of destroy: dynamic ${pct(1 - skip.dynamic.destroy / med("dynamic").destroy)}, plugin ${pct(1 - skip.plugin.destroy / med("plugin").destroy)}`,
      );
      const zone = { dynamic: await run("dynamic", "one DnsZone", "zone"), plugin: {} as Times };
      zone.plugin = await run("plugin", "one DnsZone", "zone");
      out.push("", ...table(`One DnsZone of ${N} records instead of ${N} DnsRecords (one run each; ms per record)`, zone));
      out.push(
        `one DnsZone vs ${N} DnsRecords, up: dynamic ${(zone.dynamic.up / med("dynamic").up).toFixed(3)}x, plugin ${(zone.plugin.up / med("plugin").up).toFixed(3)}x`,
      );
      out.push("", ...callLines(await measurePluginCalls({ exe: pluginExe, emu, client, n: Math.min(N, 500) })));
    }
    out.push(`(bench/plugin-vs-dynamic.ts ${N} --rounds ${ROUNDS}: ${((performance.now() - started) / 60_000).toFixed(1)} min)`);
    console.log(`\n${out.join("\n")}`);
  } finally {
    await emu.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(sdkDir, { recursive: true, force: true });
  }
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
