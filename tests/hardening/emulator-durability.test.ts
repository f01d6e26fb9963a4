/**
 * Durability under a crash (project issue 14, item 7). The emulator CLI runs as a child process on
 * a data directory; a burst of concurrent writes (service/dnscreate) goes through the sdk client;
 * the emulator is killed with SIGKILL in the middle of the burst and started again on the same
 * directory. Each round checks that the state is valid (the emulator starts: it refuses a state
 * file that is not a valid state) and that every ACKNOWLEDGED write (a reply with success) is
 * present; writes applied whose reply was lost may be present or not. Three rounds, killed at
 * different points, on the same directory (earlier rounds' records must survive too).
 *
 * A SIGKILL leaves the page cache to the kernel, so it cannot tell a synced write from an unsynced
 * one. The emulator README's claim (temp file, fsync, rename, fsync of the directory, and the reply
 * only after that) is checked by recording the store's file calls (its `StoreIo` seam) in order,
 * and by holding each sync back: the reply must wait for it.
 */
import { expect } from "chai";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { Clock } from "../../emulator/core/clock";
import { newAccount, newWorld } from "../../emulator/core/state";
import { NODE_STORE_IO, STATE_FILE, Store, type StoreIo } from "../../emulator/core/store";
import { EmulatorControl } from "../../emulator/control-client";
import { newServiceRecord } from "../../emulator/modules/service/model";
import { DonDominioClient } from "../../sdk";
import { updateDynamicDns } from "../../sdk/dyndns";
import { closeTransports } from "../../sdk/core/transport";
import { BURST, KILL_AFTER } from "./durability-plan";
import { EMULATOR_BIN } from "../harness/emulator-cli";

const ROOT = resolve(__dirname, "../..");
const SERVICE = "durable-example.com";

interface Ready {
  url: string;
  caFile: string;
  apiUser: string;
  apiPasswd: string;
  dyndnsKey: string;
  controlToken: string;
}

interface Running {
  child: ChildProcessWithoutNullStreams;
  ready: Ready;
  caCert: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
}

async function startCli(dir: string): Promise<Running> {
  const child = spawn(process.execPath, [EMULATOR_BIN, "--data", dir], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on("exit", (code, signal) => res({ code, signal })));
  const ready = await new Promise<Ready>((res, rej) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) res(JSON.parse(out.split("\n")[0]));
    });
    child.on("exit", (code) => rej(new Error(`the emulator did not start (exit ${code}): ${stderr}`)));
  });
  return { child, ready, caCert: readFileSync(ready.caFile, "utf8"), exited, stderr: () => stderr };
}

function clientOf(r: Running): DonDominioClient {
  return new DonDominioClient({
    apiUser: r.ready.apiUser,
    apiPasswd: r.ready.apiPasswd,
    baseUrl: r.ready.url,
    caCert: r.caCert,
    maxConcurrency: 16,
    retries: 0,
    timeoutMs: 15_000,
  });
}

async function presentIds(r: Running): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const rec of clientOf(r).paginate("service/dnslist", { serviceName: SERVICE })) ids.add(rec.entityID);
  return ids;
}

