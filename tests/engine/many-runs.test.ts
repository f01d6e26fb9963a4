/**
 * Many inline runs in one process (issue 10): a later run must not inherit the gRPC state of an
 * earlier run whose engine has exited.
 *
 * A failed preview (a dynamic provider's check refuses the inputs) leaves the runtime's monitor and
 * engine clients of that run reconnecting to the exited engine's 127.0.0.1 ports: the runtime
 * never closes an inline run's clients and sends its last RPCs after the CLI is gone. On a full
 * test run, a later engine sometimes listens on one of those ports, and with grpc-js's
 * process-global subchannel pool its client was handed the old subchannel in TRANSIENT_FAILURE:
 * `14 UNAVAILABLE: No connection established`. The kernel picks the ports, so here the collision
 * is made to happen in every cycle: the next up's resource monitor is reached through a TCP
 * forwarder listening on the failed run's old monitor port (the runtime is told that address).
 * tests/harness/engine.ts gives the runtime's clients local subchannel pools; without that, every up
 * here fails.
 */
import { expect } from "chai";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { engineRuns } from "../harness/budget";
import { createEngineStack, type EngineStack, WORK_ROOT } from "../harness/engine";

const CYCLES = 5;

/** Under node_modules, so Pulumi serializes the provider as one require() line. */
const PROVIDER = `
exports.check = async (olds, news) =>
  news.refuse ? { inputs: news, failures: [{ property: "refuse", reason: "refused on purpose" }] } : { inputs: news };
exports.diff = async (id, olds, news) => ({ changes: olds.n !== news.n });
exports.create = async (inputs) => ({ id: "counter", outs: inputs });
exports.update = async (id, olds, news) => ({ outs: news });
exports.delete = async () => {};
`;

type ResetOptions = (project: string, stack: string, parallel: number, engineAddr: string, monitorAddr: string, ...rest: unknown[]) => void;
const runtimeSettings = require("@pulumi/pulumi/runtime/settings") as { resetOptions: ResetOptions };

/** A TCP forwarder on a fixed 127.0.0.1 port; it closes what it accepts until it has a target. */
interface Forwarder {
  port: number;
  target?: string;
  close(): Promise<void>;
}

function listenForwarder(port: number): Promise<Forwarder> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const fwd: Forwarder = { port, close: async () => undefined };
  const server = createServer((client) => {
    track(client);
    if (!fwd.target) return void client.destroy();
    const i = fwd.target.lastIndexOf(":");
    const upstream = connect(Number(fwd.target.slice(i + 1)), fwd.target.slice(0, i));
    track(upstream);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  fwd.close = () =>
    new Promise<void>((res) => {
      for (const s of sockets) s.destroy();
      server.close(() => res());
    });
  return new Promise((res, rej) => {
    server.once("error", rej);
    server.listen(port, "127.0.0.1", () => res(fwd));
  });
}

/** The first of these ports we can listen on (another process may have taken one meanwhile). */
async function forwarderOnOneOf(addrs: string[]): Promise<Forwarder> {
  for (const a of addrs) {
    try {
      return await listenForwarder(Number(a.slice(a.lastIndexOf(":") + 1)));
    } catch {}
  }
  throw new Error(`none of ${addrs.join(", ")} is free to listen on`);
}

describe("engine: many inline runs in one process", function () {
  // Each cycle is its own test with the budget of its two runs (the five cycles in one 120 s test
  // timed out at a load of 10-17; a cycle took 12-20 s at a load of 20 on 2 cores).
  this.timeout(engineRuns(2));
  const providerDir = join(WORK_ROOT, "node_modules", "engine-many-runs-provider");
  const runs: { engineAddr: string; monitorAddr: string }[] = [];
  let redirect: Forwarder | undefined;
  let originalReset: ResetOptions;
  let eng: EngineStack | undefined;
  let refuse = false;
  let n = 0;

  before(() => {
    mkdirSync(providerDir, { recursive: true });
    writeFileSync(join(providerDir, "package.json"), JSON.stringify({ name: "engine-many-runs-provider", version: "1.0.0", main: "index.js" }));
    writeFileSync(join(providerDir, "index.js"), PROVIDER);
    // Every run starts here (automation/server.js): note its engine's addresses and, when asked,
    // point the runtime at the forwarder instead of the monitor's own port.
    originalReset = runtimeSettings.resetOptions;
    runtimeSettings.resetOptions = (project, stack, parallel, engineAddr, monitorAddr, ...rest) => {
      runs.push({ engineAddr, monitorAddr });
      if (redirect) {
        redirect.target = monitorAddr;
        monitorAddr = `127.0.0.1:${redirect.port}`;
        redirect = undefined;
      }
      return originalReset(project, stack, parallel, engineAddr, monitorAddr, ...rest);
    };
  });
  after(async () => {
    runtimeSettings.resetOptions = originalReset;
    await eng?.dispose();
  });

  const program = async () => {
    class Counter extends pulumi.dynamic.Resource {
      constructor(name: string, args: { refuse: boolean; n: number }) {
        super(require(providerDir), name, args);
      }
    }
    new Counter("counter", { refuse, n });
    return { n };
  };

  for (let i = 0; i < CYCLES; i++) {
    it(`cycle ${i + 1} of ${CYCLES}: a failed preview, then an up whose monitor is reached on the failed engine's old port, succeeding`, async () => {
      eng ??= await createEngineStack({ program, installPackage: false });
      refuse = true;
      const refused = await eng.stack.preview().then(
        () => "",
        (e: Error) => e.message,
      );
      expect(refused, "the preview should be refused").to.include("refused on purpose");
      const dead = runs[runs.length - 1];
      const fwd = await forwarderOnOneOf([dead.monitorAddr, dead.engineAddr]);
      redirect = fwd;
      refuse = false;
      n = i + 1;
      try {
        const up = await eng.stack.up().catch((e: Error) => {
          const lines = String(e.message).split("\n");
          throw new Error(`the up failed: ${lines.find((l) => l.includes("UNAVAILABLE")) ?? lines[0]}`);
        });
        expect(up.summary.result).to.equal("succeeded");
        expect(up.outputs.n.value).to.equal(n);
      } finally {
        redirect = undefined;
        await fwd.close();
      }
      // Not vacuous: the run really was pointed at the failed run's old port.
      expect(fwd.target, "the up did not go through the forwarder").to.be.a("string");
    });
  }
});
