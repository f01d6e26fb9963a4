/**
 * The plugin archive (scripts/plugin-archive.ts, `npm run plugin:archive`) installed offline the way
 * users install a release: `pulumi plugin install resource dondominio <version> --file <archive>`
 * into a fresh PULUMI_HOME; then examples/yaml-dns, with its `plugins: providers: path` taken out,
 * runs against the emulator on the installed plugin alone: up, an empty preview, refresh, destroy.
 * Also prints the archive's size and the plugin's start time (until it writes its port). Skipped
 * (saying so) only when Go, needed to build the YAML language host, is absent.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { copyExample } from "../harness/engine";
import { archiveName, buildPluginArchive, type PluginArchive } from "../../scripts/plugin-archive";
import { hasGo, SKIP_NO_GO, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "yaml-archive.example";

/** Milliseconds from spawning the plugin until it prints its port (the engine's wait), median of 3. */
async function startTime(executable: string): Promise<number> {
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const child = spawn(executable, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "ignore"] });
      child.on("error", reject);
      child.stdout.once("data", (line: Buffer) => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        child.kill();
        if (/^\d+\s*$/.test(line.toString())) resolve(ms);
        else reject(new Error(`the plugin's first line is not a port: ${line}`));
      });
    });
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push(await once());
  return times.sort((a, b) => a - b)[1];
}

describe("plugin archive: installed with `pulumi plugin install --file`, examples/yaml-dns on it", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  let archive: PluginArchive;
  let outDir: string;
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];

  before(async function () {
    if (!hasGo()) {
      console.log(SKIP_NO_GO);
      this.skip();
    }
    outDir = mkdtempSync(join(tmpdir(), "dondominio-archive-"));
    archive = await buildPluginArchive({ outDir });
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    project = await yamlProject((target) => {
      copyExample("yaml-dns", target);
      // The installed plugin alone: the checkout's `plugins: providers: path` taken out.
      const text = readFileSync(join(target, "Pulumi.yaml"), "utf8").replace(/\nplugins:\n {2}providers:\n {4}- name: dondominio\n {6}path: [^\n]+/, "");
      expect(text).to.not.include("plugins:");
      writeFileSync(join(target, "Pulumi.yaml"), text);
    });
    await pulumi("config", "set", "zone", ZONE);
    await pulumi("config", "set", "dondominio:apiUser", emu.apiUser);
    await pulumi("config", "set", "--secret", "dondominio:apiPasswd", emu.apiPasswd);
    await pulumi("config", "set", "dondominio:baseUrl", emu.url);
    await pulumi("config", "set", "dondominio:caCertFile", emu.caFile);
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("is named as the CLI expects, holds the launcher at its root, and is small", () => {
    expect(archive.file.endsWith(archiveName(archive.version))).to.equal(true);
    expect(archive.file).to.match(/pulumi-resource-dondominio-v\d+\.\d+\.\d+[^/]*-linux-amd64\.tar\.gz$/);
    console.log(`      ${archiveName(archive.version)}: ${(archive.bytes / 1e6).toFixed(2)} MB`);
    expect(archive.bytes).to.be.below(5e6);
  });

  it("installs offline with `pulumi plugin install resource dondominio <version> --file <archive>`", async () => {
    await pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
    const list = await pulumi("plugin", "ls");
    expect(list).to.match(new RegExp(`dondominio\\s+resource\\s+${archive.version.replace(/\./g, "\\.")}`));
    const home = join(project.dir, "..", "backend", ".pulumi-home", "plugins", `resource-dondominio-v${archive.version}`);
    expect(readdirSync(home)).to.include("pulumi-resource-dondominio");
    console.log(`      the installed plugin starts (until it prints its port) in ${(await startTime(join(home, "pulumi-resource-dondominio"))).toFixed(0)} ms`);
  });

  it("up, an empty preview, refresh and destroy of examples/yaml-dns run on the installed plugin", async () => {
    const up = await pulumi("up", "--yes", "--skip-preview");
    expect(up).to.include("dondominio:index:DnsRecord");
    const values = (await dnslist()).map((r) => `${r.name} ${r.type} ${r.value}`);
    expect(values).to.include.members([`www.${ZONE} A 192.0.2.44`, `${ZONE} TXT site-verification=yaml-dns`]);
    await pulumi("preview", "--expect-no-changes");
    await pulumi("refresh", "--yes", "--expect-no-changes");
    await pulumi("destroy", "--yes");
    const left = (await dnslist()).filter((r) => ["192.0.2.44", "site-verification=yaml-dns"].includes(r.value));
    expect(left).to.deep.equal([]);
  });
});
