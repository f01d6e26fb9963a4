/**
 * The lifecycle table covers the registry (cases.ts coverageProblems): every registered resource
 * has, for every aspect, a case or a reason it does not apply; a resource added to the registry
 * without cases fails here before any engine runs.
 */
import { expect } from "chai";
import { RESOURCES } from "../../provider/registry";
import { coverageProblems, ROWS } from "./cases";

describe("lifecycle table coverage", () => {
  it("every registered resource has a case or a reason for every aspect", () => {
    expect(coverageProblems()).to.deep.equal([]);
  });

  it("a registered resource with no rows is reported, and so is an aspect left without a case or a reason", () => {
    const problems = coverageProblems([...RESOURCES.map((d) => d.type), "NewThing"]);
    expect(problems).to.deep.equal(["NewThing: no row in the lifecycle table (tests/lifecycle/rows/)"]);
    const withoutReasons = ROWS.map((r) => ({ ...r, notApplicable: undefined }));
    expect(coverageProblems(undefined, withoutReasons)).to.include("DnssecKey: no in-place case and no reason it does not apply (notApplicable)");
  });
});
