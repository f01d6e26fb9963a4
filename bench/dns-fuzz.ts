/**
 * Benchmark: the DNS fuzz of tests/emulator/dns-fuzz.test.ts at a larger plan (issue 27), against
 * the emulator CLI as a separate process. Prints the same figures: messages sent, probe latencies
 * (UDP and TCP: max, p95, p50), the emulator's resident set before, at peak and after, its CPU time.
 * `npx tsx bench/dns-fuzz.ts [seconds] [seed]` (default 120 s, the suite's seed). The suite's run
 * is 20 s; a longer one shows whether memory levels off.
 */
import { Fuzz } from "../tests/emulator/dns-fuzz-cases";
import { describeFigures, fuzzZones, runFuzz, SUITE_PLAN } from "../tests/emulator/dns-fuzz-run";
import { startEmulatorProcess } from "../tests/emulator/dns-process";

const SECONDS = Number(process.argv[2] ?? 120);
const SEED = process.argv[3] ?? "issue-27-dns-fuzz";

async function main(): Promise<void> {
  const emu = await startEmulatorProcess();
  try {
    const zones = await fuzzZones(emu);
    const scale = SECONDS / SUITE_PLAN.seconds;
    const plan = { ...SUITE_PLAN, seconds: SECONDS, tcpConnections: Math.round(SUITE_PLAN.tcpConnections * scale), pipeliners: 16, burst: 500 };
    console.log(`DNS fuzz: ${JSON.stringify(plan)}`);
    const r = await runFuzz(emu, new Fuzz(SEED, zones.names), plan, "example.com", zones.big);
    console.log(`  ${describeFigures(SEED, SECONDS, r)}`);
    console.log(`  process ${emu.exited() === undefined ? "still running" : `EXITED (${emu.exited()})`}`);
  } finally {
    await emu.stop();
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
