/**
 * The real external-dns (sigs.k8s.io/external-dns v0.21.0, built from the Go module proxy by
 * scripts/ensure-external-dns.sh) with `--provider=webhook` against `dondominio-external-dns` and
 * the emulator, all on loopback, no cluster: the `connector` source, fed fixed endpoints by
 * connector-feed/ (a gob stream, source/connector.go), `--once`, `--registry=txt` with an owner id,
 * `--policy=sync`. KUBECONFIG names no file: nothing reads a cluster. Records are checked through
 * the API and through the emulator's DNS server; API writes are counted by the emulator.
 *
 * A cold build of external-dns takes about half an hour: when it is not in the cache the script
 * starts it in the background and this file says SKIPPED (a later run finds it).
 */
import { spawn, spawnSync } from "node:child_process";
import { Resolver } from "node:dns/promises";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { ensureBuilt, metric, ROOT, startWebhookProcess, total, type WebhookProcess, writesOf } from "./webhook-harness";

const ZONE = "example.com";
const OTHER = "example.org";

interface Ep {
  dnsName: string;
  recordType: string;
  targets: string[];
  recordTTL?: number;
}

/** Builds connector-feed (the standard library only: seconds) into `dir`. */
function buildFeed(dir: string): string {
  const out = join(dir, "connector-feed");
  const r = spawnSync("go", ["build", "-o", out, "."], {
    cwd: join(ROOT, "tests", "integrations", "connector-feed"),
    encoding: "utf8",
    env: { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" },
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`go build connector-feed: ${r.stderr}`);
  return out;
}

describe("external-dns v0.21.0 (the real binary) + dondominio-external-dns + the emulator", function () {
  this.timeout(900_000);
  let bin: string;
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let hook: WebhookProcess;
  let dry: WebhookProcess;
  let feedStop: () => void = () => {};
  let feedAddr = "";
  let resolver: Resolver;
  const work = mkdtempSync(join(tmpdir(), "external-dns-"));
  const feedFile = join(work, "endpoints.json");
  const figures: string[] = [];

  const alpha: Ep[] = [
    { dnsName: "web.example.com", recordType: "A", targets: ["192.0.2.10", "192.0.2.11"], recordTTL: 300 },
    { dnsName: "app.example.com", recordType: "CNAME", targets: ["web.example.com"], recordTTL: 30 },
    { dnsName: "shop.example.org", recordType: "MX", targets: ["10 mx1.example.org"] },
    { dnsName: "info.example.com", recordType: "TXT", targets: ["hello from external-dns"] },
    { dnsName: "sip.example.com", recordType: "NAPTR", targets: ['100 10 "S" "SIP+D2U" "" _sip._udp.example.com.'] },
  ];
  const beta: Ep[] = [{ dnsName: "beta.example.com", recordType: "A", targets: ["192.0.2.50"] }];

  /** One `external-dns --once` run with `owner`'s endpoints; its exit code, log and time. */
  async function runExternalDns(owner: string, endpoints: Ep[], url: string) {
    writeFileSync(feedFile, JSON.stringify(endpoints));
    const args = [
      "--source=connector",
      `--connector-source-server=${feedAddr}`,
      "--provider=webhook",
      `--webhook-provider-url=${url}`,
      "--webhook-provider-read-timeout=60s",
      "--webhook-provider-write-timeout=60s",
      "--registry=txt",
      `--txt-owner-id=${owner}`,
      "--policy=sync",
      "--once",
      "--metrics-address=127.0.0.1:0",
      "--log-level=debug",
      ...["A", "CNAME", "MX", "TXT", "NAPTR"].map((t) => `--managed-record-types=${t}`),
    ];
    const started = Date.now();
    const child = spawn(bin, args, { env: { PATH: process.env.PATH, HOME: work, KUBECONFIG: join(work, "no-kubeconfig") }, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (c: Buffer) => {
      log += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      log += c.toString();
    });
    const code = await new Promise<number | null>((res) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
      child.once("exit", (c) => {
        clearTimeout(timer);
        res(c);
      });
    });
    return { code, log, seconds: (Date.now() - started) / 1000 };
  }

  /** The records of a zone through the API, as "name type value ttl". */
  async function zone(name: string): Promise<string[]> {
    const items = (await client.call("service/dnslist", { serviceName: name })).dns;
    return items.map((r) => `${r.name} ${r.type} ${r.value} ${r.ttl}`).sort();
  }

  before(async function () {
    const e = ensureBuilt("ensure-external-dns.sh");
    if (!e.dir) {
      console.log(`      SKIPPED: external-dns is ${e.skip}`);
      this.skip();
    }
    bin = e.dir as string;
    const feed = buildFeed(work);
    writeFileSync(feedFile, "[]");
    const child = spawn(feed, ["-listen", "127.0.0.1:0", "-file", feedFile], { stdio: ["ignore", "pipe", "inherit"] });
    feedStop = () => child.kill("SIGTERM");
    feedAddr = await new Promise<string>((res, rej) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /listening (\S+)/.exec(out);
        if (m) res(m[1]);
      });
      child.once("exit", (c) => rej(new Error(`connector-feed exited ${c}`)));
    });
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of [ZONE, OTHER]) await client.call("service/create", { serviceName, productkey: "basic" });
    // A record nobody's external-dns wrote: it has no TXT registry record, so no owner may touch it.
    await client.call("service/dnscreate", { serviceName: ZONE, name: "manual", type: "A", value: "192.0.2.99" });
    hook = await startWebhookProcess(emu);
    dry = await startWebhookProcess(emu, { DONDOMINIO_DRY_RUN: "true" });
    resolver = new Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([`127.0.0.1:${emu.dnsPort}`]);
  });
  after(async () => {
    if (figures.length) console.log(`      figures:\n${figures.map((f) => `        ${f}`).join("\n")}`);
    feedStop();
    await hook?.stop();
    await dry?.stop();
    await emu?.close();
    await closeTransports();
    rmSync(work, { recursive: true, force: true });
  });

  it("creates the records and their TXT registry records; the API and the DNS server serve them", async () => {
    emu.server.counters.reset();
    const r = await runExternalDns("alpha", alpha, hook.url);
    expect(r.code, r.log).to.equal(0);
    const writes = writesOf(emu);
    figures.push(
      `create: ${total(writes)} API writes ${JSON.stringify(writes)}, ${emu.server.counters.snapshot().totalCalls} API calls, ${r.seconds.toFixed(1)} s`,
    );
    const com = await zone(ZONE);
    expect(com).to.include.members([
      "web.example.com A 192.0.2.10 300",
      "web.example.com A 192.0.2.11 300",
      "app.example.com CNAME web.example.com 60", // 30 clamped to the API's minimum
      "info.example.com TXT hello from external-dns -", // "-": the zone's default TTL
      "manual.example.com A 192.0.2.99 -",
    ]);
    expect(com.filter((l) => l.includes("heritage=external-dns,external-dns/owner=alpha"))).to.have.length(3); // a-web, cname-app, txt-info
    expect(await zone(OTHER)).to.include.members([
      "shop.example.org MX mx1.example.org -",
      "mx-shop.example.org TXT heritage=external-dns,external-dns/owner=alpha -",
    ]);
    expect(com.some((l) => l.startsWith("sip."))).to.equal(false);
    expect(hook.log()).to.match(/NAPTR sip\.example\.com: left out: NAPTR records are not served by the DonDominio API/);
    // 2 A + CNAME + TXT + MX + their 4 registry TXT records.
    expect(total(writes)).to.equal(9);
    expect((await resolver.resolve4("web.example.com")).sort()).to.deep.equal(["192.0.2.10", "192.0.2.11"]);
    expect(await resolver.resolveCname("app.example.com")).to.deep.equal(["web.example.com"]);
    expect((await resolver.resolveMx("shop.example.org")).map((m) => `${m.priority} ${m.exchange}`)).to.deep.equal(["10 mx1.example.org"]);
    expect((await resolver.resolveTxt("a-web.example.com"))[0].join("")).to.match(/^heritage=external-dns,external-dns\/owner=alpha/);
  });

  it("a second run with the same endpoints writes nothing", async () => {
    emu.server.counters.reset();
    const r = await runExternalDns("alpha", alpha, hook.url);
    expect(r.code, r.log).to.equal(0);
    const calls = emu.server.counters.snapshot();
    figures.push(`no-op: ${total(writesOf(emu))} API writes, ${calls.totalCalls} API calls (${JSON.stringify(calls.calls)}), ${r.seconds.toFixed(1)} s`);
    expect(writesOf(emu)).to.deep.equal({});
    expect(r.log).to.match(/All records are already up to date/);
  });

  it("deletes only the records its owner wrote: another owner's and a hand-made record stay", async () => {
    const b = await runExternalDns("beta", beta, hook.url);
    expect(b.code, b.log).to.equal(0);
    expect(await zone(ZONE)).to.include("beta.example.com A 192.0.2.50 -");
    emu.server.counters.reset();
    // alpha drops app.example.com; beta's record and the hand-made one are not in alpha's endpoints either.
    const r = await runExternalDns(
      "alpha",
      alpha.filter((e) => e.dnsName !== "app.example.com"),
      hook.url,
    );
    expect(r.code, r.log).to.equal(0);
    const writes = writesOf(emu);
    figures.push(`delete: ${total(writes)} API writes ${JSON.stringify(writes)}, ${r.seconds.toFixed(1)} s`);
    const com = await zone(ZONE);
    expect(com.some((l) => l.startsWith("app.example.com "))).to.equal(false);
    expect(com.some((l) => l.startsWith("cname-app.example.com "))).to.equal(false);
    expect(com).to.include.members(["beta.example.com A 192.0.2.50 -", "manual.example.com A 192.0.2.99 -", "web.example.com A 192.0.2.10 300"]);
    expect(com.filter((l) => l.includes("owner=beta"))).to.have.length(1);
    expect(writes).to.deep.equal({ "service/dnsdelete": 2 }); // the CNAME and its registry TXT
    const gone = await resolver.resolveCname("app.example.com").then(
      () => false,
      (e: NodeJS.ErrnoException) => e.code === "ENOTFOUND" || e.code === "ENODATA",
    );
    expect(gone).to.equal(true);
    expect(await resolver.resolve4("beta.example.com")).to.deep.equal(["192.0.2.50"]);
  });

  it("a changed target and TTL are one dnsupdate (DnsZone's plan pairs the old record with the new)", async () => {
    emu.server.counters.reset();
    const changed = alpha
      .filter((e) => e.dnsName !== "app.example.com")
      .map((e) => (e.dnsName === "web.example.com" ? { ...e, targets: ["192.0.2.10", "192.0.2.12"], recordTTL: 600 } : e));
    const r = await runExternalDns("alpha", changed, hook.url);
    expect(r.code, r.log).to.equal(0);
    const writes = writesOf(emu);
    figures.push(`update: ${total(writes)} API writes ${JSON.stringify(writes)}, ${r.seconds.toFixed(1)} s`);
    // .10 keeps its id (its TTL updated), .11 becomes .12: two dnsupdate calls, nothing deleted or created.
    expect(writes).to.deep.equal({ "service/dnsupdate": 2 });
    expect((await zone(ZONE)).filter((l) => l.startsWith("web.example.com "))).to.deep.equal([
      "web.example.com A 192.0.2.10 600",
      "web.example.com A 192.0.2.12 600",
    ]);
    expect((await resolver.resolve4("web.example.com")).sort()).to.deep.equal(["192.0.2.10", "192.0.2.12"]);
  });

  it("with DONDOMINIO_DRY_RUN the webhook logs the plan and writes nothing", async () => {
    emu.server.counters.reset();
    const before = await zone(ZONE);
    const now = alpha
      .filter((e) => e.dnsName !== "app.example.com")
      .map((e) => (e.dnsName === "web.example.com" ? { ...e, targets: ["192.0.2.10", "192.0.2.12"], recordTTL: 600 } : e));
    const r = await runExternalDns("alpha", [...now, { dnsName: "new.example.com", recordType: "A", targets: ["192.0.2.77"] }], dry.url);
    expect(r.code, r.log).to.equal(0);
    figures.push(`dry-run: ${total(writesOf(emu))} API writes, ${r.seconds.toFixed(1)} s`);
    expect(writesOf(emu)).to.deep.equal({});
    expect(await zone(ZONE)).to.deep.equal(before);
    expect(dry.log()).to.match(/dry run \(nothing written\): \+ CREATE A new\.example\.com 192\.0\.2\.77/);
    expect(dry.log()).to.match(/dry run: planned 2 write\(s\) in 1 zone\(s\), wrote nothing/);
    const m = await (await fetch(`${dry.healthUrl}/metrics`)).text();
    expect(metric(m, "dondominio_webhook_api_writes_total")).to.equal(0);
    expect(metric(m, "dondominio_webhook_planned_writes_total")).to.equal(2);
  });

  it("the registered-IP rule (API error 1007): external-dns stops at once, the 403 not retried", async () => {
    const filtered = await startEmulator({ allowedIps: ["192.0.2.1"] });
    const refused = await startWebhookProcess(filtered);
    try {
      const r = await runExternalDns("alpha", alpha, refused.url);
      figures.push(`1007: external-dns exit ${r.code} after ${r.seconds.toFixed(1)} s`);
      expect(r.code).to.not.equal(0);
      expect(r.log).to.match(/unexpected status code 403/);
      const m = await (await fetch(`${refused.healthUrl}/metrics`)).text();
      expect(m).to.match(/dondominio_webhook_requests_total\{path="\/",code="403"\} 1\n/);
      expect(refused.log()).to.match(/Register it in the DonDominio control panel/);
    } finally {
      await refused.stop();
      await filtered.close();
    }
  });
});
