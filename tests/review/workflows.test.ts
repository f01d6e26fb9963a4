/**
 * The GitHub Actions setup of examples/ci-preview passes actionlint (built once by
 * scripts/ensure-actionlint.sh from the Go module proxy, then cached; with shellcheck on PATH
 * actionlint also checks every `run:` script), laid out as a user's repository (the example copied to
 * a directory of its own with `git init`, so the local action resolves), and does what the README
 * says: one PR comment, `up` on main, a daily drift check, applies never concurrent.
 */
import { expect } from "chai";
import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REVIEW_HELP } from "../../provider/review";
import { REPO, WORK_ROOT } from "../harness/engine";

const EXAMPLE = join(REPO, "examples", "ci-preview");
const WORKFLOWS = ["preview", "apply", "drift"];
/** A GitHub Actions expression as written in the files: expr("secrets.X") is the text `${{ secrets.X }}`. */
const expr = (e: string) => "$" + "{{ " + e + " }}";
const workflow = (name: string) => readFileSync(join(EXAMPLE, ".github", "workflows", `${name}.yml`), "utf8");

function hasShellcheck(): boolean {
  try {
    execFileSync("shellcheck", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("examples/ci-preview: GitHub Actions workflows", function () {
  this.timeout(300_000);
  let actionlint: string;
  const repos: string[] = [];
  /** The example as a repository of its own, optionally with a file changed. */
  const asRepository = (change?: (dir: string) => void) => {
    const dir = mkdtempSync(join(WORK_ROOT, "ci-preview-repo-"));
    repos.push(dir);
    cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes("node_modules") });
    execFileSync("git", ["init", "-q"], { cwd: dir });
    change?.(dir);
    return dir;
  };
  const lint = async (dir: string) =>
    promisify(execFile)(actionlint, ["-no-color"], { cwd: dir, encoding: "utf8" }).then(
      (r) => ({ status: 0, output: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ status: e.code, output: e.stdout + e.stderr }),
    );

  before(() => {
    mkdirSync(WORK_ROOT, { recursive: true });
    actionlint = execFileSync("bash", [join(REPO, "scripts", "ensure-actionlint.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  });
  after(() => {
    for (const d of repos) rmSync(d, { recursive: true, force: true });
  });

  it(`pass actionlint ${hasShellcheck() ? "(with shellcheck)" : "(shellcheck not on PATH: run scripts unchecked)"}`, async () => {
    const version = execFileSync(actionlint, ["-version"], { encoding: "utf8" }).split("\n")[0];
    expect(version).to.equal("v1.7.12");
    const r = await lint(asRepository());
    expect(r.output, r.output).to.equal("");
    expect(r.status).to.equal(0);
  });

  it("actionlint catches a broken call of the local action (the check is real)", async () => {
    const r = await lint(
      asRepository((dir) => {
        const file = join(dir, ".github", "workflows", "drift.yml");
        writeFileSync(file, readFileSync(file, "utf8").replace(`api-user: ${expr("secrets.DONDOMINIO_API_USER")}`, "api-usr: x"));
      }),
    );
    expect(r.status).to.equal(1);
    expect(r.output).to.include('missing input "api-user" which is required by action "Pulumi setup"');
  });

  it("pull requests: a preview posted as one comment, with the minimal permissions", () => {
    const w = workflow("preview");
    expect(w).to.match(/^on:\n {2}pull_request:/m);
    expect(w).to.match(/^permissions:\n {2}contents: read\n {2}pull-requests: write/m);
    expect(w).to.include("pulumi preview --stack");
    expect(w).to.include("npx dondominio-review");
    // One comment: found by the marker the renderer writes first, then edited (PATCH) instead of added.
    expect(w).to.include('marker="<!-- dondominio-review:$STACK -->"');
    expect(w).to.include('--marker "$STACK"');
    expect(w).to.match(/--method PATCH "repos\/\$GITHUB_REPOSITORY\/issues\/comments\/\$id"/);
    expect(w).to.include("GITHUB_STEP_SUMMARY");
  });

  it("main: `pulumi up --yes`; daily: refresh, preview --expect-no-changes, failing with the drift in the job summary", () => {
    const apply = workflow("apply");
    expect(apply).to.match(/^on:\n {2}push:\n {4}branches: \[main\]/m);
    expect(apply).to.match(/pulumi up --stack "\$STACK" --yes/);
    const drift = workflow("drift");
    expect(drift).to.match(/^on:\n {2}schedule:\n {4}- cron: /m);
    expect(drift).to.match(/pulumi preview [^\n]*--refresh --expect-no-changes/);
    expect(drift).to.include('>> "$GITHUB_STEP_SUMMARY"');
    expect(drift).to.include('exit "$status"');
    for (const w of [apply, drift]) expect(w).to.match(/^permissions:\n {2}contents: read\n\n/m);
  });

  it("applies and the drift check share one concurrency group that never cancels a run", () => {
    const group = (w: string) => /^concurrency:\n {2}group: (.+?)(?: #.*)?\n {2}cancel-in-progress: (\w+)/m.exec(w)?.slice(1);
    expect(group(workflow("apply"))).to.deep.equal([`pulumi-${expr("vars.PULUMI_STACK || 'prod'")}`, "false"]);
    expect(group(workflow("drift"))).to.deep.equal(group(workflow("apply")));
  });

  it("credentials come only from secrets, as dondominio:* config; the password never on a command line", () => {
    const action = readFileSync(join(EXAMPLE, ".github", "actions", "pulumi-setup", "action.yml"), "utf8");
    expect(action).to.include('pulumi config set dondominio:apiUser "$API_USER"');
    expect(action).to.include("printf '%s' \"$API_PASSWD\" | pulumi config set --secret dondominio:apiPasswd");
    for (const name of WORKFLOWS) {
      const w = workflow(name);
      expect(w).to.include(`api-passwd: ${expr("secrets.DONDOMINIO_API_PASSWD")}`);
      expect(w).to.include(`PULUMI_CONFIG_PASSPHRASE: ${expr("secrets.PULUMI_CONFIG_PASSPHRASE")}`);
      expect(w).to.include(`PULUMI_BACKEND_URL: ${expr("secrets.PULUMI_BACKEND_URL")}`);
    }
  });

  it("call dondominio-review with options it has", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
    expect(pkg.bin["dondominio-review"]).to.equal("bin/dondominio-review.js");
    for (const name of WORKFLOWS) {
      for (const m of workflow(name).matchAll(/npx dondominio-review ([^\n>]*)/g)) {
        for (const opt of m[1].match(/--[a-z-]+/g) ?? []) expect(REVIEW_HELP, `${name}.yml: ${opt}`).to.include(`  ${opt}`);
      }
    }
  });
});
