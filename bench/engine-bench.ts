/**
 * Pieces shared by the engine benches (provider-dns.ts, dns-scale.ts): a no-op dynamic provider
 * (what the engine costs without any API), and a lifecycle runner that times each action and
 * reads the emulator's call counters around it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../emulator";
import { createEngineStack, type EngineStack, installPackage, WORK_ROOT } from "../tests/harness/engine";
import { DonDominioClient } from "../sdk";

export type StackConfig = Record<string, { value: string; secret?: boolean }>;

export interface Bench {
  /** The installed package directory (`npm pack` of dist/). */
  pkg: string;
  /** The no-op resource class (call inside a program). */
  noop: () => NoopResource;
  emu: RunningEmulator;
  client: DonDominioClient;
  /** Reads and resets the emulator's counters. */
  counters: Counters;
  /** Stack config for the provider against this emulator, plus `extraConfig`. */
  config: StackConfig;
}

/**
 * What every engine bench starts with: a global time limit (the process exits with 2 past it), the
 * package installed, the no-op provider, an emulator with `latencyMs` on every API call and a client.
 */
export async function startBench(name: string, opts: { limitMs: number; latencyMs: number; extraConfig?: StackConfig }): Promise<Bench> {
  const timer = setTimeout(() => {
    console.error(`bench/${name}: over ${opts.limitMs / 60_000} min, stopping`);
    process.exit(2);
  }, opts.limitMs);
  timer.unref();
  const pkg = installPackage();
  const noop = installNoopProvider();
  const emu = await startEmulator({ latencyMs: opts.latencyMs });
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
  const config: StackConfig = {
    "dondominio:baseUrl": { value: emu.url },
    "dondominio:caCertFile": { value: emu.caFile },
    "dondominio:apiUser": { value: emu.apiUser },
    "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
    ...opts.extraConfig,
  };
  return { pkg, noop, emu, client, counters: async () => (await emu.control.counters({ reset: true })).calls, config };
}

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
  config: StackConfig,
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
