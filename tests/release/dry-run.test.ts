/**
 * The release dry run (scripts/release.ts --dry-run, what .github/workflows/release.yml runs before
 * it publishes): every artefact built into a directory, then checked (names, version, SHA256SUMS,
 * contents), the publish steps printed and none run. A tag that disagrees with the sources' version
 * is refused before anything is built; a changed byte or a swapped archive fails the check.
 * Costs: the plugin archives (cached by scripts/plugin-archive.ts under ~/.cache/pulumi-dondominio/sea),
 * npm pack twice, the Python sdist and wheel, a Maven build of the Java SDK: 3-6 minutes.
 */
import { expect } from "chai";
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { check, expectedArtefacts, SUMS } from "../../scripts/release";
import { REPO } from "../harness/engine";

const run = promisify(execFile);
const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version as string;
const tsx = join(REPO, "node_modules", ".bin", "tsx");
const tags = () => execFileSync("git", ["tag", "-l"], { cwd: REPO, encoding: "utf8" });

describe("release dry run: scripts/release.ts --dry-run", function () {
  this.timeout(1_800_000);
  let out: string;
  let output: string;
  let tagsBefore: string;

  before(async () => {
    // As the workflow: qemu-user first, so that linux-arm64 gets its startup snapshot (else it is built without).
    try {
      execFileSync("bash", [join(REPO, "scripts", "ensure-qemu.sh")], { stdio: ["ignore", "ignore", "inherit"] });
    } catch {}
    out = mkdtempSync(join(tmpdir(), "dondominio-release-dry-"));
    tagsBefore = tags();
    const r = await run(tsx, [join(REPO, "scripts", "release.ts"), "--dry-run", "--version", `v${version}`, "--out", out], { cwd: REPO, maxBuffer: 1 << 26 });
    output = r.stdout;
    console.log(output.replace(/^/gm, "      "));
  });
  after(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("builds every artefact, each listed with its size, and checks them", () => {
    for (const f of Object.values(expectedArtefacts(version)).flat())
      expect(output).to.match(new RegExp(`\\n {2}${f.replace(/[.+]/g, "\\$&")} +\\d+\\.\\d\\d MB\\n`));
    expect(output).to.include(`checked: names, version ${version}, ${SUMS}, contents`);
  });

  it("prints the publish steps of every registry and runs none: no tag is made", () => {
    for (const what of ["GitHub release", "npm: the dynamic package", "npm: the Node SDK", "PyPI", "Maven Central", "Go module"])
      expect(output).to.include(`would publish: ${what}`);
    expect(output).to.include(`git tag sdks/go/v${version}`);
    expect(output.trim().split("\n").pop()).to.equal("dry run: nothing was published");
    expect(tags()).to.equal(tagsBefore);
  });

  it("a tag that is not the sources' version is refused before anything is built", async () => {
    const other = mkdtempSync(join(tmpdir(), "dondominio-release-wrong-"));
    try {
      const err = await run(tsx, [join(REPO, "scripts", "release.ts"), "--dry-run", "--version", "v9.9.9", "--out", other], { cwd: REPO }).then(
        () => undefined,
        (e: { stderr: string }) => e.stderr,
      );
      expect(err).to.include(`release: version 9.9.9: package.json says ${version}`);
      expect(execFileSync("ls", [other], { encoding: "utf8" })).to.equal("");
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("the check fails on a changed byte (SHA256SUMS) and on an archive swapped for another platform's", () => {
    const wheel = join(out, expectedArtefacts(version).python[1]);
    const original = readFileSync(wheel);
    const changed = Buffer.from(original);
    changed[changed.length >> 1] ^= 0x01;
    writeFileSync(wheel, changed);
    try {
      expect(() => check(out, version)).to.throw(`${SUMS}: ${expectedArtefacts(version).python[1]} does not match its sum`);
    } finally {
      writeFileSync(wheel, original);
    }
    // darwin-arm64's name on linux-amd64's archive, its sum made to match: the contents check sees it.
    const [linux, , , darwinArm] = expectedArtefacts(version).plugin;
    const sums = readFileSync(join(out, SUMS), "utf8");
    const keep = join(mkdtempSync(join(tmpdir(), "dondominio-release-keep-")), darwinArm);
    copyFileSync(join(out, darwinArm), keep);
    try {
      copyFileSync(join(out, linux), join(out, darwinArm));
      const linuxSum = sums
        .split("\n")
        .find((l) => l.endsWith(`  ${linux}`))!
        .split(" ")[0];
      writeFileSync(join(out, SUMS), sums.replace(new RegExp(`^[0-9a-f]{64}(?=  ${darwinArm.replace(/[.]/g, "\\.")}$)`, "m"), linuxSum));
      expect(() => check(out, version)).to.throw(/holds pulumi-resource-dondominio, LICENSE|not a macho arm64 single executable/);
    } finally {
      copyFileSync(keep, join(out, darwinArm));
      rmSync(join(keep, ".."), { recursive: true, force: true });
      writeFileSync(join(out, SUMS), sums);
    }
  });
});
