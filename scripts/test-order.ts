/**
 * `tsx scripts/test-order.ts`: every mocha test file (tests/**\/*.test.ts), one a line, the slow
 * ones first, for `npm test` (`mocha --parallel --jobs 3 $(tsx scripts/test-order.ts)`). Mocha
 * hands files to its workers in the order given; in glob order a 10-minute file that starts last
 * runs alone at the end while the other workers idle. Longest first, the workers finish
 * within about one short file of each other. Three workers on two cores: most of a file's time is
 * waiting (the engine, the emulator's pacing and polling), so a third file runs in the waits.
 *
 * SLOW is the files that took over a minute, longest first, from a test-times run
 * (`npx tsx scripts/test-times.ts --slowest` prints the list again from the newest run). Files the
 * list does not name follow in glob order; a name that no longer exists is dropped. The files that
 * build the plugin's release archives (archive, then acquire: linux-amd64 only) go before the
 * release dry run, so the dry run finds the executables built instead of waiting on their lock
 * while a worker idles.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const REPO = resolve(__dirname, "..");

export const SLOW = [
  "tests/plugin/archive.test.ts",
  "tests/plugin/acquire.test.ts",
  "tests/plugin/import-languages.test.ts",
  "tests/plugin/java-web.test.ts",
  "tests/release/dry-run.test.ts",
  "tests/plugin/python-web.test.ts",
  "tests/dns/dnscontrol.test.ts",
  "tests/packages/registries.test.ts",
  "tests/acme/acme-certificate.test.ts",
  "tests/engine/many-runs.test.ts",
  "tests/examples/certificate.test.ts",
  "tests/engine/smoke.test.ts",
];

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith(".test.ts")) out.push(relative(REPO, p));
  }
}

/** Every test file under tests/, the SLOW ones first (in their order), then the rest sorted. */
export function testOrder(): string[] {
  const all: string[] = [];
  walk(join(REPO, "tests"), all);
  all.sort();
  const present = new Set(all);
  const first = SLOW.filter((f) => present.has(f));
  const rest = all.filter((f) => !first.includes(f));
  return [...first, ...rest];
}

if (require.main === module) {
  const files = testOrder();
  if (!files.length) {
    console.error("test-order: no tests/**/*.test.ts");
    process.exitCode = 1;
  } else console.log(files.join("\n"));
}
