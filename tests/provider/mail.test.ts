/**
 * MailBox and MailAlias: check and diff rules (in process), then the lifecycle through the real
 * engine on one Mail Hosting service: create, empty plan, clean refresh, password and targets in
 * place, replace on a new name, changes made outside repaired, adopt, destroy and the emulator's
 * state afterwards. Passwords never reach the state file in plaintext. Run `npm run build` first.
 */
import { expect } from "chai";
import { UNKNOWN } from "../../provider/core/frame";
import * as aliasCrud from "../../provider/resources/mail-alias/crud";
import * as boxCrud from "../../provider/resources/mail-box/crud";
import { passwordFingerprint } from "../../provider/resources/mail-box/password";
import { join } from "node:path";
import { type EngineStack, installPackage } from "../harness/engine";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, outputsOf, startHarness } from "./harness";

const SVC = "mail-life.example";
const PW1 = "Fi5t-secret-pw";
const PW2 = "S3cond-secret-pw";
const PW_OUTSIDE = "0utside-pw-1234";

describe("MailBox and MailAlias check/diff", () => {
  it("normalises names to the full address and targets as the API stores them", async () => {
    const box = await boxCrud.check({}, { serviceName: "Mail-Life.Example.", name: " Info ", password: PW1 });
    expect(box.failures).to.equal(undefined);
    expect(box.inputs).to.deep.include({ serviceName: SVC, name: `info@${SVC}` });
    const full = await boxCrud.check({}, { serviceName: SVC, name: `INFO@${SVC.toUpperCase()}`, password: PW1 });
    expect(full.inputs.name).to.equal(`info@${SVC}`);
    const alias = await aliasCrud.check({}, { serviceName: SVC, name: "sales", targets: [" B@Example.org", "a@example.org,b@example.org"] });
    expect(alias.failures).to.equal(undefined);
    expect(alias.inputs.targets).to.deep.equal(["b@example.org", "a@example.org"]);
  });

  it("names the field and the rule, and never echoes a password", async () => {
    const other = await boxCrud.check({}, { serviceName: SVC, name: "info@other.example", password: PW1 });
    expect(other.failures?.map((f) => f.reason)).to.deep.equal([
      'name: "info@other.example" is not under the service\'s domain mail-life.example: give the local part ("info") or an address @mail-life.example',
    ]);
    const short = await boxCrud.check({}, { serviceName: SVC, name: "info", password: "short pw" });
    expect(short.failures?.map((f) => f.reason)).to.deep.equal(["password: must be 8 to 64 printable ASCII characters without spaces (value not shown)"]);
    expect(JSON.stringify(short.failures)).to.not.include("short pw");
    const alias = await aliasCrud.check({}, { serviceName: SVC, name: "s@les", targets: ["not-an-address"] });
    expect((alias.failures ?? []).map((f) => f.reason)).to.include.members([
      'targets: "not-an-address" is not an e-mail address: no @ between the local part and the domain',
    ]);
    const empty = await aliasCrud.check({}, { serviceName: SVC, name: "sales", targets: [] });
    expect(empty.failures?.[0].reason).to.equal("targets: needs at least one address");
  });

  it("compares the password with the fingerprint of the last one applied", async () => {
    const olds = { serviceName: SVC, name: `info@${SVC}`, entityId: "SRV1-1", usage: 0, quotaMax: 1, passwordHash: passwordFingerprint(PW1) };
    const news = { serviceName: SVC, name: `info@${SVC}` };
    expect(await boxCrud.diff("x", olds, { ...news, password: PW1 })).to.deep.include({ changes: false, replaces: [] });
    expect(await boxCrud.diff("x", olds, { ...news, password: PW2 })).to.deep.include({ changes: true, replaces: [] });
    expect((await boxCrud.diff("x", olds, { ...news, password: UNKNOWN })).changes).to.equal(true);
    expect((await boxCrud.diff("x", olds, { ...news, name: `sales@${SVC}`, password: PW1 })).replaces).to.deep.equal(["name"]);
  });
});

