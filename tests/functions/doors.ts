/**
 * The two doors the function table (cases.ts) runs on, each a real engine run against the seeded
 * emulator: the TypeScript functions inside a program run by the Automation API (the package as
 * users install it; tests/harness/engine.ts), and the provider plugin's Invoke through Pulumi YAML's
 * `fn::invoke` (the plain CLI and the YAML language host; tests/plugin/yaml-project.ts). A run
 * declares invocations; each one's result becomes the stack output `r<i>` (the Output form on the
 * TypeScript door), so a case reads what a program got, secrets marked as the engine marked them.
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEngineStack, type EngineStack, loadInstalled } from "../harness/engine";
import { type YamlProject, yamlProject } from "../plugin/yaml-project";
import type { Args } from "./cases";
import type { Seeded } from "./seed";

export interface Invocation {
  fn: string;
  args: Args;
}

export interface DoorRun {
  /** Each invocation's result by index, and as `pulumi stack output --json` shows it (secrets masked: "[secret]"). */
  outputs: { value: Record<string, any>; shown: unknown }[];
  /** The failure the engine reported (`up` or `preview` of a program whose function failed). */
  error?: string;
  /** What the engine printed. */
  output: string;
  /** The stack's state file after the run (secrets must be ciphertext there). */
  state: string;
}

export interface FunctionStack {
  /** `up` (results become stack outputs) or `preview` (a failing case: nothing is recorded). */
  run(invocations: readonly Invocation[], what: "up" | "preview"): Promise<DoorRun>;
  dispose(): Promise<void>;
}

export interface FunctionDoor {
  name: string;
  door: "dynamic" | "plugin";
  open(s: Seeded): Promise<FunctionStack>;
}

/** The provider's settings for the seeded account (the password a secret). */
export function doorConfig(s: Seeded): Record<string, { value: string; secret?: boolean }> {
  return {
    "dondominio:apiUser": { value: s.apiUser },
    "dondominio:apiPasswd": { value: s.apiPasswd, secret: true },
    "dondominio:baseUrl": { value: s.emu.url },
    "dondominio:caCertFile": { value: s.emu.caFile },
    // The emulator's limits are generous; the provider's default pace is for the real service.
    "dondominio:maxOpsPerMinute": { value: "20000" },
  };
}

type Functions = Record<string, (args: Args) => unknown>;

/** The TypeScript functions in an Automation API inline program: `<fn>Output(args)` exported as `r<i>`. */
export const dynamicDoor: FunctionDoor = {
  name: "dynamic (TypeScript)",
  door: "dynamic",
  async open(s) {
    let declared: readonly Invocation[] = [];
    const program = async () => {
      const fns = loadInstalled<Functions>("dist/provider/index.js");
      const out: Record<string, unknown> = {};
      declared.forEach((inv, i) => {
        const fn = fns[`${inv.fn}Output`];
        if (!fn) throw new Error(`the package exports no ${inv.fn}Output`);
        out[`r${i}`] = fn(inv.args);
      });
      return out;
    };
    const eng: EngineStack = await createEngineStack({ program, config: doorConfig(s), projectName: "function-table" });
    return {
      async run(invocations, what) {
        declared = invocations;
        let output = "";
        const onOutput = (t: string) => {
          output += t;
        };
        try {
          if (what === "preview") {
            await eng.stack.preview({ onOutput });
            return { outputs: [], output, state: "" };
          }
          const r = await eng.stack.up({ onOutput });
          const outputs = invocations.map((_, i) => {
            const o = r.outputs[`r${i}`];
            return { value: o?.value as Record<string, any>, shown: o?.secret ? "[secret]" : o?.value };
          });
          return { outputs, output, state: eng.readStateFile() };
        } catch (e) {
          return { outputs: [], error: (e as Error).message, output, state: "" };
        }
      },
      dispose: () => eng.dispose(),
    };
  },
};

/** A Pulumi YAML program of `fn::invoke` variables, each exported as `r<i>`, on the plugin from the installed package. */
export const yamlDoor: FunctionDoor = {
  name: "plugin (YAML fn::invoke)",
  door: "plugin",
  async open(s) {
    let pluginDir = "";
    let dir = "";
    const write = (invocations: readonly Invocation[]) => {
      const variables = Object.fromEntries(
        invocations.map((inv, i) => [`r${i}`, { "fn::invoke": { function: `dondominio:index:${inv.fn}`, arguments: inv.args } }]),
      );
      const outputs = Object.fromEntries(invocations.map((_, i) => [`r${i}`, `\${r${i}}`]));
      // JSON is YAML: the program written from an object, so no value can become YAML syntax.
      const program = { name: "function-table", runtime: "yaml", plugins: { providers: [{ name: "dondominio", path: pluginDir }] }, variables, outputs };
      writeFileSync(join(dir, "Pulumi.yaml"), JSON.stringify(program, null, 2));
    };
    // The project exists before its stack is created (yamlProject runs `stack init`).
    const project: YamlProject = await yamlProject((d, plugin) => {
      dir = d;
      pluginDir = plugin;
      write([]);
    });
    for (const [key, { value, secret }] of Object.entries(doorConfig(s))) await project.pulumi("config", "set", ...(secret ? ["--secret"] : []), key, value);
    return {
      async run(invocations, what) {
        write(invocations);
        try {
          if (what === "preview") {
            // The whole output, not the thrown message's excerpt: a round of failing cases has one failure each.
            const r = await new Promise<{ code: number; text: string }>((resolve) =>
              execFile("pulumi", ["preview", "--non-interactive"], { cwd: project.dir, env: project.env, maxBuffer: 1 << 28 }, (err, stdout, stderr) =>
                resolve({ code: err ? 1 : 0, text: `${stdout}\n${stderr}` }),
              ),
            );
            return { outputs: [], output: r.text, state: "", ...(r.code ? { error: r.text } : {}) };
          }
          const output = await project.pulumi("up", "--yes", "--skip-preview");
          const plain = JSON.parse((await project.pulumiRun("stack", "output", "--json", "--show-secrets")).stdout) as Record<string, any>;
          const masked = JSON.parse((await project.pulumiRun("stack", "output", "--json")).stdout) as Record<string, any>;
          const state = (await project.pulumiRun("stack", "export")).stdout;
          const outputs = invocations.map((_, i) => ({ value: plain[`r${i}`], shown: masked[`r${i}`] }));
          return { outputs, output, state };
        } catch (e) {
          return { outputs: [], error: (e as Error).message, output: (e as Error).message, state: "" };
        }
      },
      dispose: async () => project.dispose(),
    };
  },
};
