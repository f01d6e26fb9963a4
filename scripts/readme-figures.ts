/**
 * `npx tsx scripts/readme-figures.ts`: the figures the READMEs state about what the suite tries
 * (how many operations, bad inputs, fault cases, records, rounds...), each computed from the source
 * the suite itself uses (the catalogue, the tables of cases, the tests' own constants and asserted
 * counts, the emulator's data), and written into its sentence. `--check` writes nothing and exits 1
 * when a README states another number or the sentence is gone; tests/ci/readme-figures.test.ts runs
 * the same check in `npm test`.
 *
 * Only figures a test asserts (or a bound it asserts: "at least", "at most") are listed; a number
 * that varies from run to run is never one of them. The total number of tests is deliberately not
 * stated anywhere: it changes with every test added.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_CONTROL_BODY_BYTES } from "../emulator/control";
import { Clock } from "../emulator/core/clock";
import { newWorld } from "../emulator/core/state";
import { getProduct } from "../emulator/data/products";
import { findSslProduct } from "../emulator/data/ssl-products";
import { MAX_BODY_BYTES, MAX_DRAIN_BYTES, MAX_PARAM_BYTES } from "../emulator/http/body";
import { defaultRecords } from "../emulator/modules/service/dnszone";
import { newServiceRecord } from "../emulator/modules/service/model";
import { operations } from "../sdk/catalogue";
import { GROUPS } from "../tests/dns/groups";
import { CASES as BAD_INPUTS, CRUD_DIR } from "../tests/hardening/bad-input-cases";
import { BURST, KILL_AFTER } from "../tests/hardening/durability-plan";
import { FAULT_CASES, PAID_CASES } from "../tests/hardening/fault-harness";

const REPO = join(__dirname, "..");
const MiB = 1024 * 1024;

export interface Figure {
  /** Repository-relative path of the README. */
  file: string;
  /** The sentence, `{}` for each figure (a number) and `{list}` for a list; a space matches any white space (line breaks). */
  sentence: string;
  /** The figures, in the order of the `{}`, as the README writes them. */
  values(): (string | number)[];
}

// ---- sources that are only in test files (not importable: loading a test file registers its tests) ----

function source(path: string): string {
  return readFileSync(join(REPO, path), "utf8");
}

/** The first capture of `re` in a test file's source: a constant or a count the test asserts. */
function asserted(path: string, re: RegExp): string[] {
  const m = re.exec(source(path));
  if (!m) throw new Error(`${path}: ${re} not found; the test changed: update scripts/readme-figures.ts`);
  return m.slice(1);
}

/** Rows of the CASES table of tests/hardening/bad-input-emulator.test.ts (one `what:` each). */
function emulatorBadInputs(): number {
  const text = source("tests/hardening/bad-input-emulator.test.ts");
  const start = text.indexOf("const CASES: RawCase[] = [");
  const end = text.indexOf("\n];\n", start);
  if (start < 0 || end < 0) throw new Error("tests/hardening/bad-input-emulator.test.ts: the CASES table was not found; update scripts/readme-figures.ts");
  return (text.slice(start, end).match(/^ {4}what: /gm) ?? []).length;
}

/** The operations a README cell lists as "domain create/transfer/renew, service create" -> domain/create... */
function listedOperations(list: string): string[] {
  return list.split(", ").flatMap((part) => {
    const [module, actions] = part.split(" ");
    return actions.split("/").map((a) => `${module}/${a}`);
  });
}

const MONEY_OPS = "domain create/transfer/renew, service create/renew/upgrade, ssl create/renew/reissue";
const FREE_OPS = ["service/dnscreate", "service/dnsupdate"];
const MONEY_TESTS = ["tests/hardening/money-create.test.ts", "tests/hardening/money-update.test.ts"];

/** Every operation must be a money (or free) operation of the catalogue that the money tests inject faults into. */
function faultedOperations(ops: string[], money: boolean): number {
  const text = MONEY_TESTS.map(source).join("\n");
  for (const name of ops) {
    const op = operations.find((o) => o.name === name);
    if (!op || op.spendsMoney !== money) throw new Error(`${name}: not a ${money ? "money" : "free"} operation of the catalogue`);
    if (!text.includes(`"${name}"`)) throw new Error(`${name}: the money tests (${MONEY_TESTS.join(", ")}) do not name it`);
  }
  return ops.length;
}

