/**
 * `npx tsx scripts/gen-schema.ts` (npm run gen:schema): writes schema.json, the Pulumi package
 * schema the plugin serves (plugin/schema.ts), with the docs the resource classes' JSDoc gives
 * (provider/resources/<r>/resource.ts: the class and its Args; schema.ts: the outputs). `--check`
 * writes nothing and exits 1 when schema.json is out of date; tests/plugin/schema.unit.test.ts runs
 * the same check.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES } from "../plugin/resources";
import { type Docs, packageSchema } from "../plugin/schema";

const REPO = join(__dirname, "..");
export const SCHEMA_FILE = join(REPO, "schema.json");

/** A JSDoc block's text: the comment markers and leading stars gone, lines joined. */
function docText(block: string): string {
  return block
    .split("\n")
    .map((l) => l.replace(/^\s*\/?\*+\/?\s?/, "").replace(/\s*\*\/\s*$/, ""))
    .filter((l) => l.trim() !== "")
    .join(" ")
    .trim();
}

/** `/** doc *\/ name?:` pairs in a block of TypeScript (interface members, object keys). */
function memberDocs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*(\w+)\??:/g)) out[m[2]] ??= docText(m[1]);
  return out;
}

/** The block between `head` and its closing brace at the start of a line. */
function blockAfter(text: string, head: RegExp): string {
  const m = head.exec(text);
  if (!m) return "";
  const rest = text.slice(m.index + m[0].length);
  const end = rest.search(/\n\}/);
  return end < 0 ? rest : rest.slice(0, end);
}

const kebab = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

export function collectDocs(): Docs {
  const docs: Docs = {};
  for (const r of RESOURCES) {
    const type = r.def.type;
    const dir = join(REPO, "provider/resources", kebab(type));
    const resource = readFileSync(join(dir, "resource.ts"), "utf8");
    const schema = readFileSync(join(dir, "schema.ts"), "utf8");
    const cls = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*\\nexport class ${type}\\b`).exec(resource);
    const args = memberDocs(blockAfter(resource, new RegExp(`export interface ${type}Args[^{]*\\{`)));
    const outs = memberDocs(blockAfter(schema, /export const \w+Outputs\s*=\s*\{/));
    docs[type] = { ...(cls ? { description: docText(cls[1]) } : {}), properties: { ...outs, ...args } };
  }
  return docs;
}

export function renderSchema(): string {
  const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;
  return `${JSON.stringify(packageSchema(version, collectDocs()), null, 2)}\n`;
}

if (require.main === module) {
  const text = renderSchema();
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(SCHEMA_FILE, "utf8");
    } catch {}
    if (current !== text) {
      console.error("schema.json is out of date: run `npm run gen:schema`");
      process.exit(1);
    }
  } else {
    writeFileSync(SCHEMA_FILE, text);
    console.error(`wrote ${SCHEMA_FILE}`);
  }
}
