/**
 * One bounded fuzz run against an emulator process's DNS port (dns-fuzz-cases.ts draws the
 * messages): for `seconds`, at once: a UDP stream of hostile messages, TCP connections that send
 * framed ones (prefixes that lie included) and then read, hang up or go idle, connections that
 * pipeline 60 KB of large-answer queries and never read, one that trickles a message a byte at a
 * time, idle connections opened at the start, and a burst of connections all at once. Meanwhile a
 * normal query is probed over UDP (every 100 ms) and TCP (every 500 ms) by a process of its own
 * (dns-prober.ts) and the emulator's resident set is sampled. Returns the figures; the test (or
 * bench/dns-fuzz.ts) judges them.
 */
import { spawn } from "node:child_process";
import dgram from "node:dgram";
import net from "node:net";
import { join } from "node:path";
import type { Fuzz } from "./dns-fuzz-cases";
import { type EmulatorProcess, figures, framed, hostZone, type ProbeFigures, query, tcpExchange } from "./dns-process";

/** Starts dns-prober.ts; stop() ends it and gives its figures. */
async function startProber(port: number, name: string): Promise<{ stop(): Promise<{ udp: ProbeFigures; tcp: ProbeFigures }> }> {
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(__dirname, "dns-prober.ts"), String(port), name], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<void>((res) => child.on("exit", () => res()));
  while (!out.includes("probing\n")) {
    if (child.exitCode !== null) throw new Error("the DNS prober exited before it started");
    await sleep(20);
  }
  return {
    async stop() {
      child.stdin.end();
      await exited;
      return JSON.parse(out.split("\n")[1]);
    },
  };
}

export interface FuzzPlan {
  seconds: number;
  udpPerSecond: number;
  /** TCP connections of framed fuzz messages (4 at a time). */
  tcpConnections: number;
  pipeliners: number;
  idle: number;
  burst: number;
}

export const SUITE_PLAN: FuzzPlan = { seconds: 20, udpPerSecond: 300, tcpConnections: 120, pipeliners: 4, idle: 12, burst: 200 };

export interface FuzzFigures {
  udpSent: number;
  udpAnswered: number;
  tcpConnections: number;
  tcpMessages: number;
  lyingPrefixes: number;
  pipelinedQueries: number;
  burstAnswered: number;
  idleOpened: number;
  /** Idle connections the server closed, and after how long at most (ms). */
  idleClosed: number;
  idleClosedAfterMs: number;
  udpProbes: ProbeFigures;
  tcpProbes: ProbeFigures;
  rss: { before: number; peak: number; after: number };
  /** The emulator's CPU time during the run, and the run's length, seconds. */
  cpu: { used: number; wall: number };
  drawn: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.on("error", () => {});
    s.once("connect", () => resolve(s));
    s.once("close", () => resolve(s));
  });
}

export async function runFuzz(emu: EmulatorProcess, fuzz: Fuzz, plan: FuzzPlan, zone: string, bigNames: string[]): Promise<FuzzFigures> {
  const port = emu.ready.dnsPort;
  const before = emu.rssMb().now;
  const cpu0 = emu.cpuSeconds();
  const wall0 = Date.now();
  let peak = before;
  const sampler = setInterval(() => {
    if (emu.exited() === undefined) peak = Math.max(peak, emu.rssMb().now);
  }, 250);
  const end = Date.now() + plan.seconds * 1000;
  const f = { udpSent: 0, udpAnswered: 0, tcpConnections: 0, tcpMessages: 0, lyingPrefixes: 0, pipelinedQueries: 0, burstAnswered: 0 };

  // Idle connections first: silent, half a length prefix, a prefix promising more than comes.
  const idleOpened = Date.now();
  const idle = await Promise.all(
    Array.from({ length: plan.idle }, async (_, i) => {
      const s = await connect(port);
      const state = { closedAfter: -1 };
      s.once("close", () => (state.closedAfter = Date.now() - idleOpened));
      if (i % 3 === 1) s.write(Buffer.from([0x00]));
      if (i % 3 === 2) s.write(Buffer.concat([Buffer.from([0x01, 0x00]), fuzz.bytes(100)]));
      return { s, state };
    }),
  );
  const prober = await startProber(port, zone);

  const udp = (async () => {
    const sock = dgram.createSocket("udp4");
    sock.on("message", () => f.udpAnswered++);
    sock.on("error", () => {});
    while (Date.now() < end) {
      for (let i = 0; i < plan.udpPerSecond / 20; i++, f.udpSent++) sock.send(fuzz.message(false), port, "127.0.0.1");
      await sleep(50);
    }
    await sleep(200);
    sock.close();
  })();

  const tcpOne = async () => {
    const s = await connect(port);
    f.tcpConnections++;
    const frames = Array.from({ length: 1 + fuzz.int(30) }, () => fuzz.frame(fuzz.message(true)));
    f.tcpMessages += frames.length;
    f.lyingPrefixes += frames.filter((x) => x.lies !== "no").length;
    const bytes = Buffer.concat(frames.map((x) => x.bytes));
    // Written whole, or in pieces (a split length prefix included).
    if (fuzz.chance(0.5)) s.write(bytes);
    else for (let at = 0; at < bytes.length && !s.destroyed; at += 1 + fuzz.int(700)) s.write(bytes.subarray(at, at + 1 + fuzz.int(700)));
    const ending = fuzz.pick(["read", "read", "hang-up", "reset"] as const);
    if (ending === "read") {
      s.resume();
      await sleep(100 + fuzz.int(400));
      s.end();
    } else if (ending === "hang-up") s.end();
    s.destroy();
  };
  const tcp = (async () => {
    const per = Math.ceil(plan.tcpConnections / 4);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < per && Date.now() < end; i++) await tcpOne();
      }),
    );
  })();

  // Pipelining connections that never read.
  const pipeliners = (async () => {
    await sleep(1000);
    return Promise.all(
      Array.from({ length: plan.pipeliners }, async () => {
        const s = await connect(port);
        s.pause();
        const one = framed(query(fuzz.pick(bigNames), "TXT"));
        const n = Math.ceil(60_000 / one.length);
        f.pipelinedQueries += n;
        s.write(Buffer.concat(Array.from({ length: n }, () => one)));
        return s;
      }),
    );
  })();

  // One connection trickling a valid query a byte at a time (stays open: it is never idle).
  const trickle = (async () => {
    const s = await connect(port);
    const bytes = framed(fuzz.valid());
    for (const b of bytes) {
      if (Date.now() > end || s.destroyed) break;
      s.write(Buffer.from([b]));
      await sleep(Math.min(400, (plan.seconds * 1000) / bytes.length / 2));
    }
    s.destroy();
  })();

  // A burst of connections at once, past the connection cap: each asks one normal query.
  const burst = (async () => {
    await sleep((plan.seconds * 1000) / 2);
    const results = await Promise.all(Array.from({ length: plan.burst }, () => tcpExchange(port, framed(query(zone, "A")), 1, 5000)));
    f.burstAnswered = results.filter((r) => r.messages.length === 1).length;
  })();

  await Promise.all([udp, tcp, trickle, burst]);
  const piped = await pipeliners;
  const probes = await prober.stop();
  // The idle connections are closed by the server after its idle time; wait for it (bounded).
  const deadline = Date.now() + 15_000;
  while (idle.some((c) => c.state.closedAfter < 0) && Date.now() < deadline) await sleep(100);
  for (const s of piped) s.destroy();
  for (const c of idle) c.s.destroy();
  clearInterval(sampler);
  const after = emu.exited() === undefined ? emu.rssMb().now : Number.NaN;
  const cpu = { used: emu.exited() === undefined ? emu.cpuSeconds() - cpu0 : Number.NaN, wall: (Date.now() - wall0) / 1000 };
  const closed = idle.filter((c) => c.state.closedAfter >= 0);
  return {
    ...f,
    idleOpened: idle.length,
    idleClosed: closed.length,
    idleClosedAfterMs: Math.max(0, ...closed.map((c) => c.state.closedAfter)),
    udpProbes: probes.udp,
    tcpProbes: probes.tcp,
    rss: { before, peak, after },
    cpu,
    drawn: fuzz.drawn,
  };
}

