/**
 * examples/quickstart applied and destroyed through the real engine, from the same index.ts users
 * run with `pulumi up` (scripts/engine.ts exampleProgram), against the embedded emulator.
 */
import { expect } from "chai";
import { exampleProgram } from "../../scripts/engine";
import { checkStoredProviders, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness } from "../provider/harness";

describe("examples/quickstart (engine)", function () {
  this.timeout(240_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  it("applies, plans nothing more, refreshes clean and destroys", async () => {
    const before = await h.client.account.info({});
    const eng = await h.stack(exampleProgram("quickstart"), { "quickstart:domainName": { value: "quickstart-test.com" } });

    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ create: 8 });
    expect(up.outputs.status.value).to.equal("active");
    expect(up.outputs.domain.value).to.equal("quickstart-test.com");
    expect(up.outputs.records.value).to.have.length(4);
    await expectEmptyPlan(eng);
    // Each of the four resource kinds' stored provider: one require() line, no credentials.
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(7);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);

    const live = await h.client.domain.getinfo({ domain: "quickstart-test.com", infoType: "status" });
    expect(live.status).to.equal("active");
    const zone = await h.client.listAll("service/dnslist", { serviceName: "quickstart-test.com" }, { limit: 1000 });
    const mine = zone.filter((r: { entityID: string }) => (up.outputs.records.value as string[]).includes(`quickstart-test.com/${r.entityID}`));
    expect(mine.map((r: { type: string }) => r.type).sort()).to.deep.equal(["A", "CAA", "CNAME", "TXT"]);

    const refresh = await eng.stack.refresh();
    expect(refresh.summary.resourceChanges).to.deep.equal({ same: 8 });

    // 7 resources + the stack. The registration and hosting were paid for once: domain create + service create.
    const after = await h.client.account.info({});
    expect(after.balance).to.be.lessThan(before.balance);

    const destroy = await eng.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 8 });
    // Destroy deletes the records it made, and forgets (never deletes) the domain and the service.
    const zoneAfter = await h.client.listAll("service/dnslist", { serviceName: "quickstart-test.com" }, { limit: 1000 });
    expect(zoneAfter.filter((r: { entityID: string }) => (up.outputs.records.value as string[]).includes(`quickstart-test.com/${r.entityID}`))).to.deep.equal(
      [],
    );
    expect((await h.client.domain.getinfo({ domain: "quickstart-test.com", infoType: "status" })).status).to.equal("active");
  });
});
