import { expect } from "chai";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { CONTROL_ROUTES } from "../../emulator/control-routes";
import { Store } from "../../emulator/core/store";
import { newAccount, newWorld } from "../../emulator/core/state";
import { CSR_SUBJECT } from "../fixtures";
import { agentOf, person, post } from "./server-helpers";

/** A control call with a chosen Authorization header (JSON body). */
async function control(emu: RunningEmulator, path: string, body: Record<string, unknown> = {}, authorization?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  const res = await fetch(`${emu.url}/_emulator/${path}`, { method: "POST", headers, body: JSON.stringify(body), dispatcher: agentOf(emu) });
  return { status: res.status, json: (await res.json()) as { ok: boolean; error?: string; [k: string]: unknown } };
}

/**
 * Sends only a request head (and `bodyBytes` bytes of body) over TLS and waits for a response head,
 * up to `waitMs`: "timeout" when the server waits for the rest of the body instead of answering.
 */
function headOnly(
  emu: RunningEmulator,
  path: string,
  headers: Record<string, string>,
  bodyBytes = 0,
  waitMs = 3000,
): Promise<{ status: number; head: string; body: string } | "timeout"> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const sock = tls.connect({ host: url.hostname, port: Number(url.port), ca: emu.caCert }, () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: ${url.host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      sock.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (bodyBytes) sock.write(Buffer.alloc(bodyBytes, 0x61));
    });
    let data = "";
    const timer = setTimeout(() => {
      sock.destroy();
      resolve("timeout");
    }, waitMs);
    const done = () => {
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return false;
      const head = data.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (data.length - end - 4 < length) return false;
      clearTimeout(timer);
      sock.destroy();
      resolve({ status: Number(head.split(" ")[1]), head, body: data.slice(end + 4, end + 4 + length) });
      return true;
    };
    sock.on("data", (c: Buffer) => {
      data += c.toString("latin1");
      done();
    });
    sock.on("error", (err) => {
      clearTimeout(timer);
      if (!done()) reject(err);
    });
  });
}

const freshDir = () => mkdtempSync(join(tmpdir(), "emu-ctl-test-"));
const stop = async (emu: RunningEmulator) => {
  await agentOf(emu).close();
  await emu.close();
};

describe("emulator control API", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => stop(emu));

  it("refuses calls without the emulator's credentials (401)", async () => {
    const res = await post(emu, "/_emulator/counters", { apipasswd: "nope" }, { encoding: "json" });
    expect(res.status).to.equal(401);
  });

  it("counters: calls and errors per action, peak concurrency", async () => {
    await emu.control.counters({ reset: true });
    await Promise.all([post(emu, "/tool/hello/"), post(emu, "/tool/hello/"), post(emu, "/tool/nosuch/")]);
    const c = await emu.control.counters();
    expect(c.calls["tool/hello"]).to.equal(2);
    expect(c.errors["tool/nosuch"]).to.equal(1);
    expect(c.totalCalls).to.equal(3);
    expect(c.peakConcurrency).to.be.within(1, 3);
    expect(c.concurrency).to.equal(0);
  });

  it("state: reads an account with its secrets redacted", async () => {
    const s = await emu.control.getState(emu.apiUser);
    expect(s.apiuser).to.equal("demo");
    expect(s.apipasswd).to.equal("[redacted]");
    expect(s.dyndnsKey).to.equal("[redacted]");
    expect(s.balance).to.equal(5000);
  });

  it("seed: adds accounts, reset brings the seed's world back", async () => {
    await emu.control.seed({ accounts: [{ apiuser: "acme", apipasswd: "acme-pass-1", balance: 12 }] });
    const info = await post(emu, "/account/info/", { apiuser: "acme", apipasswd: "acme-pass-1" }, { auth: false });
    expect(info.json.responseData.balance).to.equal(12);
    await post(emu, "/contact/create/", person);
    await emu.control.reset();
    expect((await post(emu, "/account/info/", { apiuser: "acme", apipasswd: "acme-pass-1" }, { auth: false })).json.errorCode).to.equal(1003);
    expect(Object.keys((await emu.control.getState(emu.apiUser)).contacts)).to.have.length(0);
  });

  it("seed: a whole World replaces the state, the demo account is kept", async () => {
    const accounts = await emu.control.seed(newWorld([newAccount({ apiuser: "solo", apipasswd: "solo-pass-1" })]));
    expect(accounts.sort()).to.deep.equal(["demo", "solo"]);
    await emu.control.reset();
  });

  it("answers only the paths of its route table: 404 naming an unknown path, 405 for another method", async () => {
    const token = `Bearer ${emu.controlToken}`;
    const unknown = await control(emu, "faults/nosuch", {}, token);
    expect(unknown.status).to.equal(404);
    expect(unknown.json.error).to.equal("unknown control path /_emulator/faults/nosuch");
    for (const path of ["counters", "nosuch"]) {
      const res = await fetch(`${emu.url}/_emulator/${path}`, { method: "GET", headers: { authorization: token }, dispatcher: agentOf(emu) });
      expect(res.status, path).to.equal(405);
      expect(((await res.json()) as { error: string }).error).to.equal("control calls are POST requests");
    }
    // Every route runs its handler (here with an empty body: 200, or a refusal naming what is missing).
    for (const r of CONTROL_ROUTES) {
      if (r.path === "reset" || r.path === "seed") continue;
      const res = await control(emu, r.path, {}, token);
      expect(res.json.error ?? "", r.path).to.not.match(/unknown control path/);
      expect(res.status, r.path).to.be.oneOf([200, 400, 404, 409]);
    }
  });

  it("has a client method for every route (emulator/control-client.ts)", () => {
    const client = readFileSync(join(__dirname, "../../emulator/control-client.ts"), "utf8");
    const called = [...client.matchAll(/this\.call(?:<.*?>)?\("([^"]+)"/g)].map((m) => m[1]);
    expect([...new Set(called)].sort()).to.deep.equal(CONTROL_ROUTES.map((r) => r.path).sort());
  });

  it("clock/advance: moves the clock on", async () => {
    const before = Date.now();
    const r = await emu.control.advanceClock(86_400);
    const after = Date.now();
    expect(r.offsetSeconds).to.equal(86_400);
    // The emulator's now, a day on from a moment of the call (however long the call took).
    expect(Date.parse(r.now) - 86_400_000).to.be.within(before - 1_000, after + 1_000);
    await emu.control.reset();
  });
});

