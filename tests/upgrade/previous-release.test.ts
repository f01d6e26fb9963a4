/**
 * Upgrading in place (issue 20, "Done when"): a stack applied with the previous release's packed
 * package (tests/fixtures/previous-release, made by scripts/pack-previous-release.sh from ca2d0c3,
 * main before issue 28's one lifecycle; before it, 676028b, main before the descriptors
 * restructuring) keeps working once the current build is installed in its place, through the real
 * engine and the emulator.
 *
 * What runs where across the versions (@pulumi/pulumi cmd/dynamic-provider): every resource's state
 * holds its provider as the text `require("pulumi-dondominio/dist/provider/resources/<r>/crud.js")`,
 * written by the release that created it. `refresh` (read) and `delete` load the provider from that
 * stored text, so after the upgrade they run the NEW package's module found at the OLD path: a
 * moved crud.js makes them fail ("Cannot find module"), and a resource removed from the program
 * could no longer be deleted. `check`, `diff` and `update` load the provider the new program
 * serializes, against the state the old release wrote: a renamed or re-normalised state field shows
 * as an update (or a replace, with money spent) in the first plan after the upgrade. An `up` with
 * no change writes the new provider text into the state (a "same" step) without calling the API.
 *
 * So: apply with the old package (and see its own refresh and plan empty, so that what follows is
 * the upgrade's doing); install the new one in place; every stored provider text loads under it;
 * refresh changes nothing; preview plans nothing; up makes no write call and spends nothing; the
 * state then holds the new provider texts. Seen red: mail-box/crud.ts moved (the stored text no
 * longer loads; the engine's refresh fails the same way, while a preview alone would pass) and a
 * Contact output renamed (the engine counts that refresh as "same": hence the outputs compared
 * field by field). Run `npm run build` first; UPGRADE_VERBOSE=1 prints the engine's output.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { join } from "node:path";
import { installPackage, REPO, WORK_ROOT, type EngineStack } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { activeDomain } from "../provider/active-domain";
import { countCalls, type Harness, OWNER, outputsOf, startHarness, writeCalls } from "../provider/harness";

const FIXTURE_DIR = join(REPO, "tests", "fixtures", "previous-release");
const SVC = "upgrade-example.com";
const ZONE_SVC = "upgrade-zone.com";
const NEW_DOMAIN = "upgrade-new.com";
const PW = "Upgr4de-Secret-pw";
const SHA256 = "e2d3c916f6deeac73294e8268fb5885044a833fc5459588f4a9184cfc41a5766";

/** Every resource type of the previous release that a program can create against the emulator. */
const TYPES = [
  "Contact",
  "Domain",
  "HostingService",
  "DnsRecord",
  "DnsZone",
  "MailBox",
  "MailAlias",
  "Redirect",
  "FtpAccount",
  "Database",
  "Subdomain",
  "GlueRecord",
  "DnssecKey",
  "SslCertificate",
  "SslCertificateValidation",
];

function fixtureTarball(): string {
  const tgz = readdirSync(FIXTURE_DIR).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`no packed package in ${FIXTURE_DIR}: run scripts/pack-previous-release.sh`);
  return join(FIXTURE_DIR, tgz);
}

/** The engine's output on stderr when UPGRADE_VERBOSE is set. */
const V: any = process.env.UPGRADE_VERBOSE ? { onOutput: (s: string) => process.stderr.write(s) } : {};
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** State values with each secret as "[secret]": its ciphertext changes whenever it is written again. */
function maskSecrets(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(maskSecrets);
  if (v && typeof v === "object") {
    if (SECRET_SIG in v) return "[secret]";
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskSecrets(x)]));
  }
  return v;
}

/**
 * The stack's resources of this package, from the state file: URN -> type, the stored provider text
 * and the outputs (without the provider text, secrets masked).
 */
function dynamicResources(eng: EngineStack): Map<string, { type: string; provider: string; outputs: Record<string, unknown> }> {
  const resources: any[] = JSON.parse(eng.readStateFile()).checkpoint?.latest?.resources ?? [];
  const out = new Map<string, { type: string; provider: string; outputs: Record<string, unknown> }>();
  for (const r of resources) {
    if (!String(r.type).startsWith("pulumi-nodejs:dynamic/dondominio:")) continue;
    const { __provider, ...outputs } = r.outputs;
    out.set(r.urn, {
      type: String(r.type).split(":").pop() as string,
      provider: r.inputs.__provider,
      outputs: maskSecrets(outputs) as Record<string, unknown>,
    });
  }
  return out;
}

