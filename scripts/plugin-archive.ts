/**
 * `npm run plugin:archive [-- --platform <os-arch>|--all] [--out <dir>] [--node-on-path]`: the
 * provider plugin as the archives `pulumi plugin install` and the engine's automatic download take:
 * `pulumi-resource-dondominio-v<version>-<os>-<arch>.tar.gz`, the executable
 * `pulumi-resource-dondominio` (`.exe` on Windows) at its root, unpacked by the CLI into
 * $PULUMI_HOME/plugins/resource-dondominio-v<version>/.
 *
 * Release archives (linux-amd64, linux-arm64, darwin-amd64, darwin-arm64, windows-amd64) need no
 * Node: each executable is a Node single executable application, the plugin's bundle
 * (scripts/release/sea-bundle.ts) injected into that platform's Node binary from the npm registry
 * (scripts/release/node-dist.ts). Where the build can run the platform's Node (linux-amd64 here,
 * linux-arm64 under qemu-user) the executable starts from a V8 startup snapshot of the loaded
 * plugin; the others load the bundle at start (a snapshot or code cache cannot be made for another
 * platform). A darwin executable is ad-hoc signed when a signer is found (scripts/release/sign.ts);
 * else the user signs it (README).
 *
 * `--node-on-path` (and buildPluginArchive() without a platform, which the tests that install the
 * plugin use) writes the small variant instead: the bundle plus a launcher that runs it on the
 * `node` (>= 22) on PATH, `pulumi-resource-dondominio-v<version>-node.tar.gz`, about 0.8 MB.
 * `@pulumi/pulumi` itself stays out of both: the plugin uses only its generated gRPC stubs
 * (bundled); the one `require("@pulumi/pulumi")` left, in checkDomain's program-config lookup, is
 * inside a try and means "not in a program" when absent.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type Plugin } from "esbuild";
import { cacheRoot, hostPlatform, nodeBinary, nodeLicense, PLATFORMS, type Platform, platformName, platformOf, SEA_NODE_VERSION } from "./release/node-dist";
import { seaBundle } from "./release/sea-bundle";
import { adHocSign, macSigner } from "./release/sign";
import { qemuFor } from "./release/qemu";

const REPO = resolve(__dirname, "..");
export const PLUGIN_NAME = "dondominio";
export const EXECUTABLE = `pulumi-resource-${PLUGIN_NAME}`;

export interface PluginArchive {
  file: string;
  version: string;
  bytes: number;
  /** os-arch of a release archive; "node" for the variant that runs on the node on PATH. */
  platform: string;
  /** The executable starts from a V8 startup snapshot of the loaded plugin. */
  snapshot?: boolean;
  /** How a darwin executable was signed: "ad-hoc" (by scripts/release/sign.ts) or "unsigned". */
  signature?: "ad-hoc" | "unsigned";
}

/** The file name the Pulumi CLI expects of a plugin release: pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz. */
export function archiveName(version: string, platform: string): string {
  return `${EXECUTABLE}-v${version}-${platform}.tar.gz`;
}

export const executableName = (p: Pick<Platform, "os">): string => (p.os === "windows" ? `${EXECUTABLE}.exe` : EXECUTABLE);

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
}

// The launcher the engine starts (the node-on-PATH variant). `$0` is the absolute path of the installed executable.
const LAUNCHER = `#!/bin/sh
# pulumi-resource-dondominio: the DonDominio provider plugin (lib/plugin.js) on the node on PATH (>= 22).
# The release archives for each platform need no Node.
here=$(dirname "$0")
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-dondominio: Node.js >= 22 is needed on PATH (or install the release archive of your platform, which has none to need)" >&2
  exit 1
fi
exec node "$here/lib/plugin.js" "$@"
`;

// The plugin's entry: plugin/main.ts's main(argv, env, io), as bin/run-cli.js runs it.
const ENTRY = `
const { main } = require("./plugin/main");
main(process.argv.slice(2), process.env, process).then(
  (status) => { process.exitCode = status; },
  (err) => { process.stderr.write("pulumi-resource-dondominio: unexpected error: " + (err && err.message ? err.message : err) + "\\n"); process.exitCode = 1; },
);
`;