/** The ENGINE_LINES table of tests/plugin/yaml-dns.test.ts: the engine's lines holding the password per kind of run. */
function engineLines(): Record<string, number> {
  const [body] = asserted("tests/plugin/yaml-dns.test.ts", /const ENGINE_LINES = \{([^}]*)\}/);
  asserted("tests/plugin/yaml-dns.test.ts", /expect\(measured\)\.to\.deep\.equal\(ENGINE_LINES\)/);
  return Object.fromEntries([...body.matchAll(/(\w+): (\d+)/g)].map((m) => [m[1], Number(m[2])]));
}

const dnsSteps = (zoneOnly: boolean) => (g: (typeof GROUPS)[number]) => g.steps.filter((s) => zoneOnly || !s.zoneOnly);
const asRecords = GROUPS.filter((g) => g.asRecords);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The records a new hosting service's zone gets (emulator/modules/service/dnszone.ts). */
function newServiceRecords(): number {
  const world = newWorld();
  return defaultRecords(world, newServiceRecord(world, "example.com", "basic", 1, new Clock(), "8.2")).length;
}

export const FIGURES: readonly Figure[] = [
  // ---- README.md ----
  { file: "README.md", sentence: "a typed client for all {} API operations", values: () => [operations.length] },
  {
    file: "README.md",
    sentence: "| {} paid fault cases (" + MONEY_OPS + ", each with: {list}) and {} on free writes (" + FREE_OPS.join(", ") + ", each with the first {});",
    values: () => {
      const cases = /each with: ([^)]*)\) and/.exec(source("README.md").replace(/\s+/g, " "))?.[1] ?? "";
      if (cases.split(", ").length !== PAID_CASES.length)
        throw new Error(`README.md: the money row names ${cases.split(", ").length} cases, PAID_CASES has ${PAID_CASES.length}`);
      return [
        faultedOperations(listedOperations(MONEY_OPS), true) * PAID_CASES.length,
        cases,
        faultedOperations(FREE_OPS, false) * FAULT_CASES.length,
        FAULT_CASES.length,
      ];
    },
  },
  {
    file: "README.md",
    sentence:
      "| {} invalid inputs across all {} resources ({} of them through a real `pulumi preview`); {} malformed, huge or oddly encoded requests to the emulator |",
    values: () => {
      const resources = new Set(BAD_INPUTS.map((c) => c.resource)).size;
      if (resources !== Object.keys(CRUD_DIR).length)
        throw new Error(`bad-input-cases.ts: ${resources} resources have cases, not all ${Object.keys(CRUD_DIR).length}`);
      return [BAD_INPUTS.length, resources, BAD_INPUTS.filter((c) => c.engine).length, emulatorBadInputs()];
    },
  },
  {
    file: "README.md",
    sentence:
      "| load | {} DnsRecords against {} simultaneous requests, {} operations and {} errors per minute | applied in one `up` with no block; peak concurrency at most {};",
    values: () => {
      const file = "tests/hardening/limits-rate.test.ts";
      const [records] = asserted(file, /expect\(c\.calls\["service\/dnscreate"\]\)\.to\.equal\((\d+)\)/);
      const [conc, ops, errors] = asserted(file, /REAL_LIKE = \{ maxConcurrent: (\d+), opsPerMinute: (\d+), errorsPerMinute: (\d+)/);
      asserted(file, /expect\(c\.peakConcurrency, "peak concurrency"\)\.to\.be\.at\.most\(REAL_LIKE\.maxConcurrent\)/);
      return [records, conc, ops, errors, conc];
    },
  },
  {
    file: "README.md",
    sentence:
      "| durability | the emulator killed (SIGKILL) in a burst of {} writes, restarted, {} rounds; the store's file calls recorded, each fsync held back | at least {} acknowledged writes,",
    values: () => [BURST, KILL_AFTER.length, sum(KILL_AFTER)],
  },
  {
    file: "README.md",
    sentence: "exports a seeded account of {} domains and {} zones of about a hundred records each",
    values: () => [
      asserted("tests/export/export.test.ts", /expect\(stderr\)\.to\.match\(\/\^domains: (\d+) \/m\)/)[0],
      asserted("tests/export/export.test.ts", /const ZONES = \[([^\]]*)\]/)[0].split(",").length,
    ],
  },
  {
    file: "README.md",
    sentence: "checked with the address and rate rules and a {} MiB limit before any body is read",
    values: () => [MAX_CONTROL_BODY_BYTES / MiB],
  },
  {
    file: "README.md",
    sentence:
      "counts them per kind of run: on a new stack {} lines for a preview, {} for `up --skip-preview`, {} for `up` (its preview included); on a stack with state {} for a preview, {} for `up --skip-preview`, {} for `up`; {} for a refresh and {} for a destroy ({} and {} with `--skip-preview`)",
    values: () => {
      const n = engineLines();
      const order = [
        "newStackPreview",
        "newStackUpSkipPreview",
        "newStackUp",
        "preview",
        "upSkipPreview",
        "up",
        "refresh",
        "destroy",
        "refreshSkipPreview",
        "destroySkipPreview",
      ];
      const missing = order.filter((k) => !(k in n));
      if (missing.length || Object.keys(n).length !== order.length)
        throw new Error(`tests/plugin/yaml-dns.test.ts: ENGINE_LINES has ${Object.keys(n).join(", ")}; update scripts/readme-figures.ts`);
      return order.map((k) => n[k]);
    },
  },
  {
    file: "examples/yaml-dns/README.md",
    sentence: "CheckConfig, DiffConfig and Configure calls ({} to {} lines a run, by kind of run",
    values: () => {
      const n = Object.values(engineLines());
      return [Math.min(...n), Math.max(...n)];
    },
  },
  // ---- sdk/README.md ----
  { file: "sdk/README.md", sentence: "one entry per operation ({})", values: () => [operations.length] },
  // ---- emulator/README.md ----
  { file: "emulator/README.md", sentence: "A body over {} MiB is answered with error 100", values: () => [MAX_BODY_BYTES / MiB] },
  { file: "emulator/README.md", sentence: "past {} MiB, or when Content-Length announces", values: () => [MAX_DRAIN_BYTES / MiB] },
  { file: "emulator/README.md", sentence: "A parameter value is at most {} KiB ({} bytes of UTF-8)", values: () => [MAX_PARAM_BYTES / 1024, MAX_PARAM_BYTES] },
  { file: "emulator/README.md", sentence: "and the body size ({} MiB; 413)", values: () => [MAX_CONTROL_BODY_BYTES / MiB] },
  // ---- provider/resources/dns-zone/README.md ----
  {
    file: "provider/resources/dns-zone/README.md",
    sentence: "the first apply of {} records into a new zone: **{} write** (one dnssetzone) against **{}** record by record ({} dnscreate + {} dnsdelete",
    values: () => {
      const file = "tests/provider/dns-zone.test.ts";
      const [records] = asserted(file, /records: many\((\d+)\), bulk: "never"/);
      const [setzone] = asserted(file, /expect\(writeCalls\(first\.calls\)\)\.to\.deep\.equal\(\{ "service\/dnssetzone": (\d+) \}\)/);
      const [creates, deletes] = asserted(
        file,
        /expect\(writeCalls\(per\.calls\)\)\.to\.deep\.equal\(\{ "service\/dnscreate": (\d+), "service\/dnsdelete": (\d+) \}\)/,
      );
      return [records, setzone, Number(creates) + Number(deletes), creates, deletes];
    },
  },
  {
    file: "provider/resources/dns-zone/README.md",
    sentence:
      "{} groups, {} steps as DnsZone ({} of the groups, {} steps, also as DnsRecords), each step applied, re-planned with no change and compared with the live zone, {} refusals at preview with 0 writes",
    values: () => [
      GROUPS.length,
      sum(GROUPS.map((g) => dnsSteps(true)(g).length)),
      asRecords.length,
      sum(asRecords.map((g) => dnsSteps(false)(g).length)),
      sum(GROUPS.map((g) => dnsSteps(true)(g).filter((s) => s.refuse).length)) + sum(asRecords.map((g) => dnsSteps(false)(g).filter((s) => s.refuse).length)),
    ],
  },
  // ---- examples ----
  {
    file: "examples/adopt-existing/README.md",
    sentence:
      "with its zone (the {} records a new service gets, plus an A, a CNAME and a TXT), a mailbox, an alias, a redirect and an FTP account. `index.ts` declares all {} objects",
    values: () => {
      // The exporter's own summary further down (kept in step by scripts/adopt-existing-sample.ts --check).
      const summary = /\n(\d+) resources: .*?(\d+) DnsRecord/.exec(source("examples/adopt-existing/README.md"));
      if (!summary) throw new Error("examples/adopt-existing/README.md: the exporter's summary line is missing");
      const records = newServiceRecords();
      if (records + 3 !== Number(summary[2]))
        throw new Error(`examples/adopt-existing: ${records} default records + 3 is not the ${summary[2]} DnsRecords exported`);
      return [records, summary[1]];
    },
  },
  {
    file: "examples/certificate/README.md",
    sentence: "(its own price list: {} + {})",
    values: () => [getProduct("basic")!.price.toFixed(2), findSslProduct(101)!.create!.create.toFixed(2)],
  },
  {
    file: "examples/certificate/README.md",
    sentence: "one `up` ({} created,",
    values: () => asserted("tests/examples/certificate.test.ts", /expect\(up\.summary\.resourceChanges\)\.to\.deep\.equal\(\{ create: (\d+) \}\)/),
  },
  {
    file: "examples/web-hosting/README.md",
    sentence: "quotas (Basic: {} FTP accounts, {} databases, {} subdomains)",
    values: () => {
      const q = getProduct("basic")!.quotas;
      return [q.ftp, q.ddbb, q.subdomain];
    },
  },
];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The sentence as a pattern: each `{}` captures a number, each `{list}` a list; spaces match any white space. */
export function patternOf(sentence: string): RegExp {
  const literal = (p: string) => escapeRegExp(p).replace(/ +/g, "\\s+");
  const pattern = sentence
    .split("{list}")
    .map((part) => part.split("{}").map(literal).join("(\\d[\\d,]*(?:\\.\\d+)?)"))
    .join("([^()|]*?)");
  return new RegExp(pattern, "d");
}