describe("upgrade from the previous release (engine, every resource)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  let root: string;
  let pkgDir: string;
  const balance = async () => Number((await h.client.call("account/info")).balance);
  const cert = keyAndCsr(`www.${SVC}`);

  /** The package installed under `root` now (old or new); modules loaded before a swap are forgotten. */
  const pkg = () => require(join(pkgDir, "dist/provider/index.js"));
  function installInPlace(fill: (target: string) => void): void {
    for (const key of Object.keys(require.cache)) if (key.startsWith(`${pkgDir}/`)) delete require.cache[key];
    // Node also remembers what a relative require resolved to (Module._pathCache): the previous
    // release's functions/check-domain.js is the current one's functions/check-domain/index.js. A
    // user's next run is a new process; this one must forget the old files too.
    const pathCache = (Module as unknown as { _pathCache?: Record<string, string> })._pathCache ?? {};
    for (const [key, file] of Object.entries(pathCache)) if (file.startsWith(`${pkgDir}/`)) delete pathCache[key];
    rmSync(pkgDir, { recursive: true, force: true });
    mkdirSync(pkgDir, { recursive: true });
    fill(pkgDir);
  }

  before(async () => {
    if (!existsSync(join(REPO, "dist", "sdk"))) throw new Error("dist/ is missing: run `npm run build` first");
    mkdirSync(WORK_ROOT, { recursive: true });
    // A root of its own: the other engine tests share WORK_ROOT's installed package.
    root = mkdtempSync(join(WORK_ROOT, "..", "upgrade-"));
    pkgDir = join(root, "node_modules", "pulumi-dondominio");
    // A project's own package.json, as users have: without it the nearest is this repository's, and
    // Node's self-reference would resolve "pulumi-dondominio" to the source tree's dist/.
    writeFileSync(join(root, "package.json"), `${JSON.stringify({ name: "upgrade-test", private: true })}\n`);
    installInPlace((target) => execFileSync("tar", ["-xzf", fixtureTarball(), "-C", target, "--strip-components=1"]));

    h = await startHarness();
    await activeDomain(h, SVC);
    // Delegated to the zone hosted here, where the emulator's CA looks for the validation record.
    await h.client.call("domain/updatenameservers", { domain: SVC, nameservers: ["default"] } as never);
    await h.client.call("service/create", { serviceName: ZONE_SVC, productkey: "redir" } as never);
    eng = await h.stack(
      async () => {
        const p = pkg();
        const owner = new p.Contact("owner", { ...OWNER });
        // Registered without waiting for it (the emulator completes it in its own time).
        new p.Domain("site", { name: NEW_DOMAIN, contacts: { owner: owner.contactId }, waitFor: "submitted" });
        // The spellings the previous release recorded as they were given ("default") and that are
        // one list now (issue 29: nameservers ["default"]).
        new p.Domain("adopted", { name: SVC, registration: "adopt", nameservers: "default", tags: "web, upgrade" });
        const web = new p.HostingService("web", { name: SVC, productKey: "basic" });
        new p.DnsRecord("app", { serviceName: web.name, name: "app", type: "A", value: "192.0.2.10" });
        new p.DnsZone("zone", {
          serviceName: ZONE_SVC,
          records: [
            { name: "@", type: "MX", value: "mx.example.net.", priority: 10 },
            { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=none" },
          ],
          purge: false,
        });
        new p.MailBox("box", { serviceName: web.name, name: "info", password: PW });
        new p.MailAlias("alias", { serviceName: web.name, name: "sales", targets: ["a@example.org"] });
        new p.Redirect("redirect", { serviceName: web.name, origin: "old", destination: "https://example.org/", type: "301" });
        new p.FtpAccount("ftp", { serviceName: web.name, name: "site", ftpPath: "/public", password: PW });
        new p.Database("db", { serviceName: web.name, password: PW });
        new p.Subdomain("blog", { serviceName: web.name, name: "blog", ftpPath: "/blog" });
        new p.GlueRecord("ns1", { domain: SVC, name: "ns1", ipv4: "192.0.2.53" });
        new p.DnssecKey("ksk", { domain: SVC, keytag: 2371, algorithm: 13, digesttype: 2, digest: SHA256 });
        const c = new p.SslCertificate("cert", { productId: 101, csr: cert.csr, privateKey: cert.key, adminContact: OWNER, validationMethod: "dns" });
        const r = c.validationRecords.apply((l: any[]) => l[0]);
        const dcv = new p.DnsRecord("dcv", { serviceName: web.name, name: r.name, type: r.type, value: r.value });
        new p.SslCertificateValidation("issued", { certificateId: c.certificateId, validationRecordIds: [dcv.id] }, { customTimeouts: { create: "60s" } });
      },
      {},
      { workRoot: root, installPackage: false },
    );
  });
  after(async () => {
    await h?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("the fixture is one packed package, small", () => {
    const tgz = fixtureTarball();
    expect(statSync(tgz).size, tgz).to.be.lessThan(1.5 * 1024 * 1024);
    expect(readFileSync(join(FIXTURE_DIR, "COMMIT"), "utf8")).to.match(/^[0-9a-f]{40}\n$/);
  });

  it("applies with the previous release, whose own refresh and plan are empty", async () => {
    const up = await eng.stack.up(V);
    expect(up.summary.result).to.equal("succeeded");
    expect(outputsOf(eng, "issued")).to.include({ status: "valid" });
    const types = [...dynamicResources(eng).values()].map((r) => r.type);
    expect([...new Set(types)].sort()).to.deep.equal([...TYPES].sort());
    // The first refresh takes in what the clock did (the registration completed); the second is the control.
    await eng.stack.refresh(V);
    const r = await eng.stack.refresh(V);
    const { same, ...rest } = r.summary.resourceChanges as Record<string, number>;
    expect(rest, "the previous release's own refresh").to.deep.equal({});
    expect(same).to.equal(types.length + 1);
    const { same: s2, ...planned } = (await eng.stack.preview(V)).changeSummary as Record<string, number>;
    expect(planned, "the previous release's own plan").to.deep.equal({});
    expect(s2).to.equal(types.length + 1);
  });

  it("with the new package in place: the stored providers load, refresh and plan are empty, up writes and spends nothing", async () => {
    const before = dynamicResources(eng);
    installInPlace((target) => cpSync(installPackage(), target, { recursive: true }));

    // Each provider text the old release stored (what refresh and delete run) loads under the new package.
    const requireFromString = require("require-from-string");
    for (const [urn, r] of before) {
      expect(r.provider, urn).to.match(/require\("pulumi-dondominio\/dist\/provider\/resources\/[a-z-]+\/crud\.js"\)/);
      const provider = requireFromString(r.provider, join(eng.workDir, "provider.js")).handler();
      for (const fn of ["check", "diff", "create", "read", "update", "delete", "configure"]) expect(provider[fn], `${urn}: ${fn}`).to.be.a("function");
    }

    // The plan on the old state, before any refresh: empty (the definitions' upgradeState reads what
    // the old release recorded in this release's form).
    const first = await eng.stack.preview({ diff: true });
    const { same: sameFirst, ...plannedFirst } = first.changeSummary as Record<string, number>;
    expect(plannedFirst, `the plan on the old state:\n${first.stdout}`).to.deep.equal({});
    expect(sameFirst).to.equal(before.size + 1);

    const start = await balance();
    const refresh = await countCalls(h, () => eng.stack.refresh(V));
    const { same, ...changed } = refresh.result.summary.resourceChanges as Record<string, number>;
    // One output re-spelled: the old release recorded nameservers "default", read now as ["default"].
    expect(changed, "refresh after the upgrade").to.deep.equal({ update: 1 });
    expect(same).to.equal(before.size);
    expect(writeCalls(refresh.calls)).to.deep.equal({});
    // Outputs read by the new package equal those the old one wrote, field by field, but that one.
    const refreshed = dynamicResources(eng);
    const respelled = [...before].find(([urn]) => urn.endsWith("::adopted"));
    expect(respelled?.[1].outputs, "the old release's record").to.include({ nameservers: "default" });
    for (const [urn, r] of before) {
      const want = urn === respelled?.[0] ? { ...r.outputs, nameservers: ["default"] } : r.outputs;
      expect(refreshed.get(urn)?.outputs, urn).to.deep.equal(want);
    }

    const preview = await eng.stack.preview({ diff: true });
    const { same: unchanged, ...planned } = preview.changeSummary as Record<string, number>;
    expect(planned, `the first plan after the upgrade:\n${preview.stdout}`).to.deep.equal({});
    expect(unchanged).to.equal(before.size + 1);

    const up = await countCalls(h, () => eng.stack.up(V));
    const { same: kept, ...applied } = up.result.summary.resourceChanges as Record<string, number>;
    expect(applied).to.deep.equal({});
    expect(kept).to.equal(before.size + 1);
    expect(writeCalls(up.calls), "write calls of the first up after the upgrade").to.deep.equal({});
    expect(await balance()).to.equal(start);

    // The state now holds the new package's provider texts, at the same module paths; the outputs are those refresh read.
    const after = dynamicResources(eng);
    const crudPath = (text: string | undefined) => /require\("(pulumi-dondominio\/dist\/provider\/resources\/[a-z-]+\/crud\.js)"\)/.exec(text ?? "")?.[1];
    for (const [urn, r] of before) {
      expect(after.get(urn)?.outputs, urn).to.deep.equal(refreshed.get(urn)?.outputs);
      expect(crudPath(after.get(urn)?.provider), urn)
        .to.be.a("string")
        .and.equal(crudPath(r.provider));
    }
  });
});
