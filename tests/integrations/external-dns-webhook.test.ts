/**
 * The external-dns webhook protocol of `dondominio-external-dns` (its own process, the emulator on
 * loopback), asked as external-dns asks it (provider/webhook/webhook.go, v0.21.0): negotiation with
 * the account's zones as `include`, the media type, listing across dnslist pages, adjustendpoints
 * (8 types, TTL clamped, bad values dropped with a line), apply answering 204, a change set refused
 * whole (422, nothing written), the body cap (413), the registered-IP rule (1007: 403 saying what to
 * do), health and metrics on their own listener, the password in no line. The real external-dns
 * drives it in external-dns-e2e.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { MEDIA_TYPE, metric, startWebhookProcess, total, type WebhookProcess, writesOf } from "./webhook-harness";

const ZONES = ["example.com", "example.org"];

async function call(url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { Accept: MEDIA_TYPE, ...(init.body ? { "Content-Type": MEDIA_TYPE } : {}), ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), text, json: () => JSON.parse(text) };
}

describe("external-dns webhook protocol (dondominio-external-dns against the emulator)", function () {
  this.timeout(240_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let hook: WebhookProcess;

  before(async () => {
    emu = await startEmulator({ delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of ZONES) await client.call("service/create", { serviceName, productkey: "basic" });
    // 1,100 records in example.org: more than one dnslist page (1,000).
    const many = Array.from({ length: 1100 }, (_, i) => ({ name: `h${i}.example.org`, type: "A", ttl: "-", priority: "-", value: `198.51.100.${i % 250}` }));
    await client.call("service/dnssetzone", { serviceName: "example.org", dnsZoneData: Buffer.from(JSON.stringify(many)).toString("base64") });
    hook = await startWebhookProcess(emu, { DONDOMINIO_WEBHOOK_MAX_BODY_BYTES: "65536", DONDOMINIO_MAX_WRITES: "3" });
  });
  after(async () => {
    await hook?.stop();
    await emu?.close();
    await closeTransports();
  });

  it("negotiates: the account's zones as include, in external-dns's media type", async () => {
    const r = await call(`${hook.url}/`);
    expect(r.status).to.equal(200);
    expect(r.type).to.equal(MEDIA_TYPE);
    expect(r.json()).to.deep.equal({ include: ZONES });
  });

  it("lists every record across dnslist pages, one endpoint per name and type", async () => {
    emu.server.counters.reset();
    const r = await call(`${hook.url}/records`);
    expect(r.status).to.equal(200);
    const eps = r.json() as { dnsName: string; recordType: string; targets: string[] }[];
    const org = eps.filter((e) => e.dnsName.endsWith(".example.org") && e.recordType === "A");
    const calls = emu.server.counters.snapshot().calls;
    console.log(`      /records: ${eps.length} endpoints, ${org.length} A in example.org, API calls ${JSON.stringify(calls)}`);
    expect(org).to.have.length(1100);
    expect(calls["service/dnslist"]).to.be.at.least(3); // example.com, example.org page 1 and 2
  });

  it("adjusts endpoints: the API's types only, TTL clamped to 60..604800, bad values dropped with a line", async () => {
    const eps = [
      { dnsName: "a.example.com", recordType: "A", targets: ["192.0.2.1"], recordTTL: 5 },
      { dnsName: "b.example.com", recordType: "A", targets: ["192.0.2.2"], recordTTL: 9_999_999 },
      { dnsName: "c.example.com", recordType: "A", targets: ["192.0.2.3"] },
      { dnsName: "p.example.com", recordType: "PTR", targets: ["x.example.com"] },
      { dnsName: "bad.example.com", recordType: "A", targets: ["300.1.1.1"] },
      { dnsName: "m.example.com", recordType: "MX", targets: ["10 mx.example.com"] },
      { dnsName: "outside.example.net", recordType: "A", targets: ["192.0.2.9"] },
    ];
    const r = await call(`${hook.url}/adjustendpoints`, { method: "POST", body: JSON.stringify(eps) });
    expect(r.status).to.equal(200);
    expect(r.type).to.equal(MEDIA_TYPE);
    const out = r.json() as { dnsName: string; recordTTL?: number }[];
    expect(out.map((e) => [e.dnsName, e.recordTTL ?? 0])).to.deep.equal([
      ["a.example.com", 60],
      ["b.example.com", 604800],
      ["c.example.com", 0],
      ["m.example.com", 0],
      ["outside.example.net", 0],
    ]);
    expect(hook.log()).to.match(/PTR p\.example\.com: left out: PTR records are not served/);
    expect(hook.log()).to.match(/A bad\.example\.com: left out: .*value/);
    expect(hook.log()).to.match(/TTL 5 is outside the API's range; 60 s is used/);
  });

  it("applies a change set (TXT registry record included) with 204; the records read back as sent", async () => {
    emu.server.counters.reset();
    const registry = '"heritage=external-dns,external-dns/owner=alpha,external-dns/resource=connector"';
    const changes = {
      create: [
        { dnsName: "www.example.com", recordType: "A", targets: ["192.0.2.10", "192.0.2.11"], recordTTL: 300 },
        { dnsName: "a-www.example.com", recordType: "TXT", targets: [registry] },
      ],
    };
    const r = await call(`${hook.url}/records`, { method: "POST", body: JSON.stringify(changes) });
    expect(r.status, r.text).to.equal(204);
    expect(total(writesOf(emu))).to.equal(3);
    const eps = (await call(`${hook.url}/records`)).json() as { dnsName: string; recordType: string; targets: string[]; recordTTL: number }[];
    const www = eps.find((e) => e.dnsName === "www.example.com" && e.recordType === "A");
    expect(www?.targets.sort()).to.deep.equal(["192.0.2.10", "192.0.2.11"]);
    expect(www?.recordTTL).to.equal(300);
    const txt = eps.find((e) => e.dnsName === "a-www.example.com");
    // Stored as its text; external-dns reads the labels with or without the quotes.
    expect(txt?.targets).to.deep.equal([registry.slice(1, -1)]);
  });

  it("refuses a change set over DONDOMINIO_MAX_WRITES or against a safety rule with 422, writing nothing", async () => {
    emu.server.counters.reset();
    const four = { create: [1, 2, 3, 4].map((i) => ({ dnsName: `n${i}.example.com`, recordType: "A", targets: [`192.0.2.${i}`] })) };
    const r = await call(`${hook.url}/records`, { method: "POST", body: JSON.stringify(four) });
    expect(r.status).to.equal(422);
    expect(r.json().error).to.match(/needs 4 API writes, more than DONDOMINIO_MAX_WRITES \(3\); nothing was written/);
    // A CNAME beside the A record at www (RFC 1034): refused by DnsZone's rule before any write.
    const cname = { create: [{ dnsName: "www.example.com", recordType: "CNAME", targets: ["other.example.org"] }] };
    const c = await call(`${hook.url}/records`, { method: "POST", body: JSON.stringify(cname) });
    expect(c.status).to.equal(422);
    expect(c.json().error).to.match(/CNAME beside other records/);
    // An NS record at the apex (the zone's delegation): refused by DnsZone's apex NS rule.
    const ns = { create: [{ dnsName: "example.com", recordType: "NS", targets: ["ns9.example.net"] }] };
    const n = await call(`${hook.url}/records`, { method: "POST", body: JSON.stringify(ns) });
    expect(n.status).to.equal(422);
    expect(n.json().error).to.match(
      /would change the NS records at the apex of example\.com.*create ns9\.example\.net.*the webhook never changes them; nothing was written/,
    );
    expect(writesOf(emu)).to.deep.equal({});
  });

  it("answers 413 over the body cap, 400 for a body that is not JSON, 404/405 elsewhere", async () => {
    const big = await call(`${hook.url}/adjustendpoints`, { method: "POST", body: JSON.stringify([{ dnsName: "x".repeat(70_000) }]) });
    expect(big.status).to.equal(413);
    // Without a Content-Length (chunked), the cap holds while the body streams in.
    const chunk = new TextEncoder().encode(`[${" ".repeat(16_000)}`);
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 6; i++) c.enqueue(chunk);
        c.close();
      },
    });
    const chunked = await fetch(`${hook.url}/adjustendpoints`, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": MEDIA_TYPE },
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).to.equal(413);
    expect((await call(`${hook.url}/records`, { method: "POST", body: "{not json" })).status).to.equal(400);
    expect((await call(`${hook.url}/nowhere`)).status).to.equal(404);
    expect((await call(`${hook.url}/adjustendpoints`)).status).to.equal(405);
  });

  it("serves /healthz and /metrics on the other listener, not on the provider's", async () => {
    const h = await call(`${hook.healthUrl}/healthz`);
    expect(h.status).to.equal(200);
    const m = await call(`${hook.healthUrl}/metrics`);
    expect(m.status).to.equal(200);
    expect(metric(m.text, "dondominio_webhook_api_writes_total")).to.equal(3);
    expect(metric(m.text, "dondominio_webhook_dry_run")).to.equal(0);
    expect(m.text).to.match(/dondominio_webhook_requests_total\{path="\/records",code="422"\} 3/);
    // A path from outside is never a label (the 404 above counts as "other").
    expect(m.text).to.match(/dondominio_webhook_requests_total\{path="other",code="404"\} 1/);
    expect(m.text).not.to.include("nowhere");
    expect((await call(`${hook.url}/healthz`)).status).to.equal(404);
    expect(hook.log()).not.to.include(emu.apiPasswd);
  });

  it("takes the credentials from files (a mounted Secret); a file it cannot read is named, the password never", async () => {
    const dir = mkdtempSync(join(tmpdir(), "webhook-secret-"));
    try {
      writeFileSync(join(dir, "api-user"), `${emu.apiUser}\n`);
      writeFileSync(join(dir, "api-passwd"), `${emu.apiPasswd}\n`);
      const files = {
        DONDOMINIO_API_USER: "",
        DONDOMINIO_API_PASSWD: "",
        DONDOMINIO_API_USER_FILE: join(dir, "api-user"),
        DONDOMINIO_API_PASSWD_FILE: join(dir, "api-passwd"),
      };
      const fromFiles = await startWebhookProcess(emu, files);
      try {
        expect((await call(`${fromFiles.url}/`)).json()).to.deep.equal({ include: ZONES });
      } finally {
        await fromFiles.stop();
      }
      const failed = await startWebhookProcess(emu, { ...files, DONDOMINIO_API_PASSWD_FILE: join(dir, "missing") }).then(
        () => "started",
        (e: Error) => e.message,
      );
      expect(failed).to.match(/exited with 2: .*DONDOMINIO_API_PASSWD_FILE: cannot read '.*missing': ENOENT/);
      expect(failed).not.to.include(emu.apiPasswd);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers the registered-IP rule (API error 1007) with 403 saying what to do, and is not retried", async () => {
    const filtered = await startEmulator({ allowedIps: ["192.0.2.1"] });
    const other = await startWebhookProcess(filtered);
    try {
      const r = await call(`${other.url}/`);
      expect(r.status).to.equal(403);
      expect(r.json().error)
        .to.match(/1007/)
        .and.match(/Register it in the DonDominio control panel/);
      expect(other.log()).to.match(/403 \(not retried\)/);
      expect(other.log()).not.to.include(filtered.apiPasswd);
    } finally {
      await other.stop();
      await filtered.close();
    }
  });
});
