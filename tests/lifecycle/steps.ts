/**
 * The engine operations of each step of the lifecycle table, run once for every case of the step
 * (the first case to ask runs them), with the money snapshot each step starts from and the state's
 * outputs before it (a case asks what the step changed).
 */
import { writeCalls } from "../provider/harness";
import { CASES } from "./cases";
import { callsBetween, resourceIn, unwrap, userInputs } from "./checks";
import type { EngineRun } from "./drivers/driver";
import { type BadInputCase, type Case, isMoney, STEPS, type Step } from "./model";
import type { Table } from "./runner";

/** A preview with the API writes it made (a plan writes nothing). */
export type Preview = EngineRun & { writes: Record<string, number> };

/** What a step's operations gave, by role (each step fills the ones it runs). */
export interface StepRuns {
  plan?: Preview;
  apply?: EngineRun;
  refresh?: EngineRun;
  after?: Preview;
  /** import: why it could not run here (a tool missing). */
  skipped?: string;
  /** import: `pulumi import` and the writes it made, and each imported resource's state right after it. */
  imported?: EngineRun & { writes: Record<string, number> };
  importedState?: Map<string, ReturnType<typeof resourceIn>>;
  destroy?: EngineRun;
}

export interface MoneySnapshot {
  balance: number;
  calls: Record<string, number>;
}

const succeeded = <R extends EngineRun>(run: R, what: string): R => {
  if (run.error) throw new Error(`${what} failed: ${run.error.slice(-3000)}`);
  return run;
};

export class Steps {
  private readonly runs = new Map<Step, Promise<StepRuns>>();
  private readonly money = new Map<Step, Promise<MoneySnapshot>>();
  /** The state's outputs of every row when the step began. */
  readonly before = new Map<Step, Map<string, Record<string, any> | undefined>>();

  constructor(private readonly t: Table) {}

  /** The rows' arguments of a step that changes them (create, in-place, replace). */
  applyArgs(step: "create" | "in-place" | "replace"): void {
    for (const row of this.t.rows) {
      const args = row.args[step];
      if (args) this.t.current.set(row.key, args(this.t.fixture));
    }
  }

  /** The cases of a step this run can run. */
  active(step: Step): Case[] {
    return CASES.filter((c) => c.step === step && !isMoney(c) && !c.notOn?.[this.t.driver.door] && this.t.rows.some((r) => r.key === c.key));
  }

  /** The money snapshot the step starts from (taken once). */
  begin(step: Step): Promise<MoneySnapshot> {
    if (!this.money.has(step)) this.money.set(step, (async () => ({ balance: await this.t.balance(), calls: await this.t.calls() }))());
    return this.money.get(step) as Promise<MoneySnapshot>;
  }

  /** Once the step's operations ran: where its money started. */
  async ran(step: Step): Promise<MoneySnapshot> {
    await this.run(step);
    return this.begin(step);
  }

  async preview(): Promise<Preview> {
    const before = await this.t.calls();
    const run = await this.t.engine("preview");
    return { ...run, writes: writeCalls(callsBetween(before, await this.t.calls())) };
  }

  /** The step's operations, run once, after the steps before it (`mocha --grep` of one step still starts from the first). */
  run(step: Step): Promise<StepRuns> {
    if (!this.runs.has(step)) {
      const previous = STEPS[STEPS.indexOf(step) - 1];
      this.runs.set(
        step,
        (previous ? this.run(previous) : Promise.resolve()).then(async () => {
          const started = Date.now();
          const runs = await this.operations(step);
          // The table's time, step by step (issue 28: CI runs the whole suite in under 30 minutes on 2 cores).
          if (Object.keys(runs).length) console.log(`      ${step}: ${((Date.now() - started) / 1000).toFixed(1)} s of engine operations`);
          return runs;
        }),
      );
    }
    return this.runs.get(step) as Promise<StepRuns>;
  }

