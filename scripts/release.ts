/**
 * `npm run release -- [--version <v>] [--out <dir>] [--dry-run] [--publish <step>]`: the release,
 * one script for the workflow (.github/workflows/release.yml) and for its dry run (the suite:
 * tests/release/dry-run.test.ts).
 *
 * Build: every artefact into `--out` (default release/): the five plugin archives
 * (scripts/plugin-archive.ts), the npm packages (the dynamic package and the Node SDK), the Python
 * sdist and wheel, the Java jar, sources jar and POM (scripts/release/sdk-artefacts.ts), and
 * SHA256SUMS over all of them. Check: the names are exactly the expected ones, each carries the
 * version, SHA256SUMS matches every file, and the contents are what they must be (each executable its
 * platform's format with the plugin inside; each package its entry points). Then the publish steps:
 * with --dry-run they are printed, nothing is sent anywhere; `--publish <step>` runs one of them
 * (the workflow's jobs, each with its own credentials).
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildReleaseArchives, executableName } from "./plugin-archive";
import { archiveEntries, archiveFile, expectedMachine, inspectExecutable } from "./release/inspect";
import { PLATFORMS, platformName } from "./release/node-dist";
import { goModule, JAVA, javaArtefacts, npmDynamicPackage, npmNodeSdk, pythonDists } from "./release/sdk-artefacts";

const REPO = resolve(__dirname, "..");
export const SUMS = "SHA256SUMS";

/** Every file a release of `version` has, by kind. */
export function expectedArtefacts(version: string): Record<string, string[]> {
  return {
    plugin: PLATFORMS.map((p) => `pulumi-resource-dondominio-v${version}-${platformName(p)}.tar.gz`),
    npm: [`pulumi-dondominio-${version}.tgz`, `pulumi-dondominio-dondominio-${version}.tgz`],
    python: [`pulumi_dondominio-${version}.tar.gz`, `pulumi_dondominio-${version}-py3-none-any.whl`],
    java: [`${JAVA.artifactId}-${version}.jar`, `${JAVA.artifactId}-${version}-sources.jar`, `${JAVA.artifactId}-${version}.pom`],
    sums: [SUMS],
  };
}

/** The version every source names; a tag that disagrees with them is refused before anything is built. */
export function sourceVersions(): Record<string, string | undefined> {
  const json = (f: string) => JSON.parse(readFileSync(join(REPO, f), "utf8")).version as string | undefined;
  return {
    "package.json": json("package.json"),
    "schema.json": json("schema.json"),
    "sdks/nodejs/package.json": json("sdks/nodejs/package.json"),
    "sdks/python/setup.py": readFileSync(join(REPO, "sdks", "python", "setup.py"), "utf8").match(/^VERSION = "([^"]+)"/m)?.[1],
  };
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
/** One file of a tar.gz or zip, as text. */
const tarText = (file: string, entry: string) => execFileSync("tar", ["-xzOf", file, entry], { encoding: "utf8", maxBuffer: 64 << 20 });
const zipText = (file: string, entry: string) =>
  execFileSync("python3", ["-c", "import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())", file, entry], {
    encoding: "utf8",
  });
const zipNames = (file: string) =>
  execFileSync("python3", ["-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", file], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);

export async function build(out: string, version: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  await buildReleaseArchives({ outDir: out });
  npmDynamicPackage(out);
  npmNodeSdk(out, version);
  pythonDists(out);
  javaArtefacts(out, version);
  goModule(version);
  const files = readdirSync(out)
    .filter((f) => f !== SUMS)
    .sort();
  writeFileSync(join(out, SUMS), files.map((f) => `${sha256(join(out, f))}  ${f}\n`).join(""));
}

