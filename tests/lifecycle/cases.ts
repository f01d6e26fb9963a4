/**
 * The lifecycle table both doors run (issue 21 item 6, issue 28 item 4): the rows and cases of every
 * resource (rows/*.ts), and the coverage rule that keeps it whole: every resource the registry
 * (provider/registry.ts RESOURCES) holds has, for each aspect (model.ts ASPECTS), a case or a
 * reason the aspect does not apply to it. A resource added to the registry without cases fails
 * `coverageProblems` (coverage.unit.test.ts, and the first test of each door's run).
 */
import { RESOURCES } from "../../provider/registry";
import { ASPECTS, type Case, type Door, isMoney, type Row, type Step } from "./model";
import * as certificates from "./rows/certificates";
import * as dns from "./rows/dns";
import * as domain from "./rows/domain";
import * as hosting from "./rows/hosting";
import * as mail from "./rows/mail";

/**
 * What a door cannot do at all, for every case of a step: a limit of the door, listed here with
 * its reason, and named on each case it keeps from running (`notOn`).
 */
export const DOOR_LIMITS: readonly { step: Step; door: Door; short: string; reason: string }[] = [
  {
    step: "import",
    door: "dynamic",
    short: "the dynamic door has no `pulumi import` (cases.ts DOOR_LIMITS)",
    reason:
      'the dynamic resources have no `pulumi import`: their Read needs the serialized provider (`__provider`) that only a program\'s inputs carry, and `pulumi import <type> <name> <id>` sends none; the dynamic door takes existing objects over with adopt: true (or registration: "adopt") instead',
  },
];

const parts = [domain, hosting, dns, mail, certificates];
export const ROWS: readonly Row[] = parts.flatMap((p) => p.ROWS);
export const CASES: readonly Case[] = parts
  .flatMap((p) => p.CASES)
  .map((c) => {
    const limits = DOOR_LIMITS.filter((l) => l.step === c.step);
    return limits.length ? { ...c, notOn: { ...Object.fromEntries(limits.map((l) => [l.door, l.short])), ...c.notOn } } : c;
  });

/** Every way the table falls short of the registry: a type, an aspect and what is missing. Empty when whole. */
export function coverageProblems(types = RESOURCES.map((d) => d.type), rows = ROWS, cases = CASES): string[] {
  const problems: string[] = [];
  const keys = new Map(rows.map((r) => [r.key, r]));
  for (const c of cases) if (!keys.has(c.key)) problems.push(`case "${c.name}" names no row (${c.key})`);
  for (const r of rows) if (!types.includes(r.type)) problems.push(`row ${r.key}: ${r.type} is not in the registry`);
  for (const type of types) {
    const mine = rows.filter((r) => r.type === type);
    if (!mine.length) {
      problems.push(`${type}: no row in the lifecycle table (tests/lifecycle/rows/)`);
      continue;
    }
    for (const aspect of ASPECTS) {
      const covered = cases.some((c) => !isMoney(c) && keys.get(c.key)?.type === type && (c.aspect ?? c.step) === aspect);
      const reason = mine.map((r) => r.notApplicable?.[aspect]).find((x) => x);
      if (!covered && !reason) problems.push(`${type}: no ${aspect} case and no reason it does not apply (notApplicable)`);
    }
  }
  return problems;
}
