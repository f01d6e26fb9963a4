/**
 * Every example is a complete Pulumi project that Pulumi's own Node language host accepts: the
 * project files `pulumi new typescript` writes, and index.ts compiled exactly as `pulumi up` compiles
 * it (scripts/langhost-compile.js: the host's option merge, its TypeScript and ts-node as the example
 * resolves them) with no diagnostic. The engine lifecycles of the examples are in their own files;
 * plain-pulumi.test.ts runs them through a real `pulumi up` where a language host is installed.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { copyExample, exampleNames, installPackage, REPO, WORK_ROOT } from "../harness/engine";

const run = promisify(execFile);

interface CompileResult {
  ok: boolean;
  typescript?: string;
  tsNode?: string;
  compilerOptions?: Record<string, unknown>;
  error?: string;
}

async function langhostCompile(dir: string): Promise<CompileResult> {
  const script = join(REPO, "scripts", "langhost-compile.js");
  // Node 24 (this process's), as the language host runs the program with the node on PATH.
  const out = await run(process.execPath, [script, dir], { encoding: "utf8" }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return JSON.parse(out.stdout.trim().split("\n").pop() ?? "{}") as CompileResult;
}

describe("examples: complete Pulumi projects that the language host compiles", function () {
  this.timeout(120_000);
  const names = exampleNames();
  before(() => installPackage());

  it("finds the examples", () => {
    expect(names).to.include("quickstart");
  });

  for (const name of names) {
    describe(`examples/${name}`, () => {
      const src = join(REPO, "examples", name);

      it("has the project files of `pulumi new typescript`", () => {
        const project = readFileSync(join(src, "Pulumi.yaml"), "utf8");
        expect(project).to.match(/^name: \S+$/m);
        expect(project).to.match(/^runtime: nodejs$/m);
        const pkg = JSON.parse(readFileSync(join(src, "package.json"), "utf8"));
        expect(pkg.main, "package.json main").to.equal("index.ts");
        expect(pkg.type ?? "commonjs", "package.json type").to.equal("commonjs");
        expect(pkg.dependencies).to.have.keys("@pulumi/pulumi", "pulumi-dondominio");
        expect(pkg.devDependencies).to.have.property("typescript");
        const tsconfig = JSON.parse(readFileSync(join(src, "tsconfig.json"), "utf8"));
        expect(tsconfig.files ?? tsconfig.include, "tsconfig names the program").to.include("index.ts");
        expect(readFileSync(join(src, "README.md"), "utf8"), "README.md tells how to run it").to.include("pulumi up");
      });

      it("compiles as Pulumi's language host compiles it, with no diagnostic", async () => {
        const dir = copyExample(name);
        const r = await langhostCompile(dir);
        expect(r.error ?? "", `examples/${name}/index.ts under the language host's options`).to.equal("");
        expect(r.ok).to.equal(true);
        // The pinned toolchain the example resolves: its TypeScript and the host's vendored ts-node.
        expect(r.typescript).to.match(/^5\./);
        expect(r.tsNode).to.equal("7.0.1");
      });
    });
  }

  it("fails on what the language host refuses: `module: commonjs` without `moduleResolution` (TS5110)", async () => {
    const dir = copyExample("quickstart", join(WORK_ROOT, "examples", "quickstart-ts5110"));
    const tsconfig = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"));
    delete tsconfig.compilerOptions.moduleResolution;
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const r = await langhostCompile(dir);
    expect(r.ok).to.equal(false);
    expect(r.error).to.include("TS5110");
  });

  it("fails on a type error in the program", async () => {
    const dir = copyExample("quickstart", join(WORK_ROOT, "examples", "quickstart-type-error"));
    const program = readFileSync(join(dir, "index.ts"), "utf8").replace('productKey: "basic"', "productKey: 42");
    writeFileSync(join(dir, "index.ts"), program);
    const r = await langhostCompile(dir);
    expect(r.ok).to.equal(false);
    expect(r.error).to.match(/TS2322|TS2769/);
  });

  it("mirrors the option merge of the pinned @pulumi/pulumi's cmd/run (re-read run.js when this fails)", () => {
    const runJs = readFileSync(require.resolve("@pulumi/pulumi/cmd/run/run.js"), "utf8");
    for (const line of [
      "const compilerOptions = tsutils.loadTypeScriptCompilerOptions(tsConfigPath);",
      "const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();",
      'target: "ES2020",',
      'module: useNodeNext ? "nodenext" : "commonjs",',
      'moduleResolution: useNodeNext ? "nodenext" : "node",',
      "...compilerOptions,",
      "project: tsConfigPath,",
      "tsn.register(options);",
    ]) {
      expect(runJs, line).to.include(line);
    }
  });
});
