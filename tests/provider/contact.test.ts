/**
 * Contact through the real engine: the API has no contact update or delete, so every change
 * replaces and destroy forgets. The API offers no way to change a contact's data outside either, so
 * the outside changes here are made through the emulator's control API (the account re-seeded with
 * a contact's data or verification changed, or with the contact gone), and the tests assert what
 * refresh and up do with them: an adopted contact follows them, a managed one is replaced with the
 * wanted data, a managed one gone is created again.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
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

  /** Changes the demo account's contacts outside the program: state read, edited, seeded back. */
  const changeOutside = async (edit: (contacts: Record<string, Record<string, unknown>>) => void) => {
    const account = await h.emu.control.getState(h.emu.apiUser);
    edit(account.contacts);
    // The state comes back with secrets redacted: put the account's own back.
    await h.emu.control.seed({ accounts: [{ ...account, apipasswd: h.emu.apiPasswd, dyndnsKey: h.emu.dyndnsKey }] });
  };

  it("creates from normalised camelCase inputs, then plans nothing", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 2 });
    const up = await eng.stack.up();
    const id = up.outputs.contactId.value;
    expect(id).to.match(/^[A-Z]+-\d+$/);
    // The emulator's model (emulator/modules/contact/model.ts): a new contact starts `inprocess`
    // (verification e-mail sent); the outputs come from contact/create's reply.
    expect(up.outputs.verificationStatus.value).to.equal("inprocess");
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

  it("adopts an existing contact by id; refresh and up follow data and verification changed outside; destroy forgets", async () => {
    const created = await h.client.call("contact/create", {
      Type: "organization",
      FirstName: "Eva",
      LastName: "Ruiz",
      OrgName: "Ruiz SL",
      IdentNumber: "B12345678",
      Email: "eva@example.com",
      Phone: "+34.911111111",
      Address: "Calle 3",
      PostalCode: "28002",
      City: "Madrid",
      State: "Madrid",
      Country: "ES",
    });
    // Verified before the program sees it (decided through the control API: the emulator has no verification timer by default).
    await h.emu.control.setContactVerification(h.emu.apiUser, created.contactID, "verified");
    const adopt = await h.stack(async () => {
      const { Contact } = h.pkg();
      const c = new Contact("eva", { contactId: created.contactID.toLowerCase() });
      return { orgName: c.orgName, email: c.email, verificationStatus: c.verificationStatus };
    });
    const up = await adopt.stack.up();
    expect(up.outputs.orgName.value).to.equal("Ruiz SL");
    expect(up.outputs.email.value).to.equal("eva@example.com");
    expect(up.outputs.verificationStatus.value).to.equal("verified");
    await expectEmptyPlan(adopt);
    await expectCleanRefresh(adopt, 2);

    // Outside: the e-mail edited and the verification failed.
    await changeOutside((contacts) => {
      Object.assign(contacts[created.contactID], { email: "eva.ruiz@example.com", verificationstatus: "failed" });
    });
    expect((await h.client.call("contact/getinfo", { contactID: created.contactID })).email).to.equal("eva.ruiz@example.com");
    // The state takes the live values; the refresh counts no drift, as the program wants only the id.
    const refreshed = await adopt.stack.refresh();
    expect(refreshed.summary.resourceChanges).to.deep.equal({ same: 2 });
    expect(outputsOf(adopt, "eva")).to.include({ email: "eva.ruiz@example.com", verificationStatus: "failed", orgName: "Ruiz SL" });
    // An adopted contact wants only its id: nothing to change, and up reports the live data.
    await expectEmptyPlan(adopt);
    const again = await adopt.stack.up();
    expect(again.summary.resourceChanges).to.deep.equal({ same: 2 });
    expect(again.outputs.email.value).to.equal("eva.ruiz@example.com");
    expect(again.outputs.verificationStatus.value).to.equal("failed");

    const destroy = await adopt.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect((await h.client.call("contact/getinfo", { contactID: created.contactID })).orgName).to.equal("Ruiz SL");
  });

  it("a managed contact changed outside: refresh records the change, up replaces it with the wanted data", async () => {
    const oldId = outputsOf(eng, "ana").contactId;
    expect(outputsOf(eng, "ana").city).to.equal("Girona");
    await changeOutside((contacts) => {
      contacts[oldId].city = "Lleida";
    });
    expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
    expect(outputsOf(eng, "ana")).to.include({ contactId: oldId, city: "Lleida" });
    // The wanted city differs from the live one, and a contact cannot be updated: replace.
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: 1, replace: 1 });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, replace: 1 });
    const newId = up.outputs.contactId.value;
    expect(newId).to.not.equal(oldId);
    expect((await h.client.call("contact/getinfo", { contactID: newId })).city).to.equal("Girona");
    await expectEmptyPlan(eng);
  });

  it("a managed contact gone outside: refresh drops it, up creates it again", async () => {
    const oldId = outputsOf(eng, "ana").contactId;
    await changeOutside((contacts) => {
      delete contacts[oldId];
    });
    expect((await h.client.call("contact/list", { email: "ana@example.com" })).contacts.map((c) => c.contactID)).to.not.include(oldId);
    expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 1, delete: 1 });
    expect(outputsOf(eng, "ana")).to.equal(undefined);
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: 1, create: 1 });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, create: 1 });
    const newId = up.outputs.contactId.value;
    expect(newId).to.not.equal(oldId);
    expect((await h.client.call("contact/getinfo", { contactID: newId })).city).to.equal("Girona");
    await expectEmptyPlan(eng);
  });

  it("destroy forgets: the contacts stay in the account", async () => {
    const id = outputsOf(eng, "ana").contactId;
    const destroy = await eng.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    const state = await h.emu.control.getState(h.emu.apiUser);
    expect(JSON.stringify(state)).to.include(id);
  });
});