describe("MailBox and MailAlias (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  let pkgDir: string;
  const want: Record<string, Record<string, unknown>> = {
    box: { name: "Info", password: PW1 },
    alias: { name: `Sales@${SVC}`, targets: ["B@Example.org", "a@example.org", "b@example.org"] },
  };

  // The in-process world, unredacted (the control API redacts passwords), to see the one applied.
  const svcState = async () => h.emu.server.store.world.accounts[h.emu.apiUser].services[SVC] as any;
  const mailbox = async (address: string) => (await svcState()).mail.find((m: any) => m.name === address);
  const alias = async (address: string) => (await svcState()).mailalias.find((a: any) => a.name === address);

  before(async () => {
    // Installed once: the programs require the resource modules from node_modules, as users do.
    pkgDir = installPackage();
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = require(join(pkgDir, "dist/provider/resources/hosting-service/resource.js"));
      const { MailBox } = require(join(pkgDir, "dist/provider/resources/mail-box/resource.js"));
      const { MailAlias } = require(join(pkgDir, "dist/provider/resources/mail-alias/resource.js"));
      const svc = new HostingService("svc", { name: SVC, productKey: "mail" });
      const out: Record<string, unknown> = {};
      for (const [key, args] of Object.entries(want)) {
        const r = key.startsWith("box") ? new MailBox(key, { serviceName: svc.name, ...args }) : new MailAlias(key, { serviceName: svc.name, ...args });
        out[key] = r.id;
        out[`${key}Name`] = r.name;
      }
      return out;
    });
  });
  after(async () => h?.close());

  it("creates, then plans nothing and refreshes clean", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 4 });
    const up = await eng.stack.up();
    expect(up.outputs.box.value).to.match(/^mail-life\.example\/SRV\d+-\d+$/);
    expect(up.outputs.boxName.value).to.equal(`info@${SVC}`);
    expect(up.outputs.aliasName.value).to.equal(`sales@${SVC}`);
    expect((await mailbox(`info@${SVC}`)).password).to.equal(PW1);
    expect((await alias(`sales@${SVC}`)).target).to.deep.equal(["b@example.org", "a@example.org"]);
    const outs = outputsOf(eng, "box");
    expect(outs).to.not.have.property("password");
    expect(outs.passwordHash).to.have.property("ciphertext");
    expect(outs).to.include({ quotaMax: 2 * 1024 ** 3, usage: 0 });
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    expectNoPlaintext(eng, [PW1, h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [PW1, h.emu.apiPasswd])).to.equal(3);
  });

  it("changes the password and the targets in place", async () => {
    const before = await eng.stack.outputs();
    const ids = [before.box.value, before.alias.value];
    want.box.password = PW2;
    want.alias.targets = ["c@example.org", "a@example.org"];
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 2 });
    expect([up.outputs.box.value, up.outputs.alias.value]).to.deep.equal(ids);
    expect((await mailbox(`info@${SVC}`)).password).to.equal(PW2);
    expect((await alias(`sales@${SVC}`)).target).to.deep.equal(["c@example.org", "a@example.org"]);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [PW1, PW2]);
  });

  it("replaces on a new name", async () => {
    want.box.name = `contact@${SVC}`;
    want.alias.name = "ventas";
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, replace: 2 });
    const s = await svcState();
    expect(s.mail.map((m: any) => m.name)).to.deep.equal([`contact@${SVC}`]);
    expect(s.mail[0].password).to.equal(PW2);
    expect(s.mailalias.map((a: any) => [a.name, a.target])).to.deep.equal([[`ventas@${SVC}`, ["c@example.org", "a@example.org"]]]);
    await expectEmptyPlan(eng);
  });

  it("sees a mailbox deleted and targets changed outside; up repairs both", async () => {
    const { entityID: boxId } = await mailbox(`contact@${SVC}`);
    const { entityID: aliasId } = await alias(`ventas@${SVC}`);
    await h.client.call("service/maildelete", { serviceName: SVC, entityID: boxId });
    await h.client.call("service/mailaliasupdate", { serviceName: SVC, entityID: aliasId, target: ["x@example.net"] });
    expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 2, update: 1, delete: 1 });
    expect((await eng.stack.up()).summary.resourceChanges).to.deep.equal({ same: 2, update: 1, create: 1 });
    expect((await mailbox(`contact@${SVC}`)).password).to.equal(PW2);
    expect((await alias(`ventas@${SVC}`)).target).to.deep.equal(["c@example.org", "a@example.org"]);
    await expectEmptyPlan(eng);
  });

  it("refuses to take over an existing address without adopt, and adopts with it", async () => {
    await h.client.call("service/mailcreate", { serviceName: SVC, name: "postmaster", password: PW_OUTSIDE });
    await h.client.call("service/mailaliascreate", { serviceName: SVC, name: "abuse", target: ["old@example.net"] });
    want.box2 = { name: "postmaster", password: PW1 };
    const failed = await eng.stack.up().then(
      () => "succeeded",
      (e: Error) => e.message,
    );
    expect(failed).to.match(/mailbox postmaster@mail-life\.example already exists in service mail-life\.example; set adopt: true/);
    for (const pw of [PW1, PW_OUTSIDE]) expect(failed).to.not.include(pw);
    want.box2 = { name: "postmaster", password: PW1, adopt: true };
    want.alias2 = { name: "abuse", targets: ["abuse@example.org"], adopt: true };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 4, create: 2 });
    expect((await mailbox(`postmaster@${SVC}`)).password, "the program's password is set on the adopted mailbox").to.equal(PW1);
    expect((await alias(`abuse@${SVC}`)).target).to.deep.equal(["abuse@example.org"]);
    expect((await svcState()).mail).to.have.length(2);
    await expectEmptyPlan(eng);
    // Two mailboxes and two aliases refresh with one list call per family (the list cache).
    await h.emu.control.counters({ reset: true });
    await expectCleanRefresh(eng);
    const calls = (await h.emu.control.counters()).calls;
    expect([calls["service/maillist"], calls["service/mailaliaslist"]]).to.deep.equal([1, 1]);
    expectNoPlaintext(eng, [PW1, PW2, PW_OUTSIDE]);
  });

  it("destroy deletes every mailbox and alias; the service stays", async () => {
    expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 6 });
    const s = await svcState();
    expect(s.mail).to.deep.equal([]);
    expect(s.mailalias).to.deep.equal([]);
    expect(s.status).to.equal("active");
  });
});

