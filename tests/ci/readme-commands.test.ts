/**
 * The README's quick-start commands are the ones CI runs: each command line of the README's first
 * `sh` block stands, as written, on a line of its own in .ci/run, in the same order.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../harness/engine";

function quickStartCommands(readme: string): string[] {
  const section = readme.slice(readme.indexOf("## Quick start"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((l) => l.replace(/\s+#.*$/, "").trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

describe("ci: the README's commands", () => {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const ci = readFileSync(join(REPO, ".ci", "run"), "utf8")
    .split("\n")
    .map((l) => l.trim());

  it("are the two quick-start commands", () => {
    expect(quickStartCommands(readme)).to.deep.equal(["npm ci && npm run demo", "npm test"]);
  });

  it("are run by .ci/run as written, in order", () => {
    let last = -1;
    for (const command of quickStartCommands(readme)) {
      const at = ci.indexOf(command);
      expect(at, `.ci/run runs \`${command}\``).to.be.greaterThan(last);
      last = at;
    }
  });
});
