/**
 * Client overhead: median microseconds per `client.call("tool/hello")` versus a bare undici request
 * with the same form body, both against one loopback HTTP server answering a fixed envelope. The
 * difference is what validation, encoding, the limiter, envelope parsing and response validation
 * cost per call. Bounded: WARMUP + N sequential calls each, then the server closes.
 *
 *   npx tsx bench/client-overhead.ts [N]      (default 2000, at most 20000)
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";
import { DonDominioClient } from "../sdk";
import { closeTransports } from "../sdk/core/transport";

const N = Math.min(20_000, Math.max(100, Number(process.argv[2]) || 2000));
const WARMUP = 200;
const REPLY = JSON.stringify({
  success: true,
  errorCode: 0,
  errorCodeMsg: "",
  action: "tool/hello",
  version: "1.0.27",
  messages: [],
  responseData: { ip: "127.0.0.1", lang: "en", version: "1.0.27" },
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

async function measure(label: string, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const us: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await fn();
    us.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  console.log(`${label.padEnd(28)} median ${median(us).toFixed(1).padStart(7)} µs   p90 ${pct(us, 0.9).toFixed(1).padStart(7)} µs`);
  return us;
}

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(REPLY) });
      res.end(REPLY);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const body = new URLSearchParams({ apiuser: "bench", apipasswd: "bench-pw", "output-format": "json" }).toString();
  const pool = new Pool(origin, { keepAliveTimeout: 10_000 });
  const client = new DonDominioClient({ apiUser: "bench", apiPasswd: "bench-pw", baseUrl: origin, allowInsecureHttp: true });

  console.log(`client overhead: ${N} sequential calls each (after ${WARMUP} warm-up), loopback HTTP`);
  const bare = await measure("bare undici request", async () => {
    const res = await pool.request({ path: "/tool/hello/", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    JSON.parse(await res.body.text());
  });
  const sdk = await measure('client.call("tool/hello")', () => client.call("tool/hello"));
  console.log(`overhead                     median ${(median(sdk) - median(bare)).toFixed(1).padStart(7)} µs per call`);

  await pool.close();
  await closeTransports();
  await new Promise<void>((r) => server.close(() => r()));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
