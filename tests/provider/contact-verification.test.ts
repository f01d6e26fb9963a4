/**
 * A Contact whose verification fails (issue 22 items 2 and 4), driven through the emulator's control
 * API (contact/verification) with its timer off, through the real engine: the Contact is created
 * inprocess, the refresh after the failure records verificationStatus failed with the provider's
 * warning, the plan stays empty (verification is not an input), and a Domain registered with it as
 * owner shows ownerVerification failed and the warning too. Run `npm run build` first.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { expectEmptyPlan, type Harness, OWNER, outputsOf, startHarness } from "./harness";

describe("Contact whose verification fails (engine, control API contact/verification)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;

  before(async () => {
    h = await startHarness({ delays: { contactVerificationSec: -1 } });
    eng = await h.stack(async () => {
      const { Contact, Domain } = h.pkg();
      const c = new Contact("owner", { ...OWNER });
      const d = new Domain("site", { name: "verif-fails-example.com", contacts: { owner: c.contactId } });
      return { contactId: c.contactId, domainStatus: d.status };
    });
  });
  after(async () => h?.close());

  it("records inprocess, then failed after the request, with a warning, and no change to make", async () => {
    const up = await eng.stack.up();
    const id = String(up.outputs.contactId.value);
    expect(outputsOf(eng, "owner").verificationStatus).to.equal("inprocess");
    // Far past the 3 s default: with the timer off only a request decides.
    await h.emu.control.advanceClock(3600);
    expect((await h.client.call("contact/getinfo", { contactID: id })).verificationstatus).to.equal("inprocess");

    await h.emu.control.setContactVerification(h.emu.apiUser, id, "failed");
    const refreshed = await eng.stack.refresh();
    expect(outputsOf(eng, "owner").verificationStatus).to.equal("failed");
    expect(outputsOf(eng, "site").ownerVerification).to.equal("failed");
    expect(refreshed.stdout).to.match(/verification status is failed; domains using it as owner may refuse changes \(error 2210\)/);
    await expectEmptyPlan(eng);
  });
});
