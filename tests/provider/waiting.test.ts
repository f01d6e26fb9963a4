/**
 * Long-running registration through the real engine: a wait cut short by customTimeouts records
 * the domain with its pending status (nothing lost, nothing spent twice) and the next up converges;
 * checkDomain answers inside a program.
 */
import { expect } from "chai";
import { expectEmptyPlan, type Harness, OWNER, outputsOf, startHarness } from "./harness";

describe("Domain waiting and checkDomain (engine)", function () {
  this.timeout(600_000);
  let h: Harness;
  before(async () => {
    // Registration stays pending for an hour of emulator time unless the clock is advanced.
    h = await startHarness({ delays: { registerPendingSec: 3600 } });
  });
  after(async () => h?.close());

  it("records a pending registration on timeout, then converges on the next up", async () => {
    // What domain/check answers for a free .com name now: the yearly price checkDomain must report.
    const free = (await h.client.call("domain/check", { domain: "slow-example-free.com" })).domains[0];
    expect(free.available).to.equal(true);
    const eng = await h.stack(async () => {
      const { Domain, checkDomain, checkDomainOutput } = h.pkg();
      const check = await checkDomain({ name: "slow-example.com" });
      const d = new Domain(
        "slow",
        { name: "slow-example.com", contacts: { owner: OWNER }, whoisPrivacy: true },
        { customTimeouts: { create: "3s", update: "3s" } },
      );
      // The Output form: a name known only once the resource is (memoised per process, so the same
      // answer as above), and a name registered elsewhere (the emulator: "taken" in the label).
      const again = checkDomainOutput({ name: d.name });
      const taken = checkDomainOutput({ name: "slow-taken-example.com" });
      return {
        available: check.available,
        price: check.price,
        currency: check.currency,
        status: d.status,
        againName: again.name,
        againAvailable: again.available,
        againPrice: again.price,
        takenName: taken.name,
        takenAvailable: taken.available,
        takenTld: taken.tld,
      };
    });
    const err = await eng.stack.up().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(String(err)).to.include("still register-pending");
    const recorded = outputsOf(eng, "slow");
    expect(recorded.status).to.equal("register-pending");
    expect(recorded.pendingSettings).to.deep.equal({ whoisPrivacy: true });
    const spent = (await h.client.call("account/info")).balance;

    await h.emu.control.advanceClock(7200);
    const up = await eng.stack.up();
    expect(up.summary.result).to.equal("succeeded");
    expect(up.outputs.status.value).to.equal("active");
    // checkDomain ran in the program before the domain existed (first run) and is memoised for the
    // process: available, at the API's yearly price for .com.
    const out = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
    expect(out.available).to.equal(true);
    expect(out.price).to.equal(free.price);
    expect(out.price).to.be.greaterThan(0);
    expect(out.currency).to.equal(free.currency);
    // checkDomainOutput resolved through the Domain's name output to the same answer...
    expect(out).to.include({ againName: "slow-example.com", againAvailable: true, againPrice: free.price });
    // ...and for a name registered elsewhere answers what domain/check says: not available.
    expect(out).to.include({ takenName: "slow-taken-example.com", takenAvailable: false, takenTld: "com" });
    expect((await h.client.call("account/info")).balance).to.equal(spent);
    expect((await h.client.call("domain/getinfo", { domain: "slow-example.com", infoType: "status" })).whoisPrivacy).to.equal(true);
    expect(outputsOf(eng, "slow").pendingSettings).to.equal(undefined);
    await expectEmptyPlan(eng);
    await eng.stack.destroy();
  });
});
