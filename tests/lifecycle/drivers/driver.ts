/**
 * A driver is how the lifecycle table's program is written and run for one door in one language:
 * the TypeScript dynamic resources (dynamic.ts), the plugin through the generated Node SDK
 * (plugin-node.ts); a Python or Go SDK driver is one more file implementing `Driver`. The table
 * hands a driver plain data (each resource's type, name, arguments and options: model.ts) and asks
 * for engine operations; it reads back the engine's events and printed output, the state file and
 * `pulumi stack export`, so that every driver is judged by the same cases (runner.ts).
 *
 * A new language's driver: `open()` makes a stack whose program declares, in that language, the
 * resources `declare()` last gave (e.g. a program that reads them from a JSON file the driver
 * writes before each operation, each argument a plain JSON value), runs the operations through
 * that language's Automation API or the CLI, and hands back the engine's events (the Automation
 * API's onEvent, or the CLI's `--event-log` lines: the same EngineEvent JSON) and what it printed;
 * then `<language>.test.ts` is `describeLifecycle(<driver>)`. A driver that cannot run here (its
 * language host missing) should throw from open() saying so, or skip its test file the same way.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { Args, Door } from "../model";

export type Operation = "up" | "preview" | "refresh" | "destroy";

/** One engine operation: its events (as the Automation API's onEvent gives them) and everything it printed. */
export interface EngineRun {
  what: Operation | "import";
  events: EngineEvent[];
  output: string;
  /** The failure's message when the operation failed (runs never throw). */
  error?: string;
}

/** One resource of the program: `new <type>(<key>, <args>, <options>)` in the driver's language. */
export interface Declaration {
  key: string;
  type: string;
  args: Args;
  options?: { ignoreChanges?: string[] };
}

export interface DoorStack {
  /** The program the next operation runs (the driver keeps it until the next call). */
  declare(program: readonly Declaration[]): void;
  run(what: Operation): Promise<EngineRun>;
  /** `pulumi import` of these resources by id, as a user runs it (no program run); absent: the door has no import. */
  importByIds?(resources: readonly { key: string; type: string; id: string }[]): Promise<EngineRun>;
  /** Why importByIds cannot run here (a tool missing), or undefined: the import cases are skipped, saying so. */
  importUnavailable?(): string | undefined;
  /** Drops resources from the state only, as `pulumi state delete` does (their objects stay). */
  forget(keys: readonly string[]): Promise<void>;
  /** The whole state, to put back later with restoreState (`pulumi stack export`, then `import`). */
  saveState(): Promise<unknown>;
  restoreState(saved: unknown): Promise<void>;
  /** The raw text of the stack's state file. */
  stateText(): string;
  /** `pulumi stack export` as a user runs it (secrets encrypted). */
  exported(): Promise<string>;
  /** The deployment with secrets in plaintext (the Automation API's exportStack): to know what to look for. */
  plainDeployment(): Promise<{ resources?: Record<string, any>[] }>;
  dispose(): Promise<void>;
}

export interface Driver {
  /** Printed before each case: "plugin (Node SDK)". */
  name: string;
  door: Door;
  /** Stack config (the provider's settings, secrets marked) and the project's name. */
  open(ctx: { config: Record<string, { value: string; secret?: boolean }>; projectName: string }): Promise<DoorStack>;
  /** Undoes what open() installed. */
  close?(): void;
}
