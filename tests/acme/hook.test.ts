/**
 * dondominio-acme (provider/acme/cli.ts) in-process against the emulator over HTTPS, its DNS
 * checked through the emulator's own DNS listener: the certbot hook sequence for a wildcard and its
 * apex (two values at one name) leaves the zone exactly as it was, lego's exec forms (default and
 * RAW), zones by longest suffix, CNAME delegation (a chain; a loop, and a CNAME out of the account,
 * refused), and the refusals (credentials as arguments, an open credentials file, a name outside
 * the account's zones, DNS that never serves the value), each checked to write nothing.
 */
import { createHash } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { main } from "../../provider/acme/cli";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";

const ZONE = "example.com";
const A = "A".repeat(43);
const B = "b".repeat(43);

interface Run {
  status: number;
  out: string;
  err: string;
}

describe("dondominio-acme hook", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  let other: RunningEmulator;
  let client: DonDominioClient;
  let resolver: Resolver;
  let env: NodeJS.ProcessEnv;
  const dir = mkdtempSync(join(tmpdir(), "acme-hook-"));

  const run = async (argv: string[], extra: NodeJS.ProcessEnv = {}, base = env): Promise<Run> => {
    let out = "";
    let err = "";
    const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } };
    const status = await main(argv, { ...base, ...extra }, io);
    return { status, out, err };
  };
  const zone = async (serviceName = ZONE) => (await client.call("service/dnslist", { serviceName })).dns;
  /** The write calls (dnscreate, dnsdelete) `f` made, and every zone of the account left as it was. */
  const writesOf = async (f: () => Promise<Run>): Promise<{ r: Run; writes: number }> => {
    const before = [await zone(), await zone("shop.example.com"), await zone("other.org")];
    await emu.control.counters({ reset: true });
    const r = await f();
    const calls = (await emu.control.counters()).calls as Record<string, number>;
    expect([await zone(), await zone("shop.example.com"), await zone("other.org")]).to.deep.equal(before);
    return { r, writes: (calls["service/dnscreate"] ?? 0) + (calls["service/dnsdelete"] ?? 0) };
  };
  const txt = (name: string) =>
    resolver.resolveTxt(name).then(
      (r) => r.map((s) => s.join("")).sort(),
      () => [],
    );

  before(async () => {
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    // A second emulator whose DNS hosts no zone: REFUSED for everything (DNS that never serves it).
    other = await startEmulator({ dnsPort: 0 });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of [ZONE, "shop.example.com", "other.org"]) await client.call("service/create", { serviceName, productkey: "basic" });
    const cname = (name: string, value: string) => client.call("service/dnscreate", { serviceName: ZONE, name, type: "CNAME", value });
    await cname("_acme-challenge.delegated", "_acme-challenge.other.org");
    await cname("_acme-challenge.chain", "_acme-challenge.delegated.example.com");
    await cname("_acme-challenge.out", "_acme-challenge.elsewhere.net");
    await cname("_acme-challenge.loop", "_acme-challenge.loop2.example.com");
    await cname("_acme-challenge.loop2", "_acme-challenge.loop.example.com");
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${emu.dnsPort}`]);
    env = {
      DONDOMINIO_API_USER: emu.apiUser,
      DONDOMINIO_API_PASSWD: emu.apiPasswd,
      DONDOMINIO_BASE_URL: emu.url,
      DONDOMINIO_CA_CERT_FILE: emu.caFile,
      DONDOMINIO_ACME_DNS_SERVERS: `127.0.0.1:${emu.dnsPort}`,
      DONDOMINIO_ACME_POLL_INTERVAL: "0.2",
      // The emulator takes more than the real API's pace (as the engine tests set it, tests/provider/harness.ts).
      DONDOMINIO_MAX_OPS_PER_MINUTE: "20000",
    };
  });
  after(async () => {
    await emu?.close();
    await other?.close();
    await closeTransports();
    rmSync(dir, { recursive: true, force: true });
  });

  it("certbot: auth for *.example.com and example.com (one _acme-challenge name), then cleanup, leaves the zone exactly as it was", async () => {
    const before = await zone();
    const certbot = (hook: string, value: string) => run([hook], { CERTBOT_DOMAIN: ZONE, CERTBOT_VALIDATION: value });
    const a = await certbot("certbot-auth", A);
    expect(a.status, a.err).to.equal(0);
    expect(a.out).to.contain("_acme-challenge.example.com TXT created in zone example.com").and.contain("served by");
    expect((await certbot("certbot-auth", B)).status).to.equal(0);
    expect(await txt("_acme-challenge.example.com")).to.deep.equal([A, B]);
    const c = await certbot("certbot-cleanup", A);
    expect(c.status, c.err).to.equal(0);
    // Only its own value goes: the other authorization may still be pending.
    expect(await txt("_acme-challenge.example.com")).to.deep.equal([B]);
    expect((await certbot("certbot-cleanup", B)).status).to.equal(0);
    expect(await zone()).to.deep.equal(before);
    expect(await txt("_acme-challenge.example.com")).to.deep.equal([]);
  });

  it("certbot: a wildcard CERTBOT_DOMAIN uses the same name", async () => {
    const r = await run(["certbot-auth"], { CERTBOT_DOMAIN: "*.example.com", CERTBOT_VALIDATION: A });
    expect(r.out).to.contain("_acme-challenge.example.com TXT created");
    await run(["certbot-cleanup"], { CERTBOT_DOMAIN: "*.example.com", CERTBOT_VALIDATION: A });
  });

  it("lego exec (default mode): present FQDN. VALUE is idempotent, cleanup removes it", async () => {
    const before = await zone();
    expect((await run(["present", "_acme-challenge.example.com.", A])).status).to.equal(0);
    const again = await run(["present", "_acme-challenge.example.com.", A]);
    expect(again.out).to.contain("already present");
    expect((await zone()).length).to.equal(before.length + 1);
    expect((await run(["cleanup", "_acme-challenge.example.com.", A])).status).to.equal(0);
    expect(await zone()).to.deep.equal(before);
  });

  it("lego exec RAW mode: the value is base64url(SHA-256(keyAuth)) at _acme-challenge.DOMAIN", async () => {
    const keyAuth = "token123.thumbprint456";
    const value = createHash("sha256").update(keyAuth).digest("base64url");
    expect((await run(["present", "--", "example.com.", "token123", keyAuth])).status).to.equal(0);
    expect(await txt("_acme-challenge.example.com")).to.deep.equal([value]);
    expect((await run(["cleanup", "--", "example.com.", "token123", keyAuth])).status).to.equal(0);
    expect(await txt("_acme-challenge.example.com")).to.deep.equal([]);
  });

  it("the zone is the hosting service with the longest matching name", async () => {
    const r = await run(["present", "_acme-challenge.www.shop.example.com", A]);
    expect(r.out).to.contain("in zone shop.example.com");
    expect((await zone("shop.example.com")).some((x) => x.value === A)).to.equal(true);
    expect((await zone()).some((x) => x.value === A)).to.equal(false);
    await run(["cleanup", "_acme-challenge.www.shop.example.com", A]);
  });

  it("a CNAME at _acme-challenge is followed into the zone it points to", async () => {
    const r = await run(["certbot-auth"], { CERTBOT_DOMAIN: "delegated.example.com", CERTBOT_VALIDATION: A });
    expect(r.status, r.err).to.equal(0);
    expect(r.out).to.contain("_acme-challenge.other.org (CNAME of _acme-challenge.delegated.example.com) TXT created in zone other.org");
    expect(await txt("_acme-challenge.delegated.example.com")).to.deep.equal([A]);
    await run(["certbot-cleanup"], { CERTBOT_DOMAIN: "delegated.example.com", CERTBOT_VALIDATION: A });
    expect(await txt("_acme-challenge.other.org")).to.deep.equal([]);
  });

  it("a chain of CNAMEs is followed to its end (chain -> delegated -> other.org)", async () => {
    const r = await run(["certbot-auth"], { CERTBOT_DOMAIN: "chain.example.com", CERTBOT_VALIDATION: B });
    expect(r.status, r.err).to.equal(0);
    expect(r.out).to.contain("_acme-challenge.other.org (CNAME of _acme-challenge.chain.example.com) TXT created in zone other.org");
    expect(await txt("_acme-challenge.chain.example.com")).to.deep.equal([B]);
    expect((await run(["certbot-cleanup"], { CERTBOT_DOMAIN: "chain.example.com", CERTBOT_VALIDATION: B })).status).to.equal(0);
    expect(await txt("_acme-challenge.other.org")).to.deep.equal([]);
  });

  it("a CNAME loop fails naming it, bounded; a CNAME to a name in no zone of the account fails naming both; nothing is written", async () => {
    const loop = await writesOf(() => run(["certbot-auth"], { CERTBOT_DOMAIN: "loop.example.com", CERTBOT_VALIDATION: A }));
    expect([loop.r.status, loop.writes]).to.deep.equal([1, 0]);
    expect(loop.r.err).to.contain(
      "_acme-challenge.loop.example.com: the CNAMEs loop (_acme-challenge.loop.example.com -> _acme-challenge.loop2.example.com -> _acme-challenge.loop.example.com)",
    );
    const out = await writesOf(() => run(["certbot-auth"], { CERTBOT_DOMAIN: "out.example.com", CERTBOT_VALIDATION: A }));
    expect([out.r.status, out.writes]).to.deep.equal([1, 0]);
    expect(out.r.err)
      .to.contain("_acme-challenge.out.example.com is a CNAME to _acme-challenge.elsewhere.net")
      .and.contain("no zone of this account holds this name");
  });

  it("a name in none of the account's zones fails naming it; nothing is written", async () => {
    const { r, writes } = await writesOf(() => run(["present", "_acme-challenge.example.net", A]));
    expect(r.status).to.equal(1);
    expect(r.err).to.contain("_acme-challenge.example.net: no zone of this account holds this name");
    expect(writes).to.equal(0);
  });

  it("DNS that never serves the value: present fails after the timeout naming the servers (the record stays for cleanup)", async () => {
    const dns = `127.0.0.1:${other.dnsPort}`;
    const r = await run(["present", "_acme-challenge.example.com", B], { DONDOMINIO_ACME_DNS_SERVERS: dns, DONDOMINIO_ACME_PROPAGATION_TIMEOUT: "1" });
    expect(r.status).to.equal(1);
    expect(r.err).to.contain(`not served by ${dns}`);
    expect((await run(["cleanup", "_acme-challenge.example.com", B])).status).to.equal(0);
  });

  it("credentials: never from arguments; an owner-only file works, an open one is refused; the password is never printed", async () => {
    const r = await run(["present", "_acme-challenge.example.com", A, `--api-passwd=${emu.apiPasswd}`]);
    expect(r.status).to.equal(2);
    expect(r.err).to.contain("--api-passwd is refused").and.not.contain(emu.apiPasswd);
    const file = join(dir, "credentials");
    writeFileSync(file, `# dondominio\nDONDOMINIO_API_USER=${emu.apiUser}\nDONDOMINIO_API_PASSWD="${emu.apiPasswd}"\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const { DONDOMINIO_API_USER: _u, DONDOMINIO_API_PASSWD: _p, ...noCreds } = env;
    const open = await run(["present", "_acme-challenge.example.com", A], { DONDOMINIO_CREDENTIALS_FILE: file }, noCreds);
    expect(open.status).to.equal(2);
    expect(open.err).to.contain("permissions 0644").and.contain("chmod 600");
    chmodSync(file, 0o600);
    const ok = await run(["present", "_acme-challenge.example.com", A], { DONDOMINIO_CREDENTIALS_FILE: file }, noCreds);
    expect(ok.status, ok.err).to.equal(0);
    await run(["cleanup", "_acme-challenge.example.com", A], { DONDOMINIO_CREDENTIALS_FILE: file }, noCreds);
    const none = await run(["present", "_acme-challenge.example.com", A], {}, noCreds);
    expect(none.status).to.equal(2);
    expect(none.err).to.contain("DONDOMINIO_API_USER is not set");
    const bad = await run(["present", "_acme-challenge.example.com", "not base64url!"]);
    expect([bad.status, bad.err.split("\n")[0]]).to.deep.equal([
      2,
      "dondominio-acme: value: the challenge value must be base64url text (letters, digits, - and _), as ACME servers give it",
    ]);
  });
});
