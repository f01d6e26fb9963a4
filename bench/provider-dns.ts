/**
 * Benchmark: 200 DnsRecords through the real engine against the emulator with 50 ms of latency on
 * every API call; wall time and API calls (the emulator's counters) per action, next to the same
 * program on a no-op dynamic provider (the engine's own cost). Bounded: fixed work and a global
 * time limit. Run `npm run build` first, then `npx tsx bench/provider-dns.ts [records] [latencyMs]`.
 */
import { join } from "node:path";
import { BASIC_ACTIONS, lifecycle, startBench } from "./engine-bench";

const RECORDS = Number(process.argv[2] ?? 200);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const LIMIT_MS = 15 * 60_000;
const ZONE = "bench-dns.example";

const args = (i: number) => ({
  serviceName: ZONE,
  name: `host${i}`,
  type: i % 2 ? "A" : "TXT",
  value: i % 2 ? `198.51.100.${i % 250}` : `bench token ${i}`,
  ttl: 300,
});

async function main(): Promise<void> {
  const { pkg, noop: noopClass, emu, client, counters, config } = await startBench("provider-dns", { limitMs: LIMIT_MS, latencyMs: LATENCY_MS });
  try {
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    const real = () => {
      const { DnsRecord } = require(join(pkg, "dist", "provider", "resources", "dns-record", "resource.js"));
      for (let i = 0; i < RECORDS; i++) new DnsRecord(`r${i}`, args(i));
    };
    const noop = () => {
      const Noop = noopClass();
      for (let i = 0; i < RECORDS; i++) new Noop(`r${i}`, args(i));
    };
    const rows = [
      ...(await lifecycle("no-op provider", async () => noop(), {}, BASIC_ACTIONS)),
      ...(await lifecycle("DnsRecord", async () => real(), config, BASIC_ACTIONS, counters)),
    ];

    console.log(`\n${RECORDS} DNS records, ${LATENCY_MS} ms emulator latency per API call, node ${process.version}\n`);
    console.log(`${"action".padEnd(34)} ${"wall s".padStart(8)}  API calls`);
    for (const r of rows) console.log(`${`${r.label} ${r.action}`.padEnd(34)} ${(r.ms / 1000).toFixed(2).padStart(8)}  ${r.calls}`);
  } finally {
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
