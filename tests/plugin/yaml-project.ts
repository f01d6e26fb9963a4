/**
 * A Pulumi YAML project run with the plain CLI and the YAML language host (scripts/ensure-pulumi-yaml.sh),
 * the plugin taken from the installed package's bin/ (tests/harness/engine.ts installPackage), its own
 * PULUMI_HOME and file backend in a temp dir. Shared by the plugin's engine tests.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "../../emulator";
import { engineEnv, installPackage, REPO } from "../harness/engine";

const run = promisify(execFile);

export function hasGo(): boolean {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export const SKIP_NO_GO = "SKIPPED: Go is absent, and the Pulumi YAML language host is built from its Go modules (scripts/ensure-pulumi-yaml.sh)";

/** Skips the calling hook's suite (saying why) when Go, needed for the YAML language host, is absent. */
export function skipWithoutGo(ctx: Mocha.Context): void {
  if (!hasGo()) {
    console.log(SKIP_NO_GO);
    ctx.skip();
  }
}

/** Pulumi.yaml text of a program on the plugin in `pluginDir` (JSON is YAML: the project written from an object). */
export function pluginProgram(name: string, pluginDir: string, body: { resources?: Record<string, unknown>; outputs?: Record<string, unknown> }): string {
  return JSON.stringify({ name, runtime: "yaml", plugins: { providers: [{ name: "dondominio", path: pluginDir }] }, ...body }, null, 2);
}

export interface YamlProject {
  dir: string;
  /** Runs `pulumi <args> --non-interactive`; stdout and stderr together; throws with the error lines. */
  pulumi(...args: string[]): Promise<string>;
  /** The environment the CLI runs with (for a test that starts it itself, e.g. to interrupt it). */
  env: Record<string, string>;
  /** The same, stdout alone (JSON output). */
  pulumiRun(...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** `config set` of the emulator's credentials (the password as a secret), then of each of `extra`. */
  configureEmulator(emu: RunningEmulator, extra?: Record<string, string>): Promise<void>;
  /** The resource whose URN ends in `::name`, as `pulumi stack export` has it (undefined if absent). */
  resource(name: string): Promise<any>;
  dispose(): void;
}

/** `prepare(dir, pluginDir)` writes the project's files; the stack `dev` is created. */
export async function yamlProject(prepare: (dir: string, pluginDir: string) => void): Promise<YamlProject> {
  const yamlBin = execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  const pkg = installPackage();
  const home = mkdtempSync(join(tmpdir(), "dondominio-yaml-"));
  const dir = join(home, "project");
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(home, "backend"), { recursive: true });
  prepare(dir, join(pkg, "bin"));
  const base = engineEnv(join(home, "backend"));
  const env = { ...base, PATH: `${yamlBin}:${base.PATH}`, ...(process.env.DONDOMINIO_DEBUG ? { DONDOMINIO_DEBUG: "1" } : {}) };
  const pulumiRun = async (...args: string[]) => {
    try {
      return await run("pulumi", [...args, "--non-interactive"], { cwd: dir, env, maxBuffer: 1 << 30 });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      const text = `${err.stdout ?? ""}\n${err.stderr ?? ""}`;
      if (process.env.PLUGIN_TEST_LOG) writeFileSync(process.env.PLUGIN_TEST_LOG, text);
      const errors = text
        .split("\n")
        .filter((l) => /error|fail/i.test(l) && !l.includes('"v":'))
        .slice(0, 30);
      throw new Error(`pulumi ${args.join(" ")} failed:\n${errors.join("\n")}\n...\n${text.slice(-3000)}`);
    }
  };
  const project: YamlProject = {
    dir,
    env,
    pulumiRun,
    async pulumi(...args) {
      const r = await pulumiRun(...args);
      return `${r.stdout}${r.stderr}`;
    },
    async configureEmulator(emu, extra = {}) {
      await project.pulumi("config", "set", "dondominio:apiUser", emu.apiUser);
      await project.pulumi("config", "set", "--secret", "dondominio:apiPasswd", emu.apiPasswd);
      await project.pulumi("config", "set", "dondominio:baseUrl", emu.url);
      await project.pulumi("config", "set", "dondominio:caCertFile", emu.caFile);
      for (const [key, value] of Object.entries(extra)) await project.pulumi("config", "set", key, value);
    },
    async resource(name) {
      const state = JSON.parse((await pulumiRun("stack", "export")).stdout);
      return state.deployment.resources.find((r: any) => String(r.urn).endsWith(`::${name}`));
    },
    dispose: () => rmSync(home, { recursive: true, force: true }),
  };
  await project.pulumi("stack", "init", "dev");
  return project;
}
