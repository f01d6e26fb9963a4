/**
 * AcmeCertificate through the real engine against pebble (Let's Encrypt's test CA), which validates
 * DNS-01 through the emulator's DNS: a `*.example.com` + `example.com` certificate verified with
 * node:crypto against pebble's issuing CA, secrets kept out of the state file, the next plan empty,
 * a plan that renews once the clock reaches the renewal window (pebble issues 30 days + 45 s
 * certificates, renewBeforeDays is 30), a name outside the account's zones refused at preview, a
 * failed validation named, and destroy revoking (revokeOnDestroy) and leaving no TXT record. After
 * the renewal test the program sets renewBeforeDays to 1: the renewed certificate would otherwise
 * enter its window again 45 s later, and a later test that expects the same certificate would see
 * a renewal whenever the machine is slow (issue 27 item 14). Run `npm run build` first.
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { startEmulator } from "../../emulator";
import { type EngineStack, installPackage } from "../harness/engine";
import { expectEmptyPlan, expectNoPlaintext, failureOf, type Harness, startHarness } from "../provider/harness";
import { ensureTool, type Pebble, startPebble } from "./pebble";

const ZONE = "example.com";
const NAMES = ["*.example.com", "example.com"];
const VALIDITY_S = 30 * 86_400 + 45;

describe("AcmeCertificate (engine lifecycle against pebble)", function () {
  this.timeout(900_000);
  let h: Harness;
  let pebble: Pebble;
  let eng: EngineStack;
  let pkgDir: string;
  let names = NAMES;
  let revokeOnDestroy = false;
  let renewBeforeDays = 30;
  const work = mkdtempSync(join(tmpdir(), "acme-resource-"));

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (p.skip) {
      console.log(`      SKIPPED: ${p.skip}`);
      this.skip();
    }
    pkgDir = installPackage();
    h = await startHarness({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    await h.client.call("service/create", { serviceName: ZONE, productkey: "basic" });
    pebble = await startPebble(p.bin!, h.emu.dnsPort!, work, VALIDITY_S);
    const dns = `127.0.0.1:${h.emu.dnsPort}`;
    eng = await h.stack(async () => {
      const { AcmeCertificate } = require(join(pkgDir, "dist/provider/resources/acme-certificate/resource.js"));
      const c = new AcmeCertificate("cert", {
        names,
        directoryUrl: pebble.directory,
        directoryCaCert: pebble.tlsCa,
        dnsServers: [dns],
        email: "acme@example.com",
        revokeOnDestroy,
        renewBeforeDays,
      });
      return {
        certificate: c.certificate,
        chain: c.certificateChain,
        notAfter: c.notAfter,
        serial: c.serialNumber,
        privateKey: c.privateKey,
        accountKey: c.accountKey,
      };
    });
  });
  after(async () => {
    await pebble?.stop();
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const zone = async () => (await h.client.call("service/dnslist", { serviceName: ZONE })).dns;

  it("issues *.example.com + example.com, verified against pebble's CA; secrets not in plaintext; no TXT left; the next plan is empty", async () => {
    const before = await zone();
    await h.emu.control.counters({ reset: true });
    const started = Date.now();
    const up = await eng.stack.up();
    const wallMs = Date.now() - started;
    const calls = (await h.emu.control.counters()).calls;
    console.log(`      pulumi up (issuance through the engine): ${(wallMs / 1000).toFixed(1)} s wall; API calls: ${JSON.stringify(calls)}`);
    const leaf = new X509Certificate(up.outputs.certificate.value);
    const intermediate = new X509Certificate(await pebble.get("/intermediates/0"));
    const root = new X509Certificate(await pebble.get("/roots/0"));
    expect(leaf.checkIssued(intermediate) && leaf.verify(intermediate.publicKey), "issued and signed by pebble's intermediate").to.equal(true);
    expect(intermediate.verify(root.publicKey)).to.equal(true);
    expect((leaf.subjectAltName ?? "").split(", ").sort()).to.deep.equal(NAMES.map((n) => `DNS:${n}`).sort());
    expect(new X509Certificate(up.outputs.chain.value).subject).to.equal(intermediate.subject);
    expect(up.outputs.privateKey.secret && up.outputs.accountKey.secret).to.equal(true);
    expectNoPlaintext(eng, [up.outputs.privateKey.value.split("\n")[1], up.outputs.accountKey.value.split("\n")[1]]);
    expect(await zone()).to.deep.equal(before);
    await expectEmptyPlan(eng);
  });

  it("once the clock reaches the renewal window the plan renews it, and up issues a new certificate", async () => {
    const first = (await eng.stack.outputs()).notAfter.value as string;
    const due = Date.parse(first) - 30 * 86_400_000;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now() + 1000)));
    const preview = await eng.stack.preview();
    expect(preview.changeSummary).to.deep.include({ update: 1 });
    const up = await eng.stack.up();
    expect(up.outputs.notAfter.value).to.not.equal(first);
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    // From here on the certificate (30 days) is 29 days from its window, whatever the machine's speed.
    renewBeforeDays = 1;
  });

  it("a name outside the account's zones is refused at preview, naming it", async () => {
    names = [...NAMES, "www.example.net"];
    const msg = await failureOf(eng.stack.preview());
    names = NAMES;
    expect(msg).to.contain("www.example.net").and.contain("no zone of this account holds this name");
  });

  it("a failed validation says which name failed and why, and leaves no TXT record", async () => {
    // A second pebble resolving through a DNS that hosts nothing (an emulator without zones): every
    // challenge fails at the CA.
    const empty = await startEmulator({ dnsPort: 0 });
    const blind = await startPebble(ensureTool("ensure-pebble.sh").bin as string, empty.dnsPort!, mkdtempSync(join(tmpdir(), "acme-blind-")));
    try {
      const before = await zone();
      const bad = await h.stack(async () => {
        const { AcmeCertificate } = require(join(pkgDir, "dist/provider/resources/acme-certificate/resource.js"));
        const c = new AcmeCertificate("blind", {
          names: ["example.com"],
          directoryUrl: blind.directory,
          directoryCaCert: blind.tlsCa,
          propagationTimeoutSeconds: 0,
        });
        return { serial: c.serialNumber };
      });
      const msg = await failureOf(bad.stack.up());
      expect(msg).to.contain(`example.com: example.com: ACME CA ${blind.directory}: authorization: validation failed (status invalid): `);
      expect(await zone()).to.deep.equal(before);
    } finally {
      await blind.stop();
      await empty.close();
    }
  });

  it("revokeOnDestroy changes only a setting (same certificate); destroy then revokes it at the CA and leaves no TXT record behind", async () => {
    const serial = (await eng.stack.outputs()).serial.value as string;
    revokeOnDestroy = true;
    // As a slow machine would: past the time renewBeforeDays 30 would renew it (45 s after its issue);
    // with renewBeforeDays 1 (the program's since the renewal test) it is still the same certificate.
    const window30 = Date.parse((await eng.stack.outputs()).notAfter.value as string) - 30 * 86_400_000;
    await new Promise((r) => setTimeout(r, Math.max(0, window30 - Date.now() + 1000)));
    const up = await eng.stack.up();
    expect([up.summary.resourceChanges?.update, up.outputs.serial.value]).to.deep.equal([1, serial]);
    const before = await zone();
    await eng.stack.destroy();
    const status = JSON.parse(await pebble.get(`/cert-status-by-serial/${serial.toLowerCase()}`)) as { Status?: string };
    expect(status.Status).to.equal("Revoked");
    expect(await zone()).to.deep.equal(before);
    expect((await zone()).filter((r: { type: string }) => r.type === "TXT").map((r: { name: string }) => r.name)).to.deep.equal([ZONE]);
  });
});
