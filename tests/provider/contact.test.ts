/**
 * Contact through the real engine: the API has no contact update or delete, so every change
 * replaces and destroy forgets. Outside changes cannot be made to a contact (no update operation):
 * the drift case here is a contact the program adopted by id whose verification changes outside.
 */
import { expect } from "chai";
import type { EngineStack } from "../../scripts/engine";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, OWNER, outputsOf, startHarness } from "./harness";

describe("Contact (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const want: Record<string, any> = { ...OWNER, email: " Ana@Example.com ", phone: "+34.931 234-567", country: "es" };

  before(async () => {
    h = await startHarness();
    eng = await h.stack(async () => {
      const { Contact } = h.pkg();
      const c = new Contact("ana", want);
      return { contactId: c.contactId, verificationStatus: c.verificationStatus };
    });
  });
  after(async () => h?.close());

  it("creates from normalised camelCase inputs, then plans nothing", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 2 });
    const up = await eng.stack.up();
    const id = up.outputs.contactId.value;
    expect(id).to.match(/^[A-Z]+-\d+$/);
    expect(up.outputs.verificationStatus.value).to.be.oneOf(["verified", "notapplicable", "inprocess", "failed"]);
    const live = await h.client.call("contact/getinfo", { contactID: id });
    expect(live.phone).to.equal("+34.931234567");
    expect(live.country).to.equal("ES");
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(1);
  });

  it("replaces on any data change (no contact update in the API)", async () => {
    const oldId = outputsOf(eng, "ana").contactId;
    want.city = "Girona";
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ replace: 1 });
    expect(up.outputs.contactId.value).to.not.equal(oldId);
    // The old contact is forgotten, not deleted: it still answers.
    expect((await h.client.call("contact/getinfo", { contactID: oldId })).city).to.equal("Barcelona");
    await expectEmptyPlan(eng);
  });

  it("refuses bad data at preview, naming the field and the rule, with no API call", async () => {
    const before = await h.emu.control.counters();
    want.phone = "931234567";
    const err = await eng.stack.preview().then(
      () => undefined,
      (e: Error) => e,
    );
    want.phone = OWNER.phone;
    expect(String(err)).to.include("phone: must be +CC.NUMBER");
    const after = await h.emu.control.counters();
    expect(JSON.stringify(after)).to.equal(JSON.stringify(before));
  });

  it("adopts an existing contact by id; refresh follows outside changes; destroy forgets", async () => {
    const created = await h.client.call("contact/create", { Type: "organization", FirstName: "Eva", LastName: "Ruiz", OrgName: "Ruiz SL", IdentNumber: "B12345678", Email: "eva@example.com", Phone: "+34.911111111", Address: "Calle 3", PostalCode: "28002", City: "Madrid", State: "Madrid", Country: "ES" });
    const adopt = await h.stack(async () => {
      const { Contact } = h.pkg();
      const c = new Contact("eva", { contactId: created.contactID.toLowerCase() });
      return { orgName: c.orgName };
    });
    const up = await adopt.stack.up();
    expect(up.outputs.orgName.value).to.equal("Ruiz SL");
    await expectEmptyPlan(adopt);
    await expectCleanRefresh(adopt);
    const destroy = await adopt.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect((await h.client.call("contact/getinfo", { contactID: created.contactID })).orgName).to.equal("Ruiz SL");
  });

  it("destroy forgets: the contacts stay in the account", async () => {
    const id = outputsOf(eng, "ana").contactId;
    const destroy = await eng.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    const state = await h.emu.control.getState(h.emu.apiUser);
    expect(JSON.stringify(state)).to.include(id);
  });
});