/** `@pulumi/pulumi` (the package's index: the whole program runtime) stays out; its proto/ stubs go in. */
const pulumiIndexExternal: Plugin = {
  name: "pulumi-index-external",
  setup(build) {
    build.onResolve({ filter: /^@pulumi\/pulumi$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** Entries at the archive's root, owned by nobody in particular: what the CLI unpacks into the plugin dir. */
function tarGz(file: string, dir: string, entries: string[]): void {
  execFileSync("tar", ["-czf", file, "--owner=0", "--group=0", "--numeric-owner", "-C", dir, ...entries]);
}

/**
 * The archive for `platform` (os-arch), or without one the node-on-PATH variant. `minify: false`
 * keeps the bundle's function names (bench/plugin-vs-dynamic.ts --profile reads them in CPU profiles).
 */
export async function buildPluginArchive(opts: { outDir: string; platform?: string; minify?: boolean; snapshot?: boolean }): Promise<PluginArchive> {
  if (opts.platform) return buildReleaseArchive({ outDir: opts.outDir, platform: platformOf(opts.platform), snapshot: opts.snapshot });
  const version = packageVersion();
  const stage = mkdtempSync(join(tmpdir(), "dondominio-plugin-archive-"));
  try {
    mkdirSync(join(stage, "lib"));
    await build({
      stdin: { contents: ENTRY, resolveDir: REPO, sourcefile: "plugin-entry.js", loader: "js" },
      bundle: true,
      platform: "node",
      target: "node22",
      format: "cjs",
      minify: opts.minify ?? true,
      legalComments: "none",
      outfile: join(stage, "lib", "plugin.js"),
      plugins: [pulumiIndexExternal],
      logLevel: "error",
    });
    // plugin/main.ts and sdk/core/transport.ts find the version (GetPluginInfo, user agent) and
    // plugin/server.ts finds schema.json one directory above their own (lib/).
    writeFileSync(join(stage, "package.json"), `${JSON.stringify({ name: "pulumi-dondominio", version, private: true }, null, 2)}\n`);
    copyFileSync(join(REPO, "schema.json"), join(stage, "schema.json"));
    copyFileSync(join(REPO, "LICENSE"), join(stage, "LICENSE"));
    writeFileSync(join(stage, EXECUTABLE), LAUNCHER);
    chmodSync(join(stage, EXECUTABLE), 0o755);
    mkdirSync(opts.outDir, { recursive: true });
    const file = join(resolve(opts.outDir), archiveName(version, "node"));
    tarGz(file, stage, [EXECUTABLE, "lib", "package.json", "schema.json", "LICENSE"]);
    return { file, version, bytes: statSync(file).size, platform: "node" };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Whether the build can make `p`'s startup snapshot: it must run `p`'s own Node (natively or under qemu-user). */
export function canSnapshot(p: Platform): boolean {
  const host = hostPlatform();
  if (host && platformName(host) === platformName(p)) return true;
  return !!qemuFor(p);
}

/** The command that runs `p`'s Node binary here: itself, or under qemu-user. */
function runner(p: Platform, node: string): string[] {
  const host = hostPlatform();
  if (host && platformName(host) === platformName(p)) return [node];
  const q = qemuFor(p);
  if (!q) throw new Error(`${platformName(p)}'s Node cannot run here (no qemu-user for it: scripts/ensure-qemu.sh)`);
  return [...q, node];
}

/** The SEA bundle, made once per process (every platform's executable has the same script). */
let bundled: Promise<string> | undefined;
function bundleOnce(hostNode: string, version: string): Promise<string> {
  bundled ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "dondominio-sea-bundle-"));
    try {
      const schema = readFileSync(join(REPO, "schema.json"), "utf8");
      await seaBundle({ outfile: join(dir, "plugin.js"), node: hostNode, repo: REPO, version, schema, external: pulumiIndexExternal });
      return readFileSync(join(dir, "plugin.js"), "utf8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return bundled;
}

/**
 * `p`'s executable: `node --build-sea` of the bundle, into `p`'s Node binary. The result is kept
 * under the cache, keyed by what went in (bundle, Node version, platform, snapshot), so the tests
 * and a second build reuse it.
 */
export async function releaseExecutable(p: Platform, snapshot: boolean): Promise<string> {
  const version = packageVersion();
  const host = hostPlatform();
  if (host?.os !== "linux") throw new Error("the release executables are built on linux (amd64 or arm64)");
  const hostNode = nodeBinary(host);
  const targetNode = nodeBinary(p);
  const stage = mkdtempSync(join(tmpdir(), "dondominio-sea-"));
  try {
    writeFileSync(join(stage, "plugin.js"), await bundleOnce(hostNode, version));
    const key = createHash("sha256")
      .update(readFileSync(join(stage, "plugin.js")))
      .update(`${SEA_NODE_VERSION} ${platformName(p)} ${snapshot}`)
      .digest("hex")
      .slice(0, 16);
    const cached = join(cacheRoot(), "sea", `${platformName(p)}-${key}`, executableName(p));
    if (existsSync(cached)) return cached;
    // One build per executable: a parallel test process building the same one is waited for.
    const lock = join(cacheRoot(), "sea", `.${platformName(p)}-${key}.lock`);
    mkdirSync(join(cacheRoot(), "sea"), { recursive: true });
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        if (existsSync(cached)) return cached;
        // A lock older than 20 minutes is a build that died.
        if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    try {
      if (existsSync(cached)) return cached;
      return await buildSea(p, snapshot, stage, key, cached, hostNode, targetNode);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** `node --build-sea` of the bundle in `stage` into the cache at `cached`. */
async function buildSea(p: Platform, snapshot: boolean, stage: string, key: string, cached: string, hostNode: string, targetNode: string): Promise<string> {
  {
    const config = {
      main: "plugin.js",
      mainFormat: "commonjs",
      output: executableName(p),
      executable: targetNode,
      disableExperimentalSEAWarning: true,
      useSnapshot: snapshot,
      useCodeCache: false,
    };
    writeFileSync(join(stage, "sea.json"), JSON.stringify(config, null, 2));
    // A snapshot is made by the target's own Node; without one, the blob is the same for every platform.
    const [cmd, ...args] = snapshot ? runner(p, targetNode) : [hostNode];
    try {
      execFileSync(cmd, [...args, "--build-sea", "sea.json"], { cwd: stage, env: {}, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
    } catch (e) {
      const err = e as { stderr?: Buffer; stdout?: Buffer };
      const lines = `${err.stdout ?? ""}${err.stderr ?? ""}`
        .split("\n")
        .filter((l) => l && l.length < 400 && !/not yet fully verified|may still work|To request support|trace-warnings/.test(l));
      throw new Error(`node --build-sea for ${platformName(p)} failed:\n${lines.slice(0, 20).join("\n")}`);
    }
    const dir = join(cacheRoot(), "sea", `${platformName(p)}-${key}`);
    mkdirSync(join(cacheRoot(), "sea"), { recursive: true });
    const tmpDir = mkdtempSync(join(cacheRoot(), "sea", ".tmp-"));
    renameSync(join(stage, executableName(p)), join(tmpDir, executableName(p)));
    try {
      renameSync(tmpDir, dir);
    } catch {
      rmSync(tmpDir, { recursive: true, force: true });
    }
    return cached;
  }
}

/** The release archive of one platform. */
export async function buildReleaseArchive(opts: { outDir: string; platform: Platform; snapshot?: boolean }): Promise<PluginArchive> {
  const p = opts.platform;
  const version = packageVersion();
  const snapshot = opts.snapshot ?? canSnapshot(p);
  const exe = await releaseExecutable(p, snapshot);
  const stage = mkdtempSync(join(tmpdir(), "dondominio-plugin-release-"));
  try {
    copyFileSync(exe, join(stage, executableName(p)));
    chmodSync(join(stage, executableName(p)), 0o755);
    let signature: PluginArchive["signature"];
    if (p.os === "darwin") {
      signature = macSigner() ? "ad-hoc" : "unsigned";
      if (signature === "ad-hoc") adHocSign(join(stage, executableName(p)));
    }
    copyFileSync(join(REPO, "LICENSE"), join(stage, "LICENSE"));
    // Node.js's own licence travels with its binary.
    copyFileSync(nodeLicense(), join(stage, "LICENSE.node"));
    mkdirSync(opts.outDir, { recursive: true });
    const file = join(resolve(opts.outDir), archiveName(version, platformName(p)));
    tarGz(file, stage, [executableName(p), "LICENSE", "LICENSE.node"]);
    return { file, version, bytes: statSync(file).size, platform: platformName(p), snapshot, ...(signature ? { signature } : {}) };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Every release archive (or those of `platforms`), one after the other (each build takes a core). */
export async function buildReleaseArchives(opts: { outDir: string; platforms?: string[] }): Promise<PluginArchive[]> {
  const out: PluginArchive[] = [];
  for (const p of opts.platforms?.map(platformOf) ?? PLATFORMS) out.push(await buildReleaseArchive({ outDir: opts.outDir, platform: p }));
  return out;
}

async function cli(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const outDir = arg("--out") ?? join(REPO, "release");
  const archives = argv.includes("--node-on-path")
    ? [await buildPluginArchive({ outDir })]
    : argv.includes("--all")
      ? await buildReleaseArchives({ outDir })
      : [await buildReleaseArchive({ outDir, platform: arg("--platform") ? platformOf(arg("--platform")!) : (hostPlatform() ?? platformOf("linux-amd64")) })];
  for (const a of archives) {
    const notes = [a.snapshot ? "startup snapshot" : a.platform === "node" ? "runs on the node on PATH" : "no snapshot", a.signature]
      .filter(Boolean)
      .join(", ");
    console.log(`${a.file} (${(a.bytes / 1e6).toFixed(1)} MB; ${notes})`);
  }
  console.log(`install: pulumi plugin install resource ${PLUGIN_NAME} ${archives[0].version} --file <archive of your platform>`);
}

if (require.main === module) {
  cli(process.argv.slice(2)).catch((e) => {
    console.error(`plugin-archive: ${(e as Error).message}`);
    process.exitCode = 1;
  });
}
