/**
 * The plugin's release archives (scripts/plugin-archive.ts, `npm run plugin:archive -- --all`), one
 * per platform, each a Node single executable that needs no Node:
 * - all five are built; each is named as the engine looks for it, holds the executable and the
 *   licences at its root, and the executable is its platform's format (ELF, Mach-O, PE; x86-64 or
 *   arm64) with Node's single-executable blob of this plugin inside (scripts/release/inspect.ts);
 * - linux-amd64 is installed with `pulumi plugin install --file` and runs examples/yaml-dns (up, an
 *   empty preview, refresh, destroy) through the engine with no `node` on PATH at all;
 * - linux-arm64 the same under Debian's qemu-user (scripts/ensure-qemu.sh) where it can be had: the
 *   installed arm64 executable is started by a two-line wrapper `qemu-aarch64 -L <sysroot> <it>`
 *   (this machine has no binfmt_misc to run it by itself); else that part says SKIPPED;
 * - darwin and windows can only be inspected here.
 * Costs: the executables are cached under ~/.cache/pulumi-dondominio/sea/ by what went in; a build
 * after a change to the plugin takes about 2 minutes for linux-amd64 (its snapshot), 1 for the three
 * plain ones and several for linux-arm64's snapshot under qemu; then two engine runs of a minute each.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { archiveName, buildReleaseArchives, executableName, type PluginArchive } from "../../scripts/plugin-archive";
import { PLATFORMS, platformName } from "../../scripts/release/node-dist";
import { archiveEntries, archiveFile, expectedMachine, inspectExecutable } from "../../scripts/release/inspect";
import { qemuFor } from "../../scripts/release/qemu";
import { DonDominioClient } from "../../sdk";
import { copyExample, ensurePulumi } from "../harness/engine";
import { hasGo, SKIP_NO_GO, type YamlProject, yamlProject } from "./yaml-project";

/** A PATH with the pulumi CLI and the YAML language host alone: no `node` to be found on it. */
function pathWithoutNode(dir: string, yamlBin: string): string {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(ensurePulumi(), "bin", "pulumi"), join(dir, "pulumi"));
  symlinkSync(join(yamlBin, "pulumi-language-yaml"), join(dir, "pulumi-language-yaml"));
  let found = "";
  try {
    found = execFileSync("/bin/sh", ["-c", "command -v node || command -v nodejs"], { encoding: "utf8", env: { PATH: dir } });
  } catch {}
  expect(found, "node is still on the test's PATH").to.equal("");
  return dir;
}

function ensureQemu(): boolean {
  try {
    execFileSync("bash", [join(__dirname, "..", "..", "scripts", "ensure-qemu.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    return false;
  }
  return !!qemuFor({ os: "linux", arch: "arm64" });
}

describe("plugin release archives: five platforms, no Node needed", function () {
  this.timeout(3_600_000);
  let outDir: string;
  let archives: PluginArchive[];
  let qemu = false;

  before(async () => {
    // qemu-user first: with it the linux-arm64 executable gets its startup snapshot too.
    qemu = ensureQemu();
    outDir = mkdtempSync(join(tmpdir(), "dondominio-release-"));
    archives = await buildReleaseArchives({ outDir });
    for (const a of archives)
      console.log(
        `      ${archiveName(a.version, a.platform)}: ${(a.bytes / 1e6).toFixed(1)} MB${a.snapshot ? ", startup snapshot" : ""}${a.signature ? `, ${a.signature}` : ""}`,
      );
  });
  after(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("one archive per platform, named as the engine expects, the executable and the licences at its root", () => {
    expect(archives.map((a) => a.platform)).to.deep.equal(PLATFORMS.map(platformName));
    for (const [i, a] of archives.entries()) {
      expect(a.file.endsWith(`/pulumi-resource-dondominio-v${a.version}-${a.platform}.tar.gz`)).to.equal(true);
      expect(archiveEntries(a.file).sort()).to.deep.equal([executableName(PLATFORMS[i]), "LICENSE", "LICENSE.node"].sort());
    }
  });

  it("each executable is its platform's format, with Node's single-executable blob of this plugin inside", () => {
    for (const [i, a] of archives.entries()) {
      const p = PLATFORMS[i];
      const facts = inspectExecutable(archiveFile(a.file, executableName(p)), a.version);
      expect({ platform: a.platform, ...facts, codeSignature: undefined }).to.deep.equal({
        platform: a.platform,
        format: p.format,
        machine: expectedMachine(p),
        seaFuse: true,
        plugin: true,
        codeSignature: undefined,
      });
      // A darwin executable carries a signature exactly when the build found a signer (README: else `codesign --sign -`).
      if (p.os === "darwin") expect(facts.codeSignature).to.equal(a.signature === "ad-hoc");
    }
  });

  for (const platform of ["linux-amd64", "linux-arm64"]) {
    describe(`${platform}: installed with \`pulumi plugin install --file\`, examples/yaml-dns through the engine, no node on PATH`, () => {
      const ZONE = `yaml-archive-${platform}.example`;
      let emu: RunningEmulator;
      let client: DonDominioClient;
      let project: YamlProject;
      const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];

      before(async function () {
        if (!hasGo()) {
          console.log(SKIP_NO_GO);
          this.skip();
        }
        if (platform === "linux-arm64" && !qemu) {
          console.log(
            "      SKIPPED: qemu-user with the arm64 libraries is not available here (scripts/ensure-qemu.sh); the linux-arm64 archive is only inspected",
          );
          this.skip();
        }
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
        const yamlBin = execFileSync("bash", [join(__dirname, "..", "..", "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8" }).trim();
        project.env.PATH = pathWithoutNode(join(project.dir, "..", "path"), yamlBin);
        await project.pulumi("config", "set", "zone", ZONE);
        await project.configureEmulator(emu);
      });
      after(async () => {
        await emu?.close();
        project?.dispose();
      });

      it("installs, then up, an empty preview, refresh and destroy run on it", async () => {
        const archive = archives.find((a) => a.platform === platform)!;
        await project.pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
        const installed = join(project.env.PULUMI_HOME, "plugins", `resource-dondominio-v${archive.version}`);
        expect(readdirSync(installed)).to.include("pulumi-resource-dondominio");
        if (platform === "linux-arm64") {
          // The installed arm64 executable, unchanged, started through qemu-user.
          const exe = join(installed, "pulumi-resource-dondominio");
          renameSync(exe, `${exe}.arm64`);
          writeFileSync(exe, `#!/bin/sh\nexec ${qemuFor({ os: "linux", arch: "arm64" })!.join(" ")} "$0.arm64" "$@"\n`);
          chmodSync(exe, 0o755);
        }
        const up = await project.pulumi("up", "--yes", "--skip-preview");
        expect(up).to.include("dondominio:index:DnsRecord");
        const values = (await dnslist()).map((r) => `${r.name} ${r.type} ${r.value}`);
        expect(values).to.include.members([`www.${ZONE} A 192.0.2.44`, `${ZONE} TXT site-verification=yaml-dns`]);
        await project.pulumi("preview", "--expect-no-changes");
        await project.pulumi("refresh", "--yes", "--expect-no-changes");
        await project.pulumi("destroy", "--yes");
        const left = (await dnslist()).filter((r) => ["192.0.2.44", "site-verification=yaml-dns"].includes(r.value));
        expect(left).to.deep.equal([]);
      });
    });
  }
});
