/**
 * `npm run plugin:archive [-- --with-node] [--out <dir>]`: the provider plugin as the archive
 * `pulumi plugin install resource dondominio <version> --file <archive>` installs (the CLI unpacks a
 * .tar.gz into $PULUMI_HOME/plugins/resource-dondominio-v<version>/ and starts the executable
 * `pulumi-resource-dondominio` at its root).
 *
 * The plugin (plugin/main.ts with the resources it serves) is bundled into one file with esbuild, so
 * the archive needs no node_modules: about 0.7 MB, it runs on the Node (>= 22) on the user's PATH.
 * `--with-node` also puts this process's Node binary in the archive (node/bin/node, used first by
 * the launcher) for machines without Node: about 45 MB. `@pulumi/pulumi` itself stays out: the
 * plugin uses only its generated gRPC stubs (bundled); the one `require("@pulumi/pulumi")` left, in
 * checkDomain's program-config lookup, is inside a try and means "not in a program" when absent.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type Plugin } from "esbuild";

const REPO = resolve(__dirname, "..");
export const PLUGIN_NAME = "dondominio";

export interface PluginArchive {
  file: string;
  version: string;
  bytes: number;
}

/** The file name the Pulumi CLI expects of a plugin release: pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz. */
export function archiveName(version: string, withNode = false): string {
  return `pulumi-resource-${PLUGIN_NAME}-v${version}-linux-amd64${withNode ? "-node" : ""}.tar.gz`;
}

// The launcher the engine starts. `$0` is the absolute path of the installed executable.
const LAUNCHER = `#!/bin/sh
# pulumi-resource-dondominio: the DonDominio provider plugin (lib/plugin.js), on the Node bundled
# beside it (an archive built with --with-node) or else the node on PATH (>= 22).
here=$(dirname "$0")
if [ -x "$here/node/bin/node" ]; then exec "$here/node/bin/node" "$here/lib/plugin.js" "$@"; fi
if ! command -v node >/dev/null 2>&1; then
  echo "pulumi-resource-dondominio: Node.js >= 22 is needed on PATH (or install the archive with Node bundled, *-node.tar.gz)" >&2
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

/** `minify: false` keeps the bundle's function names (bench/plugin-vs-dynamic.ts --profile reads them in CPU profiles). */
export async function buildPluginArchive(opts: { outDir: string; withNode?: boolean; minify?: boolean }): Promise<PluginArchive> {
  const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { name: string; version: string };
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
    writeFileSync(join(stage, "package.json"), `${JSON.stringify({ name: pkg.name, version: pkg.version, private: true }, null, 2)}\n`);
    copyFileSync(join(REPO, "schema.json"), join(stage, "schema.json"));
    copyFileSync(join(REPO, "LICENSE"), join(stage, "LICENSE"));
    writeFileSync(join(stage, "pulumi-resource-dondominio"), LAUNCHER);
    chmodSync(join(stage, "pulumi-resource-dondominio"), 0o755);
    const entries = ["pulumi-resource-dondominio", "lib", "package.json", "schema.json", "LICENSE"];
    if (opts.withNode) {
      mkdirSync(join(stage, "node", "bin"), { recursive: true });
      copyFileSync(process.execPath, join(stage, "node", "bin", "node"));
      chmodSync(join(stage, "node", "bin", "node"), 0o755);
      entries.push("node");
    }
    mkdirSync(opts.outDir, { recursive: true });
    const file = join(resolve(opts.outDir), archiveName(pkg.version, opts.withNode));
    // Entries at the archive's root, owned by nobody in particular: what the CLI unpacks into the plugin dir.
    execFileSync("tar", ["-czf", file, "--owner=0", "--group=0", "--numeric-owner", "-C", stage, ...entries]);
    return { file, version: pkg.version, bytes: statSync(file).size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

async function cli(argv: string[]): Promise<void> {
  const outIdx = argv.indexOf("--out");
  const outDir = outIdx >= 0 ? argv[outIdx + 1] : join(REPO, "release");
  const archive = await buildPluginArchive({ outDir, withNode: argv.includes("--with-node") });
  console.log(`${archive.file} (${(archive.bytes / 1e6).toFixed(1)} MB)`);
  console.log(`install: pulumi plugin install resource ${PLUGIN_NAME} ${archive.version} --file ${archive.file}`);
}

if (require.main === module) {
  cli(process.argv.slice(2)).catch((e) => {
    console.error(`plugin-archive: ${(e as Error).message}`);
    process.exitCode = 1;
  });
}
