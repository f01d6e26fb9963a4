#!/usr/bin/env node
/**
 * Compiles a Pulumi TypeScript program the way Pulumi's Node language host does before it runs it,
 * and prints one JSON line: { ok, typescript, tsNode, compilerOptions, error? }.
 *
 * Usage: node scripts/langhost-compile.js <program dir> [entry file, default index.ts]
 *
 * Why a copy of the host's steps: `pulumi up` runs `@pulumi/pulumi/cmd/run`, which (3.250.0,
 * cmd/run/run.js, the non-ESM branch) reads tsconfig.json's compilerOptions, overlays them on its own
 * defaults (target ES2020; module and moduleResolution `nodenext` for TypeScript >= 4.7, else
 * commonjs/node) and registers ts-node (the program's own, else the vendored 7.0.1) with
 * `project: tsconfig.json`. ts-node then merges tsconfig, those options and its own defaults and type
 * checks every file it loads. A tsconfig that `tsc` accepts can still fail there (TS5110 for
 * `module: commonjs` without `moduleResolution`). Running the host itself needs an engine, so this
 * repeats its steps with the same modules, resolved from the program's directory as the host
 * resolves them, and compiles the entry file without running it. tests/examples checks that run.js
 * still has the lines this mirrors.
 */
"use strict";
const { existsSync, readFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { dirname, join, resolve } = require("node:path");

function main() {
  const dir = resolve(process.argv[2] ?? ".");
  const entry = process.argv[3] ?? "index.ts";
  process.chdir(dir); // the host runs the program with its directory as cwd
  const fromDir = createRequire(join(dir, "package.json"));
  const pulumiDir = dirname(fromDir.resolve("@pulumi/pulumi/package.json"));
  // require() as run.js and tsutils.js do it, from their own location.
  const fromRun = createRequire(join(pulumiDir, "cmd", "run", "run.js"));
  const tsutils = fromRun("../../tsutils");
  const packageObject = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  if (packageObject.type === "module") throw new Error("package.json has type: module: the host takes its ESM branch, which this check does not mirror");

  const tsConfigPath = process.env.PULUMI_NODEJS_TSCONFIG_PATH ?? "tsconfig.json";
  const skipProject = !existsSync(tsConfigPath);
  const compilerOptions = tsutils.loadTypeScriptCompilerOptions(tsConfigPath);
  const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();
  const ts = fromRun(typescriptRequire);
  const [major, minor] = ts.version.split(".").map(Number);
  const useNodeNext = major > 4 || (major === 4 && minor >= 7);
  const options = {
    compiler: typescriptRequire,
    transpileOnly: process.env.PULUMI_NODEJS_TRANSPILE_ONLY ? process.env.PULUMI_NODEJS_TRANSPILE_ONLY === "true" : compilerOptions.noCheck,
    project: tsConfigPath,
    skipProject,
    compilerOptions: {
      target: "ES2020",
      module: useNodeNext ? "nodenext" : "commonjs",
      moduleResolution: useNodeNext ? "nodenext" : "node",
      sourceMap: "true",
      ...compilerOptions,
    },
  };
  const tsNode = fromRun(tsnodeRequire);
  const result = { typescript: ts.version, tsNode: tsNode.VERSION ?? tsnodeRequire, compilerOptions: options.compilerOptions };
  try {
    const service = tsNode.register(options); // throws on configuration diagnostics (TS5110 and the like)
    const file = join(dir, entry);
    service.compile(readFileSync(file, "utf8"), file); // type checks, throws TSError on any diagnostic
    return { ok: true, ...result };
  } catch (err) {
    return { ok: false, ...result, error: String(err?.message ?? err) };
  }
}

let out;
try {
  out = main();
} catch (err) {
  out = { ok: false, error: String(err?.message ?? err) };
}
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exitCode = out.ok ? 0 : 1;
