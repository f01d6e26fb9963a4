/**
 * Runs Pulumi programs through the real engine, the way CI/CD systems do: the Automation API hosts
 * an inline program and drives the CLI built by scripts/ensure-pulumi.sh (the Node language host
 * cannot be had on our machines). Every run gets a local file backend, its own PULUMI_HOME, a
 * passphrase, no update checks and no plugin downloads, and Node 24 first on PATH for the
 * dynamic-provider plugin.
 *
 * Dynamic providers are serialized by reference only when they are loaded from node_modules, so
 * programs use this package as users install it: `installPackage()` packs the built package with
 * `npm pack` and unpacks it under `<workRoot>/node_modules/pulumi-dondominio`, from where its own
 * dependencies resolve up the tree to the repository's node_modules.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { LocalWorkspace, PulumiCommand, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";

export const REPO = resolve(__dirname, "..", "..");
export const WORK_ROOT = join(REPO, ".work", "engine");

/**
 * Give the Pulumi runtime's gRPC clients (resource monitor, engine) a subchannel pool of their own
 * (issue 10: `14 UNAVAILABLE: No connection established` after many inline runs in one process).
 *
 * Each inline run gets new monitor and engine clients (in the run's async-local settings), and the
 * runtime never closes them: its disconnect only closes its module-level clients, which inline
 * runs do not use. When a run ends with RPCs still going out after the CLI has exited (a failed
 * preview or up: the error Log and SignalAndWaitForShutdown), those calls meet ECONNREFUSED and
 * the leaked channels stay in pick_first's sticky TRANSIENT_FAILURE, reconnecting with a growing
 * backoff for the life of the process. grpc-js shares subchannels between channels through a
 * process-global pool keyed by address and options, so when a later engine listens on one of those
 * old 127.0.0.1 ports, the new client is handed the old subchannel in TRANSIENT_FAILURE and its
 * calls fail at once. A local pool per client means a new client never inherits an old one's state.
 * The runtime exports its (mutable) client options; `grpcClientOptions` since 3.225, before that
 * the clients used `grpcChannelOptions`. tests/engine/many-runs.test.ts guards this.
 */
function isolateRuntimeGrpcClients(): void {
  const runtimeSettings = require("@pulumi/pulumi/runtime/settings") as {
    grpcClientOptions?: Record<string, unknown>;
    grpcChannelOptions: Record<string, unknown>;
  };
  (runtimeSettings.grpcClientOptions ?? runtimeSettings.grpcChannelOptions)["grpc.use_local_subchannel_pool"] = 1;
}
isolateRuntimeGrpcClients();

let pulumiRoot: string | undefined;

