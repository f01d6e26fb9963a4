/**
 * A CA that never answers holds only its own certificate, and only until its own deadline (issue 27
 * item 4). Through the real engine: a program with two AcmeCertificates, "slow" from a CA that
 * takes the newAccount request and never answers (tests/acme/hostile-ca.ts), with customTimeouts
 * create 20 s, and "fast" from pebble. `up` fails at slow's deadline naming its CA and the step, and
 * fast is issued all the same. In process: while an issue waits on the silent CA (its default
 * deadline, minutes away), another issue against pebble completes. Before, issues ran one at a time
 * in a process and had no deadline: slow hung the run, and fast waited behind it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { getApi } from "../../provider/core/client";
import { issue } from "../../provider/resources/acme-certificate/issue";
import { acmeInputs } from "../../provider/resources/acme-certificate/schema";
import { type EngineStack, installPackage } from "../harness/engine";
import { failureOf, type Harness, outputsOf, startHarness } from "../provider/harness";
import { type HostileCa, startHostileCa } from "./hostile-ca";
import { ensureTool, type Pebble, startPebble } from "./pebble";

const ZONE = "example.com";
/** Held requests are answered 500 after this, so that code without a deadline ends too (the test then fails on its message). */
const RELEASE_MS = 240_000;

describe("AcmeCertificate: a CA that never answers holds only its own certificate, until its deadline", function () {
  this.timeout(900_000);
  let h: Harness;
  let pebble: Pebble;
  let silent: HostileCa;
  let pkgDir: string;
  const work = mkdtempSync(join(tmpdir(), "acme-hostile-engine-"));
  const timers: NodeJS.Timeout[] = [];

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (p.skip) {
      console.log(`      SKIPPED: ${p.skip}`);
      this.skip();
    }
    pkgDir = installPackage();
    h = await startHarness({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    await h.client.call("service/create", { serviceName: ZONE, productkey: "basic" });
    pebble = await startPebble(p.bin!, h.emu.dnsPort!, work);
    silent = await startHostileCa((req, res, self) => {
      if (req.path !== "/account") return false;
      self.held.push(res);
      timers.push(
        setTimeout(() => {
          if (!res.writableEnded) res.writeHead(500).end();
        }, RELEASE_MS),
      );
      return true;
    });
  });
  after(async () => {
    for (const t of timers) clearTimeout(t);
    await silent?.close();
    await pebble?.stop();
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("through the engine: slow fails at its customTimeouts (20 s) naming its CA and the step; fast is issued", async () => {
    const dns = `127.0.0.1:${h.emu.dnsPort}`;
    const eng: EngineStack = await h.stack(async () => {
      const { AcmeCertificate } = require(join(pkgDir, "dist/provider/resources/acme-certificate/resource.js"));
      const slow = new AcmeCertificate(
        "slow",
        { names: ["slow.example.com"], directoryUrl: silent.directory, directoryCaCert: silent.caPem, propagationTimeoutSeconds: 0 },
        { customTimeouts: { create: "20s" } },
      );
      const fast = new AcmeCertificate("fast", { names: [ZONE], directoryUrl: pebble.directory, directoryCaCert: pebble.tlsCa, dnsServers: [dns] });
      return { slow: slow.serialNumber, fast: fast.serialNumber };
    });
    const msg = await failureOf(eng.stack.up());
    expect(msg).to.contain(
      `slow.example.com: ACME CA ${silent.directory}: newAccount: waiting for ${silent.base}/account when the issue's deadline passed (customTimeouts.create, 20 s); nothing more is asked of this CA`,
    );
    expect(outputsOf(eng, "fast")?.serialNumber, "fast was issued").to.be.a("string").and.not.equal("");
    expect(outputsOf(eng, "slow"), "slow is not in the state").to.equal(undefined);
  });

  it("in process: an issue against pebble completes while another waits on the silent CA", async () => {
    const api = getApi({ apiUser: h.emu.apiUser, apiPasswd: h.emu.apiPasswd, baseUrl: h.emu.url, caCertFile: h.emu.caFile });
    const heldBefore = silent.held.length;
    const waiting = issue(
      api,
      acmeInputs.parse({ names: ["slow.example.com"], directoryUrl: silent.directory, directoryCaCert: silent.caPem }),
      undefined,
      "slow",
    );
    let slowSettled = false;
    const slowOutcome = waiting.then(
      () => "issued",
      (e: Error) => e.message,
    );
    void slowOutcome.then(() => (slowSettled = true));
    while (silent.held.length === heldBefore) await new Promise((r) => setTimeout(r, 50));
    const fast = await issue(
      api,
      acmeInputs.parse({ names: [ZONE], directoryUrl: pebble.directory, directoryCaCert: pebble.tlsCa, dnsServers: [`127.0.0.1:${h.emu.dnsPort}`] }),
      undefined,
      "fast",
    );
    expect(fast.serialNumber).to.be.a("string");
    expect(slowSettled, "the silent CA's issue is still waiting (its deadline is minutes away)").to.equal(false);
    for (const res of silent.held) if (!res.writableEnded) res.destroy();
    expect(await slowOutcome).to.contain(`slow: ACME CA ${silent.directory}: newAccount: `);
  });
});
