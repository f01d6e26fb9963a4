/**
 * Pieces shared by the engine benches (provider-dns.ts, dns-scale.ts): a no-op dynamic provider
 * (what the engine costs without any API), and a lifecycle runner that times each action and
 * reads the emulator's call counters around it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { createEngineStack, type EngineStack, WORK_ROOT } from "../scripts/engine";

/** Returns at once from every call. */
const NOOP_PROVIDER = `
exports.check = async (olds, news) => ({ inputs: news });
exports.diff = async (id, olds, news) => ({ changes: JSON.stringify(olds) !== JSON.stringify(news), replaces: [] });
exports.create = async (inputs) => ({ id: inputs.name, outs: inputs });
exports.read = async (id, props) => ({ id, props });
exports.update = async (id, olds, news) => ({ outs: news });
exports.delete = async () => {};
`;

export type NoopResource = new (name: string, props: Record<string, unknown>) => pulumi.dynamic.Resource;

/**
 * Installs the no-op provider as a package under WORK_ROOT/node_modules (a dynamic provider is
 * stored by reference only when loaded from node_modules) and returns a function that gives the
 * resource class over it; call that inside the program.
 */
export function installNoopProvider(): () => NoopResource {
  const dir = join(WORK_ROOT, "node_modules", "bench-noop-provider");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-noop-provider", version: "1.0.0", main: "index.js" }));
  writeFileSync(join(dir, "index.js"), NOOP_PROVIDER);
  return () => {
    const provider = require(dir);
    return class Noop extends pulumi.dynamic.Resource {
      constructor(name: string, props: Record<string, unknown>) {
        super(provider, name, props);
      }
    };
  };
}

export interface Row {
  label: string;
  action: string;
  ms: number;
  /** Total API calls, or undefined when not counted (the no-op provider). */
  total?: number;
  /** "service/dnslist 2, service/dnssetzone 1", or "-" when not counted. */
  calls: string;
}

/** Reads and resets the emulator's counters (calls by operation). */
export type Counters = () => Promise<Record<string, number>>;

export type Action = [action: string, run: (eng: EngineStack) => Promise<unknown>];

/** Runs the actions in turn on a new stack of `program`, timing each and counting its API calls. */
export async function lifecycle(
  label: string,
  program: pulumi.automation.PulumiFn,
  config: Record<string, { value: string; secret?: boolean }>,
  actions: Action[],
  counters?: Counters,
): Promise<Row[]> {
  const eng = await createEngineStack({ program, installPackage: false, config });
  const rows: Row[] = [];
  try {
    for (const [action, run] of actions) {
      await counters?.();
      const t0 = performance.now();
      await run(eng);
      const ms = performance.now() - t0;
      const calls = counters ? await counters() : undefined;
      const text = Object.entries(calls ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
      rows.push({
        label,
        action,
        ms,
        total: calls && Object.values(calls).reduce((a, b) => a + b, 0),
        calls: calls ? text || "none" : "-",
      });
    }
  } finally {
    await eng.dispose();
  }
  return rows;
}

/** up (create), preview (no-op), refresh, destroy: the plain lifecycle. */
export const BASIC_ACTIONS: Action[] = [
  ["up (create)", (eng) => eng.stack.up()],
  ["preview (no-op)", (eng) => eng.stack.preview()],
  ["refresh", (eng) => eng.stack.refresh()],
  ["destroy", (eng) => eng.stack.destroy()],
];
