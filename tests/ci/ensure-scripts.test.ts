/**
 * scripts/ensure-*.sh share scripts/lib/tool-cache.sh (the cache's place, the version stamp, the
 * build in the background). With the machine's cache present each finds its tool there and builds
 * nothing (no Go on PATH: a build would fail); with an empty cache and no Go each says so; the
 * shared build, driven through ensure-actionlint.sh by a stand-in `go`, puts the tool in the cache
 * (found the next time without building) or reports the failure with the log's last lines.
 */
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "../harness/engine";

const SCRIPTS = ["ensure-pebble.sh", "ensure-lego.sh", "ensure-pulumi.sh", "ensure-pulumi-yaml.sh", "ensure-pulumi-java.sh", "ensure-actionlint.sh"];
const CACHE = process.env.PULUMI_DONDOMINIO_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-dondominio");
/** PATH without Go nor any of the tools (so that only the cache can answer). */
const BARE_PATH = "/usr/bin:/bin";

function run(script: string, env: Record<string, string>) {
  const r = spawnSync("bash", [join(REPO, "scripts", script)], { encoding: "utf8", env: { HOME: homedir(), PATH: BARE_PATH, ...env }, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

describe("scripts/ensure-*.sh over scripts/lib/tool-cache.sh", function () {
  this.timeout(120_000);

  it("each sources the shared file and defines no cache root of its own", () => {
    for (const s of SCRIPTS) {
      const text = readFileSync(join(REPO, "scripts", s), "utf8");
      expect(text, s).to.match(/lib\/tool-cache\.sh"/);
      expect(text, s).not.to.include("PULUMI_DONDOMINIO_CACHE:-");
      expect(text, s).not.to.match(/kill -0 "\$pid"/);
    }
  });

  it("with the machine's cache: each finds its tool there and builds nothing", function () {
    for (const s of SCRIPTS) {
      // <cache>/<tool>-<VERSION>, the tool named as its script is.
      const version = /^VERSION="([^"]+)"/m.exec(readFileSync(join(REPO, "scripts", s), "utf8"))?.[1];
      if (!existsSync(join(CACHE, `${s.replace(/^ensure-|\.sh$/g, "")}-${version}`))) this.skip(); // not built on this machine yet
      const r = run(s, process.env.PULUMI_DONDOMINIO_CACHE ? { PULUMI_DONDOMINIO_CACHE: CACHE } : {});
      expect(r.status, `${s}: ${r.stderr}`).to.equal(0);
      expect(r.stdout.startsWith(`${CACHE}/`), `${s} printed ${r.stdout}`).to.equal(true);
      expect(existsSync(r.stdout), r.stdout).to.equal(true);
      expect(r.stderr, s).not.to.match(/building/);
    }
  });

  it("with an empty cache and no Go: each says what is missing and fails", () => {
    const empty = mkdtempSync(join(tmpdir(), "tool-cache-"));
    try {
      for (const s of SCRIPTS) {
        const r = run(s, { PULUMI_DONDOMINIO_CACHE: empty, PULUMI_DONDOMINIO_FORCE_BUILD: "1" });
        expect(r.status, s).to.equal(1);
        expect(r.stderr, s).to.match(/no .+ and no Go toolchain to build one/);
        expect(r.stdout, s).to.equal("");
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("the shared build: a tool built into the cache is found the next time; a failed build shows the log's tail", () => {
    const root = mkdtempSync(join(tmpdir(), "tool-cache-"));
    try {
      const fakeBin = join(root, "fake-go");
      mkdirSync(fakeBin);
      // A stand-in `go install`: writes an actionlint that prints its version (or fails, with FAIL set).
      writeFileSync(
        join(fakeBin, "go"),
        [
          "#!/bin/bash",
          'if [ -n "$FAIL" ]; then echo "go: downloading example.com/x v1"; echo "compile error: boom" >&2; exit 2; fi',
          'printf "#!/bin/sh\\necho v1.7.12\\n" >"$GOBIN/actionlint"; chmod +x "$GOBIN/actionlint"',
        ].join("\n"),
      );
      chmodSync(join(fakeBin, "go"), 0o755);
      const env = { PULUMI_DONDOMINIO_CACHE: join(root, "cache"), PATH: `${fakeBin}:${BARE_PATH}` };
      const failed = run("ensure-actionlint.sh", { ...env, FAIL: "1" });
      expect(failed.status).to.equal(1);
      expect(failed.stderr).to.match(
        /ensure-actionlint: the build failed after \d+ s; the last lines of .*build\.log:\ngo: downloading example\.com\/x v1\ncompile error: boom/,
      );

      const built = run("ensure-actionlint.sh", env);
      expect(built.status, built.stderr).to.equal(0);
      expect(built.stdout).to.equal(join(root, "cache", "actionlint-v1.7.12", "bin", "actionlint"));
      expect(built.stderr).to.match(/ensure-actionlint: built v1\.7\.12 in \d+ s/);

      const again = run("ensure-actionlint.sh", { ...env, FAIL: "1" });
      expect(again.status).to.equal(0);
      expect(again.stdout).to.equal(built.stdout);
      expect(again.stderr).to.equal("");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
