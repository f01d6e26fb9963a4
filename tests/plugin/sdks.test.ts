/**
 * The generated SDKs under sdks/ (`npm run gen:sdks`, scripts/gen-sdks.ts): regenerated from
 * schema.json into a temp dir they must equal the committed ones (drift fails here: run `npm run
 * gen:sdks`); the Python SDK byte-compiles (installed and run: python-web.test.ts); the Go SDK
 * builds and vets (`go vet`); the Node SDK compiles with tsc against the repository's @pulumi/pulumi.
 * C# cannot be compiled here (the Pulumi .NET SDK comes from NuGet): it is parsed by Mono's mcs
 * (tests/plugin/csharp-parse.ts), and its drift checked where its host is on PATH. Java is parsed by
 * javac's parser here (tests/plugin/JavaParse.java), compiled by Maven and run in java-web.test.ts,
 * its drift checked wherever Go builds its host (scripts/gen-sdks-elsewhere.ts). Skipped, saying
 * so, where a tool is absent.
 */
import { expect } from "chai";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "../harness/engine";
import { ELSEWHERE, GENERATED, generateSdks, listFiles } from "../../scripts/gen-sdks";
import { hasMcs, parseCSharp } from "./csharp-parse";
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

  // One regeneration into a temp dir, shared by the drift tests.
  let fresh: { out: string; skipped: Record<string, string> } | undefined;
  const regenerate = async () => {
    if (!fresh) {
      const out = mkdtempSync(join(tmpdir(), "dondominio-sdks-drift-"));
      fresh = { out, skipped: (await generateSdks(out)).skipped };
    }
    return fresh;
  };
  after(() => {
    if (fresh) rmSync(fresh.out, { recursive: true, force: true });
  });
  const expectNoDrift = (out: string, language: string) => {
    // go.mod / go.sum of sdks/go are kept by hand (go mod tidy), not generated; bin/, obj/ and target/ are build output.
    const files = listFiles(join(out, language)).filter((f) => f !== "go.mod" && f !== "go.sum");
    expect(
      listFiles(join(REPO, "sdks", language)).filter(
        (f) => f !== "go.mod" && f !== "go.sum" && !f.startsWith("bin/") && !f.startsWith("obj/") && !f.startsWith("target/"),
      ),
      `sdks/${language} files`,
    ).to.deep.equal(files);
    const changed = files.filter((f) => !readFileSync(join(out, language, f)).equals(readFileSync(join(REPO, "sdks", language, f))));
    expect(changed, `sdks/${language}: files that differ from a fresh \`npm run gen:sdks\``).to.deep.equal([]);
  };

  it("regenerated from schema.json, nodejs, python and go equal the committed sdks/ (no drift)", async function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent (the generator, scripts/pulumi-sdkgen, is Go)");
      this.skip();
    }
    const { out } = await regenerate();
    for (const language of GENERATED) expectNoDrift(out, language);
  });

  for (const language of ELSEWHERE) {
    it(`regenerated where its generator is on PATH, ${language} equals the committed sdks/${language} (no drift)`, async function () {
      if (!hasGo()) {
        console.log("SKIPPED: Go is absent (scripts/pulumi-sdkgen, run first, is Go)");
        this.skip();
      }
      const { out, skipped } = await regenerate();
      if (skipped[language]) {
        console.log(`SKIPPED: ${skipped[language]}`);
        this.skip();
      }
      expectNoDrift(out, language);
    });
  }

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

  it("the C# SDK parses (mcs --parse; not compiled: the Pulumi .NET SDK comes from NuGet)", function () {
    if (!hasMcs()) {
      console.log("SKIPPED: mcs is absent (Debian: apt-get install mono-mcs)");
      this.skip();
    }
    const files = listFiles(join(REPO, "sdks", "dotnet")).filter((f) => f.endsWith(".cs"));
    expect(files.length).to.be.above(30);
    const { errors, lowered } = parseCSharp(join(REPO, "sdks", "dotnet"), files);
    expect(errors, "mcs syntax errors").to.deep.equal([]);
    console.log(`      ${files.length} files parsed (${lowered} C# 8 forms lowered for mcs)`);
  });

  it("the Java SDK parses (javac's parser; compiled by Maven in java-web.test.ts)", function () {
    if (!has("java")) {
      console.log("SKIPPED: java is absent");
      this.skip();
    }
    const files = listFiles(join(REPO, "sdks", "java")).filter((f) => f.endsWith(".java"));
    expect(files.length).to.be.above(30);
    const r = spawnSync("java", [join(__dirname, "JavaParse.java"), ...files], { cwd: join(REPO, "sdks", "java"), encoding: "utf8" });
    expect(r.stdout.trim(), r.stderr).to.equal(`parsed ${files.length} compilation units`);
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
