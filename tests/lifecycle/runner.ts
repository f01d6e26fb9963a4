/**
 * Runs the lifecycle table (cases.ts) through the real engine against the emulator, for one driver
 * (drivers/): one emulator, one stack holding every row, the steps applied in order. Each case is
 * a mocha test named `<driver>: <case>`; the first case of a step runs the step's engine operations
 * (memoised: steps.ts), and every case of the step reads what the engine said about its resource
 * and what the emulator then holds (verify.ts). After each step a money test checks the balance
 * and the paid calls against the step's money cases. A case the door cannot run is pending with
 * the reason; a known divergence must still fail there; a row whose needs are missing is skipped.
 */
import { expect } from "chai";
import { getOperation, type OperationName } from "../../sdk";
import { type Harness, stackConfig, startHarness } from "../provider/harness";
import { CASES, coverageProblems, ROWS } from "./cases";
import { callsBetween, resourceIn, unwrap } from "./checks";
import type { Declaration, Driver, DoorStack, EngineRun } from "./drivers/driver";
import { type Outside, setup } from "./fixture";
import { type Args, type Case, type Fixture, isMoney, type MoneyCase, type Row, STEPS, type Step, type World } from "./model";
import { Steps } from "./steps";
import { Skip, verify } from "./verify";

/** The table's state for one driver's run, shared by the steps and the checks. */
export interface Table {
  driver: Driver;
  h: Harness;
  stack: DoorStack;
  fixture: Fixture;
  world: World;
  rows: Row[];
  /** Every engine run so far (the secrets step reads them all). */
  runs: EngineRun[];
  /** The program's arguments for each row now; a bad-input preview's override; the arguments `pulumi import` recorded. */
  current: Map<string, Args>;
  override: Map<string, Args>;
  imported: Map<string, Args>;
  /** Declares the program as it stands and runs one operation (kept in `runs`). */
  engine(what: "up" | "preview" | "refresh" | "destroy"): Promise<EngineRun>;
  /** The API calls (cumulative, by operation) the emulator has counted. */
  calls(): Promise<Record<string, number>>;
  balance(): Promise<number>;
}

const paid = (calls: Record<string, number>) => Object.fromEntries(Object.entries(calls).filter(([op]) => getOperation(op as OperationName)?.spendsMoney));
const round2 = (n: number) => Math.round(n * 100) / 100;

export function describeLifecycle(driver: Driver): void {
  describe(`lifecycle table on ${driver.name}`, function () {
    this.timeout(900_000);
    const t = { driver, runs: [] as EngineRun[], current: new Map(), override: new Map(), imported: new Map() } as unknown as Table;
    let outside: Outside | undefined;
    const steps = new Steps(t);

    it(`${driver.name}: every registered resource has a case or a reason for every aspect`, () => {
      expect(coverageProblems()).to.deep.equal([]);
    });

    before(async () => {
      t.h = await startHarness({ dnsPort: 0 });
      outside = await setup(t.h.client, t.h.emu);
      t.fixture = outside.fixture;
      t.rows = ROWS.filter((r) => !r.needs || (r.needs === "acme" && t.fixture.acme));
      t.stack = await driver.open({ config: stackConfig(t.h.emu), projectName: `lifecycle-${driver.door}` });
      const declarations = (): Declaration[] =>
        t.rows.map((r) => ({
          key: r.key,
          type: r.type,
          args: t.override.get(r.key) ?? t.imported.get(r.key) ?? (t.current.get(r.key) as Args),
          options: r.options,
        }));
      t.engine = async (what) => {
        t.stack.declare(declarations());
        const run = await t.stack.run(what);
        t.runs.push(run);
        // LIFECYCLE_DEBUG=1 prints what each operation printed.
        if (process.env.LIFECYCLE_DEBUG) console.log(`----- ${what}\n${run.output}\n${run.error ?? ""}`);
        return run;
      };
      t.calls = async () => (await t.h.emu.control.counters()).calls;
      t.balance = async () => (await t.h.client.call("account/info")).balance as number;
      t.world = {
        client: t.h.client,
        emu: t.h.emu,
        fixture: t.fixture,
        outputs: (key) => resourceIn(t.stack.stateText(), key)?.outputs,
        plainOutputs: async (key) =>
          unwrap((await t.stack.plainDeployment()).resources?.find((r) => String(r.urn).endsWith(`::${key}`))?.outputs) as Record<string, any> | undefined,
      };
      steps.applyArgs("create");
    });
    after(async () => {
      await t.stack?.dispose();
      await outside?.close();
      await t.h?.close();
      driver.close?.();
    });

    for (const step of STEPS) {
      for (const c of CASES.filter((x) => x.step === step && !isMoney(x))) describeCase(c);
      if (step !== "secrets") describeMoney(step);
    }

    function describeCase(c: Case) {
      const title = `${driver.name}: ${c.name}`;
      const reason = c.notOn?.[driver.door];
      if (reason) {
        it(`${title} (pending: ${reason})`);
        return;
      }
      const divergence = c.knownDivergence?.[driver.door];
      it(divergence ? `${title} (known divergence: ${divergence.why})` : title, async function () {
        const row = ROWS.find((r) => r.key === c.key);
        if (!row) throw new Error(`case ${c.name}: no row ${c.key} in the table`);
        if (!t.rows.includes(row)) {
          console.log(`      SKIPPED: ${row.type} needs an ACME CA (pebble: scripts/ensure-pebble.sh needs Go)`);
          this.skip();
        }
        if (!divergence) {
          try {
            return await verify(t, steps, c, row);
          } catch (e) {
            if (!(e instanceof Skip)) throw e;
            console.log(`      SKIPPED: ${e.message}`);
            this.skip();
          }
        }
        // Only the named check may fail: any other failure (a step that did not run, another check) fails the test.
        const failure = await verify(t, steps, c, row).then(
          () => undefined,
          (e: Error) => {
            if (e.name !== "AssertionError" || !e.message.startsWith(divergence.failing)) throw e;
            return e.message;
          },
        );
        if (failure === undefined) throw new Error(`the known divergence is gone on ${driver.name}: drop knownDivergence.${driver.door} from "${c.name}"`);
        console.log(`      known divergence, as expected: ${failure.split("\n")[0].slice(0, 300)}`);
      });
    }

    /**
     * The step's money: the balance moved by exactly the sum of its money cases, and the paid calls
     * (catalogue spendsMoney) are exactly theirs: nothing ordered twice, nothing unexpected.
     */
    function describeMoney(step: Step) {
      const cases = CASES.filter((c): c is MoneyCase => c.step === step && isMoney(c));
      const what = cases.length ? cases.map((c) => c.name).join("; ") : "nothing paid";
      it(`${driver.name}: ${step}: the balance moves by exactly the step's orders (${what})`, async () => {
        const mine = cases.filter((c) => !c.notOn?.[driver.door] && t.rows.some((r) => r.key === c.key));
        const start = await steps.ran(step);
        const calls = paid(callsBetween(start.calls, await t.calls()));
        const want: Record<string, number> = {};
        for (const c of mine) for (const [op, n] of Object.entries(c.money.calls)) want[op] = (want[op] ?? 0) + n;
        expect(calls, `the paid calls of the ${step} step`).to.deep.equal(want);
        const spent = round2(start.balance - (await t.balance()));
        expect(spent, `what the ${step} step spent`).to.equal(round2(mine.reduce((sum, c) => sum + c.money.amount(t.fixture), 0)));
      });
    }
  });
}
