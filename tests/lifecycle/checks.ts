/**
 * What the lifecycle runner reads from an engine run and from the state: the engine's step for a
 * resource, the properties it changes, what a refresh did, a resource's recorded inputs and
 * outputs, where a secret shows. Pure functions of the events and texts (runner.ts calls them).
 */
import type { EngineRun } from "./drivers/driver";
import type { Op } from "./model";

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** The engine's step for a resource in a run: replace when any of its steps belongs to a replacement. */
export function opOf(run: EngineRun, key: string): Op | "absent" {
  const ops = new Set(
    run.events.flatMap((e) => (e.resourcePreEvent && nameOf(e.resourcePreEvent.metadata.urn) === key ? [e.resourcePreEvent.metadata.op as string] : [])),
  );
  if (["replace", "create-replacement", "delete-replaced"].some((o) => ops.has(o))) return "replace";
  for (const o of ["create", "update", "delete", "same"] as const) if (ops.has(o)) return o;
  return "absent";
}

const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const masked = (v: unknown) => !!v && typeof v === "object" && Object.values(v).includes(SECRET_SIG);

/**
 * The properties a step changes and those that force the replacement (the engine's `keys`).
 * Changed: what the provider named (`diffs`, `detailedDiff`: the plugin does). A dynamic provider
 * cannot name them (the @pulumi/pulumi dynamic-provider host forwards only changes and replaces),
 * so then they are derived from the step's old and new states: each given input against the
 * recorded input of the same name (`basis` "inputs": what the program changed), or against the
 * recorded output (`basis` "outputs": after a refresh, what changed outside), the ignored
 * properties left out as the engine leaves them out of the diff. A secret is masked on both sides
 * there: such keys come back in `masked`, not compared. Derived changes name inputs only: a
 * verdict on an output (SslCertificate's "status") cannot be seen that way.
 */
export function diffsOf(
  run: EngineRun,
  key: string,
  how: { basis: "inputs" | "outputs"; ignore?: readonly string[] } = { basis: "inputs" },
): { diffs: string[]; replaces: string[]; masked: string[]; from: "provider" | "inputs" } {
  const named = new Set<string>();
  const derived = new Set<string>();
  const hidden = new Set<string>();
  const replaces = new Set<string>();
  for (const e of run.events) {
    const m = e.resourcePreEvent?.metadata;
    if (!m || nameOf(m.urn) !== key) continue;
    for (const d of [...(m.diffs ?? []), ...Object.keys(m.detailedDiff ?? {})]) named.add(d.split(/[.[]/)[0]);
    for (const k of m.keys ?? []) replaces.add(k);
    if (!["update", "replace", "create-replacement"].includes(m.op) || !m.old || !m.new) continue;
    const olds = (how.basis === "inputs" ? m.old.inputs : { ...(m.old.inputs ?? {}), ...(m.old.outputs ?? {}) }) ?? {};
    for (const [k, v] of Object.entries(m.new.inputs ?? {})) {
      if (k.startsWith("__") || how.ignore?.includes(k)) continue;
      if (masked(v) || masked(olds[k])) hidden.add(k);
      else if (JSON.stringify(v) !== JSON.stringify(olds[k])) derived.add(k);
    }
  }
  const fromProvider = named.size > 0;
  return {
    diffs: [...(fromProvider ? named : derived)].sort(),
    replaces: [...replaces].sort(),
    masked: fromProvider ? [] : [...hidden].sort(),
    from: fromProvider ? "provider" : "inputs",
  };
}

/** What a refresh did to a resource: the outputs it changed, or "deleted". */
export function refreshOf(run: EngineRun, key: string): { changed: string[] } | "deleted" | "absent" {
  const m = refreshEvent(run, key);
  if (!m) return "absent";
  if (m.op === "delete" || !m.new) return "deleted";
  const olds = (m.old?.outputs ?? {}) as Record<string, unknown>;
  const news = (m.new.outputs ?? {}) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
  return { changed: changed.sort() };
}

/** The refresh's own record of a resource: its old and new state. */
export const refreshEvent = (run: EngineRun, key: string) => run.events.map((e) => e.resOutputsEvent?.metadata).find((x) => x && nameOf(x.urn) === key);

/** A resource of the state file by its logical name: id, inputs and outputs (secrets encrypted), or undefined. */
export function resourceIn(stateText: string, key: string): { id?: string; inputs: Record<string, any>; outputs: Record<string, any> } | undefined {
  const state = JSON.parse(stateText);
  return (state.checkpoint?.latest?.resources ?? []).find((x: any) => String(x.urn).endsWith(`::${key}`) && !String(x.type).startsWith("pulumi:providers:"));
}

/** The program's inputs a state records (the engine's and the dynamic provider's own `__` keys left out). */
export const userInputs = (inputs: Record<string, any> = {}) => Object.fromEntries(Object.entries(inputs).filter(([k]) => !k.startsWith("__")));

/** A secret of an exported deployment ({<sig>: <secret sig>, plaintext: <JSON>}) as its value, anywhere inside. */
export function unwrap(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unwrap);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if ("plaintext" in o && Object.keys(o).length === 2) return unwrap(JSON.parse(String(o.plaintext)));
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unwrap(x)]));
  }
  return v;
}

export const occurrences = (text: string, s: string) => text.split(s).length - 1;

/** Where a secret shows: the text around its first occurrence, every secret of the case masked. */
export function around(text: string, s: string, all: string[]): string {
  const i = text.indexOf(s);
  let shown = i < 0 ? "" : text.slice(Math.max(0, i - 600), i + s.length + 100);
  for (const v of all) shown = shown.replaceAll(v, "<SECRET>");
  return shown;
}

/** Calls made between two snapshots of the emulator's counters (cumulative by operation). */
export function callsBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).flatMap(([op, n]) => (n - (before[op] ?? 0) > 0 ? [[op, n - (before[op] ?? 0)]] : [])));
}
