/**
 * AcmeCertificate follows a CNAME at `_acme-challenge.<name>` (issue 27 item 10), through the real
 * engine against pebble resolving through the emulator's DNS: the usual delegation of validation to
 * another zone. A chain of two CNAMEs into another zone of the account issues the certificate with
 * the TXT written at the chain's end (before: `up` failed with 4004, the TXT written beside the
 * CNAME); a CNAME to a name in no zone of the account, and a CNAME loop, are refused at preview
 * naming the CNAME and its target, with 0 writes (before: preview passed). The code is the one
 * dondominio-acme runs (provider/acme/challenge.ts challengeTarget; tests/acme/hook.test.ts).
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { type EngineStack, installPackage } from "../harness/engine";
import { countCalls, failureOf, type Harness, startHarness, writeCalls } from "../provider/harness";
import { ensureTool, type Pebble, startPebble } from "./pebble";

const ZONE = "example.com";
const DELEGATE = "delegate.net";

describe("AcmeCertificate follows _acme-challenge CNAMEs (engine, pebble)", function () {
  this.timeout(900_000);
  let h: Harness;
  let pebble: Pebble;
  let eng: EngineStack;
  let pkgDir: string;
  let names = ["www.example.com"];
  const work = mkdtempSync(join(tmpdir(), "acme-cname-"));

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (p.skip) {
      console.log(`      SKIPPED: ${p.skip}`);
      this.skip();
    }
    pkgDir = installPackage();
    h = await startHarness({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    for (const serviceName of [ZONE, DELEGATE]) await h.client.call("service/create", { serviceName, productkey: "basic" });
    const cname = (name: string, value: string) => h.client.call("service/dnscreate", { serviceName: ZONE, name, type: "CNAME", value });
    // www: two CNAMEs, the second into another zone of the account.
    await cname("_acme-challenge.www.example.com", "_acme-challenge.hop.example.com");
    await cname("_acme-challenge.hop.example.com", "www.challenges.delegate.net");
    // out: to a zone this account does not host; loop: a -> b -> a.
    await cname("_acme-challenge.out.example.com", "_acme-challenge.elsewhere.org");
    await cname("_acme-challenge.loop.example.com", "_acme-challenge.loop2.example.com");
    await cname("_acme-challenge.loop2.example.com", "_acme-challenge.loop.example.com");
    pebble = await startPebble(p.bin!, h.emu.dnsPort!, work);
    const dns = `127.0.0.1:${h.emu.dnsPort}`;
    eng = await h.stack(async () => {
      const { AcmeCertificate } = require(join(pkgDir, "dist/provider/resources/acme-certificate/resource.js"));
      const c = new AcmeCertificate("cert", { names, directoryUrl: pebble.directory, directoryCaCert: pebble.tlsCa, dnsServers: [dns] });
      return { certificate: c.certificate };
    });
  });
  after(async () => {
    await pebble?.stop();
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const zones = async () => ({
    [ZONE]: (await h.client.call("service/dnslist", { serviceName: ZONE })).dns,
    [DELEGATE]: (await h.client.call("service/dnslist", { serviceName: DELEGATE })).dns,
  });

  it("a chain of two CNAMEs into another zone: the TXT goes to the chain's end, the certificate is issued, both zones are left as they were", async () => {
    const before = await zones();
    const up = await eng.stack.up();
    expect(up.stdout).to.contain(`www.challenges.delegate.net (CNAME of _acme-challenge.www.example.com) TXT created in zone ${DELEGATE} for www.example.com`);
    const leaf = new X509Certificate(up.outputs.certificate.value);
    expect(leaf.subjectAltName).to.equal("DNS:www.example.com");
    expect(await zones()).to.deep.equal(before);
  });

  it("a CNAME to a name outside every zone of the account is refused at preview, naming the CNAME and its target; 0 writes", async () => {
    names = ["www.example.com", "out.example.com"];
    const { result: msg, calls } = await countCalls(h, () => failureOf(eng.stack.preview()));
    names = ["www.example.com"];
    expect(msg).to.contain(
      "names: out.example.com: _acme-challenge.out.example.com is a CNAME to _acme-challenge.elsewhere.org (_acme-challenge.out.example.com -> _acme-challenge.elsewhere.org), and no zone of this account holds this name",
    );
    expect(writeCalls(calls)).to.deep.equal({});
  });

  it("a CNAME loop is refused at preview, naming the loop; 0 writes", async () => {
    names = ["loop.example.com"];
    const { result: msg, calls } = await countCalls(h, () => failureOf(eng.stack.preview()));
    names = ["www.example.com"];
    expect(msg).to.contain(
      "names: loop.example.com: _acme-challenge.loop.example.com: the CNAMEs loop (_acme-challenge.loop.example.com -> _acme-challenge.loop2.example.com -> _acme-challenge.loop.example.com)",
    );
    expect(writeCalls(calls)).to.deep.equal({});
  });
});
