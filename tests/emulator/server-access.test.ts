import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Limits } from "../../emulator/core/access";
import { agentOf, post } from "./server-helpers";

async function withEmulator(limits: Partial<Limits>, body: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ limits });
  try {
    await body(emu);
  } finally {
    await agentOf(emu).close();
    await emu.close();
  }
}

describe("emulator server: access rules", () => {
  describe("credentials (account/info)", () => {
    let emu: RunningEmulator;
    before(async () => {
      emu = await startEmulator();
    });
    after(async () => {
      await agentOf(emu).close();
      await emu.close();
    });

    it("answers account/info for the demo account (balance 5000 EUR)", async () => {
      const r = await post(emu, "/account/info/");
      expect(r.json.success, r.text).to.equal(true);
      expect(r.json.responseData).to.include({ apiuser: "demo", balance: 5000, currency: "EUR" });
    });

    it("answers 200 when apipasswd is missing", async () => {
      const r = await post(emu, "/account/info/", { apiuser: emu.apiUser }, { auth: false });
      expect(r.json).to.include({ success: false, errorCode: 200, action: "account/info" });
    });

    it("answers 1003 for an unknown apiuser", async () => {
      const r = await post(emu, "/account/info/", { apiuser: "nobody", apipasswd: "x" }, { auth: false });
      expect(r.json).to.include({ success: false, errorCode: 1003 });
    });

    it("answers 1004 for a wrong password, without echoing it", async () => {
      const r = await post(emu, "/account/info/", { apiuser: emu.apiUser, apipasswd: "wrong-secret-123" }, { auth: false });
      expect(r.json).to.include({ success: false, errorCode: 1004 });
      expect(r.text).to.not.include("wrong-secret-123");
    });

    it("answers 1007 when the caller address is not registered for the account", async () => {
      // The default seed's `filtered` account accepts callers from 192.0.2.1 only.
      const r = await post(emu, "/account/info/", { apiuser: "filtered", apipasswd: emu.apiPasswd }, { auth: false });
      expect(r.json).to.include({ success: false, errorCode: 1007, errorCodeMsg: "Account filtered" });
      expect(r.json.messages[0]).to.include("127.0.0.1");
    });
  });

  describe("usage limits", () => {
    it("blocks with 1011 after too many operations per minute, until the block ends", async () => {
      // A block of 5 s: the calls that must meet it come right after it starts, however slow the
      // machine (1 s was within reach of a stalled call on a loaded machine).
      await withEmulator({ opsPerMinute: 5, blockSeconds: 5 }, async (emu) => {
        for (let i = 0; i < 5; i++) expect((await post(emu, "/tool/hello/")).json.success).to.equal(true);
        expect((await post(emu, "/tool/hello/")).json).to.include({ success: false, errorCode: 1011 });
        expect((await post(emu, "/account/info/")).json).to.include({ errorCode: 1011 });
        await new Promise((r) => setTimeout(r, 5_100));
        expect((await post(emu, "/tool/hello/")).json.success).to.equal(true);
      });
    });

    it("blocks with 1012 after too many failed operations per minute", async () => {
      await withEmulator({ errorsPerMinute: 3, blockSeconds: 30 }, async (emu) => {
        for (let i = 0; i < 3; i++) expect((await post(emu, "/tool/idnconverter/")).json.errorCode).to.equal(101);
        const r = await post(emu, "/tool/hello/");
        expect(r.json).to.include({ success: false, errorCode: 1012 });
        expect(r.json.messages[0]).to.match(/failed operations per minute/);
      });
    });

    it("blocks with 1010 beyond the simultaneous request limit", async () => {
      await withEmulator({ maxConcurrent: 2 }, async (emu) => {
        // Two calls are admitted and held by a latency fault (taken in the same step as admission,
        // so an empty fault list means both hold a slot); the next two arrive while they are held.
        await emu.control.addFault({ action: "tool/hello", kind: "latency", latencyMs: 1500, count: 2 });
        const done: string[] = [];
        const held = ["first", "second"].map((name) =>
          post(emu, "/tool/hello/").then((r) => {
            done.push(name);
            return r;
          }),
        );
        for (let i = 0; (await emu.control.listFaults()).length > 0; i++) {
          if (i > 500) throw new Error("the two held calls were never admitted");
          await new Promise((r) => setTimeout(r, 20));
        }
        const refused = await Promise.all([post(emu, "/tool/hello/"), post(emu, "/tool/hello/")]);
        done.push("third+fourth");
        expect(refused.map((r) => r.json.errorCode)).to.deep.equal([1010, 1010]);
        expect(refused.map((r) => r.json.messages[0]).join("\n")).to.match(/more than 2 simultaneous requests/);
        const admitted = await Promise.all(held);
        expect(admitted.map((r) => r.json.errorCode)).to.deep.equal([0, 0]);
        // The refusals came while both admitted calls were still in flight.
        expect(done[0]).to.equal("third+fourth");
      });
    });

    it("blocks with 1013 on mass availability checks (distinct names)", async () => {
      await withEmulator({ maxDistinctChecks: 3, checkWindowSeconds: 60 }, async (emu) => {
        // Repeating one name is not a mass check.
        for (let i = 0; i < 5; i++) expect((await post(emu, "/tool/domainsuggests/", { query: "alpha" })).json.errorCode).to.not.equal(1013);
        for (const q of ["beta", "gamma"]) expect((await post(emu, "/tool/domainsuggests/", { query: q })).json.errorCode).to.not.equal(1013);
        expect((await post(emu, "/tool/domainsuggests/", { query: "delta" })).json).to.include({ success: false, errorCode: 1013 });
        expect((await post(emu, "/tool/hello/")).json.errorCode).to.equal(1013);
      });
    });

    it("keeps other accounts unaffected by one account's block", async () => {
      await withEmulator({ opsPerMinute: 1 }, async (emu) => {
        await emu.control.seed({ accounts: [{ apiuser: "other", apipasswd: "other-pass-1" }] });
        await post(emu, "/tool/hello/");
        expect((await post(emu, "/tool/hello/")).json.errorCode).to.equal(1011);
        const other = await post(emu, "/tool/hello/", { apiuser: "other", apipasswd: "other-pass-1" }, { auth: false });
        expect(other.json.success).to.equal(true);
      });
    });
  });
});
