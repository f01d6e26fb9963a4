/**
 * A hosting service that autorenews (issue 22 item 4), through the real engine: renewalMode
 * autorenew renews it at expiry, charged (emulator/modules/service/model.ts), and a refresh records
 * the new tsExpir, still active, with nothing written and an empty plan; beside it a manual service
 * goes inactive with the provider's warning and nothing charged for it. Run `npm run build` first.
 */
import { expect } from "chai";
import { getProduct } from "../../emulator/data/products";
import type { EngineStack } from "../harness/engine";
import { countCalls, expectEmptyPlan, type Harness, outputsOf, startHarness, writeCalls } from "./harness";

describe("HostingService renewalMode autorenew at expiry (engine)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const balance = async () => Number((await h.client.call("account/info")).balance);

  before(async () => {
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = h.pkg();
      const auto = new HostingService("auto", { name: "renews-by-itself.com", productKey: "mini", period: 1, renewalMode: "autorenew" });
      const manual = new HostingService("manual", { name: "left-to-lapse.com", productKey: "mini", period: 1, renewalMode: "manual" });
      return { auto: auto.tsExpir, manual: manual.status };
    });
  });
  after(async () => h?.close());

  it("renews the autorenew service at expiry, charged once; refresh records it; the manual one goes inactive", async () => {
    const price = getProduct("mini")!.price;
    await eng.stack.up();
    const before = outputsOf(eng, "auto");
    expect(before).to.include({ status: "active", renewalMode: "autorenew" });
    const start = await balance();

    await h.emu.control.advanceClock(370 * 86_400);
    const refresh = await countCalls(h, () => eng.stack.refresh());
    expect(writeCalls(refresh.calls)).to.deep.equal({});
    const after = outputsOf(eng, "auto");
    expect(after.status).to.equal("active");
    expect(Number(after.tsExpir.slice(0, 4))).to.equal(Number(before.tsExpir.slice(0, 4)) + 1);
    expect(outputsOf(eng, "manual").status).to.equal("inactive");
    expect(refresh.result.stdout).to.include("HostingService left-to-lapse.com is inactive: renew it to bring it back");
    expect(refresh.result.stdout).to.not.include("renews-by-itself.com is inactive");
    // One year of the autorenew service's product, nothing for the manual one.
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(price * 100));
    await expectEmptyPlan(eng);
  });
});
