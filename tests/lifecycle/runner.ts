/**
 * Runs the lifecycle table (cases.ts) through the real engine against the emulator, for one
 * provider: one emulator, one stack holding every resource of the table, the steps applied in
 * order. Each case is a mocha test named `<runner>: <case>`; the first case of a step runs the
 * step's engine operation (memoised), and every case of the step reads what the engine said about
 * its resource (the step's engine events) and what the emulator then holds. A case the provider
 * does not support is a pending test that gives the reason.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { EngineEvent, LocalWorkspace } from "@pulumi/pulumi/automation";
import {
  RESOURCES,
  type Args,
  type BadInputCase,
  type Case,
  CASES,
  type DriftCase,
  type Fixture,
  type Op,
  type PlanCase,
  type Runner,
  type SecretsCase,
  setup,
  STEPS,
  type Step,
  type World,
} from "./cases";
import { type Harness, outputsOf, startHarness, writeCalls } from "../provider/harness";
import type { EngineStack } from "../harness/engine";

const run = promisify(execFile);

type Classes = Record<string, new (name: string, args: Args, opts?: object) => unknown>;

/** What the runner needs of a provider: its classes (loaded inside the program) and the engine's extra environment. */
export interface ProviderUnderTest {
  classes(): Classes;
  env?: Record<string, string>;
  /** The dynamic resources need the packed package installed; the plugin does not. */
  installPackage: boolean;
  dispose?(): void;
}

