/**
 * examples/java-web through the generated Java SDK, installed as its users install it, and the real
 * engine with pulumi-language-java (v1.16.0, built from the Go module proxy by
 * scripts/ensure-pulumi-java.sh), against the emulator, on the plugin installed from its archive:
 * - sdks/java compiled with Maven against com.pulumi:pulumi 1.16.0 (Maven Central's artefacts from
 *   the cache of scripts/ensure-maven-repo.sh, into an empty local repository) and deployed to a
 *   release repository on loopback (file://);
 * - the example (a `pulumi new java` Maven project: a DnsZone, an A, a TXT and an MX DnsRecord, a
 *   MailBox whose password is secret config, a Redirect, checkDomain) resolving
 *   io.github.pulumidondominio:dondominio:0.1.0 by its coordinates from that repository into
 *   another empty local repository, run as `runtime: java` (the host runs `mvn compile exec:java`)
 *   by the CLI, driven by the Automation API on the project directory: up, an empty preview,
 *   refresh, an update in place (a TTL), a replace (the redirect's origin), destroy; the passwords
 *   0 times in the state.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EngineEvent, LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { javaHost } from "../../scripts/gen-sdks-elsewhere";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { engineEnv, ensurePulumi, REPO } from "../harness/engine";
import { deployJavaSdk, mavenSettings, mvn, whyNoJava } from "../packages/java";
import { hasGo } from "./yaml-project";

const ZONE = "java-web.example";
const MAIL_PW = "Jv-mail-secret-42";
const RESOURCES = ["web", "api", "verify", "backup-mx", "info", "moved"];
const REPLACE_STEPS = new Set(["replace", "create-replacement", "delete-replaced"]);
const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Each resource's step in an operation's events (a refresh's: whether its outputs moved). */
function stepsOf(events: EngineEvent[], refresh = false): Record<string, string> {
  const steps: Record<string, string> = {};
  const record = (type: string, urn: string, step: string) => {
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) return;
    const name = urn.slice(urn.lastIndexOf("::") + 2);
    if (steps[name] !== "replace") steps[name] = REPLACE_STEPS.has(step) ? "replace" : step;
  };
  for (const e of events) {
    const done = e.resOutputsEvent?.metadata;
    if (refresh && done) {
      const moved = !done.old || !done.new || JSON.stringify(done.old.outputs) !== JSON.stringify(done.new.outputs);
      record(done.type, done.urn, moved ? "update" : "same");
    }
    const pre = e.resourcePreEvent?.metadata;
    if (!refresh && pre) record(pre.type, pre.urn, pre.op);
  }
  return steps;
}
const changed = (steps: Record<string, string>) => Object.entries(steps).filter(([, op]) => op !== "same");