/** Checks `out` as a release of `version`; throws naming the first artefact that is wrong. */
export function check(out: string, version: string): { file: string; bytes: number }[] {
  const want = Object.values(expectedArtefacts(version)).flat().sort();
  const have = readdirSync(out).sort();
  const missing = want.filter((f) => !have.includes(f));
  const extra = have.filter((f) => !want.includes(f));
  if (missing.length || extra.length) throw new Error(`release files: missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`);
  // SHA256SUMS: one line per other file, each sum right.
  const sums = new Map(
    readFileSync(join(out, SUMS), "utf8")
      .trim()
      .split("\n")
      .map((l) => {
        const [sum, name] = l.split(/ {2}/);
        return [name, sum] as const;
      }),
  );
  for (const f of want.filter((x) => x !== SUMS)) {
    if (sums.get(f) !== sha256(join(out, f))) throw new Error(`${SUMS}: ${f} ${sums.has(f) ? "does not match its sum" : "is not listed"}`);
  }
  if (sums.size !== want.length - 1) throw new Error(`${SUMS} lists ${sums.size} files, the release has ${want.length - 1}`);
  // Contents.
  for (const [i, p] of PLATFORMS.entries()) {
    const file = join(out, expectedArtefacts(version).plugin[i]);
    const entries = archiveEntries(file).sort();
    if (JSON.stringify(entries) !== JSON.stringify([executableName(p), "LICENSE", "LICENSE.node"].sort()))
      throw new Error(`${file}: holds ${entries.join(", ")}`);
    const facts = inspectExecutable(archiveFile(file, executableName(p)), version);
    if (facts.format !== p.format || facts.machine !== expectedMachine(p) || !facts.seaFuse || !facts.plugin)
      throw new Error(
        `${file}: its executable is ${JSON.stringify(facts)}, not a ${p.format} ${expectedMachine(p)} single executable of the plugin ${version}`,
      );
  }
  const [dyn, sdk] = expectedArtefacts(version).npm.map((f) => join(out, f));
  const dynPkg = JSON.parse(tarText(dyn, "package/package.json"));
  if (dynPkg.name !== "pulumi-dondominio" || dynPkg.version !== version) throw new Error(`${dyn}: package.json is ${dynPkg.name}@${dynPkg.version}`);
  const dynFiles = execFileSync("tar", ["-tzf", dyn], { encoding: "utf8", maxBuffer: 64 << 20 });
  for (const f of ["package/dist/provider/index.js", "package/dist/plugin/main.js", "package/bin/pulumi-resource-dondominio", "package/schema.json"])
    if (!dynFiles.includes(`${f}\n`)) throw new Error(`${dyn}: has no ${f}`);
  const sdkPkg = JSON.parse(tarText(sdk, "package/package.json"));
  if (sdkPkg.name !== "@pulumi-dondominio/dondominio" || sdkPkg.version !== version || sdkPkg.pulumi?.name !== "dondominio")
    throw new Error(`${sdk}: package.json is ${sdkPkg.name}@${sdkPkg.version}`);
  tarText(sdk, "package/bin/index.js");
  const [sdist, wheel] = expectedArtefacts(version).python.map((f) => join(out, f));
  if (!tarText(sdist, `pulumi_dondominio-${version}/PKG-INFO`).includes(`\nVersion: ${version}\n`)) throw new Error(`${sdist}: PKG-INFO has another version`);
  if (!zipText(wheel, `pulumi_dondominio-${version}.dist-info/METADATA`).includes(`\nVersion: ${version}\n`))
    throw new Error(`${wheel}: METADATA has another version`);
  if (JSON.parse(zipText(wheel, "pulumi_dondominio/pulumi-plugin.json")).name !== "dondominio")
    throw new Error(`${wheel}: no pulumi-plugin.json naming dondominio`);
  const [jar, sources, pom] = expectedArtefacts(version).java.map((f) => join(out, f));
  if (zipText(jar, "com/pulumi/dondominio/version.txt").trim() !== version) throw new Error(`${jar}: version.txt is not ${version}`);
  if (!zipNames(jar).includes("io/github/pulumidondominio/dondominio/DnsRecord.class")) throw new Error(`${jar}: has no DnsRecord class`);
  if (!zipNames(sources).includes("io/github/pulumidondominio/dondominio/DnsRecord.java")) throw new Error(`${sources}: has no DnsRecord.java`);
  if (!readFileSync(pom, "utf8").includes(`<version>${version}</version>`)) throw new Error(`${pom}: not version ${version}`);
  return want.map((f) => ({ file: f, bytes: statSync(join(out, f)).size }));
}