/** One engine operation: its events and everything it printed. */
interface Run {
  what: string;
  events: EngineEvent[];
  /** API writes while it ran (counted for previews: a plan writes nothing). */
  writes?: Record<string, number>;
  output: string;
  error?: string;
}

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** The engine's step for a resource in a run: replace when any of its steps belongs to a replacement. */
export function opOf(run: Run, key: string): Op | "absent" {
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
 * so then they are derived the way the frame's diff decides (core/frame.ts): each given input
 * against the recorded output of the same name (or input), from the step's old and new states.
 * A secret is masked on both sides there: such keys come back in `masked`, not compared.
 */
export function diffsOf(run: Run, key: string): { diffs: string[]; replaces: string[]; masked: string[]; from: "provider" | "inputs" } {
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
    const olds = { ...(m.old.inputs ?? {}), ...(m.old.outputs ?? {}) } as Record<string, unknown>;
    for (const [k, v] of Object.entries(m.new.inputs ?? {})) {
      if (k.startsWith("__")) continue;
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
export function refreshOf(run: Run, key: string): { changed: string[] } | "deleted" | "absent" {
  const m = run.events.map((e) => e.resOutputsEvent?.metadata).find((x) => x && nameOf(x.urn) === key);
  if (!m) return "absent";
  if (m.op === "delete" || !m.new) return "deleted";
  const olds = (m.old?.outputs ?? {}) as Record<string, unknown>;
  const news = (m.new.outputs ?? {}) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
  return { changed: changed.sort() };
}

const occurrences = (text: string, s: string) => text.split(s).length - 1;

/** Where a secret shows: the text around its first occurrence, every secret of the case masked. */
function around(text: string, s: string, all: string[]): string {
  const i = text.indexOf(s);
  let shown = i < 0 ? "" : text.slice(Math.max(0, i - 600), i + s.length + 100);
  for (const v of all) shown = shown.replaceAll(v, "<SECRET>");
  return shown;
}

export function describeLifecycle(runner: Runner, provide: () => Promise<ProviderUnderTest>): void {
  describe(`lifecycle table on the ${runner === "dynamic" ? "dynamic resources" : "plugin (installed from its archive, Node SDK)"}`, function () {
    this.timeout(600_000);
    let provider: ProviderUnderTest;
    let h: Harness;
    let eng: EngineStack;
    let fixture: Fixture;
    let world: World;
    /** The program's arguments for each resource now, and one resource's bad arguments during a bad-input preview. */
    const current = new Map<string, Args>();
    const override = new Map<string, Args>();
    const runs: Run[] = [];
    const steps = new Map<Step, Promise<any>>();

    const applyArgs = (step: "create" | "in-place" | "replace") => {
      for (const row of RESOURCES) {
        const args = row.args[step];
        if (args) current.set(row.key, args(fixture));
      }
    };

    /** An engine operation with its events and output kept (the secrets step scans them all). */
    const engine = async (what: "up" | "preview" | "refresh" | "destroy"): Promise<Run> => {
      const run: Run = { what, events: [], output: "" };
      runs.push(run);
      const opts = { onEvent: (e: EngineEvent) => run.events.push(e), onOutput: (t: string) => (run.output += t) };
      if (what === "preview") await h.emu.control.counters({ reset: true });
      try {
        if (what === "up") await eng.stack.up(opts);
        else if (what === "preview") await eng.stack.preview(opts);
        else if (what === "refresh") await eng.stack.refresh(opts);
        else await eng.stack.destroy(opts);
      } catch (e) {
        run.error = (e as Error).message;
      }
      if (what === "preview") run.writes = writeCalls((await h.emu.control.counters()).calls);
      return run;
    };
    const succeeded = (run: Run, what: string) => {
      if (run.error) throw new Error(`${what} failed: ${run.error.slice(-3000)}`);
      return run;
    };

    const once = <T>(step: Step, f: () => Promise<T>): Promise<T> => {
      if (!steps.has(step)) steps.set(step, f());
      return steps.get(step) as Promise<T>;
    };
    const active = (c: Case) => !c.pending?.[runner];

    /** The engine operation of each step, run once for every case of the step. */
    const stepRun = (step: Step): Promise<any> =>
      once(step, async () => {
        switch (step) {
          case "create":
          case "in-place":
          case "replace": {
            if (step !== "create") applyArgs(step);
            // The plan a user reviews (`pulumi preview`), then the run (the Automation API's up skips its own preview).
            const plan = succeeded(await engine("preview"), "preview");
            return { plan, apply: succeeded(await engine("up"), "up") };
          }
          case "no-op": {
            const plan = succeeded(await engine("preview"), "preview");
            const refresh = succeeded(await engine("refresh"), "refresh");
            return { plan, refresh, after: succeeded(await engine("preview"), "preview") };
          }
          case "drift": {
            for (const c of CASES) if (c.step === "drift" && active(c)) await c.outside(world);
            const refresh = succeeded(await engine("refresh"), "refresh");
            const plan = succeeded(await engine("preview"), "preview");
            return { refresh, plan, apply: succeeded(await engine("up"), "up") };
          }
          case "destroy":
            return { plan: succeeded(await engine("destroy"), "destroy") };
          default:
            return undefined;
        }
      });

    before(async () => {
      provider = await provide();
      h = await startHarness();
      fixture = await setup(h.client, h.emu);
      applyArgs("create");
      const program = async () => {
        const classes = provider.classes();
        for (const row of RESOURCES) new classes[row.type](row.key, override.get(row.key) ?? (current.get(row.key) as Args), row.options);
      };
      eng = await h.stack(program, {}, { projectName: `lifecycle-${runner}`, env: provider.env, installPackage: provider.installPackage });
      world = { client: h.client, emu: h.emu, fixture, outputs: (key) => outputsOf(eng, key) ?? {} };
    });
    after(async () => {
      await h?.close();
      provider?.dispose?.();
    });

    const ordered = [...CASES].sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step));
    for (const c of ordered) {
      const title = `${runner}: ${c.name}`;
      const reason = c.pending?.[runner];
      if (reason) {
        it(`${title} (pending: ${reason})`);
        continue;
      }
      it(title, async () => {
        const row = RESOURCES.find((r) => r.key === c.key);
        if (!row) throw new Error(`case ${c.name}: no resource ${c.key} in the table`);
        if (c.step === "bad input") return badInput(c);
        if (c.step === "secrets") return secrets(c);
        if (c.step === "drift") return drift(c, row.live);
        return plan(c, row.live);
      });
    }

    const expectLive = async (live: (w: World) => Promise<Record<string, any> | undefined>, want: Record<string, unknown> | "absent", when: string) => {
      const got = await live(world);
      if (want === "absent") expect(got, `the emulator still holds the object ${when}: ${JSON.stringify(got)}`).to.equal(undefined);
      else expect(got, `the emulator's object ${when}`).to.deep.include(want);
    };

    async function plan(c: PlanCase, live: (w: World) => Promise<Record<string, any> | undefined>) {
      const { plan: run, apply, refresh, after }: { plan: Run; apply?: Run; refresh?: Run; after?: Run } = await stepRun(c.step);
      expect(opOf(run, c.key), `the engine's plan for ${c.key}`).to.equal(c.op);
      if (apply) expect(opOf(apply, c.key), `the step the engine ran for ${c.key}`).to.equal(c.op);
      const { diffs, replaces, masked, from } = diffsOf(run, c.key);
      if (c.named) expect(from, "who names the changed properties").to.equal("provider");
      if (c.diffs) expect(diffs, `the properties changed (named by the ${from})`).to.deep.equal(c.diffs.filter((d) => !masked.includes(d)).sort());
      if (run.what === "preview") expect(run.writes, "API writes during the preview").to.deep.equal({});
      if (refresh && after) {
        expect(refreshOf(refresh, c.key), "what a refresh with nothing changed outside did").to.deep.equal({ changed: [] });
        expect(opOf(after, c.key), "the plan after that refresh").to.equal(c.op);
      }
      if (c.step === "destroy") expect(outputsOf(eng, c.key), "the resource in the state after destroy").to.equal(undefined);
      if (c.replaces) expect(replaces, "the properties that force the replacement").to.deep.equal([...c.replaces].sort());
      if (c.live) await expectLive(live, c.live, `after ${c.step}`);
    }

    async function drift(c: DriftCase, live: (w: World) => Promise<Record<string, any> | undefined>) {
      const { refresh, plan: preview }: { refresh: Run; plan: Run } = await stepRun("drift");
      const refreshed = refreshOf(refresh, c.key);
      if (c.refreshed === "deleted") expect(refreshed, "refresh drops the resource gone outside").to.equal("deleted");
      else {
        expect(refreshed, "what refresh did").to.not.be.oneOf(["deleted", "absent"]);
        expect((refreshed as { changed: string[] }).changed, "the outputs refresh changed").to.include.members(c.refreshed.changed);
        // Outputs are read from the state after the whole drift step (the repairing up); the refresh
        // event's own new outputs hold the values refresh recorded.
        const m = refresh.events.map((e) => e.resOutputsEvent?.metadata).find((x) => x && nameOf(x.urn) === c.key);
        if (c.refreshed.outputs) expect(m?.new?.outputs, "the outputs refresh recorded").to.deep.include(c.refreshed.outputs);
      }
      expect(opOf(preview, c.key), `the plan after refresh for ${c.key}`).to.equal(c.op);
      expect(preview.writes, "API writes during the preview").to.deep.equal({});
      if (c.diffs) {
        const { diffs, masked, from } = diffsOf(preview, c.key);
        expect(diffs, `the properties the plan changes (named by the ${from})`).to.deep.equal(c.diffs.filter((d) => !masked.includes(d)).sort());
      }
      if (c.repaired) await expectLive(live, c.repaired, "after the repairing up");
    }

    async function badInput(c: BadInputCase) {
      // After the earlier steps, so that the rest of the program is what the stack holds.
      await stepRun("replace").catch(() => undefined);
      override.set(c.key, c.args(fixture));
      let run: Run;
      try {
        run = await engine("preview");
      } finally {
        override.delete(c.key);
      }
      expect(run.error, "the preview should fail").to.be.a("string");
      const text = `${run.error}\n${run.output}`;
      expect(text).to.include(`resource '${c.key}' has a problem: ${c.error}`);
      for (const s of c.notShown ?? []) expect(occurrences(text, s), "a refused secret is shown in the error").to.equal(0);
      expect(run.writes, "API writes during the refused preview").to.deep.equal({});
    }

    async function secrets(c: SecretsCase) {
      const values = c.secrets(world);
      const outs = outputsOf(eng, c.key);
      for (const k of c.outputs?.absent ?? []) expect(outs, `the state's outputs of ${c.key}`).to.not.have.property(k);
      for (const k of c.outputs?.encrypted ?? []) expect(outs?.[k], `${c.key}.${k} in the state`).to.have.property("ciphertext");
      // `pulumi stack export` as a user runs it (the Automation API's exportStack adds --show-secrets).
      const ws = eng.stack.workspace as LocalWorkspace;
      const exported = (
        await run("pulumi", ["stack", "export", "--stack", eng.stack.name], { cwd: eng.workDir, env: { ...process.env, ...ws.envVars }, maxBuffer: 1 << 28 })
      ).stdout;
      expect(exported).to.include('"resources"');
      // The Node runtime of the program (@pulumi/pulumi runtime/resource.js) logs each RegisterResource
      // response at debug severity, secret values in plaintext ("RegisterResource RPC finished: ...").
      // Those lines reach the engine's event stream (an --event-log file, `up --debug`). The plugin
      // answers a preview with its secrets unknown (plugin/server.ts previewOutputs), so none may
      // appear there; the dynamic provider's host echoes the inputs at preview, which our code cannot
      // change: for it they are counted apart and printed, and any other path fails the case.
      const runtimeDebug = (e: EngineEvent) =>
        runner === "dynamic" && (e.diagnosticEvent?.severity as string) === "debug" && !!e.diagnosticEvent?.message.startsWith("RegisterResource RPC finished");
      const texts: Record<string, string> = {
        state: eng.readStateFile(),
        export: exported,
        output: runs.map((r) => `${r.output}\n${r.error ?? ""}`).join("\n"),
        events: runs.map((r, i) => `run ${i} ${r.what}: ${JSON.stringify(r.events.filter((e) => !runtimeDebug(e)))}`).join("\n"),
      };
      expect(runs.length, "engine runs so far").to.be.greaterThan(3);
      for (const v of values) {
        const counts = Object.fromEntries(Object.entries(texts).map(([k, t]) => [k, occurrences(t, v)]));
        const first = Object.entries(texts).find(([, t]) => t.includes(v));
        expect(counts, `plaintext occurrences of a secret${first ? `; first in ${first[0]}: ...${around(first[1], v, values)}...` : ""}`).to.deep.equal({
          state: 0,
          export: 0,
          output: 0,
          events: 0,
        });
        const seen = runs.flatMap((r) => r.events.filter((e) => runtimeDebug(e) && e.diagnosticEvent!.message.includes(v)).map(() => r.what));
        if (seen.length)
          console.log(
            `      note: a secret of this case is in ${seen.length} "RegisterResource RPC finished" debug line(s) of the Node runtime (${seen.join(", ")})`,
          );
      }
    }
  });
}