  /** One preview with a row's arguments replaced by bad ones (the rest as the stack holds it). */
  async badInput(c: BadInputCase): Promise<Preview> {
    // After the earlier steps, so that the rest of the program is what the stack holds.
    await this.run("replace");
    await this.begin("bad input");
    this.t.override.set(c.key, c.args(this.t.fixture));
    try {
      return await this.preview();
    } finally {
      this.t.override.delete(c.key);
    }
  }

  private readonly texts = new Map<Step, string>();

  /** The state file's text when the step began. */
  stateBefore(step: Step): string {
    const text = this.texts.get(step);
    if (text === undefined) throw new Error(`the ${step} step has not begun`);
    return text;
  }

  private snapshot(step: Step) {
    const state = this.t.stack.stateText();
    this.texts.set(step, state);
    this.before.set(step, new Map(this.t.rows.map((r) => [r.key, resourceIn(state, r.key)?.outputs])));
  }

  private async operations(step: Step): Promise<StepRuns> {
    const t = this.t;
    if (step !== "create") this.snapshot(step);
    switch (step) {
      case "create":
      case "in-place":
      case "replace": {
        if (step !== "create") this.applyArgs(step);
        await this.begin(step);
        // The plan a user reviews (`pulumi preview`), then the run (the Automation API's up skips its own preview).
        const plan = succeeded(await this.preview(), "preview");
        return { plan, apply: succeeded(await t.engine("up"), "up") };
      }
      case "no-op": {
        await this.begin(step);
        const plan = succeeded(await this.preview(), "preview");
        const refresh = succeeded(await t.engine("refresh"), "refresh");
        return { plan, refresh, after: succeeded(await this.preview(), "preview") };
      }
      case "drift": {
        // Every outside change first (the sdk client, the control API), then one refresh for all.
        for (const c of this.active("drift")) if (c.step === "drift" && !isMoney(c)) await c.outside(t.world);
        await this.begin(step);
        const refresh = succeeded(await t.engine("refresh"), "refresh");
        const plan = succeeded(await this.preview(), "preview");
        for (const c of this.active("drift")) if (c.step === "drift" && !isMoney(c)) await c.beforeRepair?.(t.world);
        return { refresh, plan, apply: succeeded(await t.engine("up"), "up") };
      }
      case "import":
        return this.importStep();
      case "destroy": {
        await this.begin(step);
        return { destroy: succeeded(await t.engine("destroy"), "destroy") };
      }
      default:
        return {};
    }
  }

  /**
   * Every importable row dropped from the state and imported again by the id the state recorded,
   * in one `pulumi import`; the program then declares them as the import recorded them (what
   * `--generate-code` writes), and plans. Then the state is put back as it was and the program is
   * the table's again: an import cannot know what only a program says (a password the API masks,
   * onDestroy), and the later steps must judge both doors from the same state.
   */
  private async importStep(): Promise<StepRuns> {
    const t = this.t;
    await this.begin("import");
    const cases = this.active("import");
    if (!t.stack.importByIds || !cases.length) return {};
    const skipped = t.stack.importUnavailable?.();
    if (skipped) return { skipped };
    const state = t.stack.stateText();
    const wanted = cases.map((c) => {
      const row = t.rows.find((r) => r.key === c.key)!;
      return { key: row.key, type: row.type, id: String(resourceIn(state, row.key)?.id) };
    });
    const saved = await t.stack.saveState();
    await t.stack.forget(wanted.map((w) => w.key));
    const before = await t.calls();
    const run = await t.stack.importByIds(wanted);
    t.runs.push(run);
    const imported = succeeded({ ...run, writes: writeCalls(callsBetween(before, await t.calls())) }, "pulumi import");
    const deployment = await t.stack.plainDeployment();
    for (const w of wanted) {
      const r = deployment.resources?.find((x) => String(x.urn).endsWith(`::${w.key}`));
      if (r) t.imported.set(w.key, userInputs(unwrap(r.inputs) as Record<string, unknown>));
    }
    const states = new Map(wanted.map((w) => [w.key, resourceIn(t.stack.stateText(), w.key)]));
    try {
      const plan = succeeded(await this.preview(), "preview");
      return { imported, plan, importedState: states };
    } finally {
      t.imported.clear();
      await t.stack.restoreState(saved);
    }
  }
}