describe("examples/java-web: the Java SDK from a loopback Maven repository, run by pulumi-language-java, on the installed plugin", function () {
  this.timeout(1_800_000);
  let work: string;
  let project: string;
  let release: string;
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let stack: Stack;
  let env: Record<string, string>;

  /** One engine operation; its steps by resource. */
  const op = async (what: "up" | "preview" | "refresh" | "destroy") => {
    const events: EngineEvent[] = [];
    const t0 = Date.now();
    const onEvent = (e: EngineEvent) => events.push(e);
    let changes: Record<string, number> | undefined;
    if (what === "up") changes = (await stack.up({ onEvent })).summary.resourceChanges;
    else if (what === "preview") changes = (await stack.preview({ onEvent })).changeSummary;
    else if (what === "refresh") changes = (await stack.refresh({ onEvent })).summary.resourceChanges;
    else changes = (await stack.destroy({ onEvent })).summary.resourceChanges;
    console.log(`      ${what} (runtime: java): ${secs(t0)} ${JSON.stringify(changes)}`);
    return { changes: changes ?? {}, steps: stepsOf(events, what === "refresh") };
  };
  const dnslist = async () =>
    (((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, any>[]).map(
      (r) => `${r.name} ${r.type} ${r.value}${r.name.startsWith("api.") ? ` ttl=${r.ttl}` : ""}${r.type === "MX" ? ` priority=${r.priority}` : ""}`,
    );
  const redirects = async () => (((await client.call("service/redirectlist", { serviceName: ZONE } as any)) as any).redirect ?? []) as Record<string, any>[];
  const mailboxes = async () => (((await client.call("service/maillist", { serviceName: ZONE } as any)) as any).mail ?? []) as Record<string, any>[];
  const stateText = () => {
    const dir = join(work, "backend", ".pulumi", "stacks", "java-web");
    return readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith(".json")) ?? "dev.json"), "utf8");
  };

  before(async function () {
    const why = whyNoJava() ?? (hasGo() ? undefined : "Go is absent (pulumi-language-java is built from its Go module)");
    if (why) {
      console.log(`SKIPPED: ${why}`);
      this.skip();
    }
    work = mkdtempSync(join(tmpdir(), "dondominio-java-web-"));
    release = join(work, "release-repo");
    mkdirSync(join(work, "backend"));
    let t0 = Date.now();
    const host = javaHost();
    console.log(`      pulumi-language-java: ${host} (${secs(t0)})`);

    t0 = Date.now();
    const sdkBuild = mkdtempSync(join(work, "sdk-build-"));
    const jar = await deployJavaSdk(work, release, mavenSettings(sdkBuild, release));
    expect(existsSync(jar), jar).to.equal(true);
    console.log(`      sdks/java: mvn deploy (compile against com.pulumi:pulumi 1.16.0, jar) to the loopback repository: ${secs(t0)}`);

    t0 = Date.now();
    project = join(work, "project");
    cpSync(join(REPO, "examples", "java-web"), project, { recursive: true, filter: (src) => !/(target|Pulumi\.[^/]+\.yaml)$/.test(src) });
    const settings = mavenSettings(join(work, "consumer"), release);
    // What pulumi-language-java's `mvn` reads in the project: these settings (a user's ~/.m2/settings.xml).
    mkdirSync(join(project, ".mvn"));
    writeFileSync(join(project, ".mvn", "maven.config"), `-s\n${settings}\n`);
    const out = await mvn(settings, project, ["compile", "dependency:list", "-DincludeGroupIds=io.github.pulumidondominio"]);
    expect(out).to.match(/io\.github\.pulumidondominio:dondominio:jar:0\.1\.0:compile/);
    console.log(`      examples/java-web: dondominio 0.1.0 by its coordinates into an empty local repository, compiled: ${secs(t0)}`);

    env = { ...engineEnv(join(work, "backend")) };
    env.PATH = `${host}:${env.PATH}`;
    const archive = await buildPluginArchive({ outDir: work });
    const pulumiCommand = await PulumiCommand.get({ root: ensurePulumi(), skipVersionCheck: false });
    execFileSync(pulumiCommand.command, ["plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file], { env, stdio: "pipe" });
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "mini" } as any);
    stack = await LocalWorkspace.createOrSelectStack({ stackName: "dev", workDir: project }, { pulumiCommand, envVars: env });
    await stack.setAllConfig({
      zone: { value: ZONE },
      mailPassword: { value: MAIL_PW, secret: true },
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
    });
  });
  after(async () => {
    await emu?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("up creates the zone's records, three records, the mailbox and the redirect; checkDomain answers; no password in the state", async () => {
    const up = await op("up");
    expect(up.changes.create, "the stack and 6 resources").to.equal(7);
    expect(up.steps).to.deep.equal(Object.fromEntries(RESOURCES.map((r) => [r, "create"])));
    const live = await dnslist();
    expect(live).to.include.members([`shop.${ZONE} A 192.0.2.80`, `static.${ZONE} CNAME shop.${ZONE}`, `api.${ZONE} A 192.0.2.81 ttl=3600`]);
    expect(live).to.include.members([`${ZONE} TXT site-verification=java-web`, `${ZONE} MX mx2.example.net priority=20`]);
    expect((await mailboxes()).map((m) => m.name)).to.include(`info@${ZONE}`);
    expect((await redirects()).map((r) => r.origin)).to.include(`old.${ZONE}`);
    const outputs = await stack.outputs();
    expect(outputs.wanted.value).to.include({ name: "example-shop.com" }).and.to.have.keys("name", "available", "price", "currency");
    const state = stateText();
    expect(state.split(MAIL_PW).length - 1, "mail password in the state").to.equal(0);
    expect(state.split(emu.apiPasswd).length - 1, "API password in the state").to.equal(0);
  });

  it("a preview after up has no changes; refresh finds no drift", async () => {
    expect(changed((await op("preview")).steps)).to.deep.equal([]);
    const refresh = await op("refresh");
    expect(Object.keys(refresh.steps).sort(), "refresh read every resource").to.deep.equal([...RESOURCES].sort());
    expect(changed(refresh.steps)).to.deep.equal([]);
  });

  it("a new TTL updates the api record in place, and only it", async () => {
    await stack.setConfig("apiTtl", { value: "600" });
    expect(changed((await op("up")).steps)).to.deep.equal([["api", "update"]]);
    expect(await dnslist()).to.include(`api.${ZONE} A 192.0.2.81 ttl=600`);
  });

  it("a new origin replaces the redirect, and only it", async () => {
    await stack.setConfig("redirectFrom", { value: "older" });
    expect(changed((await op("up")).steps)).to.deep.equal([["moved", "replace"]]);
    expect((await redirects()).map((r) => r.origin))
      .to.include(`older.${ZONE}`)
      .and.not.include(`old.${ZONE}`);
  });

  it("destroy deletes what it made", async () => {
    const down = await op("destroy");
    expect(down.steps).to.deep.equal(Object.fromEntries(RESOURCES.map((r) => [r, "delete"])));
    expect((await dnslist()).filter((r) => /192\.0\.2\.8[01]|shop|verification|mx2/.test(r))).to.deep.equal([]);
    expect((await mailboxes()).map((m) => m.name)).to.not.include(`info@${ZONE}`);
    expect(await redirects()).to.deep.equal([]);
  });
});
