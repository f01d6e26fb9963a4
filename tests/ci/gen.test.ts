/**
 * `npm run gen` (scripts/gen.ts): one table runs every generator in order; `--check` fails when any
 * generated file is out of date. Here: the table lists every script that has a check mode and every
 * package.json gen:* script, the runner's order and failure rules, and the check on the tree as
 * committed (each generator also has its own drift test beside what it generates).
 */
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GENERATORS, runGenerators } from "../../scripts/gen";
import { REPO } from "../harness/engine";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));

describe("npm run gen: every generator, one table (scripts/gen.ts)", function () {
  this.timeout(900_000);

  it("lists every script with a --check mode, and every package.json gen:* script runs one of them", () => {
    const withCheck = readdirSync(join(REPO, "scripts"))
      .filter((f) => f.endsWith(".ts") && f !== "gen.ts")
      .filter((f) => readFileSync(join(REPO, "scripts", f), "utf8").includes('"--check"'))
      .map((f) => `scripts/${f}`);
    expect(GENERATORS.map((g) => g.script).sort()).to.deep.equal(withCheck.sort());
    expect(new Set(GENERATORS.map((g) => g.name)).size).to.equal(GENERATORS.length);
    expect(pkg.scripts.gen).to.equal("tsx scripts/gen.ts");
    expect(pkg.scripts["gen:check"]).to.equal("tsx scripts/gen.ts --check");
    for (const [name, command] of Object.entries<string>(pkg.scripts).filter(([n]) => /^gen:/.test(n) && n !== "gen:check")) {
      const script = /\btsx (scripts\/\S+\.ts)/.exec(command)?.[1];
      expect(
        GENERATORS.map((g) => g.script),
        `${name}: ${command}`,
      ).to.include(script);
    }
  });

  it("writes in order and stops at the first failure (the later ones read its output); checks every one and names the stale", () => {
    const table = ["a", "b", "c"].map((name) => ({ name, script: `scripts/${name}.ts`, writes: name }));
    const calls: string[] = [];
    const run = (script: string, args: string[]) => {
      calls.push([script, ...args].join(" "));
      return script === "scripts/b.ts" ? 1 : 0;
    };
    expect(runGenerators(table, false, run, () => {})).to.deep.equal(["b"]);
    expect(calls).to.deep.equal(["scripts/a.ts", "scripts/b.ts"]);
    calls.length = 0;
    expect(runGenerators(table, true, run, () => {})).to.deep.equal(["b"]);
    expect(calls).to.deep.equal(["scripts/a.ts --check", "scripts/b.ts --check", "scripts/c.ts --check"]);
  });

  it("`npm run gen:check` passes on the committed tree, having run every generator", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", join(REPO, "scripts", "gen.ts"), "--check"], { cwd: REPO, encoding: "utf8" });
    const output = `${r.stdout}${r.stderr}`;
    expect(r.status, output).to.equal(0);
    for (const g of GENERATORS) expect(output).to.include(`gen: checking ${g.name}: `);
    expect(output).to.include("every generated file is up to date");
  });
});
