/**
 * Benchmark: 200 DnsRecords through the real engine against the emulator with 50 ms of latency on
 * every API call; wall time and API calls (the emulator's counters) per action, next to the same
 * program on a no-op dynamic provider (the engine's own cost). Bounded: fixed work and a global
 * time limit. Run `npm run build` first, then `npx tsx bench/provider-dns.ts [records] [latencyMs]`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator } from "../emulator";
import { DonDominioClient } from "../sdk";
import { createEngineStack, installPackage, WORK_ROOT } from "../scripts/engine";

const RECORDS = Number(process.argv[2] ?? 200);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const LIMIT_MS = 15 * 60_000;
const ZONE = "bench-dns.example";

/** Returns at once from every call: what the engine costs without any API. */
const NOOP_PROVIDER = `
exports.check = async (olds, news) => ({ inputs: news });
exports.diff = async (id, olds, news) => ({ changes: JSON.stringify(olds) !== JSON.stringify(news), replaces: [] });
exports.create = async (inputs) => ({ id: inputs.name, outs: inputs });
exports.read = async (id, props) => ({ id, props });
exports.update = async (id, olds, news) => ({ outs: news });
exports.delete = async () => {};
`;

interface Row {
  action: string;
  ms: number;
  calls: string;
}

const args = (i: number) => ({
  serviceName: ZONE,
  name: `host${i}`,
  type: i % 2 ? "A" : "TXT",
  value: i % 2 ? `198.51.100.${i % 250}` : `bench token ${i}`,
  ttl: 300,
});

async function measure(run: () => Promise<unknown>, counters?: () => Promise<Record<string, number>>): Promise<{ ms: number; calls: string }> {
  await counters?.();
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  const calls = counters ? await counters() : {};
  const text = Object.entries(calls)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  return { ms, calls: counters ? text || "none" : "-" };
}

async function lifecycle(
  label: string,
  program: pulumi.automation.PulumiFn,
  config: Record<string, { value: string; secret?: boolean }>,
  counters?: () => Promise<Record<string, number>>,
): Promise<Row[]> {
  const eng = await createEngineStack({ program, installPackage: false, config });
  const rows: Row[] = [];
  try {
    const step = async (action: string, run: () => Promise<unknown>) => rows.push({ action: `${label} ${action}`, ...(await measure(run, counters)) });
    await step("up (create)", () => eng.stack.up());
    await step("preview (no-op)", () => eng.stack.preview());
    await step("refresh", () => eng.stack.refresh());
    await step("destroy", () => eng.stack.destroy());
  } finally {
    await eng.dispose();
  }
  return rows;
}

async function main(): Promise<void> {
  const timer = setTimeout(() => {
    console.error(`bench/provider-dns: over ${LIMIT_MS / 60_000} min, stopping`);
    process.exit(2);
  }, LIMIT_MS);
  timer.unref();
  const pkg = installPackage();
  const noopDir = join(WORK_ROOT, "node_modules", "bench-noop-provider");
  mkdirSync(noopDir, { recursive: true });
  writeFileSync(join(noopDir, "package.json"), JSON.stringify({ name: "bench-noop-provider", version: "1.0.0", main: "index.js" }));
  writeFileSync(join(noopDir, "index.js"), NOOP_PROVIDER);

  const emu = await startEmulator({ latencyMs: LATENCY_MS });
  try {
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    const counters = async () => (await emu.control.counters({ reset: true })).calls;

    const real = () => {
      const { DnsRecord } = require(join(pkg, "dist", "provider", "resources", "dns-record", "resource.js"));
      for (let i = 0; i < RECORDS; i++) new DnsRecord(`r${i}`, args(i));
    };
    const noop = () => {
      const provider = require(noopDir);
      class Noop extends pulumi.dynamic.Resource {
        constructor(name: string, props: Record<string, unknown>) {
          super(provider, name, props);
        }
      }
      for (let i = 0; i < RECORDS; i++) new Noop(`r${i}`, args(i));
    };
    const config = {
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
    };
    const rows = [...(await lifecycle("no-op provider", async () => noop(), {})), ...(await lifecycle("DnsRecord", async () => real(), config, counters))];

    console.log(`\n${RECORDS} DNS records, ${LATENCY_MS} ms emulator latency per API call, node ${process.version}\n`);
    console.log(`${"action".padEnd(34)} ${"wall s".padStart(8)}  API calls`);
    for (const r of rows) console.log(`${r.action.padEnd(34)} ${(r.ms / 1000).toFixed(2).padStart(8)}  ${r.calls}`);
  } finally {
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