export interface Finding {
  file: string;
  sentence: string;
  /** What the README says, or undefined when the sentence is gone. */
  stated?: string[];
  expected: string[];
}

/** What a README states for the figure (undefined when the sentence is not found) and what its source gives. */
export function readFigure(f: Figure, read: (file: string) => string = source): Finding {
  const expected = f.values().map(String);
  const m = patternOf(f.sentence).exec(read(f.file));
  return { file: f.file, sentence: f.sentence, stated: m ? m.slice(1).map((x) => x.replace(/\s+/g, " ")) : undefined, expected };
}

export function readFigures(read: (file: string) => string = source): Finding[] {
  return FIGURES.map((f) => readFigure(f, read));
}

/** The text with the sentence's figures replaced by the computed ones (unchanged when the sentence is missing). */
export function withFigures(text: string, figure: Figure): string {
  const m = patternOf(figure.sentence).exec(text);
  if (!m?.indices) return text;
  const values = figure.values().map(String);
  let out = text;
  for (let i = values.length; i >= 1; i--) {
    const [a, b] = m.indices[i]!;
    if (out.slice(a, b).replace(/\s+/g, " ") !== values[i - 1]) out = out.slice(0, a) + values[i - 1] + out.slice(b);
  }
  return out;
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  let failed = false;
  for (const f of readFigures()) {
    if (!f.stated) {
      console.log(`${f.file}: sentence not found (reworded? update scripts/readme-figures.ts): ${f.sentence}`);
      failed = true;
    } else if (f.stated.join("|") !== f.expected.join("|")) {
      console.log(`${f.file}: ${f.stated.join(", ")} -> ${f.expected.join(", ")}: ${f.sentence}`);
      failed = true;
    }
  }
  if (!check) {
    for (const file of new Set(FIGURES.map((f) => f.file))) {
      const text = source(file);
      const next = FIGURES.filter((f) => f.file === file).reduce(withFigures, text);
      if (next !== text) {
        writeFileSync(join(REPO, file), next);
        console.log(`written: ${file}`);
      }
    }
  }
  if (check && failed) process.exit(1);
}