/**
 * The zones: example.com, small, with every record type, a wildcard and a CNAME loop; example.org
 * with the large answers (200 TXT records, about 50 KB; 400, over the 65,535 bytes TCP can carry).
 * Apart, because an answer with the SOA hashes its whole zone (emulator/dns/answer.ts serial).
 */
export async function fuzzZones(emu: EmulatorProcess): Promise<{ names: string[]; big: string[] }> {
  const txt = (name: string, n: number) => Array.from({ length: n }, (_, i) => ({ name, type: "TXT", value: `${i}-${"t".repeat(236)}` }));
  await hostZone(emu.client, "example.com", [
    { name: "@", type: "A", value: "192.0.2.10" },
    { name: "@", type: "MX", value: "mail.example.com" },
    { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
    { name: "www", type: "A", value: "192.0.2.10" },
    { name: "v6", type: "AAAA", value: "2001:db8::1" },
    { name: "*.wild", type: "A", value: "192.0.2.77" },
    { name: "loop-a", type: "CNAME", value: "loop-b.example.com" },
    { name: "loop-b", type: "CNAME", value: "loop-a.example.com" },
    { name: "_sip._tcp", type: "SRV", value: "5 5060 sip.example.com" },
    { name: "far", type: "CNAME", value: "mid.example.org" },
  ]);
  await hostZone(emu.client, "example.org", [{ name: "@", type: "A", value: "192.0.2.20" }, ...txt("mid", 200), ...txt("huge", 400)]);
  const names = ["example.com", "www.example.com", "v6.example.com", "x.wild.example.com", "loop-a.example.com", "_sip._tcp.example.com", "far.example.com"];
  return {
    names: [...names, "missing.example.com", "mid.example.org", "huge.example.org", "example.org", "not-hosted.test", "."],
    big: ["mid.example.org", "huge.example.org"],
  };
}

export function describeFigures(seed: string, seconds: number, r: FuzzFigures): string {
  return [
    `seed ${JSON.stringify(seed)}, ${seconds} s: UDP ${r.udpSent} messages sent (${r.udpAnswered} answers); TCP ${r.tcpConnections} connections, ${r.tcpMessages} messages (${r.lyingPrefixes} behind a lying prefix)`,
    `${r.pipelinedQueries} pipelined queries never read; burst: ${r.burstAnswered} connections answered; idle: ${r.idleClosed}/${r.idleOpened} closed by the server, the last after ${r.idleClosedAfterMs} ms`,
    `probes UDP ${figures(r.udpProbes)}; TCP ${figures(r.tcpProbes)}`,
    `RSS ${r.rss.before.toFixed(0)} MiB before, ${r.rss.peak.toFixed(0)} MiB peak, ${r.rss.after.toFixed(0)} MiB after; emulator CPU ${r.cpu.used.toFixed(1)} s in ${r.cpu.wall.toFixed(1)} s`,
    `kinds drawn: ${Object.entries(r.drawn)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  ].join("\n      ");
}
