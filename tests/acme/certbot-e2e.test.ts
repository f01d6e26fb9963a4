/**
 * End to end, offline: the certbot manual-hook sequence against a real ACME server. An ACME client
 * from the npm registry (acme-client) orders `*.example.com` + `example.com` from pebble, and for
 * each authorization runs bin/dondominio-acme.js certbot-auth as certbot would (CERTBOT_DOMAIN,
 * CERTBOT_VALIDATION; both names share `_acme-challenge.example.com`), pebble validates through the
 * emulator's DNS, then certbot-cleanup runs for each. The certificate is verified against pebble's
 * issuing CA and the zone is left exactly as it was.
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as acme from "acme-client";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { ensureTool, type Pebble, startPebble } from "./pebble";

const ROOT = resolve(__dirname, "../..");
const ZONE = "example.com";
const NAMES = ["*.example.com", "example.com"];

describe("ACME end to end: certbot-style hooks (dondominio-acme) + pebble + the emulator's DNS", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let pebble: Pebble;
  let client: DonDominioClient;
  const work = mkdtempSync(join(tmpdir(), "acme-certbot-"));

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (p.skip) {
      console.log(`      SKIPPED: ${p.skip}`);
      this.skip();
    }
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    await client.call("service/create", { serviceName: ZONE, productkey: "basic" });
    pebble = await startPebble(p.bin!, emu.dnsPort!, work);
  });
  after(async () => {
    await pebble?.stop();
    await emu?.close();
    await closeTransports();
    rmSync(work, { recursive: true, force: true });
  });

  /** One hook run as certbot runs it: the command alone, its inputs in the environment. */
  const hook = (which: "certbot-auth" | "certbot-cleanup", domain: string, validation: string) =>
    new Promise<string>((res, rej) =>
      execFile(
        process.execPath,
        [join(ROOT, "bin", "dondominio-acme.js"), which],
        {
          env: {
            PATH: process.env.PATH,
            CERTBOT_DOMAIN: domain,
            CERTBOT_VALIDATION: validation,
            DONDOMINIO_API_USER: emu.apiUser,
            DONDOMINIO_API_PASSWD: emu.apiPasswd,
            DONDOMINIO_BASE_URL: emu.url,
            DONDOMINIO_CA_CERT_FILE: emu.caFile,
            DONDOMINIO_ACME_DNS_SERVERS: `127.0.0.1:${emu.dnsPort}`,
            DONDOMINIO_ACME_POLL_INTERVAL: "0.5",
          },
          timeout: 120_000,
        },
        (err, stdout, stderr) => (err ? rej(new Error(`${which} ${domain}: ${err.message}\n${stderr}`)) : res(stdout)),
      ),
    );

  it("auth for both names, validation by pebble, cleanup: certificate verified, zone exactly as before", async () => {
    const before = (await client.call("service/dnslist", { serviceName: ZONE })).dns;
    acme.axios.defaults.httpsAgent = new https.Agent({ ca: pebble.tlsCa });
    const ac = new acme.Client({ directoryUrl: pebble.directory, accountKey: await acme.crypto.createPrivateKey() });
    await ac.createAccount({ termsOfServiceAgreed: true, contact: ["mailto:acme@example.com"] });
    const order = await ac.createOrder({ identifiers: NAMES.map((value) => ({ type: "dns", value })) });
    const authzs = await ac.getAuthorizations(order);
    const done: { domain: string; value: string }[] = [];
    try {
      for (const authz of authzs) {
        const challenge = authz.challenges.find((c) => c.type === "dns-01")!;
        // certbot's CERTBOT_DOMAIN is the identifier without "*." (authz.identifier.value is so already).
        const domain = authz.identifier.value;
        const value = await ac.getChallengeKeyAuthorization(challenge);
        const out = await hook("certbot-auth", domain, value);
        expect(out).to.contain("_acme-challenge.example.com TXT created in zone example.com");
        done.push({ domain, value });
      }
      for (const authz of authzs) {
        const challenge = authz.challenges.find((c) => c.type === "dns-01")!;
        await ac.completeChallenge(challenge);
        await ac.waitForValidStatus(challenge);
      }
    } finally {
      for (const d of done) await hook("certbot-cleanup", d.domain, d.value);
    }
    const [key, csr] = await acme.crypto.createCsr({ commonName: NAMES[1], altNames: NAMES });
    expect(key.length).to.be.greaterThan(0);
    const finalized = await ac.finalizeOrder(order, csr);
    const pem = await ac.getCertificate(finalized);
    const leaf = new X509Certificate(pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0]);
    const intermediate = new X509Certificate(await pebble.get("/intermediates/0"));
    const root = new X509Certificate(await pebble.get("/roots/0"));
    expect(leaf.checkIssued(intermediate) && leaf.verify(intermediate.publicKey), "issued and signed by pebble's intermediate").to.equal(true);
    expect(intermediate.verify(root.publicKey), "intermediate signed by pebble's root").to.equal(true);
    const sans = (leaf.subjectAltName ?? "")
      .split(", ")
      .map((s) => s.replace(/^DNS:/, ""))
      .sort();
    expect(sans).to.deep.equal([...NAMES].sort());
    expect((await client.call("service/dnslist", { serviceName: ZONE })).dns).to.deep.equal(before);
  });
});
