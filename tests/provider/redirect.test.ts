/**
 * Redirect: check rules (in process), then the lifecycle through the real engine on one Redirect &
 * Parking service: create (apex and subdomain origins), empty plan, clean refresh, destination and
 * type in place, replace on a new origin, a change made outside repaired, adopt, destroy and the
 * emulator's state afterwards. Run `npm run build` first.
 */
import { expect } from "chai";
import * as redirectCrud from "../../provider/resources/redirect/crud";
import { join } from "node:path";
import { type EngineStack, installPackage } from "../harness/engine";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness } from "./harness";

const SVC = "redir-life.example";

describe("Redirect check", () => {
  it("normalises the origin to the full name, the type to the API's spelling", async () => {
    const cases: [string, string][] = [
      ["@", SVC],
      [" Blog ", `blog.${SVC}`],
      [`WWW.${SVC}.`, `www.${SVC}`],
      [SVC, SVC],
      ["café", `xn--caf-dma.${SVC}`],
    ];
    for (const [origin, full] of cases) {
      const r = await redirectCrud.check({}, { serviceName: SVC, origin, destination: " https://Example.org/Path?q=1 ", type: 301 });
      expect(r.failures, origin).to.equal(undefined);
      expect(r.inputs, origin).to.deep.include({ origin: full, destination: "https://Example.org/Path?q=1", type: "301" });
    }
    expect((await redirectCrud.check({}, { serviceName: SVC, origin: "@", destination: "http://a.example", type: "FRAME" })).inputs.type).to.equal("frame");
  });

  it("names the field and the rule", async () => {
    const reasons = async (args: Record<string, unknown>) =>
      ((await redirectCrud.check({}, { serviceName: SVC, origin: "blog", destination: "https://a.example", type: "301", ...args })).failures ?? []).map(
        (f) => f.reason,
      );
    expect(await reasons({ origin: "blog.other.example." })).to.deep.equal([`origin: "blog.other.example." is not under the service's domain ${SVC}`]);
    expect(await reasons({ origin: "*.blog" })).to.deep.equal(['origin: "*.blog" is not a host name: labels of letters, digits, - and _ (no wildcard)']);
    expect(await reasons({ destination: "ftp://a.example" })).to.deep.equal([
      "destination: must be an http:// or https:// URL such as https://example.org/path",
    ]);
    expect(await reasons({ type: "307" })).to.deep.equal(["type: must be one of 301, 302, frame"]);
    expect(await reasons({ serviceName: "not a domain" })).to.have.length(1);
  });
});

describe("Redirect (engine lifecycle)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  let pkgDir: string;
  const want: Record<string, Record<string, unknown>> = {
    apex: { origin: "@", destination: "https://www.example.org/", type: "301" },
    blog: { origin: "Blog", destination: "https://blog.example.org/home", type: 302 },
  };

  const redirects = async () => ((await h.client.call("service/redirectlist", { serviceName: SVC })) as any).redirect as Record<string, string>[];
  const byOrigin = async (origin: string) => (await redirects()).find((r) => r.origin === origin);

  before(async () => {
    // Installed once: the programs require the resource modules from node_modules, as users do.
    pkgDir = installPackage();
    h = await startHarness();
    eng = await h.stack(async () => {
      const { HostingService } = require(join(pkgDir, "dist/provider/resources/hosting-service/resource.js"));
      const { Redirect } = require(join(pkgDir, "dist/provider/resources/redirect/resource.js"));
      const svc = new HostingService("svc", { name: SVC, productKey: "redir" });
      const out: Record<string, unknown> = {};
      for (const [key, args] of Object.entries(want)) {
        const r = new Redirect(key, { serviceName: svc.name, ...args });
        out[key] = r.id;
        out[`${key}Origin`] = r.origin;
      }
      return out;
    });
  });
  after(async () => h?.close());

  it("creates, then plans nothing and refreshes clean", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 4 });
    const up = await eng.stack.up();
    expect(up.outputs.blog.value).to.match(/^redir-life\.example\/SRV\d+-\d+$/);
    expect([up.outputs.apexOrigin.value, up.outputs.blogOrigin.value]).to.deep.equal([SVC, `blog.${SVC}`]);
    expect(await byOrigin(`blog.${SVC}`)).to.include({ destination: "https://blog.example.org/home", type: "302" });
    expect(await byOrigin(SVC)).to.include({ destination: "https://www.example.org/", type: "301" });
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(3);
  });

  it("changes destination and type in place, replaces on a new origin", async () => {
    const before = await eng.stack.outputs();
    want.apex = { ...want.apex, destination: "https://www.example.org/new", type: "frame" };
    want.blog = { ...want.blog, origin: `news.${SVC}` };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 1, replace: 1 });
    expect(up.outputs.apex.value).to.equal(before.apex.value);
    expect(up.outputs.blog.value).to.not.equal(before.blog.value);
    const live = await redirects();
    expect(live.map((r) => [r.origin, r.destination, r.type])).to.have.deep.members([
      [SVC, "https://www.example.org/new", "frame"],
      [`news.${SVC}`, "https://blog.example.org/home", "302"],
    ]);
    await expectEmptyPlan(eng);
  });

  it("sees a destination changed outside; up puts it back", async () => {
    const apex = (await byOrigin(SVC))!;
    await h.client.call("service/redirectupdate", { serviceName: SVC, entityID: apex.entityID, destination: "https://hijack.example.net/", type: "301" });
    expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 3, update: 1 });
    expect((await eng.stack.up()).summary.resourceChanges).to.deep.equal({ same: 3, update: 1 });
    expect(await byOrigin(SVC)).to.include({ entityID: apex.entityID, destination: "https://www.example.org/new", type: "frame" });
    await expectEmptyPlan(eng);
  });

  it("adopts a redirect of the same origin made outside; refuses without adopt", async () => {
    const made = (await h.client.call("service/redirectcreate", {
      serviceName: SVC,
      origin: "shop",
      destination: "https://old.example.net/",
      type: "301",
    })) as any;
    want.shop = { origin: "shop", destination: "https://shop.example.org/", type: "302" };
    const failed = await eng.stack.up().then(
      () => "succeeded",
      (e: Error) => e.message,
    );
    expect(failed).to.match(/a redirect of shop\.redir-life\.example already exists in service redir-life\.example; set adopt: true/);
    want.shop.adopt = true;
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 4, create: 1 });
    expect(up.outputs.shop.value).to.equal(`${SVC}/${made.redirect[0].entityID}`);
    expect(await byOrigin(`shop.${SVC}`)).to.include({ destination: "https://shop.example.org/", type: "302" });
    await expectEmptyPlan(eng);
  });

  it("destroy deletes every redirect; the service stays", async () => {
    expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 5 });
    const state = await h.emu.control.getState(h.emu.apiUser);
    expect(state.services[SVC].redirect).to.deep.equal([]);
    expect(state.services[SVC].status).to.equal("active");
  });
});
