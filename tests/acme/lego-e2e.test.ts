/**
 * End to end, offline, with servers and clients nobody here wrote: lego (go-acme, built by
 * scripts/ensure-lego.sh) with its `exec` DNS provider running bin/dondominio-acme.js obtains a
 * certificate for `*.example.com` and `example.com` from pebble (Let's Encrypt's test CA, built by
 * scripts/ensure-pebble.sh), which checks the DNS-01 challenges through the emulator's DNS. The
 * certificate is verified with node:crypto against pebble's issuing CA (fetched from pebble's
 * management interface) and for exactly the names asked; the zone is left as it was.
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { ensureTool, type Pebble, startPebble } from "./pebble";

const ROOT = resolve(__dirname, "../..");
const ZONE = "example.com";
const NAMES = ["*.example.com", "example.com"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** The PEM certificates of a bundle, leaf first. */
const pems = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

describe("ACME end to end: lego + dondominio-acme + pebble + the emulator's DNS", function () {
  this.timeout(900_000);
  let pebbleBin: string | undefined;
  let legoBin: string | undefined;
  let emu: RunningEmulator;
  let pebble: Pebble;
  let client: DonDominioClient;
  const work = mkdtempSync(join(tmpdir(), "acme-lego-"));

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    const l = p.skip ? p : ensureTool("ensure-lego.sh");
    if (p.skip || l.skip) {
      console.log(`      SKIPPED: ${p.skip ?? l.skip}`);
      this.skip();
    }
    pebbleBin = p.bin;
    legoBin = l.bin;
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    await client.call("service/create", { serviceName: ZONE, productkey: "basic" });
    pebble = await startPebble(pebbleBin!, emu.dnsPort!, work);
  });
  after(async () => {
    await pebble?.stop();
    await emu?.close();
    await closeTransports();
    rmSync(work, { recursive: true, force: true });
  });

  it("issues a certificate for *.example.com and example.com, verified against pebble's issuing CA; the zone is left as it was", async () => {
    const before = (await client.call("service/dnslist", { serviceName: ZONE })).dns;
    emu.server.counters.reset();
    const env: NodeJS.ProcessEnv = {
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      HOME: work,
      LEGO_CA_CERTIFICATES: pebble.tlsCaFile,
      EXEC_PATH: join(ROOT, "bin", "dondominio-acme.js"),
      EXEC_POLLING_INTERVAL: "1",
      EXEC_PROPAGATION_TIMEOUT: "60",
      // exec is a sequential provider: lego waits this long between the names (default 60 s).
      EXEC_SEQUENCE_INTERVAL: "1",
      DONDOMINIO_API_USER: emu.apiUser,
      DONDOMINIO_API_PASSWD: emu.apiPasswd,
      DONDOMINIO_BASE_URL: emu.url,
      DONDOMINIO_CA_CERT_FILE: emu.caFile,
      DONDOMINIO_ACME_DNS_SERVERS: `127.0.0.1:${emu.dnsPort}`,
      DONDOMINIO_ACME_POLL_INTERVAL: "0.5",
    };
    const args = [
      "run",
      "--accept-tos",
      "--email",
      "acme@example.com",
      "--server",
      pebble.directory,
      "--path",
      join(work, "lego"),
      "--dns",
      "exec",
      "--dns.resolvers",
      `127.0.0.1:${emu.dnsPort}`,
      // The zone's nameservers (ns1/ns2.emulator.test) exist in no DNS: the emulator's DNS, the
      // resolver given, is asked instead (dondominio-acme has already waited for it).
      "--dns.propagation.disable-ans",
      ...NAMES.flatMap((d) => ["--domains", d]),
    ];
    const started = Date.now();
    const out = await new Promise<string>((res, rej) =>
      execFile(legoBin!, args, { env, cwd: work, timeout: 300_000 }, (err, stdout, stderr) => {
        const text = `${stdout}\n${stderr}`;
        if (err) rej(new Error(`lego failed: ${err.message}\n${text}\n--- pebble ---\n${pebble.log()}`));
        else res(text);
      }),
    );
    const wallMs = Date.now() - started;
    const calls = emu.server.counters.snapshot().calls;
    console.log(`      issuance: ${(wallMs / 1000).toFixed(1)} s wall; API calls: ${JSON.stringify(calls)}`);
    expect(out).to.contain("_acme-challenge.example.com TXT created in zone example.com");

    const crt = files(join(work, "lego")).find((f) => f.endsWith(".crt") && !f.endsWith(".issuer.crt"));
    expect(crt, `no certificate in ${files(join(work, "lego")).join(", ")}`).to.be.a("string");
    const chain = pems(readFileSync(crt!, "utf8"));
    expect(chain.length, "lego's bundle: leaf and issuer").to.be.greaterThan(0);
    const leaf = new X509Certificate(chain[0]!);
    const intermediate = new X509Certificate(await pebble.get("/intermediates/0"));
    const root = new X509Certificate(await pebble.get("/roots/0"));
    expect(leaf.checkIssued(intermediate), "issued by pebble's intermediate").to.equal(true);
    expect(leaf.verify(intermediate.publicKey), "signed by pebble's intermediate").to.equal(true);
    expect(intermediate.verify(root.publicKey), "intermediate signed by pebble's root").to.equal(true);
    const sans = (leaf.subjectAltName ?? "")
      .split(", ")
      .map((s) => s.replace(/^DNS:/, ""))
      .sort();
    expect(sans).to.deep.equal([...NAMES].sort());
    expect(Date.parse(leaf.validTo)).to.be.greaterThan(Date.now());
    // lego's cleanup ran dondominio-acme cleanup for both values: nothing left behind.
    expect((await client.call("service/dnslist", { serviceName: ZONE })).dns).to.deep.equal(before);
  });
});
