/**
 * The provider plugin through the generated Python SDK: the plugin installed from its archive (as
 * plugin-node.ts), sdks/python and pulumi==3.250.0 installed into a fresh virtual environment from
 * the wheelhouse (tests/packages/python.ts), the program in Python (python-program.py, one process
 * serving the language runtime protocol, as Python's Automation API serves an inline program).
 * `up` and `preview` are the CLI run with `--client` (that process) and `--event-log` (the engine's
 * events, the same JSON the Automation API's onEvent gives); refresh, destroy, import and the state
 * edits run no program and are the Node half's (node.ts) on the same stack.
 */
import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { REPO } from "../../harness/engine";
import { createVenv, ensureWheelhouse, pip, whyNoPython } from "../../packages/python";
import { type InstalledPlugin, installPluginWithNodeSdk } from "../../plugin/installed-plugin";
import type { Declaration, DoorStack, Driver, EngineRun } from "./driver";
import { nodeDoorStack } from "./node";

const exec = promisify(execFile);

let plugin: InstalledPlugin | undefined;
let venv: { dir: string; python: string } | undefined;

/** A venv with the Pulumi Python SDK and sdks/python (a copy: pip builds a local directory in place). */
async function pythonWithSdk(): Promise<{ dir: string; python: string }> {
  const dir = mkdtempSync(join(tmpdir(), "dondominio-lifecycle-python-"));
  try {
    cpSync(join(REPO, "sdks", "python"), join(dir, "sdk"), { recursive: true });
    const python = await createVenv(join(dir, "venv"));
    await pip(python, ["install", "--no-compile", "--no-index", "--find-links", ensureWheelhouse(), "pulumi==3.250.0", join(dir, "sdk")]);
    return { dir, python };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** python-program.py started: the port it serves the language runtime on. */
async function startProgram(python: string, env: NodeJS.ProcessEnv): Promise<{ port: number; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(python, [join(__dirname, "python-program.py")], { env, stdio: "pipe" });
  let err = "";
  child.stderr.on("data", (b) => {
    err = `${err}${String(b)}`.slice(-4000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`python-program.py printed no port in 120 s: ${err}`)), 120_000);
    child.stdout.on("data", (b) => {
      out += String(b);
      const m = /^(\d+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`python-program.py ended (${code}): ${err}`));
    });
  });
  return { port, child };
}

export const pluginPythonSdk: Driver = {
  name: "plugin (Python SDK)",
  door: "plugin",
  async open(ctx) {
    const why = whyNoPython();
    if (why) throw new Error(`SKIPPED: ${why}`);
    plugin ??= await installPluginWithNodeSdk();
    venv ??= await pythonWithSdk();
    const { python } = venv;
    const installed = plugin;
    // The Node half: the stack, its config, state edits, refresh, destroy and import (no program runs there).
    const node = await nodeDoorStack(
      { installPackage: false, env: { PULUMI_HOME: installed.pulumiHome }, classes: () => ({}), importType: (type) => `dondominio:index:${type}` },
      ctx,
    );
    const dir = mkdtempSync(join(tmpdir(), "dondominio-lifecycle-py-run-"));
    const declarations = join(dir, "declarations.json");
    writeFileSync(declarations, "[]");
    // --event-log is one of the CLI's debug commands (the Automation API sets the same).
    const env = { ...process.env, ...node.envVars, PULUMI_DEBUG_COMMANDS: "true", DECLARATIONS: declarations };
    const program = await startProgram(python, env);
    let declared: readonly Declaration[] = [];
    let n = 0;
    const stack: DoorStack = {
      ...node,
      declare(p) {
        declared = p;
      },
      async run(what) {
        if (what === "refresh" || what === "destroy") return node.run(what);
        writeFileSync(declarations, JSON.stringify(declared));
        const log = join(dir, `events-${++n}.jsonl`);
        const args = what === "up" ? ["up", "--yes", "--skip-preview"] : ["preview"];
        args.push(`--client=127.0.0.1:${program.port}`, "--exec-kind", "auto.inline", "--event-log", log, "--stack", node.stackName, "--non-interactive");
        const run: EngineRun = { what, events: [], output: "" };
        try {
          const r = await exec("pulumi", args, { cwd: node.workDir, env, maxBuffer: 1 << 28 });
          run.output = `${r.stdout}${r.stderr}`;
        } catch (e) {
          const err = e as { stdout?: string; stderr?: string; message: string };
          run.output = `${err.stdout ?? ""}${err.stderr ?? ""}`;
          run.error = err.message;
        }
        if (existsSync(log))
          run.events = readFileSync(log, "utf8")
            .split("\n")
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l) as EngineEvent);
        return run;
      },
      async dispose() {
        program.child.stdin.end();
        program.child.kill();
        await node.dispose();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return stack;
  },
  close() {
    plugin?.dispose();
    plugin = undefined;
    if (venv) rmSync(venv.dir, { recursive: true, force: true });
    venv = undefined;
  },
};
