/**
 * Emulator throughput on loopback: requests per second for tool/hello (router, access rules,
 * rendering) and for service/dnscreate (a write: handler, zone growth, durable group commit).
 * Bounded: COUNT calls each at CONCURRENCY in flight, over HTTPS with the emulator's CA.
 * Run: npx tsx bench/emulator-throughput.ts [count] [concurrency]
 */
import { Agent, fetch } from "undici";
import { startEmulator } from "../emulator";

const COUNT = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 8);

async function main(): Promise<void> {
  const emu = await startEmulator({ limits: { opsPerMinute: 1e9, maxConcurrent: 1e6 } });
  const agent = new Agent({ connect: { ca: emu.caCert }, connections: CONCURRENCY });
  const call = async (action: string, params: Record<string, string> = {}) => {
    const res = await fetch(`${emu.url}/${action}/`, {
      method: "POST",
      body: new URLSearchParams({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, ...params }),
      dispatcher: agent,
    });
    const env = (await res.json()) as { success: boolean; messages: string[] };
    if (!env.success) throw new Error(`${action}: ${env.messages.join("; ")}`);
  };
  const run = async (label: string, one: (i: number) => Promise<void>) => {
    let next = 0;
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < COUNT) {
          const i = next++;
          const t = performance.now();
          await one(i);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    console.log(`${label.padEnd(20)} ${COUNT} calls, concurrency ${CONCURRENCY}: ${(COUNT / secs).toFixed(0)} req/s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  };
  try {
    await run("tool/hello", () => call("tool/hello"));
    await call("service/create", { serviceName: "bench-example.com", productkey: "basic" });
    const flushes = emu.server.store.flushes;
    await run("service/dnscreate", (i) =>
      call("service/dnscreate", { serviceName: "bench-example.com", name: `h${i}.bench-example.com`, type: "A", value: `192.0.2.${i % 250}` }),
    );
    const zone = emu.server.store.world.accounts[emu.apiUser].services["bench-example.com"].dns.length;
    console.log(`service/dnscreate     zone now ${zone} records; ${emu.server.store.flushes - flushes} state flushes for ${COUNT} writes (group commit)`);
  } finally {
    await emu.close();
    await agent.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