describe("emulator control API: its own credential, limits and redaction (issue 14 items 1-3)", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => stop(emu));

  it("has its own token, on the emulator object; the bearer token opens it", async () => {
    expect(emu.controlToken).to.be.a("string").with.length.at.least(16);
    expect(emu.controlToken).to.not.equal(emu.apiPasswd);
    const r = await control(emu, "counters", {}, `Bearer ${emu.controlToken}`);
    expect(r.status, JSON.stringify(r.json)).to.equal(200);
    expect(r.json.ok).to.equal(true);
  });

  it("refuses the API password (401), so it cannot seed another account past its address rule", async () => {
    const creds = { apiuser: emu.apiUser, apipasswd: emu.apiPasswd };
    for (const path of ["counters", "reset", "clock/advance"]) {
      const r = await control(emu, path, { ...creds, seconds: 60 });
      expect(r.status, path).to.equal(401);
    }
    // The attack: re-seed `filtered` (allowed from 192.0.2.1 only) so any address may use it.
    const seeded = await control(emu, "seed", { ...creds, accounts: [{ apiuser: "filtered", apipasswd: emu.apiPasswd, allowedIps: ["*"] }] });
    expect(seeded.status).to.equal(401);
    const r = await post(emu, "/account/info/", { apiuser: "filtered", apipasswd: emu.apiPasswd }, { auth: false });
    expect(r.json.errorCode).to.equal(1007);
    // Neither a wrong token, another scheme nor the password as a token opens it.
    for (const auth of ["Bearer wrong-token-000000000", `Basic ${emu.controlToken}`, `Bearer ${emu.apiPasswd}`, `Bearer ${emu.controlToken}x`]) {
      expect((await control(emu, "counters", {}, auth)).status, auth).to.equal(401);
    }
    expect(emu.server.clock.offsetMs).to.equal(0);
  });

  it("answers an unauthenticated 60 MB post at once, without reading its body", async () => {
    // Before: the body was read (up to 64 MiB) before the credentials were looked at, so a head
    // announcing 60 MB got no answer until the body came.
    const r = await headOnly(emu, "/_emulator/seed", { "content-type": "application/json", "content-length": String(60_000_000) }, 64 * 1024);
    expect(r).to.not.equal("timeout");
    expect((r as { status: number }).status).to.equal(401);
    expect((r as { head: string }).head).to.match(/connection: close/i);
  });

  it("refuses a body over 1 MiB with 413 before reading it, even with the token", async () => {
    const big = await headOnly(emu, "/_emulator/seed", {
      authorization: `Bearer ${emu.controlToken}`,
      "content-type": "application/json",
      "content-length": String(2 * 1024 * 1024),
    });
    expect(big).to.not.equal("timeout");
    expect((big as { status: number }).status).to.equal(413);
    // Without Content-Length (chunked) the reading stops at the limit.
    const chunked = await fetch(`${emu.url}/_emulator/seed`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${emu.controlToken}` },
      body: (async function* () {
        for (let i = 0; i < 40; i++) yield new Uint8Array(64 * 1024).fill(0x20);
      })(),
      duplex: "half",
      dispatcher: agentOf(emu),
    }).then(
      (res) => res.status,
      (err: Error) => err,
    );
    // The 413 comes while the client may still be sending: either the status or a closed connection.
    if (typeof chunked === "number") expect(chunked).to.equal(413);
    // A normal call still works afterwards.
    expect((await emu.control.counters()).totalCalls).to.be.a("number");
  });

  it("state: redacts every secret, including an issued certificate's private key (certKey)", async () => {
    const call = async (path: string, params: Record<string, string>) => {
      const r = await post(emu, path, params);
      expect(r.json?.success, `${path}: ${r.text}`).to.equal(true);
      return r.json.responseData;
    };
    const contact = await call("/contact/create/", person);
    await call("/domain/create/", { domain: "redact-me.com", ownerContactID: contact.contactID });
    const csr = await call("/ssl/csrcreate/", {
      commonName: "redact-me.com",
      ...CSR_SUBJECT,
    });
    const cert = await call("/ssl/create/", { csrData: csr.csrData, productID: "101", validationMethod: "http", adminContactID: contact.contactID });
    await emu.control.advanceClock(30 * 86_400);
    const info = await call("/ssl/getinfo/", { certificateID: String(cert.ssl.certificateID), infoType: "ssldata" });
    expect(info.sslKey ?? csr.csrKey, "the certificate was issued with its key").to.match(/PRIVATE KEY/);

    const state = await emu.control.getState(emu.apiUser);
    const rec = Object.values(state.certificates as Record<string, Record<string, unknown>>)[0];
    expect(rec.certPem, "the certificate itself is public").to.match(/BEGIN CERTIFICATE/);
    expect(rec.certKey).to.equal("[redacted]");
    const text = JSON.stringify(state);
    expect(text).to.not.match(/PRIVATE KEY/);
    const domain = Object.values(state.domains as Record<string, Record<string, unknown>>)[0];
    expect(domain.authcode).to.equal("[redacted]");
    for (const secret of [emu.apiPasswd, emu.dyndnsKey, csr.csrKey, emu.server.store.world.accounts.demo.domains[String(domain.domainID)].authcode]) {
      expect(text).to.not.include(secret);
    }
    await emu.control.reset();
  });
});

describe("emulator control API: address and rate rules of the API", () => {
  it("accepts callers from the allowedIps addresses only (403 otherwise)", async () => {
    const emu = await startEmulator({ allowedIps: ["192.0.2.1"] });
    try {
      const r = await control(emu, "counters", {}, `Bearer ${emu.controlToken}`);
      expect(r.status).to.equal(403);
      expect(r.json.error).to.include("127.0.0.1");
      // The demo account follows the same option.
      expect((await post(emu, "/account/info/")).json.errorCode).to.equal(1007);
    } finally {
      await stop(emu);
    }
  });

  it("counts bad tokens towards errors per minute: then 429 even with the token, until the block ends", async () => {
    // A block of 5 s: the calls that must meet it come right after it starts, however slow the machine.
    const emu = await startEmulator({ limits: { errorsPerMinute: 3, blockSeconds: 5 } });
    try {
      for (let i = 0; i < 3; i++) expect((await control(emu, "counters", {}, "Bearer not-the-token-0000")).status).to.equal(401);
      const blocked = await control(emu, "counters", {}, `Bearer ${emu.controlToken}`);
      expect(blocked.status).to.equal(429);
      expect(blocked.json.error).to.match(/failed operations per minute/);
      // The API's own usage is separate: the account is not blocked by the control API's errors.
      expect((await post(emu, "/tool/hello/")).json.success).to.equal(true);
      await new Promise((r) => setTimeout(r, 5_100));
      expect((await control(emu, "counters", {}, `Bearer ${emu.controlToken}`)).status).to.equal(200);
    } finally {
      await stop(emu);
    }
  });

  it("limits operations per minute (429 with Retry-After)", async () => {
    const emu = await startEmulator({ limits: { opsPerMinute: 3, blockSeconds: 5 } });
    try {
      for (let i = 0; i < 3; i++) await emu.control.counters();
      const res = await fetch(`${emu.url}/_emulator/counters`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.controlToken}` },
        dispatcher: agentOf(emu),
      });
      expect(res.status).to.equal(429);
      expect(res.headers.get("retry-after")).to.equal("5");
      expect(((await res.json()) as { error: string }).error).to.match(/operations per minute/);
    } finally {
      await stop(emu);
    }
  });
});

