/**
 * Blocks and rate through the real engine (issue 14, the load part of item 6). The emulator's usage
 * limits are set the way the issue reports the service's (the API publishes no figures; blocks were
 * seen at 120 operations a minute): 4 simultaneous requests, 120 operations and 30 failed operations
 * a minute, a 60 s block. With the provider's defaults, 500 DnsRecords apply in one `up` without a
 * single block and the emulator's peak concurrency stays within its limit. Then a block is forced
 * (limits far below what the provider is told): it is waited out within the run with a progress
 * line, the limiter learns the rate, the run succeeds, and the next run plans nothing.
 */
import { expect } from "chai";
import { DEFAULT_OPS_PER_MINUTE } from "../../sdk/core/limiter";
import { engineRuns } from "../harness/budget";
import { expectEmptyPlan } from "../provider/harness";
import { type FaultHarness, startFaultHarness, stateResources, up } from "./fault-harness";

const REAL_LIKE = { maxConcurrent: 4, opsPerMinute: 120, errorsPerMinute: 30, blockSeconds: 60 };

/** The 500 records take at least 500 / DEFAULT_OPS_PER_MINUTE minutes by the provider's own pace. */
const PACED_MS = (500 / DEFAULT_OPS_PER_MINUTE) * 60_000;

describe("hardening: limits and rate (engine)", function () {
  // The pace, and the budget of an up and a preview of 500 resources (a hang guard: at a load of 18
  // the up took 369 s, 300 s of them the pace).
  this.timeout(PACED_MS + engineRuns(2, 500));

  describe("500 DnsRecords under the service's limits", () => {
    let fh: FaultHarness;
    before(async () => {
      fh = await startFaultHarness({ limits: REAL_LIKE });
    });
    after(async () => fh?.close());

    it("apply in one up with the default limiter: no block, peak concurrency within the limit", async () => {
      const zone = "bulk-limits.com";
      await fh.h.client.call("service/create", { serviceName: zone, productkey: "redir" } as any);
      const eng = await fh.stack(
        async () => {
          const { DnsRecord } = fh.h.pkg();
          for (let i = 0; i < 500; i++) new DnsRecord(`r${i}`, { serviceName: zone, name: `r${i}`, type: "TXT", value: `record ${i}` });
          return {};
        },
        // The provider's default pace, given explicitly: the shared harness raises it to the
        // emulator's generous default limits for every other engine test.
        { maxOpsPerMinute: String(DEFAULT_OPS_PER_MINUTE) },
      );
      await fh.counters(true);
      const t0 = Date.now();
      const r = await up(eng);
      const ms = Date.now() - t0;
      expect(r.ok, r.error).to.equal(true);
      const c = await fh.counters();
      const refused = Object.values(c.errors).reduce((a, b) => a + b, 0);
      expect(refused, `no call refused (errors: ${JSON.stringify(c.errors)})`).to.equal(0);
      expect(c.peakConcurrency, "peak concurrency").to.be.at.most(REAL_LIKE.maxConcurrent);
      expect(c.calls["service/dnscreate"]).to.equal(500);
      expect(r.output).to.include(`pacing them at ${DEFAULT_OPS_PER_MINUTE} a minute`);
      const records = ((await fh.account()).services[zone].dns as any[]).filter((x) => x.type === "TXT" && /^r\d+\./.test(x.name));
      expect(records).to.have.length(500);
      expect(Object.keys(stateResources(eng))).to.have.length(500);
      console.log(`      500 records: ${Math.round(ms / 1000)} s, ${c.totalCalls} calls, peak concurrency ${c.peakConcurrency}, no block`);
      await expectEmptyPlan(eng);
    });
  });

  describe("a forced block", () => {
    let fh: FaultHarness;
    // The service allows 30 operations a minute; the provider is told 1000: the 31st call is refused.
    const LOW = { maxConcurrent: 4, opsPerMinute: 30, errorsPerMinute: 30, blockSeconds: 10 };
    before(async () => {
      fh = await startFaultHarness({ limits: LOW });
    });
    after(async () => fh?.close());

    it("is waited out within the run, reported, and learnt; the next run plans nothing", async () => {
      const zone = "blocked-limits.com";
      await fh.h.client.call("service/create", { serviceName: zone, productkey: "redir" } as any);
      const eng = await fh.stack(
        async () => {
          const { DnsRecord } = fh.h.pkg();
          for (let i = 0; i < 40; i++) new DnsRecord(`b${i}`, { serviceName: zone, name: `b${i}`, type: "TXT", value: `blocked ${i}` });
          return {};
        },
        { maxOpsPerMinute: "1000" },
      );
      await fh.counters(true);
      const t0 = Date.now();
      const r = await up(eng);
      const ms = Date.now() - t0;
      expect(r.ok, r.error).to.equal(true);
      expect(r.output).to.match(
        /refused [a-z/]+ with error 1011 \(too many operations per minute\); it was not executed\. All calls pause \d+ s, then it is sent again; from now on at most \d+ operations per minute/,
      );
      const c = await fh.counters();
      const refusals = Object.values(c.errors).reduce((a, b) => a + b, 0);
      expect(refusals, "some calls were refused").to.be.greaterThan(0);
      expect(c.peakConcurrency).to.be.at.most(LOW.maxConcurrent);
      const records = ((await fh.account()).services[zone].dns as any[]).filter((x) => x.type === "TXT" && /^b\d+\./.test(x.name));
      expect(records, "every record exactly once").to.have.length(40);
      console.log(`      forced block: ${refusals} refused call(s), run took ${Math.round(ms / 1000)} s and succeeded`);
      await expectEmptyPlan(eng);
      const again = await up(eng);
      expect(again.ok, again.error).to.equal(true);
      expect(again.summary).to.deep.equal({ same: 41 });
    });
  });
});
