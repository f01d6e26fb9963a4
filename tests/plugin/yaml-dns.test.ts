/**
 * The provider plugin (bin/pulumi-resource-dondominio) through the real engine, driven by a Pulumi
 * YAML program (examples/yaml-dns) with the plain CLI and the YAML language host
 * (scripts/ensure-pulumi-yaml.sh), against the emulator: up, an empty preview, refresh, `pulumi
 * import` of a record made outside, destroy, then a second stack's first up. The API password, set
 * with `config set --secret`, is counted in the state after each run and in the output of each kind
 * of run at `-v=9 --logtostderr`: 0 times in the state and in any line of the plugin or of a
 * resource operation; the engine's own log lines of the provider's config are counted per kind of
 * run (ENGINE_LINES, the figures README states). Run `npm run build` first. Skipped (saying so)
 * only when Go, needed to build the language host, is absent.
 */
import { expect } from "chai";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { copyExample } from "../harness/engine";
import { skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "yaml-dns.example";

const count = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * Lines of `pulumi <run> -v=9 --logtostderr` that hold the password, per kind of run (Pulumi 3.250,
 * measured here; README "Secrets and Pulumi's own logs" states them through
 * scripts/readme-figures.ts). All are the engine's own log of the provider resource's config, per
 * provider instance it loads: CheckConfig's news (and olds once the state has the provider) and
 * the two inputs it unmarshals back, DiffConfig's three (state only), the planner's decision, and
 * Configure's two; a refresh or a destroy only configures. A run with its preview loads the
 * provider twice. None comes from the plugin or names a resource.
 */
const ENGINE_LINES = {
  newStackPreview: 6,
  newStackUpSkipPreview: 6,
  newStackUp: 12,
  preview: 10,
  upSkipPreview: 10,
  up: 20,
  refresh: 4,
  refreshSkipPreview: 2,
  destroy: 4,
  destroySkipPreview: 2,
};
type RunKind = keyof typeof ENGINE_LINES;

/** The engine's log lines about the provider resource's config (the only lines allowed to hold the password). */
const ENGINE_OWN =
  /"msg":"((Un)?[Mm]arshaling property for RPC\[Provider\[\w+\]\.((CheckConfig|DiffConfig)\(urn:pulumi:\w+::yaml-dns::pulumi:providers:dondominio::default\)|Configure\(\))\.\w+\]: |Planner decided (to create|not to update) 'urn:pulumi:\w+::yaml-dns::pulumi:providers:dondominio::default')/;

describe("plugin: examples/yaml-dns through the engine", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  let dir: string;
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const pulumiRun = (...args: string[]) => project.pulumiRun(...args);
  const measured: Partial<Record<RunKind, number>> = {};
  /** The values of the records this test makes (the zone also has the emulator's own). */
  const ours = ["192.0.2.44", "192.0.2.45", "site-verification=yaml-dns", "made elsewhere"];
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];

  before(async function () {
    skipWithoutGo(this);
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    project = await yamlProject((target, pluginDir) => {
      copyExample("yaml-dns", target);
      // The plugin as users install it: the packed package's bin/.
      const text = readFileSync(join(target, "Pulumi.yaml"), "utf8").replace("path: ../../bin", `path: ${pluginDir}`);
      writeFileSync(join(target, "Pulumi.yaml"), text);
    });
    dir = project.dir;
    await pulumi("config", "set", "zone", ZONE);
    await project.configureEmulator(emu);
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  /**
   * `pulumi <args> -v=9 --logtostderr`: the password is in no line but the engine's own config log
   * (ENGINE_OWN), in ENGINE_LINES[kind] of those, and 0 times in the state afterwards.
   */
  const verbose = async (kind: RunKind, ...args: string[]) => {
    const t0 = Date.now();
    const out = await pulumi(...args, "-v=9", "--logtostderr");
    // The output is the verbose log indeed (not vacuous: a run without -v=9 has no such lines).
    expect(out, `${kind}: the -v=9 log`).to.match(/"v":9}/);
    const lines = out.split("\n").filter((l) => l.includes(emu.apiPasswd));
    const masked = (ls: string[]) => ls.map((l) => l.split(emu.apiPasswd).join("<PASSWORD>"));
    expect(masked(lines.filter((l) => !ENGINE_OWN.test(l))), `${kind}: the password outside the engine's config log lines`).to.deep.equal([]);
    console.log(`      pulumi ${args.join(" ")} -v=9: ${((Date.now() - t0) / 1000).toFixed(1)} s, the password in ${lines.length} engine lines`);
    measured[kind] = lines.length;
    expect(lines.length, `${kind}: the engine's lines holding the password:\n${masked(lines).join("\n")}`).to.equal(ENGINE_LINES[kind]);
    expect(count(await pulumi("stack", "export"), emu.apiPasswd), `${kind}: the password in the state`).to.equal(0);
    return out;
  };

  it("a new stack's preview and first up create the records; the password is only in the engine's own config lines of the -v=9 output, 0 times in the state", async () => {
    expect(await verbose("newStackPreview", "preview")).to.include("dondominio:index:DnsRecord");
    expect(
      (await dnslist()).filter((r) => ours.includes(r.value)),
      "a preview writes nothing",
    ).to.deep.equal([]);
    const out = await verbose("newStackUpSkipPreview", "up", "--yes", "--skip-preview");
    expect(out).to.include("dondominio:index:DnsRecord");
    const records = await dnslist();
    expect(records.map((r) => `${r.name} ${r.type} ${r.value}`)).to.include.members([`www.${ZONE} A 192.0.2.44`, `${ZONE} TXT site-verification=yaml-dns`]);
  });

  it("a second preview has no changes, and so has one after a refresh", async () => {
    await verbose("preview", "preview", "--expect-no-changes");
    await verbose("refresh", "refresh", "--yes", "--expect-no-changes");
    await pulumi("preview", "--expect-no-changes");
  });

  /** The steps a preview plans (`pulumi preview --json`): op and diff per resource name, same steps left out. */
  const plan = async () => {
    const out = JSON.parse((await pulumiRun("preview", "--json")).stdout) as {
      steps?: { op: string; urn: string; diffReasons?: string[]; replaceReasons?: string[] }[];
    };
    return (out.steps ?? [])
      .filter((s) => s.op !== "same")
      .map((s) => ({ name: s.urn.split("::").pop(), op: s.op, diff: s.diffReasons ?? [], replace: s.replaceReasons ?? [] }));
  };
  const editProgram = (from: string, to: string) => {
    const file = join(dir, "Pulumi.yaml");
    const text = readFileSync(file, "utf8");
    expect(text).to.include(from);
    writeFileSync(file, text.replace(from, to));
  };

  it("drift made outside shows after a refresh (Read returns the live inputs) and up repairs it", async () => {
    const www = (await dnslist()).find((r) => r.value === "192.0.2.44");
    await client.call("service/dnsupdate", { serviceName: ZONE, entityID: www?.entityID, value: "192.0.2.99", ttl: 3600 } as any);
    await verbose("refreshSkipPreview", "refresh", "--yes", "--skip-preview");
    expect(await plan()).to.deep.equal([{ name: "www", op: "update", diff: ["value"], replace: [] }]);
    await verbose("up", "up", "--yes");
    expect((await dnslist()).map((r) => r.value))
      .to.include("192.0.2.44")
      .and.not.include("192.0.2.99");
    await pulumi("preview", "--expect-no-changes");
  });

  it("a changed value updates in place; a changed name replaces", async () => {
    editProgram("value: 192.0.2.44", "value: 192.0.2.45");
    editProgram('name: "@"', "name: verify");
    expect(await plan()).to.have.deep.members([
      { name: "www", op: "update", diff: ["value"], replace: [] },
      { name: "verification", op: "replace", diff: ["name"], replace: ["name"] },
    ]);
    await verbose("upSkipPreview", "up", "--yes", "--skip-preview");
    const live = (await dnslist()).map((r) => `${r.name} ${r.value}`);
    expect(live).to.include.members([`www.${ZONE} 192.0.2.45`, `verify.${ZONE} site-verification=yaml-dns`]);
    expect(live).to.not.include(`${ZONE} site-verification=yaml-dns`);
    await pulumi("preview", "--expect-no-changes");
  });

  it("pulumi import takes a record made outside from its id alone, with inputs that pass check", async () => {
    const made = (await client.call("service/dnscreate", { serviceName: ZONE, name: "outside", type: "TXT", value: "made elsewhere" } as any)) as any;
    const entityId = made.dns?.[0]?.entityID ?? made.entityID;
    expect(entityId, JSON.stringify(made)).to.be.a("string");
    await pulumi("import", "dondominio:index:DnsRecord", "outside", `${ZONE}/${entityId}`, "--yes", "--protect=false");
    const state = JSON.parse((await pulumiRun("stack", "export")).stdout);
    const imported = state.deployment.resources.find((r: any) => r.urn.endsWith("::outside"));
    expect(imported.inputs).to.include({ serviceName: ZONE, type: "TXT", value: "made elsewhere" });
  });

  it("destroy deletes every record, the imported one included", async () => {
    expect((await dnslist()).filter((r) => ours.includes(r.value)).map((r) => r.value)).to.have.members([
      "192.0.2.45",
      "site-verification=yaml-dns",
      "made elsewhere",
    ]);
    await verbose("destroy", "destroy", "--yes");
    expect((await dnslist()).filter((r) => ours.includes(r.value))).to.deep.equal([]);
  });

  it("a second stack's first up (with its preview) creates the records, and a destroy --skip-preview deletes them", async () => {
    await pulumi("stack", "init", "second");
    await pulumi("config", "set", "zone", ZONE);
    await project.configureEmulator(emu);
    await verbose("newStackUp", "up", "--yes");
    expect((await dnslist()).filter((r) => ours.includes(r.value))).to.have.length(2);
    await verbose("destroySkipPreview", "destroy", "--yes", "--skip-preview");
    expect((await dnslist()).filter((r) => ours.includes(r.value))).to.deep.equal([]);
  });

  it("every kind of run was measured", () => {
    console.log(`      the engine's lines holding the password at -v=9: ${JSON.stringify(measured)}`);
    expect(measured).to.deep.equal(ENGINE_LINES);
  });
});
