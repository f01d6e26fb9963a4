/**
 * What each kind of case checks (model.ts), once its step's operations ran (steps.ts): the engine's
 * plan and run for the row, the properties changed, the recorded inputs and outputs, the emulator's
 * object, what a refresh did, a refused preview's message and its 0 writes, an import's 0 writes
 * and the plan after it, and secrets absent from every text the engine and the state hold.
 */
import { expect } from "chai";
import { inputFields } from "../../provider/core/descriptor";
import { descriptorOf } from "../../provider/registry";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { around, diffsOf, occurrences, opOf, refreshEvent, refreshOf, resourceIn, userInputs } from "./checks";
import type { BadInputCase, Case, DriftCase, ImportCase, PlanCase, Row, SecretsCase } from "./model";
import type { Table } from "./runner";
import type { Steps } from "./steps";

/** Thrown when the case cannot run here (a tool missing): the runner marks it skipped, saying why. */
export class Skip extends Error {}

export async function verify(t: Table, steps: Steps, c: Case, row: Row): Promise<void> {
  if ("money" in c) return;
  if (c.step === "bad input") return badInput(steps, c);
  if (c.step === "secrets") return secrets(t, c);
  if (c.step === "drift") return drift(t, steps, c, row);
  if (c.step === "import") return imported(steps, c);
  return plan(t, steps, c, row);
}

const state = (t: Table, key: string) => resourceIn(t.stack.stateText(), key);

/** The changed properties a case expects, as far as `from` can see them (derived from inputs: inputs only; masked secrets left out). */
function expectedDiffs(row: Row, want: string[], seen: { masked: string[]; from: "provider" | "inputs" }): string[] {
  const d = descriptorOf(row.type);
  const inputs = new Set(d ? Object.keys(inputFields(d.definition.inputs)) : []);
  return want.filter((k) => !seen.masked.includes(k) && (seen.from === "provider" || inputs.has(k))).sort();
}

async function expectLive(t: Table, row: Row, want: Record<string, unknown> | "absent", when: string) {
  if (!row.live) throw new Error(`row ${row.key} has no live(): a case cannot ask for the emulator's object`);
  const got = await row.live(t.world);
  if (want === "absent") expect(got, `the emulator still holds the object ${when}: ${JSON.stringify(got)}`).to.equal(undefined);
  else expect(got, `the emulator's object ${when}`).to.deep.include(want);
}

/** The recorded inputs: each given key with that value; `null`: not recorded. */
function expectInputs(t: Table, key: string, want: Record<string, unknown>, when: string) {
  const inputs = userInputs(state(t, key)?.inputs);
  for (const [k, v] of Object.entries(want)) {
    if (v === null) expect(inputs, `the recorded inputs ${when}`).to.not.have.property(k);
    else expect(inputs[k], `the recorded input ${k} ${when}`).to.deep.equal(v);
  }
}

async function plan(t: Table, steps: Steps, c: PlanCase, row: Row) {
  const runs = await steps.run(c.step);
  const run = runs.plan ?? runs.destroy;
  if (!run) throw new Error(`no engine run for the ${c.step} step`);
  expect(opOf(run, c.key), `the engine's plan for ${c.key}`).to.equal(c.op);
  if (runs.apply) expect(opOf(runs.apply, c.key), `the step the engine ran for ${c.key}`).to.equal(c.op);
  const seen = diffsOf(run, c.key, { basis: "inputs", ignore: row.options?.ignoreChanges });
  if (c.named) expect(seen.from, "who names the changed properties").to.equal("provider");
  if (c.diffs) expect(seen.diffs, `the properties changed (named by the ${seen.from})`).to.deep.equal(expectedDiffs(row, c.diffs, seen));
  if (runs.plan) expect(runs.plan.writes, "API writes during the preview").to.deep.equal({});
  if (runs.refresh && runs.after) {
    expect(refreshOf(runs.refresh, c.key), "what a refresh with nothing changed outside did").to.deep.equal({ changed: [] });
    expect(opOf(runs.after, c.key), "the plan after that refresh").to.equal(c.op);
  }
  if (c.step === "destroy") expect(state(t, c.key), "the resource in the state after destroy").to.equal(undefined);
  if (c.replaces) expect(seen.replaces, "the properties that force the replacement").to.deep.equal([...c.replaces].sort());
  if (c.inputs) expectInputs(t, c.key, c.inputs, `after ${c.step}`);
  const before = steps.before.get(c.step)?.get(c.key) ?? {};
  const now = state(t, c.key)?.outputs ?? {};
  for (const k of c.unchanged ?? []) expect(now[k], `output ${k} after ${c.step}`).to.deep.equal(before[k]).and.not.equal(undefined);
  for (const k of c.changed ?? []) expect(now[k], `output ${k} after ${c.step}`).to.not.deep.equal(before[k]);
  if (c.live) await expectLive(t, row, c.live, `after ${c.step}`);
}

