/**
 * The emulator as a real separate process (the dondominio-emulator CLI with --dns-port), for the DNS
 * tests that must see a crash (an uncaught exception there ends that process, not mocha) and measure
 * its own memory; and small DNS clients over UDP and TCP that never throw on what they receive.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import net from "node:net";
import { resolve } from "node:path";
import dnsPacket from "dns-packet";
import { DonDominioClient } from "../../sdk";
import { EMULATOR_BIN } from "../harness/emulator-cli";

const ROOT = resolve(__dirname, "../..");

export interface EmulatorProcess {
  child: ChildProcessWithoutNullStreams;
  ready: { url: string; caFile: string; apiUser: string; apiPasswd: string; controlToken: string; dnsPort: number };
  client: DonDominioClient;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Undefined while it runs; its exit code (or signal) once it has ended. */
  exited(): string | undefined;
  /** Resident set now and at peak (VmRSS, VmHWM; Linux /proc), MiB. */
  rssMb(): { now: number; peak: number };
  /** CPU time the process has used so far (user + system, Linux /proc), seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(args: string[] = []): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [EMULATOR_BIN, "--dns-port", "0", ...args], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let exit: string | undefined;
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const ended = new Promise<void>((res) =>
    child.on("exit", (code, signal) => {
      exit = signal ?? String(code);
      res();
    }),
  );
  const ready = await new Promise<EmulatorProcess["ready"]>((res, rej) => {
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes("\n")) res(JSON.parse(stdout.split("\n")[0]));
    });
    ended.then(() => rej(new Error(`emulator exited early (${exit}): ${stderr}`)));
  });
  const client = new DonDominioClient({ apiUser: ready.apiUser, apiPasswd: ready.apiPasswd, baseUrl: ready.url, caCert: readFileSync(ready.caFile, "utf8") });
  return {
    child,
    ready,
    client,
    stderr: () => stderr,
    exited: () => exit,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
      return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
    },
    cpuSeconds: () => {
      // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8")
        .replace(/^.*\) /s, "")
        .split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: async () => {
      if (exit === undefined) child.kill("SIGTERM");
      await ended;
    },
  };
}

/** A hosted zone `zone` (basic hosting service) holding exactly `records` (service/dnssetzone). */
export async function hostZone(client: DonDominioClient, zone: string, records: { name: string; type: string; value: string; ttl?: number }[]): Promise<void> {
  await client.call("service/create", { serviceName: zone, productkey: "basic" });
  const data = Buffer.from(JSON.stringify(records.map((r) => ({ ttl: 300, ...r })))).toString("base64");
  await client.call("service/dnssetzone", { serviceName: zone, dnsZoneData: data });
}

export type Decoded = ReturnType<typeof dnsPacket.decode> & { rcode?: string; flag_tc?: boolean; flag_aa?: boolean };

export function query(name: string, type: string, id = 1): Buffer {
  return dnsPacket.encode({ type: "query", id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: type as "A", name }] });
}

/**
 * One UDP message to 127.0.0.1:`port`, sent again every `resendMs` (as a stub resolver does: a
 * datagram may be dropped under load); the first answer, or undefined after `timeoutMs`.
 */
export function udpExchange(port: number, message: Buffer, timeoutMs: number, resendMs = timeoutMs): Promise<Buffer | undefined> {
  return new Promise((done) => {
    const sock = dgram.createSocket("udp4");
    const finish = (msg: Buffer | undefined) => {
      clearTimeout(timer);
      clearInterval(again);
      sock.close();
      done(msg);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const again = setInterval(() => sock.send(message, port, "127.0.0.1"), resendMs);
    sock.on("error", () => finish(undefined));
    sock.once("message", (msg) => finish(msg));
    sock.send(message, port, "127.0.0.1");
  });
}

/** Writes `bytes` on a new TCP connection and reads `answers` length-prefixed messages (fewer if it closes or `timeoutMs` passes). */
export function tcpExchange(port: number, bytes: Buffer, answers: number, timeoutMs: number): Promise<{ messages: Buffer[]; closedByServer: boolean }> {
  return new Promise((done) => {
    const sock = net.connect(port, "127.0.0.1");
    const messages: Buffer[] = [];
    let buf = Buffer.alloc(0);
    let closedByServer = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      sock.destroy();
      done({ messages, closedByServer });
    };
    const timer = setTimeout(finish, timeoutMs);
    sock.on("error", finish);
    sock.on("end", () => {
      closedByServer = true;
      finish();
    });
    sock.on("close", finish);
    sock.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        messages.push(buf.subarray(2, 2 + buf.readUInt16BE(0)));
        buf = buf.subarray(2 + buf.readUInt16BE(0));
      }
      if (messages.length >= answers) finish();
    });
    sock.write(bytes);
  });
}

/** `message` with its 2-byte TCP length prefix. */
export function framed(message: Buffer): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(message.length);
  return Buffer.concat([head, message]);
}

/** A TCP query on a new connection, asked again on another if the server closes one first (as a resolver would), until `deadline`. */
async function tcpWithRetry(port: number, q: Buffer, deadline: number): Promise<Buffer | undefined> {
  while (performance.now() < deadline) {
    const r = await tcpExchange(port, framed(q), 1, deadline - performance.now());
    if (r.messages.length) return r.messages[0];
    await new Promise((res) => setTimeout(res, 50));
  }
  return undefined;
}

export interface ProbeFigures {
  sent: number;
  answered: number;
  /** Milliseconds from send to answer: slowest, 95th and 50th percentile of the answered. */
  max: number;
  p95: number;
  p50: number;
}

/**
 * A normal query (`name` A, UDP, or TCP on a new connection) every `everyMs` until stop(), each
 * waiting at most `timeoutMs` (UDP: sent again every `resendMs`); its latency runs from the first
 * send to the answer; an unanswered one counts as sent, not answered.
 */
export function startProbes(port: number, name: string, opts: { everyMs?: number; timeoutMs?: number; resendMs?: number; tcp?: boolean } = {}) {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let id = 0;
  const one = () => {
    sent++;
    id = (id + 1) & 0xffff;
    const q = query(name, "A", id);
    const t0 = performance.now();
    const p = (opts.tcp ? tcpWithRetry(port, q, t0 + (opts.timeoutMs ?? 5000)) : udpExchange(port, q, opts.timeoutMs ?? 5000, opts.resendMs)).then((answer) => {
      if (answer) latencies.push(performance.now() - t0);
      pending.delete(p);
    });
    pending.add(p);
  };
  one();
  const timer = setInterval(one, opts.everyMs ?? 100);
  return {
    async stop(): Promise<ProbeFigures> {
      clearInterval(timer);
      await Promise.all([...pending]);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : Number.NaN);
      return { sent, answered: sorted.length, max: sorted.at(-1) ?? Number.NaN, p95: at(0.95), p50: at(0.5) };
    },
  };
}

export const figures = (f: ProbeFigures) =>
  `${f.answered}/${f.sent} answered, max ${f.max.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms, p50 ${f.p50.toFixed(0)} ms`;
