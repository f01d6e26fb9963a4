/**
 * Every operation of the catalogue, called through the sdk client over real HTTPS against one
 * emulator, in the order of operation-table.ts. Each result must satisfy the operation's catalogue
 * response schema; every read is also made by an XML client and must parse to the same typed result
 * (sdk/core/xml.ts: "both formats parse to the same typed result").
 */
import { expect } from "chai";
import { getOperation, type OperationName, operations } from "../../sdk";
import { type E2e, expectCatalogueShape, startE2e } from "./helpers";
import { type Params, type Result, STEPS, type Step } from "./operation-table";

/** Reads: safe to repeat and answered from state only, so JSON and XML must agree on them. */
const READ_ACTION = /^(get|list|check|hello$|idnconverter$|domainsuggests$|dig$|zonecheck$|info$|promos$|zones$|whois$|csrdecode$|productlist$)|(list|getinfo)$/;

function isRead(name: string): boolean {
  const op = getOperation(name)!;
  return op.retrySafe && !op.spendsMoney && READ_ACTION.test(op.action);
}

/** Paths (a.b[0].c) where two values differ, with the type of each side. */
function differingPaths(a: unknown, b: unknown, path = "$"): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return [`${path} (${typeof a} vs ${typeof b})`];
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort();
  return keys.flatMap((k) => differingPaths(ra[k], rb[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`));
}

type AnyCall = (name: OperationName, params: Params) => Promise<Result>;
const callOf = (c: E2e["client"]): AnyCall => c.call.bind(c) as unknown as AnyCall;

describe("e2e: every catalogue operation through the client", function () {
  this.timeout(30_000);
  let e: E2e;
  const stats = { calls: 0, xmlCompared: 0 };

  before(async () => {
    e = await startE2e();
  });
  after(async () => {
    await e?.close();
  });

  it("the table has a step for each of the 97 operations and names no unknown one", () => {
    expect(operations).to.have.length(97);
    const covered = new Set(STEPS.map((s) => s.op));
    const missing = operations.map((o) => o.name).filter((n) => !covered.has(n));
    expect(missing, "operations without a step in tests/e2e/operation-table.ts").to.deep.equal([]);
    const unknown = [...covered].filter((n) => !getOperation(n));
    expect(unknown, "steps naming no catalogue operation").to.deep.equal([]);
  });

  /** JSON result of each step, for the XML comparison that follows it. */
  const results = new Map<number, { params: Params; result: Result }>();

  const runStep = (step: Step, index: number) => async () => {
    if (step.before) await step.before(e);
    const params = step.params();
    const result = await callOf(e.client)(step.op as OperationName, params);
    stats.calls++;
    expectCatalogueShape(step.op, result);
    results.set(index, { params, result });
    if (step.after) await step.after(result, e);
  };

  /** The same read through the XML client, right after the JSON one (nothing changed in between). */
  const compareXml = (step: Step, index: number) => async () => {
    const json = results.get(index);
    expect(json, `the JSON call of step ${index} ran`).to.not.equal(undefined);
    const fromXml = await callOf(e.xml)(step.op as OperationName, json!.params);
    expectCatalogueShape(step.op, fromXml);
    // Paths only: a failure must not print values (authcodes, passwords are among them).
    expect(differingPaths(fromXml, json!.result), `${step.op} (step ${index}): members where XML and JSON results differ`).to.deep.equal([]);
    stats.xmlCompared++;
  };

  STEPS.forEach((step, i) => {
    describe(step.op, () => {
      it(`succeeds and matches the catalogue [step ${i}]`, runStep(step, i));
      if (!isRead(step.op)) return;
      it(`parses to the same result from XML [step ${i}]`, compareXml(step, i));
    });
  });

  // Child suites run after the parent's own tests: this check goes in a suite defined last.
  describe("summary", () => {
    it("made one successful call per step and compared the reads in both formats", () => {
      expect(stats.calls).to.equal(STEPS.length);
      const reads = STEPS.filter((s) => isRead(s.op));
      expect(stats.xmlCompared).to.equal(reads.length);
      expect(stats.xmlCompared).to.be.greaterThan(40);
    });
  });
});
