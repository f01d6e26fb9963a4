/**
 * AcmeCertificate's issue against a broken or hostile ACME CA (issue 27 items 4, 5, 6): our own
 * ACME server on loopback (tests/acme/hostile-ca.ts: real HTTPS with a test CA, a real directory,
 * nonces) misbehaving in one way per case, and the emulator as the account's API (zones example.com
 * and other.org). Each case fails naming the CA and the step, within its bounds (requests, polls,
 * the deadline, the reply cap, redirects), and writes no challenge record the program did not ask
 * for. The normal path is pebble's (acme-certificate.test.ts).
 */
import { createServer as createHttp } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { getApi } from "../../provider/core/client";
import { MAX_POLLS } from "../../provider/acme/protocol";
import { AcmeTransport, requestBudget } from "../../provider/acme/transport";
import { deadlineOf, issue } from "../../provider/resources/acme-certificate/issue";
import { type AcmeInputs, acmeInputs } from "../../provider/resources/acme-certificate/schema";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { type HostileCa, type Override, reply, startHostileCa } from "./hostile-ca";

describe("AcmeCertificate against a hostile ACME CA", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  const cas: HostileCa[] = [];

  before(async () => {
    emu = await startEmulator({ delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of ["example.com", "other.org"]) await client.call("service/create", { serviceName, productkey: "basic" });
  });
  after(async () => {
    for (const ca of cas) await ca.close();
    await emu?.close();
    await closeTransports();
  });

  const api = () => getApi({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCertFile: emu.caFile });
  const ca = async (override?: Override) => {
    const c = await startHostileCa(override);
    cas.push(c);
    return c;
  };
  const inputsFor = (c: HostileCa, names = ["example.com"]): AcmeInputs =>
    acmeInputs.parse({ names, directoryUrl: c.directory, directoryCaCert: c.caPem, propagationTimeoutSeconds: 0 });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => "issued",
      (e: Error) => e.message,
    );
  const txtAnywhere = async () => {
    const out: string[] = [];
    for (const serviceName of ["example.com", "other.org"])
      for (const r of (await client.call("service/dnslist", { serviceName })).dns)
        if (r.type === "TXT" && r.name.startsWith("_acme-challenge")) out.push(r.name);
    return out;
  };
  const writes = async () => {
    const calls = (await emu.control.counters()).calls as Record<string, number>;
    return (calls["service/dnscreate"] ?? 0) + (calls["service/dnsdelete"] ?? 0);
  };

  it("newAccount answering 200 without a Location fails at newAccount, after 3 requests (acme-client looped: ~1,000 requests a minute)", async () => {
    const c = await ca((req, res) => {
      if (req.path !== "/account") return false;
      reply(res, 200, { status: "valid" });
      return true;
    });
    const msg = await failure(issue(api(), inputsFor(c), undefined, "cert"));
    expect(msg).to.equal(
      `cert: ACME CA ${c.directory}: newAccount: HTTP 200 without a Location header: RFC 8555 gives the account's URL there; without it there is nothing to go on`,
    );
    expect(c.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal(["GET /dir", "HEAD /nonce", "POST /account"]);
  });

  it("a CA that never answers fails at the issue's deadline, naming the step; nothing is left behind", async () => {
    const c = await ca((req, res, self) => {
      if (req.path !== "/order") return false;
      self.held.push(res);
      return true;
    });
    await emu.control.counters({ reset: true });
    const msg = await failure(issue(api(), inputsFor(c), undefined, "cert", deadlineOf("create", 3_000, 0)));
    expect(msg).to.equal(
      `cert: ACME CA ${c.directory}: newOrder: waiting for ${c.base}/order when the issue's deadline passed (customTimeouts.create, 3 s); nothing more is asked of this CA`,
    );
    expect(c.held).to.have.length(1);
    expect(await writes()).to.equal(0);
  });

  it("a directory redirecting to plain http:// is refused, and nothing reaches the http server", async () => {
    let plain = 0;
    const http = createHttp((_q, r) => {
      plain++;
      r.end("{}");
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", () => r()));
    const down = `http://127.0.0.1:${(http.address() as AddressInfo).port}/dir`;
    try {
      const c = await ca((req, res) => {
        if (req.path !== "/dir") return false;
        res.writeHead(302, { location: down }).end();
        return true;
      });
      const msg = await failure(issue(api(), inputsFor(c), undefined, "cert"));
      expect(msg).to.equal(
        `cert: ACME CA ${c.directory}: directory: ${c.directory} redirected (HTTP 302) to http://${new URL(down).host}, not https: a downgrade, not followed (nothing was sent there)`,
      );
      expect(plain).to.equal(0);
    } finally {
      http.close();
    }
  });

  it("redirects are followed https to https at most 3 times; a directory naming http:// URLs is refused before they are used", async () => {
    const loop = await ca((req, res, self) => {
      if (req.path !== "/dir") return false;
      res.writeHead(301, { location: `${self.base}/dir` }).end();
      return true;
    });
    expect(await failure(issue(api(), inputsFor(loop), undefined, "cert"))).to.contain(
      `directory: more than 3 redirects from ${loop.directory}: not followed further`,
    );
    expect(loop.requests).to.have.length(4);
    const plainUrls = await ca((req, res, self) => {
      if (req.path !== "/dir") return false;
      reply(res, 200, { newNonce: `${self.base.replace("https:", "http:")}/nonce`, newAccount: `${self.base}/account`, newOrder: `${self.base}/order` });
      return true;
    });
    expect(await failure(issue(api(), inputsFor(plainUrls), undefined, "cert"))).to.contain(
      `newNonce: the CA's URL http://${new URL(plainUrls.base).host} is not https: refused, nothing was sent`,
    );
    expect(plainUrls.requests.map((r) => r.path)).to.deep.equal(["/dir"]);
  });

  it("an authorization for a name the resource did not declare: refused naming it, before any record is written", async () => {
    // Asked for example.com, the CA's order names other.org (another zone of the account).
    const c = await ca((req, res, self) => {
      if (!req.path.startsWith("/authz/")) return false;
      reply(res, 200, {
        status: "pending",
        identifier: { type: "dns", value: "other.org" },
        challenges: [{ type: "dns-01", url: `${self.base}/chall/1/0`, token: "tokenOfTheOtherName0123456789" }],
      });
      return true;
    });
    await emu.control.counters({ reset: true });
    const msg = await failure(issue(api(), inputsFor(c), undefined, "cert"));
    expect(msg).to.equal(
      `cert: ACME CA ${c.directory}: authorization: the CA's authorization is for "other.org", a name this certificate does not declare (names: example.com): no challenge record is written for it`,
    );
    expect(await writes()).to.equal(0);
    expect(await txtAnywhere()).to.deep.equal([]);
  });

  it("declared names compare as the RFC writes them: a wildcard's authorization is its base name with wildcard=true, any case, IDN as punycode", async () => {
    // Authorizations in another case, with a U-label, and the wildcard flag; the challenge then stays
    // "processing" and the authorization "pending": the poll budget ends it (tested below).
    const names = ["*.example.com", "xn--caf-dma.example.com"];
    const c = await ca((req, res, self) => {
      const m = /^\/authz\/\d+\/(\d+)$/.exec(req.path);
      if (!m) return false;
      const [value, wildcard] = m[1] === "0" ? ["EXAMPLE.com", true] : ["café.Example.com", false];
      reply(res, 200, {
        status: "valid",
        identifier: { type: "dns", value },
        wildcard,
        challenges: [{ type: "dns-01", url: `${self.base}/chall`, token: "t" }],
      });
      return true;
    });
    const msg = await failure(issue(api(), inputsFor(c, names), undefined, "cert"));
    // Both accepted (already valid, nothing written): it fails later, at finalize (404 here).
    expect(msg).to.contain("finalize: the CA refused it (HTTP 404)");
    const wrong = await ca((req, res, self) => {
      if (!req.path.startsWith("/authz/")) return false;
      // "example.com" without the wildcard flag is not "*.example.com".
      reply(res, 200, {
        status: "pending",
        identifier: { type: "dns", value: "example.com" },
        challenges: [{ type: "dns-01", url: `${self.base}/c`, token: "t" }],
      });
      return true;
    });
    expect(await failure(issue(api(), inputsFor(wrong, ["*.example.com"]), undefined, "cert"))).to.contain(
      'authorization is for "example.com", a name this certificate does not declare (names: *.example.com)',
    );
  });

  it("an order listing more authorizations than names is refused before any is read", async () => {
    const c = await ca((req, res, self) => {
      if (req.path !== "/order") return false;
      const authorizations = Array.from({ length: 5000 }, (_, i) => `${self.base}/authz/1/${i}`);
      reply(res, 201, { status: "pending", identifiers: [], authorizations, finalize: `${self.base}/fin` }, { location: `${self.base}/orders/1` });
      return true;
    });
    expect(await failure(issue(api(), inputsFor(c), undefined, "cert"))).to.contain(
      "newOrder: the order lists 5000 authorizations for 1 names: refused before any was read",
    );
    expect(c.requests.filter((r) => r.path.startsWith("/authz/"))).to.deep.equal([]);
  });

  it("huge replies: an order of 2 MiB (chunked, no Content-Length) is cut off at the 1 MiB cap", async () => {
    const c = await ca((req, res) => {
      if (req.path !== "/order") return false;
      res.writeHead(201, { "content-type": "application/json", "replay-nonce": "abc" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 32; i++) res.write(chunk);
      res.end();
      return true;
    });
    expect(await failure(issue(api(), inputsFor(c), undefined, "cert"))).to.equal(
      `cert: ACME CA ${c.directory}: newOrder: the reply passed the 1048576-byte cap for ACME replies: cut off`,
    );
  });

  it(`an authorization "pending" for ever ends after ${MAX_POLLS} polls, naming it; its TXT record is removed`, async () => {
    const c = await ca((req, res) => {
      if (!req.path.startsWith("/authz/") || req.payload !== undefined) return false;
      // Polls (POST-as-GET after the challenge was answered) get "pending" with Retry-After 0 (clamped to 1 s).
      if (!c.requests.some((r) => r.path.startsWith("/chall/"))) return false;
      reply(res, 200, { status: "pending", identifier: { type: "dns", value: "example.com" }, challenges: [] }, { "retry-after": "0" });
      return true;
    });
    const msg = await failure(issue(api(), inputsFor(c), undefined, "cert"));
    expect(msg).to.equal(
      `cert: example.com: ACME CA ${c.directory}: authorization: ${c.base}/authz/1/0 is still "pending" after ${MAX_POLLS} polls (the poll budget): giving up on this CA`,
    );
    expect(c.requests.filter((r) => r.path === "/authz/1/0")).to.have.length(MAX_POLLS + 1);
    expect(await txtAnywhere()).to.deep.equal([]);
  });

  it("badNonce answered for ever: retried 3 times, then the CA's refusal is named", async () => {
    const c = await ca((req, res) => {
      if (req.path !== "/account") return false;
      reply(res, 400, { type: "urn:ietf:params:acme:error:badNonce", detail: "JWS has an invalid anti-replay nonce" });
      return true;
    });
    expect(await failure(issue(api(), inputsFor(c), undefined, "cert"))).to.equal(
      `cert: ACME CA ${c.directory}: newAccount: the CA refused it (HTTP 400): badNonce: JWS has an invalid anti-replay nonce`,
    );
    expect(c.requests.filter((r) => r.path === "/account")).to.have.length(4);
  });

  it("the transport: a request budget, a per-request timeout, and a deadline that has passed", async () => {
    const c = await ca((req, res, self) => {
      if (req.path !== "/slow") return false;
      self.held.push(res);
      return true;
    });
    const t = new AcmeTransport(c.directory, c.caPem, { deadline: Date.now() + 60_000, deadlineWhy: "test", maxRequests: 2, requestTimeoutMs: 1_000 });
    try {
      await t.request("directory", c.directory, { method: "GET" });
      const slow = await t.request("newOrder", `${c.base}/slow`, { method: "GET" }).then(
        () => "answered",
        (e: Error) => e.message,
      );
      expect(slow).to.equal(`ACME CA ${c.directory}: newOrder: ${c.base}/slow no complete answer within 1 s`);
      const over = await t.request("newOrder", c.directory, { method: "GET" }).then(
        () => "sent",
        (e: Error) => e.message,
      );
      expect(over).to.contain("newOrder: the request budget of 2 requests for one certificate is spent");
      expect(requestBudget(1)).to.be.within(20, 40);
    } finally {
      await t.close();
    }
    const late = new AcmeTransport(c.directory, c.caPem, { deadline: Date.now() - 1, deadlineWhy: "customTimeouts.create, 1 s", maxRequests: 10 });
    expect(
      await late.request("directory", c.directory, { method: "GET" }).then(
        () => "sent",
        (e: Error) => e.message,
      ),
    ).to.equal(
      `ACME CA ${c.directory}: directory: not started when the issue's deadline passed (customTimeouts.create, 1 s); nothing more is asked of this CA`,
    );
    await late.close();
  });
});
