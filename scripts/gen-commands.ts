/**
 * `npx tsx scripts/gen-commands.ts`: writes each command's launcher (bin/<name>.js) and package.json
 * "bin" from the one table of commands, bin/commands.js (a row with its own `launcher` is
 * hand-written: only listed in "bin"). `--check` writes nothing and exits 1 when a file is out of
 * date; tests/package/commands.test.ts runs the same check.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const REPO = join(__dirname, "..");

export interface Command {
  /** The command's name: package.json "bin" key. */
  name: string;
  /** Repository path of the module whose main(argv, env, io) runs it, without extension. */
  module: string;
  /** A hand-written launcher (repository path); by default bin/<name>.js, written here. */
  launcher?: string;
}

export const COMMANDS: readonly Command[] = require("../bin/commands").COMMANDS;

export const launcherOf = (c: Command) => c.launcher ?? `bin/${c.name}.js`;

/** A generated launcher's text. */
export function launcherText(c: Command): string {
  return [
    "#!/usr/bin/env node",
    `// Launcher of \`${c.name}\` (${c.module}.ts) through bin/run-cli.js, which hands the arguments and`,
    "// the environment to its main unread. Written by scripts/gen-commands.ts from bin/commands.js: do not edit.",
    `require("./run-cli").runCli(${JSON.stringify(c.name)}, ${JSON.stringify(c.module)});`,
    "",
  ].join("\n");
}

/** package.json's text with "bin" from the table (in its order), the rest as it is. */
export function packageJsonText(current: string): string {
  const pkg = JSON.parse(current);
  pkg.bin = Object.fromEntries(COMMANDS.map((c) => [c.name, launcherOf(c)]));
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The files that differ from a fresh render (writes them unless `check`). */
export function generateCommands(check: boolean): string[] {
  const stale: string[] = [];
  const update = (file: string, next: (current: string) => string, mode?: number) => {
    const path = join(REPO, file);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {}
    const text = next(current);
    const modeWrong = mode !== undefined && current !== "" && (statSync(path).mode & 0o777) !== mode;
    if (text === current && !modeWrong) return;
    stale.push(file);
    if (check) return;
    writeFileSync(path, text);
    if (mode !== undefined) chmodSync(path, mode);
  };
  for (const c of COMMANDS) if (!c.launcher) update(launcherOf(c), () => launcherText(c), 0o755);
  update("package.json", packageJsonText);
  return stale;
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  const stale = generateCommands(check);
  for (const f of stale) console.log(`${check ? "out of date" : "written"}: ${f}`);
  if (check && stale.length) process.exit(1);
}