async function drift(t: Table, steps: Steps, c: DriftCase, row: Row) {
  const { refresh, plan: preview } = await steps.run("drift");
  if (!refresh || !preview) throw new Error("no refresh or preview in the drift step");
  const refreshed = refreshOf(refresh, c.key);
  if (c.refreshed === "deleted") expect(refreshed, "refresh drops the resource gone outside").to.equal("deleted");
  else {
    expect(refreshed, "what refresh did").to.not.be.oneOf(["deleted", "absent"]);
    expect((refreshed as { changed: string[] }).changed, "the outputs refresh changed").to.include.members(c.refreshed.changed);
    // The refresh event's own new outputs and inputs hold what refresh recorded (the state has moved on since: the repairing up).
    const m = refreshEvent(refresh, c.key);
    if (c.refreshed.outputs) expect(m?.new?.outputs, "the outputs refresh recorded").to.deep.include(c.refreshed.outputs);
    if (c.inputs) expect(userInputs(m?.new?.inputs), "the inputs refresh recorded").to.deep.include(c.inputs);
  }
  expect(opOf(preview, c.key), `the plan after refresh for ${c.key}`).to.equal(c.op);
  expect(preview.writes, "API writes during the preview").to.deep.equal({});
  if (c.diffs) {
    const seen = diffsOf(preview, c.key, { basis: "outputs", ignore: row.options?.ignoreChanges });
    expect(seen.diffs, `the properties the plan changes (named by the ${seen.from})`).to.deep.equal(expectedDiffs(row, c.diffs, seen));
  }
  if (c.repaired) await expectLive(t, row, c.repaired, "after the repairing up");
}

async function badInput(steps: Steps, c: BadInputCase) {
  const run = await steps.badInput(c);
  expect(run.error, "the preview should fail").to.be.a("string");
  const text = `${run.error}\n${run.output}`;
  expect(text, `the refused preview said:\n${text.slice(-2500)}\n`).to.include(`resource '${c.key}' has a problem: ${c.error}`);
  for (const s of c.notShown ?? []) expect(occurrences(text, s), "a refused secret is shown in the error").to.equal(0);
  expect(run.writes, "API writes during the refused preview").to.deep.equal({});
}

async function imported(steps: Steps, c: ImportCase) {
  const { imported: run, plan: preview, importedState, skipped } = await steps.run("import");
  if (skipped) throw new Skip(skipped);
  if (!run || !preview) throw new Error("the import step ran no `pulumi import`");
  expect(run.writes, "API writes of `pulumi import`").to.deep.equal({});
  const before = steps.before.get("import")?.get(c.key);
  const after = importedState?.get(c.key);
  expect(after?.id, "the imported resource's id").to.be.a("string");
  expect(after?.id, "the id the import recorded (the one it was given)").to.equal(resourceIn(steps.stateBefore("import"), c.key)?.id);
  expect(before, "the resource in the state before the import").to.not.equal(undefined);
  expect(opOf(preview, c.key), `the plan after the import for ${c.key}${c.why ? ` (${c.why})` : ""}`).to.equal(c.op);
  expect(preview.writes, "API writes during the preview").to.deep.equal({});
  if (c.diffs) expect(diffsOf(preview, c.key).diffs, "the properties the plan after the import changes").to.deep.equal([...c.diffs].sort());
}

async function secrets(t: Table, c: SecretsCase) {
  const values = (await c.secrets(t.world)).filter((v) => v && v !== "undefined");
  expect(values.length, "secrets to look for").to.be.greaterThan(0);
  const outs = state(t, c.key)?.outputs;
  for (const k of c.outputs?.absent ?? []) expect(outs, `the state's outputs of ${c.key}`).to.not.have.property(k);
  for (const k of c.outputs?.encrypted ?? []) expect(outs?.[k], `${c.key}.${k} in the state`).to.have.property("ciphertext");
  const exported = await t.stack.exported();
  expect(exported).to.include('"resources"');
  // The Node runtime of the program (@pulumi/pulumi runtime/resource.js) logs each RegisterResource
  // response at debug severity, secret values in plaintext ("RegisterResource RPC finished: ..."):
  // the secret outputs of every unchanged resource, and on the dynamic door the inputs its host
  // echoes at preview. Those lines reach the engine's event stream (an --event-log file, `up
  // --debug`); our code cannot change them, so they are counted apart and printed, and any other
  // path fails the case. Where `strictOn` names the door they fail it too (the plugin answers a
  // preview with its secrets unknown: plugin/server.ts previewOutputs; a password that is no output).
  const runtimeDebug = (e: EngineEvent) =>
    !c.strictOn?.includes(t.driver.door) &&
    (e.diagnosticEvent?.severity as string) === "debug" &&
    !!e.diagnosticEvent?.message.startsWith("RegisterResource RPC finished");
  const texts: Record<string, string> = {
    state: t.stack.stateText(),
    export: exported,
    output: t.runs.map((r) => `${r.output}\n${r.error ?? ""}`).join("\n"),
    events: t.runs.map((r, i) => `run ${i} ${r.what}: ${JSON.stringify(r.events.filter((e) => !runtimeDebug(e)))}`).join("\n"),
  };
  expect(t.runs.length, "engine runs so far").to.be.greaterThan(3);
  for (const v of values) {
    const counts = Object.fromEntries(Object.entries(texts).map(([k, text]) => [k, occurrences(text, v)]));
    const first = Object.entries(texts).find(([, text]) => text.includes(v));
    expect(counts, `plaintext occurrences of a secret${first ? `; first in ${first[0]}: ...${around(first[1], v, values)}...` : ""}`).to.deep.equal({
      state: 0,
      export: 0,
      output: 0,
      events: 0,
    });
    const seen = t.runs.flatMap((r) => r.events.filter((e) => runtimeDebug(e) && e.diagnosticEvent!.message.includes(v)).map(() => r.what));
    if (seen.length)
      console.log(
        `      note: a secret of this case is in ${seen.length} "RegisterResource RPC finished" debug line(s) of the Node runtime (${seen.join(", ")})`,
      );
  }
}
