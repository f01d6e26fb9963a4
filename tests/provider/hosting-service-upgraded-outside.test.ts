/**
 * HostingService whose live product is above the recorded one: upgraded outside the program, or an
 * upgrade whose reply was lost and which landed after the run (found by the held case of
 * tests/hardening/money-update). A refresh records the truth instead of failing; a program still
 * asking for the lower product is refused before any write (the API cannot downgrade); asking for
 * the live product converges to an empty plan.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { countCalls, expectEmptyPlan, failureOf, type Harness, outputsOf, startHarness, writeCalls } from "./harness";

const NAME = "upgraded-outside.com";

describe("HostingService upgraded outside the program (engine)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  const want = { name: NAME, productKey: "mini" };

  before(async () => {
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = h.pkg();
      new HostingService("web", want as any);
    });
    await eng.stack.up();
  });
  after(async () => h?.close());

  it("refresh records the higher live product; up with the lower one is refused before any write; asking for it converges", async () => {
    await h.client.call("service/upgrade", { serviceName: NAME, productkey: "basic" });
    await eng.stack.refresh();
    expect(outputsOf(eng, "web").productKey).to.equal("basic");

    const refused = await countCalls(h, () => failureOf(eng.stack.up()));
    expect(refused.result).to.include("productKey: basic -> mini is a downgrade");
    expect(writeCalls(refused.calls), "nothing written").to.deep.equal({});

    want.productKey = "basic";
    const up = await countCalls(h, () => eng.stack.up());
    expect(writeCalls(up.calls)).to.deep.equal({});
    await expectEmptyPlan(eng);
  });
});
