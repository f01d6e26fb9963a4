/**
 * The provider plugin (bin/pulumi-resource-dondominio) through the real engine, driven by a Pulumi
 * YAML program (examples/yaml-dns) with the plain CLI and the YAML language host
 * (scripts/ensure-pulumi-yaml.sh), against the emulator: up, an empty preview, refresh, `pulumi
 * import` of a record made outside, destroy. The API password, set with `config set --secret`, is
 * counted in the state and in the output of `pulumi up -v=9 --logtostderr`: it must appear 0 times.
 * Run `npm run build` first. Skipped (saying so) only when Go, needed to build the language host, is absent.
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

describe("plugin: examples/yaml-dns through the engine", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  let dir: string;
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const pulumiRun = (...args: string[]) => project.pulumiRun(...args);
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

  it("up creates the records; the password is in no plugin or resource line of the -v=9 output, and 0 times in the state", async () => {
    const t0 = Date.now();
    const out = await pulumi("up", "--yes", "--skip-preview", "-v=9", "--logtostderr");
    console.log(`      pulumi up (2 records, -v=9): ${((Date.now() - t0) / 1000).toFixed(1)} s, ${(out.length / 1e6).toFixed(1)} MB of output`);
    expect(out).to.include("dondominio:index:DnsRecord");
    // The engine itself (Pulumi 3.250) prints the provider's decrypted config at -v=7/-v=9: its own
    // log lines of the CheckConfig/Configure RPCs and of the planner's decision about the provider
    // resource (measured: 6 lines per run, whatever the number of resources). Those are the only
    // lines allowed to hold it: none from the plugin, none of a resource operation.
    const lines = out.split("\n").filter((l) => l.includes(emu.apiPasswd));
    const engineOwn =
      /"msg":"((Un)?[Mm]arshaling property for RPC\[Provider\[\w+\]\.(CheckConfig|Configure)\(|Planner decided to create 'urn:pulumi:dev::yaml-dns::pulumi:providers:dondominio::default')/;
    console.log(
      `      the password in the up -v=9 output: ${lines.length} lines, all the engine's own log of the provider config: ${lines.every((l) => engineOwn.test(l))}`,
    );
    expect(
      lines.filter((l) => !engineOwn.test(l)).map((l) => l.split(emu.apiPasswd).join("<PASSWORD>")),
      "password outside the engine's config log lines",
    ).to.deep.equal([]);
    const state = await pulumi("stack", "export");
    expect(count(state, emu.apiPasswd), "password in the state").to.equal(0);
    const records = await dnslist();
    expect(records.map((r) => `${r.name} ${r.type} ${r.value}`)).to.include.members([`www.${ZONE} A 192.0.2.44`, `${ZONE} TXT site-verification=yaml-dns`]);
  });

  it("a second preview has no changes, and so has one after a refresh", async () => {
    const t0 = Date.now();
    await pulumi("preview", "--expect-no-changes");
    console.log(`      pulumi preview: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await pulumi("refresh", "--yes", "--expect-no-changes");
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
    await pulumi("refresh", "--yes");
    expect(await plan()).to.deep.equal([{ name: "www", op: "update", diff: ["value"], replace: [] }]);
    const t0 = Date.now();
    await pulumi("up", "--yes");
    console.log(`      pulumi up (1 update of 2 records): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
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
    await pulumi("up", "--yes");
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
    await pulumi("destroy", "--yes");
    const left = (await dnslist()).filter((r) => ["192.0.2.44", "192.0.2.45", "site-verification=yaml-dns", "made elsewhere"].includes(r.value));
    expect(left).to.deep.equal([]);
  });
});
