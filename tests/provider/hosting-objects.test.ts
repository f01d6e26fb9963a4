/**
 * FtpAccount, Database and Subdomain through the real engine, sharing one emulator and one
 * HostingService (basic, created once by the stack): preview, up, empty plan, clean refresh with one
 * list call per family, in-place updates, replacements, drift made outside through the sdk and
 * repaired, adopt, errors at preview that never show the secret, destroy and the emulator's state
 * afterwards; no secret in plaintext in the state. Run `npm run build` first.
 */
import { expect } from "chai";
import { Ca, createCa } from "../../emulator/core/ca";
import { type EngineStack, loadInstalled } from "../harness/engine";
import {
  checkStoredProviders,
  expectCleanRefresh,
  expectEmptyPlan,
  expectNoPlaintext,
  type Harness,
  outputsOf,
  type ProviderModule as M,
  startHarness,
} from "./harness";

const SVC = "objects.example";
const OTHER = "objects-other.example";

describe("FtpAccount, Database, Subdomain (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const ca = new Ca(createCa());
  const cert1 = ca.issueServerCert([`blog.${SVC}`]);
  const cert2 = ca.issueServerCert([`blog.${SVC}`]);
  const ssl = (c: { certPem: string; keyPem: string }) => ({ sslCert: c.certPem, sslKey: c.keyPem, sslCertChain: ca.certPem, sslPath: "/ssl/blog" });
  const secrets = ["Ftp-Pass-0001", "Db-Pass-0001", "Ftp-Pass-0002", "Db-Pass-0002", "Outside-Pass-9", "Adopt-Pass-0001"];
  const keyBody = (pem: string) => pem.split(/\r?\n/)[2];

  const want: Record<string, Record<string, any> | undefined> = {
    ftp: { name: "site", ftpPath: "/public", password: secrets[0] },
    db: { password: secrets[1] },
    blog: { name: "Blog", ftpPath: "/blog", ssl: ssl(cert1) },
  };
  /** Live items through the sdk (the control state redacts passwords and keys). */
  const list = async (family: "ftp" | "ddbb" | "subdomain", serviceName = SVC) =>
    ((await h.client.call(`service/${family}list` as "service/ftplist", { serviceName })) as any)[family] as any[];
  const live = async (serviceName: string) => ({
    ftp: await list("ftp", serviceName),
    ddbb: await list("ddbb", serviceName),
    subdomain: await list("subdomain", serviceName),
  });
  const state = async (): Promise<Record<string, any>> => ({ [SVC]: await live(SVC), [OTHER]: await live(OTHER) });

  before(async () => {
    h = await startHarness();
    await h.client.call("service/create", { serviceName: OTHER, productkey: "mini" });
    eng = await h.stack(async () => {
      // Each class from its own module of the installed package (the package entry re-exports them;
      // loading them directly keeps this test independent of resources added beside them).
      const { HostingService } = loadInstalled<M>("dist/provider/resources/hosting-service/resource.js");
      const { FtpAccount } = loadInstalled<M>("dist/provider/resources/ftp-account/resource.js");
      const { Database } = loadInstalled<M>("dist/provider/resources/database/resource.js");
      const { Subdomain } = loadInstalled<M>("dist/provider/resources/subdomain/resource.js");
      const web = new HostingService("web", { name: SVC, productKey: "basic" });
      const out: Record<string, unknown> = {};
      const make: Record<string, (k: string, a: any) => { id: unknown }> = {
        ftp: (k, a) => new FtpAccount(k, a),
        legacy: (k, a) => new FtpAccount(k, a),
        db: (k, a) => new Database(k, a),
        blog: (k, a) => new Subdomain(k, a),
        old: (k, a) => new Subdomain(k, a),
      };
      for (const [k, args] of Object.entries(want)) if (args) out[k] = make[k](k, { serviceName: web.name, ...args }).id;
      return out;
    });
  });
  after(async () => h?.close());

  it("creates the three objects, then plans and refreshes nothing (one list call per family)", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 5 });
    const up = await eng.stack.up();
    expect(up.summary.result).to.equal("succeeded");
    expect(up.outputs.ftp.value).to.match(/^objects\.example\/SRV\d+-\d+$/);
    const svc = (await state())[SVC];
    expect(svc.ftp).to.deep.equal([{ entityID: String(up.outputs.ftp.value).split("/")[1], name: "site", ftpPath: "/public", password: secrets[0] }]);
    expect(svc.ddbb[0]).to.include({ password: secrets[1], externalAccess: false });
    expect(svc.subdomain[0]).to.include({ name: `blog.${SVC}`, ftpPath: "/blog" });
    expect(svc.subdomain[0].ssl.sslCertChain).to.equal(ca.certPem.replace(/\r\n/g, "\n").trim());
    // PEM line ends are normalised before sending, so what the API stores compares equal afterwards.
    expect(svc.subdomain[0].ssl.sslKey).to.equal(cert1.keyPem.replace(/\r\n/g, "\n").trim());
    expect(outputsOf(eng, "db"))
      .to.have.property("name")
      .that.matches(/^db\d+_\d+$/);
    await expectEmptyPlan(eng);
    await h.emu.control.counters({ reset: true });
    await expectCleanRefresh(eng);
    const calls = (await h.emu.control.counters()).calls as Record<string, number>;
    expect(calls).to.include({ "service/ftplist": 1, "service/ddbblist": 1, "service/subdomainlist": 1 });
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [...secrets, keyBody(cert1.keyPem), h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(4);
  });

  it("refuses bad inputs at preview, naming the field and never the secret", async () => {
    // The engine stops at the first resource whose check fails: one bad input per preview.
    const failure = async (key: string, args: Record<string, any>) => {
      const saved = want[key];
      want[key] = { ...saved, ...args };
      try {
        return String(
          await eng.stack.preview().then(
            () => "no error",
            (e: Error) => e.message,
          ),
        );
      } finally {
        want[key] = saved;
      }
    };
    const bad = await failure("ftp", { password: "short 1" });
    expect(bad).to.include("password: must be 8 to 64 printable ASCII characters");
    expect(bad).not.to.include("short 1");
    const mismatch = await failure("blog", { ssl: { ...ssl(cert1), sslKey: cert2.keyPem } });
    expect(mismatch).to.include("ssl.sslKey: does not belong to ssl.sslCert");
    expect(mismatch).not.to.include(keyBody(cert2.keyPem));
    await expectEmptyPlan(eng);
  });

  it("updates ftpPath, passwords, externalAccess and the certificate in place", async () => {
    const ids = (await eng.stack.outputs()) as Record<string, { value: string }>;
    want.ftp = { ...want.ftp, ftpPath: " /public/www ", password: secrets[2] };
    want.db = { password: secrets[3], externalAccess: true };
    want.blog = { ...want.blog, ftpPath: "/blog/v2", ssl: ssl(cert2) };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 3 });
    for (const k of ["ftp", "db", "blog"]) expect(up.outputs[k].value).to.equal(ids[k].value);
    const svc = (await state())[SVC];
    expect(svc.ftp[0]).to.include({ ftpPath: "/public/www", password: secrets[2] });
    expect(svc.ddbb[0]).to.include({ password: secrets[3], externalAccess: true });
    expect(svc.subdomain[0].ftpPath).to.equal("/blog/v2");
    expect(svc.subdomain[0].ssl.sslCert).to.equal(cert2.certPem.replace(/\r\n/g, "\n").trim());
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [...secrets, keyBody(cert2.keyPem)]);
  });

  it("replaces on a new FTP name, a new subdomain name and a new service for the database", async () => {
    want.ftp = { ...want.ftp, name: "site2" };
    want.blog = { name: `www2.${SVC}`, ftpPath: "/blog/v2" };
    // The database moves to another service (an explicit serviceName overrides web.name).
    want.db = { ...want.db, serviceName: OTHER };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, replace: 3 });
    const all = await state();
    expect(all[SVC].ftp.map((f: any) => f.name)).to.deep.equal(["site2"]);
    expect(all[SVC].subdomain.map((s: any) => s.name)).to.deep.equal([`www2.${SVC}`]);
    expect(all[SVC].ddbb).to.deep.equal([]);
    expect(all[OTHER].ddbb).to.have.length(1);
    expect(up.outputs.db.value).to.match(/^objects-other\.example\//);
    await expectEmptyPlan(eng);
  });

  it("sees changes made outside on refresh and repairs them on the next up", async () => {
    const [, ftpId] = String((await eng.stack.outputs()).ftp.value).split("/");
    const [, dbId] = String((await eng.stack.outputs()).db.value).split("/");
    const [, subId] = String((await eng.stack.outputs()).blog.value).split("/");
    await h.client.call("service/ftpupdate", { serviceName: SVC, entityID: ftpId, ftpPath: "/elsewhere", password: secrets[4] });
    await h.client.call("service/ddbbupdate", { serviceName: OTHER, entityID: dbId, password: secrets[3], externalAccess: false });
    await h.client.call("service/subdomaindelete", { serviceName: SVC, entityID: subId });
    const refresh = await eng.stack.refresh();
    expect(refresh.summary.resourceChanges).to.deep.equal({ same: 2, update: 2, delete: 1 });
    // The outside password is now in the state, encrypted like the others.
    expectNoPlaintext(eng, secrets);
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 2, create: 1 });
    const all = await state();
    expect(all[SVC].ftp[0]).to.include({ entityID: ftpId, ftpPath: "/public/www", password: secrets[2] });
    expect(all[OTHER].ddbb[0]).to.include({ entityID: dbId, externalAccess: true });
    expect(all[SVC].subdomain.map((s: any) => s.name)).to.deep.equal([`www2.${SVC}`]);
    await expectEmptyPlan(eng);
  });

  it("adopts an FTP account and a subdomain made outside (a clear error without adopt)", async () => {
    const ftp = (await h.client.call("service/ftpcreate", { serviceName: SVC, name: "legacy", ftpPath: "/legacy", password: "Legacy-Pass-1" })) as any;
    const sub = (await h.client.call("service/subdomaincreate", { serviceName: SVC, name: "old", ftpPath: "/old" })) as any;
    want.legacy = { name: "Legacy", ftpPath: "/legacy", password: secrets[5] };
    const err = String(
      await eng.stack.up().then(
        () => "no error",
        (e: Error) => e.message,
      ),
    );
    expect(err).to.match(/FTP account named legacy already exists .*adopt: true/);
    want.legacy.adopt = true;
    want.old = { name: `old.${SVC}`, ftpPath: "/old", adopt: true };
    const up = await eng.stack.up();
    expect(up.outputs.legacy.value).to.equal(`${SVC}/${ftp.ftp[0].entityID}`);
    expect(up.outputs.old.value).to.equal(`${SVC}/${sub.subdomain[0].entityID}`);
    const svc = (await state())[SVC];
    expect(svc.ftp.find((f: any) => f.name === "legacy").password).to.equal(secrets[5]);
    expect(svc.subdomain).to.have.length(2);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [...secrets, "Legacy-Pass-1"]);
  });

  it("destroy deletes every object; the service is forgotten, not deleted", async () => {
    expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 7 });
    const all = await state();
    for (const name of [SVC, OTHER]) {
      expect([all[name].ftp, all[name].ddbb, all[name].subdomain]).to.deep.equal([[], [], []]);
    }
  });
});
