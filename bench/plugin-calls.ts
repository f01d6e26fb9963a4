/**
 * The provider plugin's per-call overhead over the sdk client alone, without the engine: the
 * installed plugin executable is started as the engine starts it, configured over gRPC, and sent
 * N DnsRecord Check, Create, Diff (no change), Read and Delete RPCs one at a time; then the sdk
 * client makes the same API calls (service/dnscreate, service/dnslist, service/dnsdelete) one at a
 * time. The emulator's counters show which API calls each RPC made. The difference per call is what
 * the plugin adds (gRPC, Struct conversion, validation, the frame, logging) to the API call itself.
 * plugin-vs-dynamic.ts runs it after the engine table; alone:
 *
 *   npx tsx bench/plugin-calls.ts <plugin executable> [N]   (the executable of an installed archive)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EmulatorControl } from "../emulator/control-client";
import { SIG } from "../plugin/props";
import { DonDominioClient } from "../sdk";

const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const TYPE = "dondominio:index:DnsRecord";

export interface CallTimes {
  n: number;
  /** Median milliseconds per RPC (one at a time), by RPC. */
  plugin: Record<"check" | "create" | "diff" | "read" | "delete", number>;
  /** Median milliseconds per sdk client call (one at a time), by operation. */
  client: Record<"dnscreate" | "dnslist" | "dnsdelete", number>;
  /** API calls the emulator counted during each RPC phase, by action. */
  apiCalls: Record<string, Record<string, number>>;
}

/** The emulator as its own process (what the benches need of it). */
export interface EmulatorProcess {
  url: string;
  caFile: string;
  apiUser: string;
  apiPasswd: string;
  control: EmulatorControl;
  close(): Promise<void>;
}

/**
 * The emulator in a process of its own (bin/dondominio-emulator, no limits that a bench would
 * reach): the bench's own process hosts the Automation API program and the sdk client, and an
 * emulator inside it would answer the in-process client without a process switch while the
 * plugin's and the providers' calls pay two.
 */
export function startEmulatorProcess(): Promise<EmulatorProcess> {
  const bin = join(__dirname, "..", "bin", "dondominio-emulator.js");
  const proc = spawn(process.execPath, [bin, "--operations-per-minute", "1000000000", "--max-concurrent", "1000000", "--errors-per-minute", "1000000"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const nl = out.indexOf("\n");
      if (nl < 0) return;
      const ready = JSON.parse(out.slice(0, nl)) as { url: string; caFile: string; apiUser: string; apiPasswd: string; controlToken: string };
      const control = new EmulatorControl({ url: ready.url, caCert: readFileSync(ready.caFile, "utf8"), controlToken: ready.controlToken });
      resolve({
        url: ready.url,
        caFile: ready.caFile,
        apiUser: ready.apiUser,
        apiPasswd: ready.apiPasswd,
        control,
        async close() {
          await control.close();
          await new Promise<void>((done) => {
            proc.once("exit", () => done());
            proc.kill("SIGTERM");
          });
        },
      });
    });
    proc.on("error", reject);
    proc.on("exit", (code) => reject(new Error(`dondominio-emulator exited (${code}) before it was ready`)));
  });
}

