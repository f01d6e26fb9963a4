/**
 * The generated SDKs under sdks/ (`npm run gen:sdks`, scripts/gen-sdks.ts): regenerated from
 * schema.json into a temp dir they must equal the committed ones (drift fails here: run `npm run
 * gen:sdks`); the Python SDK byte-compiles (`python3 -m py_compile`: the Pulumi Python runtime cannot
 * be installed here, no PyPI); the Go SDK builds and vets (`go vet`); the Node SDK compiles with tsc
 * against the repository's @pulumi/pulumi. Skipped, saying so, where Go or python3 is absent.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "../../scripts/engine";
import { GENERATED, generateSdks, listFiles } from "../../scripts/gen-sdks";
import { hasGo } from "./yaml-project";

const has = (cmd: string) => {
  try {
    execFileSync(cmd, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

describe("sdks/: the generated language SDKs", function () {
  this.timeout(600_000);

  it("regenerated from schema.json, nodejs, python and go equal the committed sdks/ (no drift)", function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent (the generator, scripts/pulumi-sdkgen, is Go)");
      this.skip();
    }
    const out = mkdtempSync(join(tmpdir(), "dondominio-sdks-drift-"));
    try {
      const { skipped } = generateSdks(out);
      for (const [language, why] of Object.entries(skipped)) console.log(`      ${language}: not generated here: ${why}`);
      for (const language of GENERATED) {
        // go.mod / go.sum of sdks/go are kept by hand (go mod tidy), not generated.
        const files = listFiles(join(out, language)).filter((f) => f !== "go.mod" && f !== "go.sum");
        expect(
          listFiles(join(REPO, "sdks", language)).filter((f) => f !== "go.mod" && f !== "go.sum" && !f.startsWith("bin/")),
          `sdks/${language} files`,
        ).to.deep.equal(files);
        const changed = files.filter((f) => readFileSync(join(out, language, f), "utf8") !== readFileSync(join(REPO, "sdks", language, f), "utf8"));
        expect(changed, `sdks/${language}: files that differ from a fresh \`npm run gen:sdks\``).to.deep.equal([]);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("the Python SDK byte-compiles", function () {
    if (!has("python3")) {
      console.log("SKIPPED: python3 is absent");
      this.skip();
    }
    const files = listFiles(join(REPO, "sdks", "python")).filter((f) => f.endsWith(".py"));
    expect(files.length).to.be.above(15);
    const cache = mkdtempSync(join(tmpdir(), "dondominio-pycache-"));
    try {
      execFileSync("python3", ["-m", "py_compile", ...files], { cwd: join(REPO, "sdks", "python"), env: { ...process.env, PYTHONPYCACHEPREFIX: cache } });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("the Go SDK builds and passes go vet", function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent");
      this.skip();
    }
    execFileSync("go", ["vet", "./..."], { cwd: join(REPO, "sdks", "go"), env: { ...process.env, CGO_ENABLED: "0" } });
  });

  it("the Node SDK compiles with tsc", () => {
    const out = mkdtempSync(join(tmpdir(), "dondominio-nodesdk-"));
    try {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(REPO, "sdks", "nodejs", "tsconfig.json"), "--outDir", out], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(listFiles(out)).to.include.members(["index.js", "dnsZone.js", "dnsRecord.d.ts"]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
