/**
 * `npx tsx scripts/gen-schema.ts` (npm run gen:schema): writes schema.json, the Pulumi package
 * schema the plugin serves (plugin/schema.ts), with the docs of the resources' descriptors
 * (provider/registry.ts: each resource's description, and each field's doc, its JSDoc in schema.ts
 * read by scripts/gen-field-docs.ts). `--check`
 * writes nothing and exits 1 when schema.json is out of date; tests/plugin/schema.unit.test.ts runs
 * the same check.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Docs, packageSchema } from "../plugin/schema";
import { describeResource } from "../provider/core/descriptor";
import { RESOURCES } from "../provider/registry";

const REPO = join(__dirname, "..");
export const SCHEMA_FILE = join(REPO, "schema.json");

/** Docs by resource type, from the descriptors (describeResource: the same docs every other reader gets). */
export function collectDocs(): Docs {
  const docs: Docs = {};
  for (const d of RESOURCES) {
    const s = describeResource(d);
    const outputDocs = new Set(Object.keys(d.outputDocs));
    docs[d.type] = {
      description: s.description,
      properties: Object.fromEntries(s.inputs.map((p) => [p.name, p.doc])),
      outputs: Object.fromEntries(s.outputs.filter((p) => outputDocs.has(p.name)).map((p) => [p.name, p.doc])),
    };
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
