/**
 * The package as users install it: what `npm pack` puts in the tarball (after `npm run build`), the
 * metadata registries show, the license, and the entry points' types under the module resolution
 * `pulumi new typescript` writes.
 */
import { expect } from "chai";
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { COMMANDS, launcherOf } from "../../scripts/gen-commands";
import { installPackage, REPO, WORK_ROOT } from "../harness/engine";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));

function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path).sort();
}

describe("package: the packed tarball", function () {
  this.timeout(120_000);
  let files: string[];
  before(() => {
    files = packedFiles();
  });

  it("holds the entry points, the command, every stored provider module and the docs", () => {
    for (const f of [
      "package.json",
      "README.md",
      "CHANGELOG.md",
      "LICENSE",
      ...COMMANDS.map(launcherOf),
      ...COMMANDS.map((c) => `dist/${c.module}.js`),
      "bin/run-cli.js",
      "dist/provider/index.js",
      "dist/provider/export/index.js",
      "dist/provider/export/index.d.ts",
      "dist/provider/review/index.js",
      "dist/provider/review/index.d.ts",
      "dist/provider/index.d.ts",
      "dist/sdk/index.js",
      "dist/sdk/index.d.ts",
      "dist/emulator/index.js",
      "dist/emulator/index.d.ts",
      "dist/emulator/cli.js",
      "dist/sdk/ddns-cli.js",
    ]) {
      expect(files, f).to.include(f);
    }
    // The module paths provider/README.md promises never to move (they are stored in users' state).
    const promised = [...readFileSync(join(REPO, "provider", "README.md"), "utf8").matchAll(/`(dist\/provider\/resources\/[a-z-]+\/crud\.js)`/g)].map(
      (m) => m[1],
    );
    expect(promised.length).to.be.greaterThan(10);
    for (const f of promised) expect(files, f).to.include(f);
    // Every doc the README links to inside the package is shipped with it.
    for (const m of readFileSync(join(REPO, "README.md"), "utf8").matchAll(/\]\(((?:sdk|emulator|provider)\/[^)#]+\.md)\)/g))
      expect(files, m[1]).to.include(m[1]);
  });

  it("holds nothing else: no tests, no TypeScript sources, no source maps without their sources, no local state", () => {
    const allowed =
      /^(package\.json|README\.md|CHANGELOG\.md|LICENSE|schema\.json|bin\/(run-cli|commands)\.js|(sdk|emulator|provider)\/README\.md|provider\/resources\/[a-z-]+\/README\.md|dist\/(sdk|emulator|provider|plugin)\/.+\.(js|d\.ts|json))$/;
    const launchers = new Set(COMMANDS.map(launcherOf));
    expect(files.filter((f) => !allowed.test(f) && !launchers.has(f))).to.deep.equal([]);
    for (const map of files.filter((f) => f.endsWith(".map"))) {
      const sources: string[] = JSON.parse(readFileSync(join(REPO, map), "utf8")).sources ?? [];
      for (const s of sources) expect(files, `${map} points at ${s}`).to.include(join(map, "..", s).replace(/\\/g, "/"));
    }
  });

  // Each command of bin/commands.js but the plugin (the engine starts it: tests/plugin) answers --help.
  for (const c of COMMANDS.filter((c) => !c.launcher)) {
    it(`runs ${c.name} from the installed package (dist, no TypeScript sources there)`, () => {
      const target = installPackage();
      const r = spawnSync(process.execPath, [join(target, launcherOf(c)), "--help"], { cwd: WORK_ROOT, encoding: "utf8" });
      expect(r.status, r.stderr).to.equal(0);
      expect(`${r.stdout}${r.stderr}`).to.match(new RegExp(`^usage: ${c.name} `));
    });
  }

  it("carries a LICENSE that matches package.json's license", () => {
    expect(pkg.license).to.equal("Apache-2.0");
    const text = readFileSync(join(REPO, "LICENSE"), "utf8");
    expect(text).to.match(/Apache License\s+Version 2\.0, January 2004/);
    expect(text).to.include("END OF TERMS AND CONDITIONS");
  });

  it("carries the metadata users and registries read", () => {
    expect(pkg.repository?.url).to.match(/^git\+https:\/\/.+\.git$/);
    expect(pkg.homepage).to.match(/^https:\/\//);
    expect(pkg.bugs?.url).to.match(/^https:\/\//);
    expect(pkg.keywords).to.include.members(["pulumi", "dondominio"]);
    expect(pkg.engines?.node).to.equal(">=22");
    const changelog = readFileSync(join(REPO, "CHANGELOG.md"), "utf8");
    expect(changelog).to.include(`## ${pkg.version}`);
  });

  it("gives the types of the entry points under `moduleResolution: node` and under `nodenext`", async () => {
    installPackage();
    const dir = join(WORK_ROOT, "types-check");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "types-check", private: true }));
    writeFileSync(
      join(dir, "index.ts"),
      [
        'import { Domain } from "pulumi-dondominio";',
        'import { DonDominioClient } from "pulumi-dondominio/sdk";',
        'import { startEmulator } from "pulumi-dondominio/emulator";',
        'import { renderReview } from "pulumi-dondominio/review";',
        "export const used = [Domain, DonDominioClient, startEmulator, renderReview];",
        "",
      ].join("\n"),
    );
    const tsc = require.resolve("typescript/bin/tsc");
    for (const [module, resolution] of [
      ["commonjs", "node"],
      ["nodenext", "nodenext"],
    ]) {
      const args = [tsc, "--noEmit", "--strict", "--skipLibCheck", "--module", module, "--moduleResolution", resolution, "--target", "es2020", "index.ts"];
      const r = await promisify(execFile)(process.execPath, args, { cwd: dir, encoding: "utf8" }).catch((e: { stdout: string }) => ({
        stdout: e.stdout,
        failed: true,
      }));
      expect(r.stdout, `tsc with moduleResolution ${resolution}`).to.equal("");
    }
  });
});
