/**
 * A Domain on a TLD without the per-domain flags (issue 22): getinfo answers transferBlock and
 * whoisPrivacy only for TLDs that have them, so a .es domain's answer lacks both. Through the real
 * engine: the Domain is accepted (a declared false, as older exports wrote, changes nothing), the
 * plan stays empty, and transferBlock: true is refused at preview naming the field and the rule.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { activeDomain } from "./active-domain";
import { expectCleanRefresh, expectEmptyPlan, failureOf, type Harness, outputsOf, startHarness } from "./harness";

const DOMAIN = "sin-cerrojo.es";

describe("Domain on a TLD without transferBlock/whoisPrivacy (engine)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const want: Record<string, unknown> = { name: DOMAIN, registration: "adopt", transferBlock: false, whoisPrivacy: false, viewWhois: true };

  before(async () => {
    h = await startHarness();
    await activeDomain(h, DOMAIN);
    const live = await h.client.call("domain/getinfo", { domain: DOMAIN, infoType: "status" });
    expect(live).to.not.have.any.keys("transferBlock", "whoisPrivacy");
    eng = await h.stack(async () => {
      const d = new (h.pkg().Domain)("d", want as any);
      return { status: d.status };
    });
  });
  after(async () => h?.close());

  it("adopts it, sets the flag the TLD has, and leaves an empty plan", async () => {
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ create: 2 }); // the stack and the Domain
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    expect(outputsOf(eng, "d")).to.include({ transferBlock: false, whoisPrivacy: false, viewWhois: true });
    expect((await h.client.call("domain/getinfo", { domain: DOMAIN, infoType: "status" })).viewWhois).to.equal(true);
  });

  it("refuses transferBlock: true at preview, naming the field and the rule", async () => {
    want.transferBlock = true;
    const message = await failureOf(eng.stack.preview());
    expect(message).to.match(/transferBlock: \.es domains do not support transferBlock/);
    want.transferBlock = false;
    await expectEmptyPlan(eng);
  });
});
