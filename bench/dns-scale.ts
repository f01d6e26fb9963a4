/**
 * Benchmark (issue 12 item 6): a 1,000-record zone as ONE DnsZone against 1,000 DnsRecords, beside
 * 1,000 resources of a no-op dynamic provider (the engine's own cost), in one run against one
 * emulator with 50 ms of latency on every API call. For each: API calls (the emulator's counters)
 * and wall time of the first up, a no-change preview, a refresh, a one-record change and destroy.
 *
 * The provider's call pace is raised (maxOpsPerMinute 20000): its default of 100 calls a minute is
 * for the real service and would make the 1,000 DnsRecords a 10-minute measurement of the pacer
 * (tests/hardening/limits-* cover the pace). Concurrency stays at the default (4).
 * Run `npm run build` first, then `npx tsx bench/dns-scale.ts [records] [latencyMs] [dnsRecords]`
 * (dnsRecords: how many DnsRecords, default = records; a smaller number is labelled as such).
 */
import { join } from "node:path";
import { type Action, lifecycle, type Row, startBench } from "./engine-bench";

const RECORDS = Number(process.argv[2] ?? 1000);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const DNS_RECORDS = Number(process.argv[4] ?? RECORDS);
const LIMIT_MS = 40 * 60_000;
const ZONE_ZONE = "bench-scale-zone.example";
const RECORDS_ZONE = "bench-scale-records.example";

/** Record i of the zone (A and TXT in turn); `changed` gives record 0 another value. */
const record = (i: number, changed: boolean) =>
  i % 2
    ? { name: `host${i}`, type: "A", value: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`, ttl: 300 }
    : { name: `txt${i}`, type: "TXT", value: i === 0 && changed ? "bench token 0, changed" : `bench token ${i}`, ttl: 300 };

async function main(): Promise<void> {
  const {
    pkg,
    noop: noopClass,
    emu,
    client,
    counters,
    config,
  } = await startBench("dns-scale", {
    limitMs: LIMIT_MS,
    latencyMs: LATENCY_MS,
    extraConfig: { "dondominio:maxOpsPerMinute": { value: "20000" } },
  });
  try {
    for (const serviceName of [ZONE_ZONE, RECORDS_ZONE]) await client.call("service/create", { serviceName, productkey: "redir" } as any);
    const load = <T>(rel: string): T => require(join(pkg, "dist", "provider", "resources", rel, "resource.js"));

    let changed = false;
    const actions: Action[] = [
      ["up (create)", (eng) => eng.stack.up()],
      ["preview (no change)", (eng) => eng.stack.preview()],
      ["refresh", (eng) => eng.stack.refresh()],
      [
        "up (one record changed)",
        (eng) => {
          changed = true;
          return eng.stack.up();
        },
      ],
      ["destroy", (eng) => eng.stack.destroy()],
    ];
    const run = async (label: string, program: () => void, counted: boolean) => {
      changed = false;
      const t0 = performance.now();
      const rows = await lifecycle(label, async () => program(), counted ? config : {}, actions, counted ? counters : undefined);
      console.error(`bench/dns-scale: ${label} done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      return rows;
    };

    const noop = await run(
      `${RECORDS} no-op resources`,
      () => {
        const Noop = noopClass();
        for (let i = 0; i < RECORDS; i++) new Noop(`r${i}`, record(i, changed));
      },
      false,
    );
    const zone = await run(
      `1 DnsZone of ${RECORDS}`,
      () => {
        const { DnsZone } = load<any>("dns-zone");
        new DnsZone("zone", { serviceName: ZONE_ZONE, records: Array.from({ length: RECORDS }, (_, i) => record(i, changed)) });
      },
      true,
    );
    const records = await run(
      `${DNS_RECORDS} DnsRecords`,
      () => {
        const { DnsRecord } = load<any>("dns-record");
        for (let i = 0; i < DNS_RECORDS; i++) new DnsRecord(`r${i}`, { serviceName: RECORDS_ZONE, ...record(i, changed) });
      },
      true,
    );

    console.log(
      `\nDNS at scale: ${RECORDS} records, ${LATENCY_MS} ms emulator latency per API call, maxOpsPerMinute 20000, maxConcurrency 4, node ${process.version}` +
        `${DNS_RECORDS !== RECORDS ? `\n(DnsRecords: ${DNS_RECORDS}, not ${RECORDS}: see the brief's time limit)` : ""}\n`,
    );
    const columns = [noop, zone, records];
    const cell = (r: Row) => `${(r.ms / 1000).toFixed(1)} s${r.total !== undefined ? `, ${r.total} calls` : ""}`;
    console.log(`| action | ${columns.map((c) => c[0].label).join(" | ")} |`);
    console.log(`|---|${columns.map(() => "---").join("|")}|`);
    for (const [i, [action]] of actions.entries()) console.log(`| ${action} | ${columns.map((c) => cell(c[i])).join(" | ")} |`);
    console.log("\nAPI calls by operation:");
    for (const c of [zone, records]) for (const r of c) console.log(`  ${`${r.label}, ${r.action}:`.padEnd(48)} ${r.calls}`);
  } finally {
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
