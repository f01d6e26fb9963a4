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
    const eng = await h.stack(async () => {
      const { Domain, checkDomain } = h.pkg();
      const check = await checkDomain({ name: "slow-example.com" });
      const d = new Domain("slow", { name: "slow-example.com", contacts: { owner: OWNER }, whoisPrivacy: true }, { customTimeouts: { create: "3s", update: "3s" } });
      return { available: check.available, price: check.price, status: d.status };
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
    // checkDomain ran in the program (before the domain existed on the first run: available).
    expect(up.outputs.price.value).to.be.a("number");
    expect((await h.client.call("account/info")).balance).to.equal(spent);
    expect((await h.client.call("domain/getinfo", { domain: "slow-example.com", infoType: "status" })).whoisPrivacy).to.equal(true);
    expect(outputsOf(eng, "slow").pendingSettings).to.equal(undefined);
    await expectEmptyPlan(eng);
    await eng.stack.destroy();
  });
});