/** The publish steps, each a command the workflow's job of that name runs with its own credentials. */
export function plan(out: string, version: string): { step: string; what: string; cmd: string[] }[] {
  const a = expectedArtefacts(version);
  const f = (n: string) => join(out, n);
  return [
    {
      step: "github",
      what: `GitHub release v${version}: the plugin archives and ${SUMS}`,
      cmd: ["gh", "release", "create", `v${version}`, "--title", `v${version}`, "--notes", `pulumi-dondominio ${version}`, ...a.plugin.map(f), f(SUMS)],
    },
    { step: "npm", what: "npm: the dynamic package", cmd: ["npm", "publish", f(a.npm[0]), "--access", "public", "--provenance"] },
    { step: "npm", what: "npm: the Node SDK", cmd: ["npm", "publish", f(a.npm[1]), "--access", "public", "--provenance"] },
    // PyPI takes the files from the workflow's trusted-publishing action (no token): this step only lists them.
    { step: "pypi", what: "PyPI (trusted publishing, pypa/gh-action-pypi-publish): the sdist and wheel", cmd: ["ls", ...a.python.map(f)] },
    {
      step: "maven",
      what: "Maven Central: the jar, sources jar and POM, signed",
      cmd: [
        "mvn",
        "-B",
        "gpg:sign-and-deploy-file",
        "-DrepositoryId=central",
        // The repository's deploy URL (a workflow variable): named, not expanded, in a dry run.
        `-Durl=${process.env.MAVEN_REPOSITORY_URL || "$MAVEN_REPOSITORY_URL"}`,
        `-Dfile=${f(a.java[0])}`,
        `-Dsources=${f(a.java[1])}`,
        `-DpomFile=${f(a.java[2])}`,
      ],
    },
    {
      step: "go",
      what: `Go module ${goModule(version).module}: its tag`,
      cmd: ["sh", "-c", `git tag ${goModule(version).tag} && git push origin ${goModule(version).tag}`],
    },
  ];
}

async function main(argv: string[]): Promise<void> {
  const arg = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined);
  const versions = sourceVersions();
  const version = (arg("--version") ?? versions["package.json"] ?? "").replace(/^v/, "");
  const disagree = Object.entries(versions).filter(([, v]) => v !== version);
  if (disagree.length) throw new Error(`version ${version}: ${disagree.map(([f, v]) => `${f} says ${v}`).join(", ")}`);
  const out = resolve(arg("--out") ?? join(REPO, "release"));
  const step = arg("--publish");
  if (!step) {
    rmSync(out, { recursive: true, force: true });
    const t0 = Date.now();
    await build(out, version);
    console.log(`built in ${((Date.now() - t0) / 1000).toFixed(0)} s:`);
  }
  for (const { file, bytes } of check(out, version)) console.log(`  ${file.padEnd(58)} ${(bytes / 1e6).toFixed(2).padStart(8)} MB`);
  console.log(`checked: names, version ${version}, ${SUMS}, contents`);
  const steps = plan(out, version).filter((s) => !step || s.step === step);
  if (step && !steps.length) throw new Error(`--publish ${step}: one of ${[...new Set(plan(out, version).map((s) => s.step))].join(", ")}`);
  for (const s of steps) {
    if (argv.includes("--dry-run") || !step) console.log(`would publish: ${s.what}\n    ${s.cmd.join(" ")}`);
    else {
      const unset = s.cmd.find((c) => c.includes("$MAVEN_REPOSITORY_URL"));
      if (unset) throw new Error(`--publish ${s.step}: MAVEN_REPOSITORY_URL is not set`);
      execFileSync(s.cmd[0], s.cmd.slice(1), { stdio: "inherit" });
    }
  }
  if (!step || argv.includes("--dry-run")) console.log("dry run: nothing was published");
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`release: ${(e as Error).message}`);
    process.exitCode = 1;
  });
}
