/**
 * Failed logins count towards the errors-per-minute limit (project issue 14, item 1, defect 5).
 * Before: 1003/1004 were answered before any usage was counted, so 200 wrong passwords in a row
 * were never blocked. Now a failed login counts for the caller's address (and a wrong password also
 * for the account); past `errorsPerMinute` both answer 1012 for `blockSeconds`, before the password
 * is looked at, so a block says nothing about whether a guess was right (spec "Rules of use": the
 * credentials are blocked temporarily). Also: the API password is compared in constant time.
 */
import crypto from "node:crypto";
import { expect } from "chai";
import { Agent, fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Limits } from "../../emulator/core/access";

async function withEmulator(
  limits: Partial<Limits>,
  body: (emu: RunningEmulator, call: (params: Record<string, string>) => Promise<number>) => Promise<void>,
): Promise<void> {
  const emu = await startEmulator({ limits });
  const agent = new Agent({ connect: { ca: emu.caCert } });
  const call = async (params: Record<string, string>) => {
    const res = await fetch(`${emu.url}/account/info/`, { method: "POST", body: new URLSearchParams(params), dispatcher: agent });
    return ((await res.json()) as { errorCode: number }).errorCode;
  };
  try {
    await body(emu, call);
  } finally {
    await agent.close();
    await emu.close();
  }
}

describe("emulator: failed logins count towards the errors-per-minute limit", function () {
  this.timeout(60_000);

  it("200 wrong passwords: the first errorsPerMinute answer 1004, the rest 1012; then even the right password gets 1012", async () => {
    await withEmulator({ errorsPerMinute: 20, blockSeconds: 30 }, async (emu, call) => {
      const codes: number[] = [];
      for (let i = 0; i < 200; i += 10) {
        codes.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => call({ apiuser: emu.apiUser, apipasswd: `guess-${i + j}` })))));
      }
      const count = (c: number) => codes.filter((x) => x === c).length;
      console.log(`      200 wrong passwords: ${count(1004)} answered 1004, ${count(1012)} answered 1012 (limit 20 per minute)`);
      expect(count(1004)).to.equal(20);
      expect(count(1012)).to.equal(180);
      // Blocked: the right password is not told apart from a wrong one.
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(1012);
      expect(await call({ apiuser: emu.apiUser, apipasswd: "another-guess" })).to.equal(1012);
    });
  });

  it("unknown users count for the caller's address: after the limit every account is refused from that address", async () => {
    await withEmulator({ errorsPerMinute: 5, blockSeconds: 30 }, async (emu, call) => {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push(await call({ apiuser: `nobody-${i}`, apipasswd: "x" }));
      expect(codes).to.deep.equal([1003, 1003, 1003, 1003, 1003]);
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(1012);
      expect(await call({ apiuser: "nobody-9", apipasswd: "x" })).to.equal(1012);
    });
  });

  it("the block ends after blockSeconds, and a reset clears it", async () => {
    // A block of 5 s: the calls that must meet it come right after it starts, however slow the machine.
    await withEmulator({ errorsPerMinute: 3, blockSeconds: 5 }, async (emu, call) => {
      for (let i = 0; i < 3; i++) expect(await call({ apiuser: emu.apiUser, apipasswd: "wrong" })).to.equal(1004);
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(1012);
      await new Promise((r) => setTimeout(r, 5_100));
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(0);
      for (let i = 0; i < 4; i++) await call({ apiuser: emu.apiUser, apipasswd: "wrong" });
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(1012);
      // The control API has its own usage, so a test can still reset.
      await emu.control.reset();
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(0);
    });
  });

  it("missing credentials (200) and filtered addresses (1007) count too", async () => {
    await withEmulator({ errorsPerMinute: 4, blockSeconds: 30 }, async (emu, call) => {
      expect(await call({ apiuser: emu.apiUser })).to.equal(200);
      expect(await call({})).to.equal(200);
      expect(await call({ apiuser: "filtered", apipasswd: emu.apiPasswd })).to.equal(1007);
      expect(await call({ apiuser: "filtered", apipasswd: emu.apiPasswd })).to.equal(1007);
      expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(1012);
    });
  });

  it("compares the API password with crypto.timingSafeEqual", async () => {
    await withEmulator({}, async (emu, call) => {
      const original = crypto.timingSafeEqual;
      let calls = 0;
      (crypto as { timingSafeEqual: typeof original }).timingSafeEqual = ((a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
        calls++;
        return original(a, b);
      }) as typeof original;
      try {
        expect(await call({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd })).to.equal(0);
        expect(await call({ apiuser: emu.apiUser, apipasswd: "wrong-but-same-length-as-nothing" })).to.equal(1004);
      } finally {
        (crypto as { timingSafeEqual: typeof original }).timingSafeEqual = original;
      }
      expect(calls).to.be.at.least(2);
    });
  });
});
