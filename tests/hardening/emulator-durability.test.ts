/**
 * Durability under a crash (project issue 14, item 7). The emulator CLI runs as a child process on
 * a data directory; a burst of concurrent writes (service/dnscreate) goes through the sdk client;
 * the emulator is killed with SIGKILL in the middle of the burst and started again on the same
 * directory. Each round checks that the state is valid (the emulator starts: it refuses a state
 * file that is not a valid state) and that every ACKNOWLEDGED write (a reply with success) is
 * present; writes applied whose reply was lost may be present or not. Three rounds, killed at
 * different points, on the same directory (earlier rounds' records must survive too).
 */
import { expect } from "chai";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Clock } from "../../emulator/core/clock";
import { newWorld } from "../../emulator/core/state";
import { EmulatorControl } from "../../emulator/control-client";
import { newServiceRecord } from "../../emulator/modules/service/model";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";

const ROOT = resolve(__dirname, "../..");
const SERVICE = "durable-example.com";
const BURST = 200;
/** After how many acknowledged writes each round's SIGKILL is sent. */
const KILL_AFTER = [40, 100, 160];

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
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--data", dir], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
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
  });
});
