/**
 * Client overhead: microseconds per `client.call("tool/hello")` versus a bare undici request with
 * the same form body, both against one loopback HTTP server answering a fixed envelope. The
 * difference is what validation, encoding, the limiter, the call timeout, envelope parsing and
 * response validation cost per call.
 *
 * Both sides are warmed up first, then measured in ROUNDS alternating rounds (the side that goes
 * first alternates too), so that load from other processes and JIT warm-up fall on both alike. The
 * medians are over every call of every round; `ratio` is client / bare. Bounded: WARMUP + N calls
 * per side, then the server closes.
 *
 *   npx tsx bench/client-overhead.ts [N] [ROUNDS]      (default 5000 calls per side in 40 rounds; N at most 50000)
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";
import { DonDominioClient } from "../sdk";
import { closeTransports } from "../sdk/core/transport";
import { HELLO_REPLY } from "../tests/sdk/server";

const N = Math.min(50_000, Math.max(100, Number(process.argv[2]) || 5000));
const ROUNDS = Math.min(200, Math.max(1, Number(process.argv[3]) || 40));
const WARMUP = 500;
const REPLY = HELLO_REPLY;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}
const median = (xs: number[]) => pct(xs, 0.5);

async function time(fn: () => Promise<unknown>, n: number, into: number[]): Promise<void> {
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    into.push(Number(process.hrtime.bigint() - t) / 1000);
  }
}

const line = (label: string, us: number[]) =>
  console.log(`${label.padEnd(28)} median ${median(us).toFixed(1).padStart(7)} µs   p90 ${pct(us, 0.9).toFixed(1).padStart(7)} µs`);

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
  // The client's pool has the same settings (keep-alive 10 s, one connection per call in flight);
  // it adds only a connector that marks connect-phase failures.
  const pool = new Pool(origin, { keepAliveTimeout: 10_000 });
  const client = new DonDominioClient({ apiUser: "bench", apiPasswd: "bench-pw", baseUrl: origin, allowInsecureHttp: true });

  const sides = {
    bare: async () => {
      const res = await pool.request({ path: "/tool/hello/", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
      JSON.parse(await res.body.text());
    },
    client: () => client.call("tool/hello"),
  };
  const us = { bare: [] as number[], client: [] as number[] };
  const ratios: number[] = [];
  console.log(`client overhead: ${N} sequential calls per side in ${ROUNDS} alternating rounds (after ${WARMUP} warm-up each), loopback HTTP`);
  await time(sides.bare, WARMUP, []);
  await time(sides.client, WARMUP, []);
  const per = Math.ceil(N / ROUNDS);
  for (let r = 0; r < ROUNDS; r++) {
    const round = { bare: [] as number[], client: [] as number[] };
    for (const side of r % 2 === 0 ? (["bare", "client"] as const) : (["client", "bare"] as const)) await time(sides[side], per, round[side]);
    ratios.push(median(round.client) / median(round.bare));
    us.bare.push(...round.bare);
    us.client.push(...round.client);
  }
  line("bare undici request", us.bare);
  line('client.call("tool/hello")', us.client);
  console.log(`overhead                     median ${(median(us.client) - median(us.bare)).toFixed(1).padStart(7)} µs per call`);
  const spread = [pct(ratios, 0.1), median(ratios), pct(ratios, 0.9)].map((x) => x.toFixed(2)).join(" / ");
  console.log(`ratio ${(median(us.client) / median(us.bare)).toFixed(2)}   (client / bare; per round p10 / median / p90: ${spread})`);

  await pool.close();
  await closeTransports();
  await new Promise<void>((r) => server.close(() => r()));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
