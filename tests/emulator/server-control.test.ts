import { expect } from "chai";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { Store } from "../../emulator/core/store";
import { newAccount, newWorld } from "../../emulator/core/state";
import { agentOf, person, post } from "./server-helpers";

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

  it("clock/advance: moves the clock on", async () => {
    const r = await emu.control.advanceClock(86_400);
    expect(r.offsetSeconds).to.equal(86_400);
    expect(Date.parse(r.now) - Date.now()).to.be.closeTo(86_400_000, 5_000);
    await emu.control.reset();
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
