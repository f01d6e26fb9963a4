/**
 * Domain through the real engine (issue 6): preview, up, no-op preview and refresh, an in-place
 * update, a change made outside that refresh detects and up repairs, a replacing update, adopt,
 * destroy (forget and letexpire) and the emulator's state after it; secrets never in plaintext.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, OWNER, outputsOf, startHarness } from "./harness";

describe("Domain (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  // What the program declares; the steps below change it.
  const want: Record<string, any> = {
    name: "Lifecycle-Example.com.",
    nameservers: ["ns1.example.net", "ns2.example.net"],
    renewalMode: "autorenew",
    tags: ["web", "prod"],
    exposeAuthcode: true,
  };
  let authcode = "";

  const program = async () => {
    const { Contact, Domain } = h.pkg();
    const owner = new Contact("owner", OWNER);
    const d = new Domain("site", { ...want, contacts: { owner: owner.contactId } } as any);
    return { status: d.status, domainId: d.domainId, punycode: d.punycode, authcode: d.authcode };
  };

  before(async () => {
    h = await startHarness();
    eng = await h.stack(program);
  });
  after(async () => h?.close());

  it("previews, registers and waits for active, then plans nothing", async () => {
    const preview = await eng.stack.preview();
    expect(preview.changeSummary).to.deep.equal({ create: 3 });
    const before = (await h.client.call("account/info")).balance;
    const up = await eng.stack.up();
    expect(up.summary.result).to.equal("succeeded");
    expect(up.outputs.status.value).to.equal("active");
    expect(up.outputs.punycode.value).to.equal("lifecycle-example.com");
    expect(up.outputs.authcode.secret).to.equal(true);
    authcode = up.outputs.authcode.value;
    expect(authcode).to.be.a("string").and.not.equal("");
    expect((await h.client.call("account/info")).balance).to.be.lessThan(before);
    const ns = await h.client.call("domain/getinfo", { domain: "lifecycle-example.com", infoType: "nameservers" });
    expect(ns.nameservers!.map((n) => n.name)).to.deep.equal(["ns1.example.net", "ns2.example.net"]);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
  });

  it("keeps secrets out of the state and stores each provider as a small require()", async () => {
    expectNoPlaintext(eng, [h.emu.apiPasswd, authcode]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd, h.emu.apiUser])).to.equal(2);
  });

  it("updates settings in place", async () => {
    want.transferBlock = true;
    want.tags = ["prod", "web", "shop"];
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    const s = await h.client.call("domain/getinfo", { domain: "lifecycle-example.com", infoType: "status" });
    expect(s.transferBlock).to.equal(true);
    expect(s.tag!.split(",").sort()).to.deep.equal(["prod", "shop", "web"]);
    await expectEmptyPlan(eng);
  });

  it("detects a change made outside on refresh and repairs it on up", async () => {
    await h.client.call("domain/updatenameservers", { domain: "lifecycle-example.com", nameservers: ["ns9.other.net", "ns8.other.net"] });
    const refresh = await eng.stack.refresh();
    expect(refresh.summary.resourceChanges).to.deep.include({ update: 1 });
    expect(outputsOf(eng, "site").nameservers).to.deep.equal(["ns9.other.net", "ns8.other.net"]);
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    const ns = await h.client.call("domain/getinfo", { domain: "lifecycle-example.com", infoType: "nameservers" });
    expect(ns.nameservers!.map((n) => n.name)).to.deep.equal(["ns1.example.net", "ns2.example.net"]);
    await expectEmptyPlan(eng);
  });

  it("replaces on a new name (the old domain is forgotten, not deleted)", async () => {
    want.name = "lifecycle-example.org";
    const preview = await eng.stack.preview();
    expect(preview.changeSummary).to.deep.include({ replace: 1 });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ replace: 1 });
    expect(up.outputs.punycode.value).to.equal("lifecycle-example.org");
    const old = await h.client.call("domain/getinfo", { domain: "lifecycle-example.com", infoType: "status" });
    expect(old.status).to.equal("active");
    await expectEmptyPlan(eng);
  });

  it("adopts a domain already in the account without spending, then destroys with letexpire", async () => {
    const owner = await h.client.call("contact/create", {
      Type: "individual",
      FirstName: "Luis",
      LastName: "Pérez",
      IdentNumber: "87654321X",
      Email: "luis@example.com",
      Phone: "+34.600000000",
      Address: "Calle 2",
      PostalCode: "28001",
      City: "Madrid",
      State: "Madrid",
      Country: "ES",
    });
    await h.client.call("domain/create", { domain: "adopted-example.net", ownerContactID: owner.contactID });
    await h.emu.control.advanceClock(60);
    const adoptWant = { name: "adopted-example.net", registration: "adopt", whoisPrivacy: true, onDestroy: "letexpire" };
    const adopt = await h.stack(async () => {
      const { Domain } = h.pkg();
      const d = new Domain("adopted", adoptWant as any);
      return { status: d.status };
    });
    const before = (await h.client.call("account/info")).balance;
    const up = await adopt.stack.up();
    expect(up.summary.result).to.equal("succeeded");
    expect((await h.client.call("account/info")).balance).to.equal(before);
    expect((await h.client.call("domain/getinfo", { domain: "adopted-example.net", infoType: "status" })).whoisPrivacy).to.equal(true);
    await expectEmptyPlan(adopt);
    await expectCleanRefresh(adopt);
    const destroy = await adopt.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    const after = await h.client.call("domain/getinfo", { domain: "adopted-example.net", infoType: "status" });
    expect(after.renewalMode).to.equal("letexpire");
  });

  it("destroys by forgetting: the domains stay registered", async () => {
    const destroy = await eng.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 3 });
    const state = await h.emu.control.getState(h.emu.apiUser);
    const names = JSON.stringify(state);
    expect(names).to.include("lifecycle-example.org");
    expect(names).to.include("lifecycle-example.com");
    const s = await h.client.call("domain/getinfo", { domain: "lifecycle-example.org", infoType: "status" });
    expect(s.status).to.equal("active");
    expect(s.renewalMode).to.equal("autorenew");
  });
});
