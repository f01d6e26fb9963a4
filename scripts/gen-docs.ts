/**
 * `npx tsx scripts/gen-docs.ts`: writes the parts of the docs that are generated from code, between
 * their markers: the DnsRecord support matrix from the rule library's capability table
 * (sdk/rules/dns-capabilities.ts), the emulator's parity table (emulator/parity.ts), its control API's
 * table (emulator/control-routes.ts) and the README's
 * resource table and each resource README's input table from the resources' descriptors
 * (provider/registry.ts: each resource README's first paragraph is its description; describeResource: each field's doc is its JSDoc in schema.ts, read by
 * scripts/gen-field-docs.ts, which this command runs first). `--check` writes nothing and exits 1 when a file is out of date;
 * tests/rules/docs.test.ts runs the same check.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { controlTable } from "../emulator/control-routes";
import { parityTables } from "../emulator/parity";
import { describeResource, type ResourceDescriptor, type TypeSpec } from "../provider/core/descriptor";
import { RESOURCES } from "../provider/registry";
import { dnsSupportMatrix } from "../sdk/rules";
import { generateFieldDocs } from "./gen-field-docs";

const REPO = join(__dirname, "..");

export interface GeneratedBlock {
  /** Repository-relative path of the file. */
  file: string;
  /** Name in the markers `<!-- BEGIN generated: name ... -->` and `<!-- END generated: name -->`. */
  name: string;
  render(): string;
}

/** The README's table of resources: one row per descriptor, in the registry's order. */
export function resourceTable(): string {
  const rows = RESOURCES.map((d) => {
    const { inPlace, replaces, destroy } = d.lifecycle;
    return `| [\`${d.type}\`](provider/resources/${d.folder}/README.md) | ${d.idFormat} | ${inPlace} | ${replaces} | ${destroy} |`;
  });
  return ["| resource | id | changes in place | replaces | destroy |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** A type as a program writes it: `string`, `"auto" | "never"`, `string[]`, `{ name, ttl? }`. */
export function typeText(t: TypeSpec): string {
  switch (t.kind) {
    case "enum":
      return t.values.map((v) => JSON.stringify(v)).join(" | ");
    case "array": {
      const items = typeText(t.items);
      return t.items.kind === "union" || t.items.kind === "enum" ? `(${items})[]` : `${items}[]`;
    }
    case "record":
      return `Record<string, ${typeText(t.values)}>`;
    case "object":
      return `{ ${Object.entries(t.properties)
        .map(([k, p]) => `${k}${p.required ? "" : "?"}`)
        .join(", ")} }`;
    case "union":
      return t.of.map(typeText).join(" | ");
    default:
      return t.kind;
  }
}

/** Text for a Markdown table cell: pipes escaped everywhere, `<` outside code spans (it would open an HTML tag). */
export function cell(text: string): string {
  return text
    .split("`")
    .map((part, i) => (i % 2 ? part : part.replace(/&/g, "&amp;").replace(/</g, "&lt;")).replace(/\|/g, "\\|"))
    .join("`");
}

/** A resource README's input table: every input of describeResource, in the fields' order. */
export function inputTable(d: ResourceDescriptor): string {
  const yes = (b: boolean) => (b ? "yes" : "");
  const rows = describeResource(d).inputs.map(
    (p) => `| \`${p.name}\` | ${cell(`\`${typeText(p.type)}\``)} | ${yes(p.required)} | ${yes(p.secret)} | ${yes(p.replaceOnChange)} | ${cell(p.doc)} |`,
  );
  return ["| input | type | required | secret | replaces | doc |", "|---|---|---|---|---|---|", ...rows].join("\n");
}

export const BLOCKS: readonly GeneratedBlock[] = [
  { file: "provider/resources/dns-record/README.md", name: "dns-support-matrix", render: dnsSupportMatrix },
  // emulator/parity.ts: what the emulator models, simplifies or leaves out, and the tests relying on it.
  { file: "emulator/README.md", name: "emulator-parity", render: parityTables },
  // emulator/control-routes.ts: the control API's paths, bodies and effects.
  { file: "emulator/README.md", name: "control-api", render: controlTable },
  { file: "README.md", name: "resource-table", render: resourceTable },
  // Each resource's description (its class's JSDoc too: scripts/gen-field-docs.ts) and inputs, from its
  // descriptor (the docs: the JSDoc beside each field in schema.ts).
  ...RESOURCES.map((d) => ({ file: `provider/resources/${d.folder}/README.md`, name: "description", render: () => d.description })),
  ...RESOURCES.map((d) => ({ file: `provider/resources/${d.folder}/README.md`, name: "inputs", render: () => inputTable(d) })),
];

const begin = (name: string) => `<!-- BEGIN generated: ${name} (npx tsx scripts/gen-docs.ts; do not edit) -->`;
const end = (name: string) => `<!-- END generated: ${name} -->`;

/** `text` with the block's content replaced by a fresh render; throws when the markers are missing. */
export function withBlock(text: string, block: GeneratedBlock): string {
  const b = text.indexOf(begin(block.name));
  const e = text.indexOf(end(block.name));
  if (b < 0 || e < b) throw new Error(`${block.file}: the markers of ${block.name} are missing: ${begin(block.name)} ... ${end(block.name)}`);
  return `${text.slice(0, b)}${begin(block.name)}\n${block.render()}\n${text.slice(e)}`;
}

/** The files whose generated blocks differ from a fresh render (writes them unless `check`). */
export function generateDocs(check: boolean): string[] {
  const stale: string[] = [];
  for (const block of BLOCKS) {
    const path = join(REPO, block.file);
    const text = readFileSync(path, "utf8");
    const next = withBlock(text, block);
    if (next === text) continue;
    stale.push(block.file);
    if (!check) writeFileSync(path, next);
  }
  return stale;
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  // The fields' docs first (their JSDoc -> field-docs.ts), which the input tables read.
  const fieldDocs = generateFieldDocs(check);
  for (const f of fieldDocs) console.log(`${check ? "out of date" : "written"}: ${f}`);
  if (fieldDocs.length && !check) {
    // The descriptors loaded here hold the docs as they were: the tables are written by a fresh process.
    execFileSync(process.execPath, [...process.execArgv, __filename], { stdio: "inherit" });
    process.exit(0);
  }
  const stale = generateDocs(check);
  for (const f of stale) console.log(`${check ? "out of date" : "written"}: ${f}`);
  if (check && (stale.length || fieldDocs.length)) process.exit(1);
}
