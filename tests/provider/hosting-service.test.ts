/**
 * HostingService through the real engine: create (spends), settings in place, upgrade in place,
 * downgrade refused at preview, outside change repaired, replace on a new name, adopt, destroy
 * (forget; onDestroy manual sets renewalMode manual).
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness } from "./harness";

describe("HostingService (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const want: Record<string, any> = { name: "Hosting-Example.com", productKey: "basic", phpVersion: "8.2", parking: false, renewalMode: "autorenew" };

  before(async () => {
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = h.pkg();
      const s = new HostingService("web", want as any);
      return { status: s.status, productKey: s.productKey, type: s.type };
    });
  });
  after(async () => h?.close());

  const info = (infoType = "status") => h.client.call("service/getinfo", { serviceName: "hosting-example.com", infoType: infoType as "status" });

  it("creates, then plans nothing", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 2 });
    const before = (await h.client.call("account/info")).balance;
    const up = await eng.stack.up();
    expect(up.outputs.status.value).to.equal("active");
    expect(up.outputs.type.value).to.equal("Hosting Basic");
    expect((await h.client.call("account/info")).balance).to.be.lessThan(before);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(1);
  });

  it("changes PHP and renewal mode in place, and upgrades in place", async () => {
    want.phpVersion = "8.3";
    want.renewalMode = "manual";
    want.productKey = "professional";
    await h.emu.control.counters({ reset: true });
    const up = await eng.stack.up();
    // One write each, no read before or after (replies are used), but one status read after the
    // upgrade (its reply stays with the paid order); check's free read of the PHP versions offered;
    // the balance for the plan's money lines (an upgrade is a paid step, provider/money/spend.ts).
    expect((await h.emu.control.counters()).calls).to.deep.equal({ "service/upgrade": 1, "service/update": 2, "service/getinfo": 2, "account/info": 1 });
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    expect(up.outputs.productKey.value).to.equal("professional");
    const php = await info("php");
    expect(php.php!.version).to.equal("8.3");
    expect((await info()).renewalMode).to.equal("manual");
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
  });

  it("refuses a downgrade at preview with a clear message", async () => {
    want.productKey = "mini";
    const err = await eng.stack.preview().then(
      () => undefined,
      (e: Error) => e,
    );
    want.productKey = "professional";
    expect(String(err)).to.include("productKey: professional -> mini is a downgrade");
    await expectEmptyPlan(eng);
  });

  it("detects parking turned on outside and turns it off again", async () => {
    await h.client.call("service/parkingupdate", { serviceName: "hosting-example.com", enabled: true });
    const refresh = await eng.stack.refresh();
    expect(refresh.summary.resourceChanges).to.deep.include({ update: 1 });
    await h.emu.control.counters({ reset: true });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    // A one-field change: one write, no read.
    expect((await h.emu.control.counters()).calls).to.deep.equal({ "service/parkingupdate": 1 });
    expect((await h.client.call("service/parkinggetinfo", { serviceName: "hosting-example.com" })).parking.enabled).to.equal(false);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
  });

  it("replaces on a new name; the old service is forgotten", async () => {
    want.name = "hosting-example.org";
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ replace: 1 });
    expect((await info()).status).to.equal("active");
    await expectEmptyPlan(eng);
  });

  it("adopts an existing service without spending; destroy with onDestroy manual", async () => {
    await h.client.call("service/create", { serviceName: "adopted-hosting.net", productkey: "mini" });
    const adopt = await h.stack(async () => {
      const { HostingService } = h.pkg();
      new HostingService("adopted", { name: "adopted-hosting.net", productKey: "mini", registration: "adopt", onDestroy: "manual" });
    });
    const before = (await h.client.call("account/info")).balance;
    await adopt.stack.up();
    expect((await h.client.call("account/info")).balance).to.equal(before);
    await expectEmptyPlan(adopt);
    await expectCleanRefresh(adopt);
    expect((await adopt.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect((await h.client.call("service/getinfo", { serviceName: "adopted-hosting.net" })).renewalMode).to.equal("manual");
  });

  it("destroy forgets: the services stay in the account", async () => {
    expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 2 });
    const state = JSON.stringify(await h.emu.control.getState(h.emu.apiUser));
    expect(state).to.include("hosting-example.org");
    expect(state).to.include("hosting-example.com");
  });
});
