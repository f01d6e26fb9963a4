/**
 * `npx tsx scripts/gen-schema.ts` (npm run gen:schema): writes schema.json, the Pulumi package
 * schema the plugin serves (plugin/schema.ts), from provider/registry.ts's descriptors (their docs,
 * types, secrets and replaceOn: describeResource; each field's doc is its JSDoc in schema.ts, read into
 * field-docs.ts by scripts/gen-field-docs.ts). `--check`
 * writes nothing and exits 1 when schema.json is out of date; tests/plugin/schema.unit.test.ts runs
 * the same check.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../plugin/schema";

const REPO = join(__dirname, "..");
export const SCHEMA_FILE = join(REPO, "schema.json");

export function renderSchema(): string {
  const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;
  return `${JSON.stringify(packageSchema(version), null, 2)}\n`;
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