describe("emulator durability: SIGKILL in the middle of a burst of writes", function () {
  this.timeout(180_000);
  let running: Running | undefined;
  after(async () => {
    running?.child.kill("SIGTERM");
    await running?.exited;
    await closeTransports();
  });

  it(`keeps every acknowledged write across ${KILL_AFTER.length} kill-and-restart rounds`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "emu-durability-"));
    running = await startCli(dir);
    // A hosting service whose zone takes the records.
    const svc = newServiceRecord(newWorld(), SERVICE, "basic", 1, new Clock(), "8.2");
    svc.status = "active";
    const control = new EmulatorControl({ url: running.ready.url, caCert: running.caCert, controlToken: running.ready.controlToken });
    await control.seed({
      accounts: [
        { apiuser: running.ready.apiUser, apipasswd: running.ready.apiPasswd, dyndnsKey: running.ready.dyndnsKey, balance: 5000, services: { [SERVICE]: svc } },
      ],
    });
    await control.close();

    const everAcknowledged = new Set<string>();
    const totals = { sent: 0, acknowledged: 0, present: 0, lost: 0, appliedUnacknowledged: 0 };
    for (const [round, killAfter] of KILL_AFTER.entries()) {
      const victim = running;
      const client = clientOf(victim);
      const before = await presentIds(victim);
      const acknowledged = new Set<string>();
      let killedAt = -1;
      const calls = Array.from({ length: BURST }, (_, i) =>
        client.call("service/dnscreate", { serviceName: SERVICE, name: `r${round + 1}-${i}`, type: "A", value: `192.0.2.${(i % 250) + 1}` }).then((res) => {
          acknowledged.add(res.dns[0].entityID);
          if (acknowledged.size === killAfter && killedAt < 0) {
            killedAt = acknowledged.size;
            victim.child.kill("SIGKILL");
          }
        }),
      );
      const settled = await Promise.allSettled(calls);
      const exit = await victim.exited;
      expect(exit.signal, "the emulator was killed, not stopped").to.equal("SIGKILL");
      const failed = settled.filter((s) => s.status === "rejected").length;
      expect(acknowledged.size + failed).to.equal(BURST);

      // Restart on the same directory: the state must be valid (it starts) and hold every acknowledged write.
      running = await startCli(dir);
      const present = await presentIds(running);
      for (const id of acknowledged) everAcknowledged.add(id);
      const lost = [...everAcknowledged].filter((id) => !present.has(id));
      const applied = [...present].filter((id) => !before.has(id));
      const appliedUnacknowledged = applied.filter((id) => !acknowledged.has(id)).length;
      const presentOfAcknowledged = [...acknowledged].filter((id) => present.has(id)).length;
      console.log(
        `      round ${round + 1}: ${BURST} writes sent, SIGKILL after ${killedAt} acknowledged; acknowledged ${acknowledged.size}, present after restart ${presentOfAcknowledged}, lost ${lost.length}; applied without a reply ${appliedUnacknowledged}; failed calls ${failed}; records in the zone ${present.size}`,
      );
      totals.sent += BURST;
      totals.acknowledged += acknowledged.size;
      totals.present += presentOfAcknowledged;
      totals.lost += lost.length;
      totals.appliedUnacknowledged += appliedUnacknowledged;
      expect(lost, "acknowledged writes missing after the restart").to.deep.equal([]);
      expect(acknowledged.size).to.be.at.least(killAfter);
    }
    console.log(
      `      total: ${totals.sent} sent, ${totals.acknowledged} acknowledged, ${totals.present} present, lost ${totals.lost}, applied without a reply ${totals.appliedUnacknowledged}`,
    );
    expect(totals.lost).to.equal(0);
    // The README's figure: at least the sum of KILL_AFTER acknowledged, every one present.
    expect(totals.acknowledged).to.be.at.least(KILL_AFTER.reduce((a, b) => a + b, 0));
    expect(totals.present).to.equal(totals.acknowledged);
  });
});

/** The file calls of one flush, in the order the README states: temp file written and synced, renamed, directory synced. */
const FLUSH = ["open tmp", "write tmp", "sync tmp", "close tmp", `rename tmp -> ${STATE_FILE}`, "open dir", "sync dir", "close dir"];

/** One sync held back: `reached` once the store asks for it, which then waits for `release()`. */
interface Hold {
  what: "sync tmp" | "sync dir";
  reached: Promise<void>;
  released: Promise<void>;
  signal(): void;
  release(): void;
}

function hold(what: Hold["what"]): Hold {
  let signal!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((res) => (signal = res));
  const released = new Promise<void>((res) => (release = res));
  return { what, reached, released, signal, release };
}

/** The real file calls, each recorded in `events` once it returned (a held sync waits before it runs). */
function recordingIo(events: string[], dir: string, held?: Hold): StoreIo {
  const label = (p: string) => (p === dir ? "dir" : basename(p).startsWith(`${STATE_FILE}.tmp-`) ? "tmp" : basename(p));
  return {
    async open(path, flags, mode) {
      const fh = await NODE_STORE_IO.open(path, flags, mode);
      const what = label(path);
      events.push(`open ${what}`);
      return {
        async writeFile(data) {
          await fh.writeFile(data);
          events.push(`write ${what}`);
        },
        async sync() {
          if (held?.what === `sync ${what}`) {
            events.push(`held ${what}`);
            held.signal();
            await held.released;
          }
          await fh.sync();
          events.push(`sync ${what}`);
        },
        async close() {
          await fh.close();
          events.push(`close ${what}`);
        },
      };
    },
    async rename(from, to) {
      await NODE_STORE_IO.rename(from, to);
      events.push(`rename ${label(from)} -> ${label(to)}`);
    },
  };
}

