/**
 * Runs the function table (cases.ts) on one door (doors.ts) through the real engine against the
 * seeded emulator (seed.ts). The read and paging cases run in rounds, one `up` each, every function
 * at most once a round (no two functions share an operation, so each one's calls are told apart);
 * the failing cases (missing object, bad arguments) run in rounds too, each round one `preview` that
 * must fail showing each case's text. Every case asserts exactly its API calls (the emulator's counters): one per page,
 * none for refused arguments, nothing else in the run. Secrets in results must be secret outputs:
 * masked in `stack output`, absent from the state file. Prints each run's engine time and, at the
 * end, the calls per function.
 */
import { expect } from "chai";
import { callLines, callsBetween } from "./calls";
import { CASES, coverageProblems, type FunctionCase, rounds } from "./cases";
import type { DoorRun, FunctionDoor, FunctionStack } from "./doors";
import { type Seeded, startSeeded } from "./seed";

/** The operations each function is expected to call (from its cases): a run's calls are told apart by them. */
const OPS = new Map<string, Set<string>>();
for (const c of CASES) for (const op of Object.keys(c.calls)) OPS.set(c.fn, (OPS.get(c.fn) ?? new Set()).add(op));

const pick = (calls: Record<string, number>, ops: Set<string> | undefined) => Object.fromEntries(Object.entries(calls).filter(([op]) => ops?.has(op)));

export function describeFunctionTable(door: FunctionDoor): void {
  describe(`function table on ${door.name}`, function () {
    this.timeout(900_000);
    let s: Seeded;
    let stack: FunctionStack;
    const seen: { fn: string; name: string; calls: Record<string, number> }[] = [];
    const counters = async () => (await s.emu.control.counters()).calls;

    before(async () => {
      s = await startSeeded();
      stack = await door.open(s);
    });
    after(async () => {
      for (const line of callLines(seen)) console.log(`      ${door.name} calls: ${line}`);
      await stack?.dispose();
      await s?.emu.close();
    });

    it(`${door.name}: every registered function has a case or a reason for every kind`, () => {
      expect(coverageProblems()).to.deep.equal([]);
    });

    /** One engine run, timed, with the API calls it made. */
    async function timedRun(label: string, cases: readonly FunctionCase[], what: "up" | "preview"): Promise<{ run: DoorRun; calls: Record<string, number> }> {
      const before = await counters();
      const t0 = Date.now();
      const run = await stack.run(
        cases.map((c) => ({ fn: c.fn, args: c.args(s) })),
        what,
      );
      console.log(`      ${door.name}: ${what} of ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return { run, calls: callsBetween(before, await counters()) };
    }

    rounds().forEach((round, r) => {
      let ran: Promise<{ run: DoorRun; calls: Record<string, number> }> | undefined;
      const once = () => {
        ran ??= timedRun(`round ${r + 1} (${round.length} functions)`, round, "up");
        return ran;
      };
      round.forEach((c, i) => {
        it(`${door.name}: ${c.name}`, async () => {
          const { run, calls } = await once();
          if (run.error) throw new Error(`the round's up failed:\n${run.error}`);
          const ops = new Set(round.flatMap((x) => [...(OPS.get(x.fn) ?? [])]));
          expect(
            Object.keys(calls).filter((op) => !ops.has(op)),
            "calls no function of the round makes",
          ).to.deep.equal([]);
          const mine = pick(calls, OPS.get(c.fn));
          seen.push({ fn: c.fn, name: c.name, calls: mine });
          const out = run.outputs[i];
          expect(out?.value, "the function's result").to.be.an("object");
          c.check?.(out.value, s);
          expect(mine, "the API calls").to.deep.equal(c.calls);
          for (const k of c.secret ?? []) {
            const plain = out.value[k];
            expect(plain, `${k} read`).to.be.a("string").and.not.equal("");
            // Booleans: a failure must not print the secret it found.
            expect(JSON.stringify(out.shown).includes(plain), `${k} in plaintext in \`stack output\``).to.equal(false);
            expect(run.state.includes(plain), `${k} in plaintext in the state file`).to.equal(false);
          }
          if (!c.secret?.length) expect(out.shown, "a result without secrets is no secret").to.deep.equal(out.value);
        });
      });
    });

    // The failing cases, in rounds too: each door's failing preview shows every failing invocation's
    // error (Pulumi YAML reports each variable's; the Node runtime each rejected Output), which each case checks.
    rounds(CASES, ["missing", "bad args"]).forEach((round, r) => {
      let ran: Promise<{ run: DoorRun; calls: Record<string, number> }> | undefined;
      const once = () => {
        ran ??= timedRun(round.length > 1 ? `failing round ${r + 1} (${round.length} functions)` : round[0].name, round, "preview");
        return ran;
      };
      for (const c of round) {
        it(`${door.name}: ${c.name}`, async () => {
          const { run, calls } = await once();
          const ops = new Set(round.flatMap((x) => [...(OPS.get(x.fn) ?? [])]));
          expect(
            Object.keys(calls).filter((op) => !ops.has(op)),
            "calls no function of the preview makes",
          ).to.deep.equal([]);
          const mine = pick(calls, OPS.get(c.fn));
          seen.push({ fn: c.fn, name: c.name, calls: mine });
          expect(run.error, "the preview fails").to.be.a("string");
          expect(`${run.error}\n${run.output}`).to.include(c.error?.(s) ?? "(a case without error text)");
          expect(mine, "the API calls").to.deep.equal(c.calls);
        });
      }
    });
  });
}
