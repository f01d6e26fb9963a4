/**
 * `npm run gen:sdks`: the language SDKs of the plugin's schema (schema.json) under sdks/<language>/.
 *
 * `pulumi package gen-sdk` (CLI 3.250) hands generation to each language's host
 * (pulumi-language-<l>), and the Go module proxy serves none of pulumi-language-{go,nodejs,python}
 * at v3.250.0 (403), so they cannot be built here. The same generators ship in the CLI's own module
 * (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,python,go}, in the module cache):
 * scripts/pulumi-sdkgen is a 60-line command on them, built once into the cache beside the CLI.
 * dotnet and java generators live in other repositories (pulumi-dotnet, pulumi-java): they are
 * generated only where their generator is on PATH, else skipped with the reason
 * (scripts/gen-sdks-elsewhere.ts).
 *
 * The SDKs are committed (tests/plugin/sdks.test.ts fails on drift; `--check` compares a fresh
 * generation with them and exits 1 on a difference): Go users take a Go SDK from a
 * repository path (`go get`), and the generator needs Go, which a TypeScript contributor may lack.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ELSEWHERE, generateDotnet, generateJava, whyNot } from "./gen-sdks-elsewhere";

const REPO = resolve(__dirname, "..");
export const GO_MODULE = "github.com/pulumi-dondominio/pulumi-dondominio/sdks/go";
export const GENERATED = ["nodejs", "python", "go"] as const;
export { ELSEWHERE };
const PULUMI_SDK_GO = "v3.250.0"; // the pinned CLI's sdk/v3, in the module cache

function cacheRoot(): string {
  return process.env.PULUMI_DONDOMINIO_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-dondominio");
}

/** The generator binary, built from scripts/pulumi-sdkgen (keyed by its sources) and cached. */
export function ensureSdkgen(): string {
  const src = join(REPO, "scripts", "pulumi-sdkgen");
  const hash = createHash("sha256");
  for (const f of ["main.go", "langhost.go", "modzip.go", "go.mod", "go.sum"]) hash.update(readFileSync(join(src, f)));
  const bin = join(cacheRoot(), `pulumi-sdkgen-${hash.digest("hex").slice(0, 12)}`, "sdkgen");
  if (existsSync(bin)) return bin;
  mkdirSync(join(bin, ".."), { recursive: true });
  const tmp = `${bin}.tmp.${process.pid}`;
  execFileSync("go", ["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", "-s -w", "-o", tmp, "."], {
    cwd: src,
    env: { ...process.env, CGO_ENABLED: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  renameSync(tmp, bin);
  return bin;
}

/**
 * `dir` with pulumi-language-{python,nodejs,go}: each execs `sdkgen serve-language <runtime>`, a
 * host that answers GenerateProgram only (scripts/pulumi-sdkgen/langhost.go), for `pulumi import
 * --generate-code` where the real hosts are absent. Put `dir` first on PATH for that command only.
 */
export function generateOnlyHosts(dir: string): string {
  const sdkgen = ensureSdkgen();
  mkdirSync(dir, { recursive: true });
  for (const runtime of GENERATED) {
    writeFileSync(join(dir, `pulumi-language-${runtime}`), `#!/bin/sh\nexec '${sdkgen}' serve-language ${runtime}\n`, { mode: 0o755 });
  }
  return dir;
}

/** schema.json, whose Go import path must be sdks/go's (the module a release tags as sdks/go/v<version>). */
function schemaForSdks(): string {
  const text = readFileSync(join(REPO, "schema.json"), "utf8");
  const base = JSON.parse(text).language?.go?.importBasePath;
  if (base !== `${GO_MODULE}/dondominio`) throw new Error(`schema.json: language.go.importBasePath is ${base}; sdks/go is ${GO_MODULE}/dondominio`);
  return text;
}

const GO_MOD = `module ${GO_MODULE}

go 1.22

require github.com/pulumi/pulumi/sdk/v3 ${PULUMI_SDK_GO}
`;

/** Writes every SDK this machine can generate under `outRoot`/<language>; returns what was skipped and why. */
export async function generateSdks(outRoot: string): Promise<{ generated: string[]; skipped: Record<string, string> }> {
  const sdkgen = ensureSdkgen();
  const work = mkdtempSync(join(tmpdir(), "dondominio-sdks-"));
  const skipped: Record<string, string> = {};
  const generated: string[] = [];
  try {
    const schemaFile = join(work, "schema.json");
    writeFileSync(schemaFile, schemaForSdks());
    for (const language of GENERATED) {
      const out = join(outRoot, language);
      // go.mod and go.sum of sdks/go are kept (written once, then `go mod tidy`): not generated.
      rmSync(language === "go" ? join(out, "dondominio") : out, { recursive: true, force: true });
      execFileSync(sdkgen, [schemaFile, language, out], { stdio: ["ignore", "inherit", "inherit"] });
      generated.push(language);
    }
    // The generators leave the package version as a placeholder (`gen-sdk --version` fills it): the schema's.
    const version = JSON.parse(readFileSync(schemaFile, "utf8")).version as string;
    const fill = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
    fill(join(outRoot, "nodejs", "package.json"), `"version": "$\{VERSION}"`, `"version": "${version}"`);
    fill(join(outRoot, "python", "setup.py"), 'VERSION = "0.0.0"', `VERSION = "${version}"`);
    if (!existsSync(join(outRoot, "go", "go.mod"))) writeFileSync(join(outRoot, "go", "go.mod"), GO_MOD);
    for (const language of ELSEWHERE) {
      const why = whyNot(language);
      if (why) {
        skipped[language] = why;
        continue;
      }
      if (language === "dotnet") await generateDotnet(schemaFile, outRoot, work);
      else await generateJava(schemaFile, outRoot, work);
      generated.push(language);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { generated, skipped };
}

/** Every file under `dir`, relative, sorted (for the drift test). */
export function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...listFiles(dir, rel));
    else out.push(rel);
  }
  return out;
}

/** The files of sdks/<language> that differ from a fresh generation under `out` (go.mod, go.sum and build output are not generated). */
export function sdkDrift(out: string, language: string): string[] {
  const kept = (f: string) => f !== "go.mod" && f !== "go.sum" && !f.startsWith("bin/") && !f.startsWith("obj/");
  const fresh = listFiles(join(out, language)).filter(kept);
  const committed = existsSync(join(REPO, "sdks", language)) ? listFiles(join(REPO, "sdks", language)).filter(kept) : [];
  const all = [...new Set([...fresh, ...committed])].sort();
  const same = (f: string) =>
    fresh.includes(f) && committed.includes(f) && readFileSync(join(out, language, f)).equals(readFileSync(join(REPO, "sdks", language, f)));
  return all.filter((f) => !same(f)).map((f) => `sdks/${language}/${f}`);
}

/** `--check`: generates into a temp dir and exits 1 when a committed SDK differs (what could not be generated here says SKIPPED). */
async function check(): Promise<number> {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
  } catch {
    console.log("sdks/: SKIPPED: Go is absent (the generator, scripts/pulumi-sdkgen, is Go)");
    return 0;
  }
  const out = mkdtempSync(join(tmpdir(), "dondominio-sdks-check-"));
  try {
    const { generated, skipped } = await generateSdks(out);
    for (const [language, why] of Object.entries(skipped)) console.log(`sdks/${language}: SKIPPED: ${why}`);
    const stale = generated.flatMap((language) => sdkDrift(out, language));
    for (const f of stale) console.log(`out of date: ${f}`);
    return stale.length ? 1 : 0;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  if (process.argv.includes("--check")) {
    check().then((status) => {
      process.exitCode = status;
    });
  } else {
    generateSdks(join(REPO, "sdks")).then(({ generated, skipped }) => {
      console.log(`sdks/: ${generated.join(", ")}`);
      for (const [language, why] of Object.entries(skipped)) console.log(`sdks/${language}: SKIPPED: ${why}`);
    });
  }
}
