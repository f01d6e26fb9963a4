/**
 * The Node half shared by the TypeScript drivers: an Automation API inline program
 * (tests/harness/engine.ts) that declares each resource with a class the driver names, the engine
 * operations with their events kept, `pulumi stack export` as a user runs it, and state edits
 * through the Automation API's export and import of the deployment.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { EngineEvent, LocalWorkspace } from "@pulumi/pulumi/automation";
import { createEngineStack, REPO } from "../../harness/engine";
import type { Args } from "../model";
import type { Declaration, DoorStack, EngineRun, Operation } from "./driver";

const exec = promisify(execFile);

/** The directory of the Pulumi YAML language host (scripts/ensure-pulumi-yaml.sh), or why there is none (no Go to build it). */
function yamlHost(): string | { skip: string } {
  try {
    return execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  } catch (e) {
    return { skip: `no Pulumi YAML language host for \`pulumi import\` (scripts/ensure-pulumi-yaml.sh: ${(e as Error).message.split("\n")[0]})` };
  }
}

type Classes = Record<string, new (name: string, args: Args, opts?: object) => unknown>;

export interface NodeDoor {
  /** The classes by type name, loaded inside the program. */
  classes(): Classes;
  env?: Record<string, string>;
  /** The dynamic resources need the packed package installed; the plugin does not. */
  installPackage: boolean;
  /** The type token `pulumi import` takes, when the door can import. */
  importType?(type: string): string;
}

export async function nodeDoorStack(
  door: NodeDoor,
  ctx: { config: Record<string, { value: string; secret?: boolean }>; projectName: string },
): Promise<DoorStack> {
  let declared: readonly Declaration[] = [];
  const program = async () => {
    const classes = door.classes();
    for (const d of declared) {
      const Class = classes[d.type];
      if (!Class) throw new Error(`the door has no class ${d.type}`);
      new Class(d.key, d.args, d.options);
    }
  };
  const eng = await createEngineStack({ program, config: ctx.config, env: door.env, installPackage: door.installPackage, projectName: ctx.projectName });
  const keep = (run: EngineRun) => ({ onEvent: (e: EngineEvent) => run.events.push(e), onOutput: (t: string) => (run.output += t) });
  const stack: DoorStack = {
    declare(p) {
      declared = p;
    },
    async run(what: Operation) {
      const run: EngineRun = { what, events: [], output: "" };
      try {
        if (what === "up") await eng.stack.up(keep(run));
        else if (what === "preview") await eng.stack.preview(keep(run));
        else if (what === "refresh") await eng.stack.refresh(keep(run));
        else await eng.stack.destroy(keep(run));
      } catch (e) {
        run.error = (e as Error).message;
      }
      return run;
    },
    async forget(keys) {
      const deployment = await eng.stack.exportStack();
      const gone = (urn: string) => keys.some((k) => urn.endsWith(`::${k}`));
      const resources = (deployment.deployment.resources ?? []) as Record<string, any>[];
      deployment.deployment.resources = resources.filter((r) => !gone(r.urn));
      await eng.stack.importStack(deployment);
    },
    saveState: () => eng.stack.exportStack(),
    restoreState: (saved) => eng.stack.importStack(saved as Awaited<ReturnType<typeof eng.stack.exportStack>>),
    stateText: () => eng.readStateFile(),
    async exported() {
      // `pulumi stack export` as a user runs it (the Automation API's exportStack adds --show-secrets).
      const ws = eng.stack.workspace as LocalWorkspace;
      const env = { ...process.env, ...ws.envVars };
      return (await exec("pulumi", ["stack", "export", "--stack", eng.stack.name], { cwd: eng.workDir, env, maxBuffer: 1 << 28 })).stdout;
    },
    plainDeployment: async () => (await eng.stack.exportStack()).deployment,
    dispose: () => eng.dispose(),
  };
  if (door.importType) {
    const importType = door.importType;
    stack.importUnavailable = () => {
      const yaml = yamlHost();
      return typeof yaml === "string" ? undefined : yaml.skip;
    };
    stack.importByIds = async (resources) => {
      const run: EngineRun = { what: "import", events: [], output: "" };
      const yaml = yamlHost();
      if (typeof yaml !== "string") throw new Error(yaml.skip);
      // `pulumi import` loads the project's language host even with --generate-code=false, and no
      // Node one is on CI (not on any registry): the same stack (backend, config,
      // PULUMI_HOME) is opened from a Pulumi YAML project of the same name, whose host is built from Go.
      const dir = join(eng.workDir, "import");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "Pulumi.yaml"), `name: ${ctx.projectName}\nruntime: yaml\n`);
      copyFileSync(join(eng.workDir, `Pulumi.${eng.stack.name}.yaml`), join(dir, `Pulumi.${eng.stack.name}.yaml`));
      const file = join(dir, "import.json");
      writeFileSync(file, JSON.stringify({ resources: resources.map((r) => ({ type: importType(r.type), name: r.key, id: r.id })) }));
      const ws = eng.stack.workspace as LocalWorkspace;
      const env = { ...process.env, ...ws.envVars, PATH: `${yaml}:${ws.envVars.PATH ?? process.env.PATH}` };
      const args = ["import", "--file", file, "--yes", "--protect=false", "--generate-code=false", "--stack", eng.stack.name, "--non-interactive"];
      try {
        const r = await exec("pulumi", args, { cwd: dir, env, maxBuffer: 1 << 28 });
        run.output = `${r.stdout}${r.stderr}`;
      } catch (e) {
        const err = e as { stdout?: string; stderr?: string; message: string };
        run.output = `${err.stdout ?? ""}${err.stderr ?? ""}`;
        run.error = err.message;
      }
      return run;
    };
  }
  return stack;
}
