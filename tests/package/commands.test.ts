/**
 * The package's commands are listed once, in bin/commands.js: each launcher (bin/<name>.js, written
 * from it by scripts/gen-commands.ts) and package.json "bin" agree with it, each module it names
 * exports the main(argv, env, io) bin/run-cli.js calls, and bin/ holds nothing else.
 */
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { COMMANDS, generateCommands, launcherOf, launcherText, packageJsonText } from "../../scripts/gen-commands";

const REPO = resolve(__dirname, "..", "..");

describe("package: the commands, one table (bin/commands.js)", () => {
  it('the launchers and package.json "bin" are what the table writes (npx tsx scripts/gen-commands.ts)', () => {
    expect(generateCommands(true), "run: npx tsx scripts/gen-commands.ts (or npm run gen)").to.deep.equal([]);
    const bin = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).bin;
    expect(Object.entries(bin)).to.deep.equal(COMMANDS.map((c) => [c.name, launcherOf(c)]));
  });

  it('the check sees a launcher or a "bin" entry out of step', () => {
    const [first] = COMMANDS;
    const text = launcherText(first);
    expect(text).to.include(`runCli(${JSON.stringify(first.name)}, ${JSON.stringify(first.module)})`);
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
    const { [first.name]: _gone, ...fewer } = pkg.bin;
    expect(packageJsonText(JSON.stringify({ ...pkg, bin: fewer }))).to.equal(readFileSync(join(REPO, "package.json"), "utf8"));
  });

  for (const c of COMMANDS) {
    it(`${c.name}: an executable launcher, and ${c.module}.ts exports main(argv, env, io)`, () => {
      const launcher = join(REPO, launcherOf(c));
      expect(statSync(launcher).mode & 0o111, `${launcherOf(c)} is not executable`).to.equal(0o111);
      expect(readFileSync(launcher, "utf8")).to.match(/^#!\/usr\/bin\/env node\n/);
      // A hand-written launcher still names the module the table gives.
      if (c.launcher) expect(readFileSync(launcher, "utf8")).to.include(c.module);
      expect(existsSync(join(REPO, `${c.module}.ts`)), `${c.module}.ts`).to.equal(true);
      // Loading a command's module runs nothing: main does.
      const mod = require(join(REPO, c.module));
      expect(mod.main, `${c.module}: main`).to.be.a("function");
    });
  }

  it("bin/ holds the launchers, run-cli.js and commands.js, nothing else", () => {
    const expected = [...COMMANDS.map((c) => launcherOf(c).replace(/^bin\//, "")), "commands.js", "run-cli.js"].sort();
    expect(readdirSync(join(REPO, "bin")).sort()).to.deep.equal(expected);
  });
});
