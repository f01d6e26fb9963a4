/**
 * .github/workflows/release.yml passes actionlint (scripts/ensure-actionlint.sh) and does what
 * scripts/release.ts says: runs on version tags only, builds and checks once with the same script
 * the suite dry-runs, and publishes each registry from those files in a job of its own whose
 * permissions are only what that registry needs (PyPI: trusted publishing, no token).
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../harness/engine";

const FILE = join(REPO, ".github", "workflows", "release.yml");

describe(".github/workflows/release.yml", function () {
  this.timeout(300_000);
  const text = readFileSync(FILE, "utf8");
  /** The text of one job (from its key to the next job's). */
  const job = (name: string) => text.split(/^ {2}(?=[a-z]+:\n)/m).find((j) => j.startsWith(`${name}:\n`)) ?? "";

  it("passes actionlint", () => {
    const actionlint = execFileSync("bash", [join(REPO, "scripts", "ensure-actionlint.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
    const out = execFileSync(actionlint, ["-no-color", FILE], { cwd: REPO, encoding: "utf8" });
    expect(out).to.equal("");
  });

  it("runs on version tags only, builds and checks with scripts/release.ts, then one publish job per registry", () => {
    expect(text).to.match(/^on:\n {2}push:\n {4}tags: \["v\*\.\*\.\*"\]\n\n/m);
    // The tag without its "v", in the shell's own syntax.
    const version = `"$${"{"}GITHUB_REF_NAME#v}"`;
    expect(job("build")).to.include(`npx tsx scripts/release.ts --version ${version} --out release --dry-run`);
    for (const step of ["github", "npm", "maven", "go"]) expect(job(step)).to.include(`--out release --publish ${step}`);
    expect(job("pypi")).to.include("uses: pypa/gh-action-pypi-publish@release/v1");
  });

  it("each job has only the permissions its registry needs", () => {
    expect(text).to.match(/^permissions:\n {2}contents: read\n/m);
    expect(job("github")).to.include("contents: write");
    expect(job("go")).to.include("contents: write");
    expect(job("npm")).to.include("id-token: write");
    expect(job("pypi")).to.include("id-token: write");
    expect(job("pypi")).to.not.match(/secrets\./);
    for (const j of ["build", "npm", "maven", "pypi"]) expect(job(j), j).to.not.include("contents: write");
  });
});
