/**
 * The function table (cases.ts) run straight through callFunction, the one path both doors take,
 * against the seeded emulator (no engine): every case's result or failure, and exactly its API
 * calls, counted by the emulator. Fast feedback for the engine runs (dynamic.test.ts,
 * plugin-yaml.test.ts), which run the same cases through Pulumi; prints the calls per function.
 */
import { expect } from "chai";
import { getApi } from "../../provider/core/client";
import { callFunction } from "../../provider/core/function";
import { functionOf } from "../../provider/function-registry";
import { callLines, callsBetween } from "./calls";
import { CASES, coverageProblems } from "./cases";
import { type Seeded, startSeeded } from "./seed";

describe("function table, straight through callFunction (no engine)", function () {
  this.timeout(300_000);
  let s: Seeded;
  const seen: { fn: string; name: string; calls: Record<string, number> }[] = [];

  before(async () => {
    s = await startSeeded();
  });
  after(async () => {
    for (const line of callLines(seen)) console.log(`      calls: ${line}`);
    await s?.emu.close();
  });

  it("every registered function has a case or a reason for every kind", () => {
    expect(coverageProblems()).to.deep.equal([]);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const d = functionOf(c.fn);
      if (!d) throw new Error(`${c.fn} is not registered`);
      const api = getApi({ apiUser: s.apiUser, apiPasswd: s.apiPasswd, baseUrl: s.emu.url, caCertFile: s.emu.caFile });
      const before = (await s.emu.control.counters()).calls;
      const outcome = await callFunction(d, c.args(s), api).then(
        (result) => ({ result: result as Record<string, any> }),
        (e: Error) => ({ error: e.message }),
      );
      const calls = callsBetween(before, (await s.emu.control.counters()).calls);
      seen.push({ fn: c.fn, name: c.name, calls });
      if (c.error) expect("error" in outcome ? outcome.error : "(no failure)").to.include(c.error(s));
      else {
        if ("error" in outcome) throw new Error(outcome.error);
        c.check?.(outcome.result, s);
      }
      expect(calls, "the API calls").to.deep.equal(c.calls);
    });
  }
});