describe("emulator durability: the reply waits for the synced write (recorded file calls)", function () {
  this.timeout(60_000);
  /** How long a sync is held back; a reply sent before the sync arrives well within it on loopback. */
  const HOLD_MS = 1_000;

  it("commit() resolves after: temp file written, synced, closed, renamed over state.json, directory synced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emu-store-order-"));
    const events: string[] = [];
    const store = new Store(dir, () => newWorld([newAccount({ apiuser: "a", apipasswd: "p" })]), recordingIo(events, dir));
    store.world.accounts.a.balance = 42;
    await store.commit();
    events.push("committed");
    expect(events).to.deep.equal([...FLUSH, "committed"]);
    expect(JSON.parse(readFileSync(join(dir, STATE_FILE), "utf8")).accounts.a.balance).to.equal(42);
  });

  describe("through the HTTPS server: a write, then its reply", () => {
    let emu: RunningEmulator;
    let client: DonDominioClient;
    before(async () => {
      emu = await startEmulator();
      const svc = newServiceRecord(newWorld(), SERVICE, "basic", 1, new Clock(), "8.2");
      svc.status = "active";
      await emu.control.seed({
        accounts: [{ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, balance: 5000, services: { [SERVICE]: svc } }],
      });
      client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert, retries: 0, timeoutMs: 30_000 });
    });
    after(async () => {
      await emu?.close();
      await closeTransports();
    });

    /** Each write: what prepares it (before the recording starts), and the call whose reply is awaited. */
    const cases: { what: Hold["what"]; via: string; prepare?(): Promise<unknown>; send(): Promise<unknown> }[] = [
      {
        what: "sync tmp",
        via: "service/dnscreate",
        send: () => client.call("service/dnscreate", { serviceName: SERVICE, name: "held-tmp", type: "A", value: "192.0.2.7" }),
      },
      {
        what: "sync dir",
        via: "service/dnscreate",
        send: () => client.call("service/dnscreate", { serviceName: SERVICE, name: "held-dir", type: "A", value: "192.0.2.7" }),
      },
      {
        what: "sync dir",
        via: "the dynamic DNS endpoint",
        // The endpoint updates an existing A record (it never creates one).
        prepare: () => client.call("service/dnscreate", { serviceName: SERVICE, name: "home", type: "A", value: "192.0.2.8" }),
        send: async () => {
          const r = await updateDynamicDns({
            user: emu.apiUser,
            key: emu.dyndnsKey,
            host: `home.${SERVICE}`,
            ip: "198.51.100.8",
            baseUrl: emu.dyndnsUrl,
            caCert: emu.caCert,
          });
          expect(r).to.include({ success: true, updated: true });
        },
      },
    ];
    for (const { what, via, prepare, send } of cases) {
      it(`holds the reply of ${via} while the ${what === "sync tmp" ? "temporary file's" : "directory's"} fsync is held back`, async () => {
        await prepare?.();
        const events: string[] = [];
        const held = hold(what);
        emu.server.store.io = recordingIo(events, emu.server.dataDir, held);
        try {
          const call = send().then(() => events.push("reply"));
          const reached = await Promise.race([held.reached.then(() => true), sleep(20_000).then(() => false)]);
          expect(reached, `the store never called ${what} (events: ${events.join(", ")})`).to.equal(true);
          await sleep(HOLD_MS);
          expect(events, "no reply while the sync is held back").to.not.include("reply");
          held.release();
          await call;
          const flush = events.filter((e) => !e.startsWith("held "));
          expect(flush, "the flush in the README's order, then the reply").to.deep.equal([...FLUSH, "reply"]);
        } finally {
          held.release();
          emu.server.store.io = NODE_STORE_IO;
        }
      });
    }
  });
});
