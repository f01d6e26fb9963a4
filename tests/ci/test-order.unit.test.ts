/**
 * `npm test` runs the files scripts/test-order.ts prints (slowest first): that list must be every
 * test file mocha's own glob finds, each once, so that the order never skips or repeats a file; and
 * every name of its SLOW list must exist, so a renamed slow file is noticed here rather than
 * quietly falling back to glob order.
 */
import { expect } from "chai";
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SLOW, testOrder } from "../../scripts/test-order";
import { REPO } from "../harness/engine";

describe("ci: the order of the test files (scripts/test-order.ts)", () => {
  it("is every tests/**/*.test.ts, each once", () => {
    const order = testOrder();
    const glob = globSync("tests/**/*.test.ts", { cwd: REPO }).sort();
    expect(order.length).to.equal(new Set(order).size);
    expect([...order].sort()).to.deep.equal(glob);
  });

  it("starts with the SLOW files, each of which exists, in their order", () => {
    const order = testOrder();
    expect(order.slice(0, SLOW.length)).to.deep.equal(SLOW);
  });

  it("is what npm test hands to mocha", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).to.match(/mocha --parallel --jobs 3 \$\(tsx scripts\/test-order\.ts\)$/);
  });
});