/** Directory whose bin/ holds pulumi and pulumi-resource-pulumi-nodejs (built once, then cached). */
export function ensurePulumi(): string {
  if (!pulumiRoot) {
    pulumiRoot = execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  }
  return pulumiRoot;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Packs dist/ (run `npm run build` first) and installs it under WORK_ROOT/node_modules; returns the
 * installed package directory. Reinstalls only when dist/ changed.
 */
export function installPackage(): string {
  const dist = join(REPO, "dist");
  if (!existsSync(join(dist, "sdk"))) throw new Error("dist/ is missing: run `npm run build` first");
  const target = join(WORK_ROOT, "node_modules", "pulumi-dondominio");
  const stamp = join(target, ".installed-from");
  const built = `${newestMtime(dist)} ${statSync(join(REPO, "package.json")).mtimeMs}`;
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === built) return target;

  // The tarball is a throw-away: it goes to the OS temp dir, which always exists (a fresh clone has
  // no .work/ yet; the first run used to fail here with ENOENT).
  const packDir = mkdtempSync(join(tmpdir(), "dondominio-pack-"));
  try {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const tarball = join(packDir, (JSON.parse(out) as { filename: string }[])[0].filename);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
    cpSync(join(REPO, "package.json"), join(target, "package.json"));
    writeFileSync(stamp, built);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  return target;
}

/** require() of a module of the installed package, e.g. loadInstalled("dist/provider/index.js"). */
export function loadInstalled<T = any>(subpath = ""): T {
  const dir = installPackage();
  return require(subpath ? join(dir, subpath) : dir) as T;
}

export interface EngineStackOptions {
  program: PulumiFn;
  projectName?: string;
  stackName?: string;
  /** Stack config; `secret: true` values are encrypted with the stack's passphrase. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Extra environment for the engine and the provider processes. */
  env?: Record<string, string>;
  /** Keep the backend directory (for inspection) instead of removing it on dispose(). */
  keep?: boolean;
  /** Install the packed package first (default true). */
  installPackage?: boolean;
  /**
   * Directory above the stack's own (default WORK_ROOT): the dynamic-provider plugin resolves
   * `pulumi-dondominio` from its node_modules. A test that installs another build of the package
   * there (tests/upgrade) passes its own, with `installPackage: false`.
   */
  workRoot?: string;
}

export interface EngineStack {
  stack: Stack;
  /** Directory of the file backend (state files live under .pulumi/stacks/). */
  backendDir: string;
  workDir: string;
  /** The raw text of the stack's checkpoint file on disk. */
  readStateFile(): string;
  dispose(): Promise<void>;
}

/** Environment every engine run gets (also used by scripts/demo.ts). */
export function engineEnv(backendDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const root = ensurePulumi();
  return {
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_HOME: join(backendDir, ".pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: extra.PULUMI_CONFIG_PASSPHRASE ?? randomBytes(12).toString("hex"),
    // Node 24 (this process's) and the cached CLI + dynamic-provider plugin first.
    PATH: [dirname(process.execPath), join(root, "bin"), process.env.PATH ?? ""].join(":"),
    ...extra,
  };
}

export async function createEngineStack(opts: EngineStackOptions): Promise<EngineStack> {
  const root = ensurePulumi();
  if (opts.installPackage !== false) installPackage();
  const workRoot = opts.workRoot ?? WORK_ROOT;
  mkdirSync(workRoot, { recursive: true });
  // One directory per stack (Pulumi.yaml and stack config files live there), under WORK_ROOT so
  // that the provider's require() finds the installed package up the tree.
  const workDir = mkdtempSync(join(workRoot, "stack-"));
  const backendDir = join(workDir, "backend");
  mkdirSync(backendDir);
  const env = engineEnv(backendDir, opts.env);
  const projectName = opts.projectName ?? "engine-test";
  const stackName = opts.stackName ?? "dev";
  const pulumiCommand = await PulumiCommand.get({ root, skipVersionCheck: false });
  const stack = await LocalWorkspace.createOrSelectStack(
    { projectName, stackName, program: opts.program },
    {
      workDir,
      pulumiCommand,
      envVars: env,
      projectSettings: { name: projectName, runtime: "nodejs", backend: { url: `file://${backendDir}` } },
    },
  );
  for (const [key, { value, secret }] of Object.entries(opts.config ?? {})) {
    await stack.setConfig(key, { value, secret: secret ?? false });
  }
  return {
    stack,
    backendDir,
    workDir,
    readStateFile() {
      const dir = join(backendDir, ".pulumi", "stacks", projectName);
      const file = [join(dir, `${stackName}.json`), join(backendDir, ".pulumi", "stacks", `${stackName}.json`)].find(existsSync);
      if (!file) throw new Error(`no state file under ${backendDir}`);
      return readFileSync(file, "utf8");
    },
    async dispose() {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
      if (!opts.keep) rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * An example program (examples/<name>/index.ts, which `export =`s its program function, as a normal
 * Pulumi program may) as an inline program. The file is copied under WORK_ROOT first so that its
 * `import ... from "pulumi-dondominio"` resolves to the installed package, as it does for users.
 */
export function exampleProgram(name: string): PulumiFn {
  return async () => {
    const target = join(copyExample(name), "index.ts");
    delete require.cache[require.resolve(target)];
    const fn = require(target) as PulumiFn | { default: PulumiFn };
    return (typeof fn === "function" ? fn : fn.default)();
  };
}

/**
 * A copy of examples/<name> (its project files, not node_modules or stack files) under WORK_ROOT,
 * where `pulumi-dondominio` resolves to the installed package as it does in a user's project. The
 * example's own package.json matters: without it the nearest one is this repository's, and Node's
 * package self-reference would resolve "pulumi-dondominio" to the source tree's dist/.
 */
export function copyExample(name: string, dest = join(WORK_ROOT, "examples", name)): string {
  const src = join(REPO, "examples", name);
  mkdirSync(dest, { recursive: true });
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "node_modules" || /^Pulumi\..+\.yaml$/.test(entry.name)) continue;
    cpSync(join(src, entry.name), join(dest, entry.name), { recursive: true });
  }
  return dest;
}

/** The TypeScript example directories (each a complete Pulumi project; examples/yaml-dns is YAML, tests/plugin runs it). */
export function exampleNames(): string[] {
  return readdirSync(join(REPO, "examples"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(REPO, "examples", e.name, "Pulumi.yaml")) && existsSync(join(REPO, "examples", e.name, "index.ts")))
    .map((e) => e.name)
    .sort();
}