describe("MailBox and DnsRecord on an IDN service (engine)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const IDN = "españa-idn.es";

  before(async () => {
    const pkgDir = installPackage();
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = require(join(pkgDir, "dist/provider/resources/hosting-service/resource.js"));
      const { MailBox } = require(join(pkgDir, "dist/provider/resources/mail-box/resource.js"));
      const { DnsRecord } = require(join(pkgDir, "dist/provider/resources/dns-record/resource.js"));
      // Written in upper case: every resource records the service's name as HostingService does.
      const svc = new HostingService("svc", { name: "ESPAÑA-IDN.es", productKey: "mini" });
      const box = new MailBox("box", { serviceName: svc.name, name: "info", password: PW1 });
      const rec = new DnsRecord("rec", { serviceName: svc.name, name: "café", type: "A", value: "192.0.2.7" });
      // The punycode spelling of the same service names the same zone (after the service exists).
      const apex = new DnsRecord("apex", { serviceName: svc.name.apply(() => "xn--espaa-idn-o6a.es"), name: "@", type: "TXT", value: "idn" });
      return { svc: svc.name, box: box.id, boxName: box.name, rec: rec.id, recName: rec.name, recRel: rec.relativeName, apex: apex.id };
    });
  });
  after(async () => h?.close());

  it("creates them under the Unicode name, then plans nothing and refreshes clean", async () => {
    const up = await eng.stack.up();
    expect(up.outputs.svc.value).to.equal(IDN);
    expect(up.outputs.box.value).to.match(/^españa-idn\.es\/SRV\d+-\d+$/);
    expect(up.outputs.boxName.value).to.equal(`info@${IDN}`);
    expect(up.outputs.rec.value).to.match(/^españa-idn\.es\/SRV\d+-\d+$/);
    expect(up.outputs.apex.value).to.match(/^españa-idn\.es\/SRV\d+-\d+$/);
    expect(up.outputs.recName.value).to.equal("xn--caf-dma.xn--espaa-idn-o6a.es");
    expect(up.outputs.recRel.value).to.equal("xn--caf-dma");
    const zone = ((await h.client.call("service/dnslist", { serviceName: IDN } as any)) as any).dns as { name: string; type: string; value: string }[];
    // One record per name: the zone was not doubled ("café.españa-idn.es.españa-idn.es").
    expect(zone.filter((r) => r.value === "192.0.2.7").map((r) => r.name)).to.have.length(1);
    expect(zone.filter((r) => r.type === "TXT" && r.value === "idn")).to.have.length(1);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
  });

  it("destroys the mailbox and the records", async () => {
    await eng.stack.destroy();
    const mail = ((await h.client.call("service/maillist", { serviceName: IDN } as any)) as any).mail as unknown[];
    const zone = ((await h.client.call("service/dnslist", { serviceName: IDN } as any)) as any).dns as { value: string }[];
    expect(mail).to.deep.equal([]);
    expect(zone.filter((r) => r.value === "192.0.2.7" || r.value === "idn")).to.deep.equal([]);
  });
});
