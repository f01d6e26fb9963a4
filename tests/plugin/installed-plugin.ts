/**
 * The plugin as a user installs it, for engine runs on the generated Node SDK: the archive built
 * (scripts/plugin-archive.ts), `pulumi plugin install resource dondominio <version> --file` into a
 * PULUMI_HOME of its own, and sdks/nodejs compiled with tsc, copied under .work/ (where `@pulumi/pulumi`
 * resolves to the repository's node_modules, as in a user's project that installed the SDK).
 * Pass `env: { PULUMI_HOME: pulumiHome }` to createEngineStack, and require(sdkDir) in the program.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineEnv, REPO, WORK_ROOT } from "../harness/engine";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { compiledNodeSdk } from "../../scripts/release/sdk-artefacts";

export interface InstalledPlugin {
  version: string;
  /** PULUMI_HOME holding the installed plugin. */
  pulumiHome: string;
  /** The compiled Node SDK (require() it). */
  sdkDir: string;
  dispose(): void;
}

export async function installPluginWithNodeSdk(): Promise<InstalledPlugin> {
  mkdirSync(WORK_ROOT, { recursive: true });
  const sdkDir = mkdtempSync(join(WORK_ROOT, "nodejs-sdk-"));
  const home = mkdtempSync(join(tmpdir(), "dondominio-plugin-"));
  const dispose = () => {
    rmSync(home, { recursive: true, force: true });
    rmSync(sdkDir, { recursive: true, force: true });
  };
  try {
    // Compiled once per content of sdks/nodejs (scripts/release/sdk-artefacts.ts), copied here.
    cpSync(await compiledNodeSdk(), sdkDir, { recursive: true });
    copyFileSync(join(REPO, "sdks", "nodejs", "package.json"), join(sdkDir, "package.json"));
    const archive = await buildPluginArchive({ outDir: home });
    const pulumiHome = join(home, "pulumi-home");
    execFileSync("pulumi", ["plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file], {
      env: { ...engineEnv(home), PULUMI_HOME: pulumiHome },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { version: archive.version, pulumiHome, sdkDir, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}
