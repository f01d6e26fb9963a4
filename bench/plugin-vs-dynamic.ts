/**
 * `tsx bench/plugin-vs-dynamic.ts [N]` (default 1,000): the engine's cost of N DnsRecords (up, a
 * no-op preview, refresh, destroy) through the dynamic resources (the installed package's DnsRecord)
 * and through the provider plugin (installed from its archive, `pulumi plugin install --file`,
 * driven by the generated Node SDK), side by side in one run, against the emulator (no latency),
 * the same Automation API and file backend for both. Then the plugin's per-resource overhead over
 * the sdk client alone: (plugin up − N service/dnscreate calls by the client) / N.
 * Run `npm run build` first.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../emulator";
import { createEngineStack, engineEnv, loadInstalled, REPO, WORK_ROOT } from "../scripts/engine";
import { buildPluginArchive } from "../scripts/plugin-archive";
import { DonDominioClient } from "../sdk";

const N = Number(process.argv[2] ?? 1000);
const STEPS = ["up", "preview", "refresh", "destroy"] as const;

async function main(): Promise<void> {
  const emu = await startEmulator();
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
  const home = mkdtempSync(join(tmpdir(), "dondominio-bench-plugin-"));
  mkdirSync(WORK_ROOT, { recursive: true });
  const sdkDir = mkdtempSync(join(WORK_ROOT, "nodejs-sdk-"));
  try {
    // The plugin from its archive, into a PULUMI_HOME of its own; the Node SDK compiled under .work/.
    const archive = await buildPluginArchive({ outDir: home });
    const pulumiHome = join(home, "pulumi-home");
    execFileSync("pulumi", ["plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file], {
      env: { ...engineEnv(home), PULUMI_HOME: pulumiHome },
      stdio: "ignore",
    });
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(REPO, "sdks", "nodejs", "tsconfig.json"), "--outDir", sdkDir]);
    copyFileSync(join(REPO, "sdks", "nodejs", "package.json"), join(sdkDir, "package.json"));
    const dynamicPkg = loadInstalled<{ DnsRecord: new (name: string, args: object) => unknown }>();
    const config = {
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
    };
    const records = (zone: string) =>
      Array.from({ length: N }, (_, i) => ({ serviceName: zone, name: `r${i}`, type: "A", value: `192.0.${2 + Math.floor(i / 250)}.${(i % 250) + 1}` }));

    const times: Record<string, Record<string, number>> = {};
    for (const [kind, zone] of [
      ["dynamic", "bench-dynamic.example"],
      ["plugin", "bench-plugin.example"],
    ] as const) {
      await client.call("service/create", { serviceName: zone, productkey: "redir" } as any);
      const engine = await createEngineStack({
        projectName: `bench-${kind}`,
        installPackage: false,
        config,
        env: kind === "plugin" ? { PULUMI_HOME: pulumiHome } : {},
        program: async () => {
          const DnsRecord = kind === "plugin" ? require(sdkDir).DnsRecord : dynamicPkg.DnsRecord;
          for (const r of records(zone)) new DnsRecord(r.name, r);
        },
      });
      times[kind] = {};
      try {
        for (const step of STEPS) {
          const t0 = performance.now();
          if (step === "up") await engine.stack.up();
          else if (step === "preview") await engine.stack.preview();
          else if (step === "refresh") await engine.stack.refresh();
          else await engine.stack.destroy();
          times[kind][step] = (performance.now() - t0) / 1000;
          console.error(`  ${kind} ${step}: ${times[kind][step].toFixed(1)} s`);
        }
      } finally {
        await engine.dispose();
      }
    }

    // The sdk client alone: the same N creates, one at a time, then deleted.
    const zone = "bench-client.example";
    await client.call("service/create", { serviceName: zone, productkey: "redir" } as any);
    const t0 = performance.now();
    for (const r of records(zone)) await client.call("service/dnscreate", { serviceName: zone, name: r.name, type: r.type, value: r.value } as any);
    const clientS = (performance.now() - t0) / 1000;

    console.log(`\n${N} DnsRecords, emulator without latency, file backend, Automation API (seconds; 2 shared cores)`);
    console.log(`${"step".padEnd(10)}${"dynamic".padStart(10)}${"plugin".padStart(10)}${"plugin/dynamic".padStart(16)}`);
    for (const step of STEPS) {
      const d = times.dynamic[step];
      const p = times.plugin[step];
      console.log(`${step.padEnd(10)}${d.toFixed(1).padStart(10)}${p.toFixed(1).padStart(10)}${`${(p / d).toFixed(2)}x`.padStart(16)}`);
    }
    console.log(`sdk client alone: ${N} service/dnscreate in ${clientS.toFixed(1)} s (${((clientS * 1000) / N).toFixed(1)} ms each)`);
    console.log(
      `plugin up per resource: ${((times.plugin.up * 1000) / N).toFixed(1)} ms; overhead over the client: ${(((times.plugin.up - clientS) * 1000) / N).toFixed(1)} ms`,
    );
  } finally {
    await emu.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(sdkDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
