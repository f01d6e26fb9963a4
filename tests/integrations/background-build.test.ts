/**
 * The tools whose cold build outlasts the suite (external-dns, envtest, the cert-manager webhook,
 * helm) are built in the background: `scripts/ensure-*.sh --background` starts the build detached
 * (scripts/lib/tool-cache.sh start_detached) and exits 3 while it is not ready, says so again
 * without starting a second build while one runs, and prints the tool once it is in the cache.
 * Driven through ensure-helm.sh with a stand-in `go` that takes a few seconds.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { ROOT } from "./webhook-harness";

function run(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync("bash", [join(ROOT, "scripts", "ensure-helm.sh"), ...args], { encoding: "utf8", env: { HOME: homedir(), ...env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

describe("scripts/ensure-*.sh --background: a long build detached, the test told to skip until it is there", function () {
  this.timeout(120_000);

  it("exits 3 and builds detached; a second call starts no second build; the tool is printed once built", async () => {
    const root = mkdtempSync(join(tmpdir(), "tool-bg-"));
    try {
      const fakeBin = join(root, "fake-go");
      mkdirSync(fakeBin);
      const calls = join(root, "go-calls");
      const release = join(root, "release");
      // A stand-in `go install` counting its runs, which finishes only once the test releases it
      // (a loaded machine cannot make it end before the second call).
      writeFileSync(
        join(fakeBin, "go"),
        [
          "#!/bin/bash",
          `echo run >>"${calls}"`,
          `for i in $(seq 600); do [ -e "${release}" ] && break; sleep 0.1; done`,
          'printf "#!/bin/sh\\necho v3.22.0\\n" >"$GOBIN/helm"; chmod +x "$GOBIN/helm"',
        ].join("\n"),
      );
      chmodSync(join(fakeBin, "go"), 0o755);
      const env = { PULUMI_DONDOMINIO_CACHE: join(root, "cache"), PATH: `${fakeBin}:/usr/bin:/bin`, PULUMI_BUILD_PROGRESS_SECONDS: "1" };
      const first = run(env, "--background");
      expect(first.status, first.stderr).to.equal(3);
      expect(first.stdout).to.equal("");
      expect(first.stderr).to.match(/not built yet; building it in the background \(pid \d+, log: .*build\.log/);
      // The detached build holds its lock before it runs go; from then on no second build starts.
      for (let i = 0; i < 600 && !existsSync(calls); i++) await new Promise((r) => setTimeout(r, 100));
      const second = run(env, "--background");
      expect(second.status).to.equal(3);
      expect(second.stderr).to.match(/a build is running/);
      writeFileSync(release, "");
      let done = run(env, "--background");
      for (let i = 0; done.status !== 0 && i < 60; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        done = run(env, "--background");
      }
      expect(done.status, done.stderr).to.equal(0);
      expect(done.stdout).to.equal(join(root, "cache", "helm-v3.22.0", "bin", "helm"));
      expect(done.stderr).to.equal("");
      expect(readFileSync(calls, "utf8").trim().split("\n")).to.have.length(1);
      // The detached build's own log ends with its figure (written just after the stamp).
      const log = join(root, "cache", "helm-v3.22.0", "background.log");
      for (let i = 0; i < 50 && !(existsSync(log) && /built helm/.test(readFileSync(log, "utf8"))); i++) await new Promise((r) => setTimeout(r, 200));
      expect(readFileSync(log, "utf8")).to.match(/built helm v3\.22\.0 in \d+ s/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