describe("emulator persistence", () => {
  it("keeps state, credentials and the clock across a restart on the same directory", async () => {
    const dir = freshDir();
    const first = await startEmulator({ dataDir: dir });
    const id = (await post(first, "/contact/create/", person)).json.responseData.contactID;
    await first.control.advanceClock(3600);
    const creds = { apiUser: first.apiUser, apiPasswd: first.apiPasswd, caCert: first.caCert };
    await stop(first);

    const second = await startEmulator({ dataDir: dir });
    try {
      expect({ apiUser: second.apiUser, apiPasswd: second.apiPasswd, caCert: second.caCert }).to.deep.equal(creds);
      const info = await post(second, "/contact/getinfo/", { contactID: id });
      expect(info.json.success, info.text).to.equal(true);
      expect(second.server.clock.offsetMs).to.equal(3_600_000);
    } finally {
      await stop(second);
    }
  });

  it("answers a write only once it is on disk, coalescing concurrent writes", async () => {
    const dir = freshDir();
    const emu = await startEmulator({ dataDir: dir });
    try {
      const before = emu.server.store.flushes;
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(emu, "/contact/create/", { ...person, LastName: `Batch${i}` })));
      expect(replies.every((r) => r.json.success)).to.equal(true);
      const onDisk = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
      expect(Object.keys(onDisk.accounts.demo.contacts)).to.have.length(20);
      expect(emu.server.store.flushes - before).to.be.within(1, 20);
      // Reads do not write.
      const flushes = emu.server.store.flushes;
      await post(emu, "/contact/list/");
      await post(emu, "/account/info/");
      expect(emu.server.store.flushes).to.equal(flushes);
    } finally {
      await stop(emu);
    }
  });

  it("ignores (and removes) a partial temporary file left by a crash", async () => {
    const dir = freshDir();
    const first = await startEmulator({ dataDir: dir });
    await post(first, "/contact/create/", person);
    await stop(first);
    writeFileSync(join(dir, "state.json.tmp-99999-7"), '{"schemaVersion":1,"accounts":{"demo":{"apiuser":');
    const second = await startEmulator({ dataDir: dir });
    try {
      expect(readdirSync(dir).filter((f) => f.includes(".tmp-"))).to.deep.equal([]);
      expect((await post(second, "/contact/list/")).json.responseData.contacts).to.have.length(1);
    } finally {
      await stop(second);
    }
  });

  it("refuses to start on a state file that is not JSON, naming the file", () => {
    const dir = freshDir();
    writeFileSync(join(dir, "state.json"), "{ torn");
    expect(() => new Store(dir, () => newWorld())).to.throw(/state\.json: not valid JSON/);
  });
});

describe("Store", () => {
  it("group commit: many commits in one tick make one write; commits during a write make one more", async () => {
    const store = new Store(freshDir(), () => newWorld([newAccount({ apiuser: "a", apipasswd: "p" })]));
    await Promise.all(Array.from({ length: 50 }, () => store.commit()));
    expect(store.flushes).to.equal(1);
    const first = store.commit();
    await new Promise((r) => setImmediate(r));
    store.world.accounts.a.balance = 7;
    const during = Array.from({ length: 10 }, () => store.commit());
    await Promise.all([first, ...during]);
    expect(store.flushes).to.be.within(2, 3);
    expect(JSON.parse(readFileSync(join(store.dir, "state.json"), "utf8")).accounts.a.balance).to.equal(7);
  });
});
