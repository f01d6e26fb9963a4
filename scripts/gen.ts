/**
 * `npm run gen`: every generator of the repository, in order (each reads what the ones before it
 * wrote), each in a fresh process (a process that loaded the descriptors holds the field docs as they
 * were). `npm run gen -- --check` (`npm run gen:check`) writes nothing and exits 1 when any generated
 * file is out of date, naming it; tests/ci/gen.test.ts runs it. `npm run gen -- NAME...` runs only
 * those. Each generator is `tsx <script> [--check]`, exiting 1 in check mode when its files are stale;
 * adding one is one row of GENERATORS (tests/ci/gen.test.ts fails on a script with a --check mode
 * that is not listed).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const REPO = join(__dirname, "..");

export interface Generator {
  /** For `npm run gen -- NAME` and the messages. */
  name: string;
  /** Repository path of the script: run with no argument it writes, with `--check` it only compares. */
  script: string;
  /** What it writes, from what. */
  writes: string;
}

export const GENERATORS: readonly Generator[] = [
  { name: "field-docs", script: "scripts/gen-field-docs.ts", writes: "resources/*/field-docs.ts, from each schema.ts's JSDoc" },
  { name: "schema", script: "scripts/gen-schema.ts", writes: "schema.json, from the registry's descriptors" },
  { name: "docs", script: "scripts/gen-docs.ts", writes: "the READMEs' generated tables (resources, inputs, DNS, parity, control API)" },
  { name: "registry-docs", script: "scripts/gen-registry-docs.ts", writes: "docs/, the Pulumi Registry's pages" },
  { name: "sdks", script: "scripts/gen-sdks.ts", writes: "sdks/<language>/, from schema.json (Go needed)" },
  { name: "commands", script: "scripts/gen-commands.ts", writes: 'bin/<command>.js and package.json "bin", from bin/commands.js' },
  { name: "figures", script: "scripts/readme-figures.ts", writes: "the READMEs' figures, from the suite's sources" },
  { name: "adopt-existing", script: "scripts/adopt-existing-sample.ts", writes: "examples/adopt-existing/, as dondominio-export writes it" },
];

/** A script's exit status (1 in check mode: something is out of date; null: ended by a signal). */
export type RunScript = (script: string, args: string[]) => number | null;

/**
 * Runs `generators` in order (check: all of them; write: stopping at the first that fails, since the
 * later ones read its output); answers the names of those that failed. `run` starts one script.
 */
export function runGenerators(generators: readonly Generator[], check: boolean, run: RunScript = runScript, say = (l: string) => console.log(l)): string[] {
  const failed: string[] = [];
  for (const g of generators) {
    say(`gen: ${check ? "checking" : "writing"} ${g.name}: ${g.writes}`);
    if (run(g.script, check ? ["--check"] : []) === 0) continue;
    failed.push(g.name);
    if (!check) break;
  }
  return failed;
}

/** One generator in a fresh process, under this process's loader (tsx), its output passed through. */
function runScript(script: string, args: string[]): number | null {
  return spawnSync(process.execPath, [...process.execArgv, join(REPO, script), ...args], { cwd: REPO, stdio: ["ignore", "inherit", "inherit"] }).status;
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = names.filter((n) => !GENERATORS.some((g) => g.name === n));
  if (unknown.length) {
    console.error(`gen: no generator named ${unknown.join(", ")}; there are ${GENERATORS.map((g) => g.name).join(", ")}`);
    process.exit(2);
  }
  const failed = runGenerators(
    GENERATORS.filter((g) => names.length === 0 || names.includes(g.name)),
    check,
  );
  if (failed.length) {
    console.error(check ? `out of date: ${failed.join(", ")} (run: npm run gen)` : `gen: ${failed[0]} failed; the generators after it did not run`);
    process.exit(1);
  }
  console.log(check ? "every generated file is up to date" : "done");
}