/** Starts the plugin executable with no engine address; resolves to its port once it prints it. */
function startPlugin(exe: string): Promise<{ proc: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(exe, [], { stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` } });
    let out = "";
    proc.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve({ proc, port: Number(out.slice(0, nl)) });
    });
    proc.on("error", reject);
    proc.on("exit", (code) => reject(new Error(`plugin exited (${code}) before printing its port`)));
  });
}

type Rpc<Req, Res> = (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown;
function rpc<Req, Res>(client: provgrpc.ResourceProviderClient, fn: Rpc<Req, Res>, req: Req): Promise<Res> {
  return new Promise((resolve, reject) => fn.call(client, req, (err, res) => (err ? reject(err) : resolve(res))));
}

/** Milliseconds of each call, in order. */
async function each(n: number, call: (i: number) => Promise<unknown>, into: number[] = []): Promise<number[]> {
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    into.push(performance.now() - t0);
  }
  return into;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function measurePluginCalls(opts: { exe: string; emu: EmulatorProcess; client: DonDominioClient; n: number }): Promise<CallTimes> {
  const { emu, client, n } = opts;
  const { proc, port } = await startPlugin(opts.exe);
  const plugin = new provgrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  try {
    const conf = new provproto.ConfigureRequest();
    conf.setAcceptsecrets(true);
    conf.setArgs(
      Struct.fromJavaScript({
        apiUser: emu.apiUser,
        apiPasswd: { [SIG]: SECRET_SIG, value: emu.apiPasswd },
        baseUrl: emu.url,
        caCertFile: emu.caFile,
        maxOpsPerMinute: "1000000",
      }),
    );
    await rpc(plugin, plugin.configure, conf);

    const zone = `calls-plugin-${n}.example`;
    const czone = `calls-client-${n}.example`;
    for (const serviceName of [zone, czone]) await client.call("service/create", { serviceName, productkey: "redir" } as any);
    const inputs = (i: number) => ({ serviceName: zone, name: `r${i}`, type: "A", value: `192.0.${2 + Math.floor(i / 250)}.${(i % 250) + 1}` });
    const urn = (i: number) => `urn:pulumi:dev::bench::${TYPE}::r${i}`;
    const checked: Struct[] = [];
    const ids: string[] = [];
    const outs: Struct[] = [];
    const entityIds: string[] = [];
    const ms: Record<keyof CallTimes["plugin"] | keyof CallTimes["client"], number[]> = {
      check: [],
      create: [],
      diff: [],
      read: [],
      delete: [],
      dnscreate: [],
      dnslist: [],
      dnsdelete: [],
    };
    const apiCalls: CallTimes["apiCalls"] = {};
    /** The emulator's calls since the last look, less those the sdk client made itself. */
    const counted = async (byClient: Record<string, number> = {}) => {
      const calls = { ...((await emu.control.counters({ reset: true })).calls as Record<string, number>) };
      for (const [a, c] of Object.entries(byClient)) calls[a] = (calls[a] ?? 0) - c;
      return calls;
    };
    const pluginCreate = async (i: number) => {
      const req = new provproto.CreateRequest();
      req.setUrn(urn(i));
      req.setType(TYPE);
      req.setProperties(checked[i]);
      const res = await rpc<provproto.CreateRequest, provproto.CreateResponse>(plugin, plugin.create, req);
      ids[i] = res.getId();
      outs[i] = res.getProperties()!;
    };
    const clientCreate = async (i: number) => {
      const { name, type, value } = inputs(i);
      const reply = (await client.call("service/dnscreate", { serviceName: czone, name, type, value } as any)) as any;
      entityIds[i] = reply.dns[0].entityID;
    };
    const pluginDelete = async (i: number) => {
      const req = new provproto.DeleteRequest();
      req.setUrn(urn(i));
      req.setType(TYPE);
      req.setId(ids[i]);
      req.setProperties(outs[i]);
      await rpc(plugin, plugin.delete, req);
    };
    const clientDelete = (i: number) => client.call("service/dnsdelete", { serviceName: czone, entityID: entityIds[i] } as any);
    // Each plugin RPC and the client's call doing the same API work take turns (which goes first
    // alternates too), so that load from other processes falls on both alike.
    const turns = (i: number, a: () => Promise<unknown>, b: () => Promise<unknown>) => (i % 2 ? b().then(a) : a().then(b));
    const timedInto = (into: number[], fn: () => Promise<unknown>) => async () => {
      const t0 = performance.now();
      await fn();
      into.push(performance.now() - t0);
    };

    await counted();
    await each(
      n,
      async (i) => {
        const req = new provproto.CheckRequest();
        req.setUrn(urn(i));
        req.setType(TYPE);
        req.setNews(Struct.fromJavaScript(inputs(i)));
        const res = await rpc<provproto.CheckRequest, provproto.CheckResponse>(plugin, plugin.check, req);
        if (res.getFailuresList().length) throw new Error(res.getFailuresList()[0].getReason());
        checked[i] = res.getInputs()!;
      },
      ms.check,
    );
    apiCalls.check = await counted();
    for (let i = 0; i < n; i++)
      await turns(
        i,
        timedInto(ms.create, () => pluginCreate(i)),
        timedInto(ms.dnscreate, () => clientCreate(i)),
      );
    apiCalls.create = await counted({ "service/dnscreate": n });
    await each(
      n,
      async (i) => {
        const req = new provproto.DiffRequest();
        req.setUrn(urn(i));
        req.setType(TYPE);
        req.setId(ids[i]);
        req.setOlds(outs[i]);
        req.setOldInputs(checked[i]);
        req.setNews(checked[i]);
        const res = await rpc<provproto.DiffRequest, provproto.DiffResponse>(plugin, plugin.diff, req);
        if (res.getChanges() !== provproto.DiffResponse.DiffChanges.DIFF_NONE) throw new Error(`r${i}: diff found changes`);
      },
      ms.diff,
    );
    apiCalls.diff = await counted();
    await each(
      n,
      async (i) => {
        const req = new provproto.ReadRequest();
        req.setUrn(urn(i));
        req.setType(TYPE);
        req.setId(ids[i]);
        req.setProperties(outs[i]);
        req.setInputs(checked[i]);
        await rpc(plugin, plugin.read, req);
      },
      ms.read,
    );
    apiCalls.read = await counted();
    await each(Math.min(n, 20), () => client.call("service/dnslist", { serviceName: czone, pageLength: 1000 } as any), ms.dnslist);
    await counted();
    for (let i = 0; i < n; i++)
      await turns(
        i,
        timedInto(ms.delete, () => pluginDelete(i)),
        timedInto(ms.dnsdelete, () => clientDelete(i)),
      );
    apiCalls.delete = await counted({ "service/dnsdelete": n });
    const m = (k: keyof typeof ms) => median(ms[k]);
    return {
      n,
      plugin: { check: m("check"), create: m("create"), diff: m("diff"), read: m("read"), delete: m("delete") },
      client: { dnscreate: m("dnscreate"), dnslist: m("dnslist"), dnsdelete: m("dnsdelete") },
      apiCalls,
    };
  } finally {
    plugin.close();
    proc.kill();
  }
}

/** The lines plugin-vs-dynamic.ts prints (and the README quotes). */
export function callLines(t: CallTimes): string[] {
  const per = (calls: Record<string, number>) =>
    Object.entries(calls)
      .filter(([, c]) => c > 0)
      .map(([a, c]) => `${a} ${(c / t.n).toFixed(2)}`)
      .join(", ") || "none";
  const f = (ms: number) => ms.toFixed(2).padStart(8);
  const lines = [
    `Per call, without the engine: ${t.n} DnsRecords, one RPC at a time to the plugin process, then the same API calls by the sdk client alone (median ms per call; plugin RPCs and client calls take turns)`,
    `${"RPC".padEnd(8)}${"plugin".padStart(8)}  API calls per RPC`,
  ];
  for (const k of ["check", "create", "diff", "read", "delete"] as const) lines.push(`${k.padEnd(8)}${f(t.plugin[k])}  ${per(t.apiCalls[k] ?? {})}`);
  lines.push(
    `sdk client alone: service/dnscreate ${t.client.dnscreate.toFixed(2)} ms, service/dnsdelete ${t.client.dnsdelete.toFixed(2)} ms, service/dnslist of ${t.n} records ${t.client.dnslist.toFixed(2)} ms`,
    `plugin overhead over the sdk client: create ${(t.plugin.create - t.client.dnscreate).toFixed(2)} ms, delete ${(t.plugin.delete - t.client.dnsdelete).toFixed(2)} ms per call`,
  );
  return lines;
}

if (require.main === module) {
  (async () => {
    const [exe, nArg] = process.argv.slice(2);
    if (!exe) throw new Error("usage: tsx bench/plugin-calls.ts <plugin executable> [N]");
    const emu = await startEmulatorProcess();
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    try {
      for (const l of callLines(await measurePluginCalls({ exe, emu, client, n: Number(nArg ?? 500) }))) console.log(l);
    } finally {
      await emu.close();
    }
  })().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
