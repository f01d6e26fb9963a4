/**
 * The doc of each field, written once as its JSDoc in schema.ts (provider/core/fields.ts): the
 * generated field-docs.ts of every folder is a fresh read of it (scripts/gen-field-docs.ts), the
 * fields it reads are the very schemas the resource parses, and a field without a doc is refused.
 */
import { expect } from "chai";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeResource, inputFields } from "../../provider/core/descriptor";
import { RESOURCES } from "../../provider/registry";
import { cell, generateDocs, inputTable } from "../../scripts/gen-docs";
import { generateClassDocs, generateFieldDocs, readFieldDocs, renderClassDoc } from "../../scripts/gen-field-docs";
import { WORK_ROOT } from "../harness/engine";

/** A text as a regular expression matching it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const camel = (folder: string) => folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe("provider: the fields' docs (JSDoc in schema.ts, generated field-docs.ts)", function () {
  // The TypeScript compiler reads every schema.ts: seconds on a busy machine.
  this.timeout(120_000);

  it("field-docs.ts of every resource is up to date (npx tsx scripts/gen-field-docs.ts)", () => {
    expect(generateFieldDocs(true), "out of date: run `npx tsx scripts/gen-field-docs.ts`").to.deep.equal([]);
  });

  it("each class's JSDoc is its descriptor's description (npx tsx scripts/gen-field-docs.ts), and the README's first paragraph too", () => {
    expect(generateClassDocs(true), "out of date: run `npx tsx scripts/gen-field-docs.ts`").to.deep.equal([]);
    for (const d of RESOURCES) {
      const source = readFileSync(join(__dirname, "..", "..", "provider", "resources", d.folder, "resource.ts"), "utf8");
      const doc = new RegExp(`/\\*\\*\\n((?: \\*.*\\n)+) \\*/\\nexport class ${d.type} `).exec(source);
      expect(
        doc?.[1]
          .replace(/^ \* ?/gm, "")
          .replace(/\s+/g, " ")
          .trim(),
        d.type,
      ).to.equal(d.description);
      const readme = readFileSync(join(__dirname, "..", "..", "provider", "resources", d.folder, "README.md"), "utf8");
      expect(readme.split("\n\n")[1], `${d.folder}/README.md`).to.include(d.description);
    }
    // A description that would end the comment is refused.
    expect(() => renderClassDoc("/** x */\nexport class A extends B {}\n", "A", "ends */ here")).to.throw(/\*\//);
  });

  it("reads the fields the resource parses: <type>Fields are its inputs' schemas, the *Outputs shape its class's", () => {
    for (const d of RESOURCES) {
      const schema = require(`../../provider/resources/${d.folder}/schema`) as Record<string, unknown>;
      const fields = schema[`${camel(d.folder)}Fields`] as Record<string, unknown>;
      const parsed = inputFields(d.definition.inputs);
      expect(Object.keys(fields), d.type).to.deep.equal(Object.keys(parsed));
      for (const k of Object.keys(parsed)) expect(fields[k] === parsed[k], `${d.type}.${k}: the same schema`).to.equal(true);
      const outputs = Object.entries(schema).filter(([k]) => k.endsWith("Outputs"));
      expect(
        outputs.map(([, v]) => v),
        d.type,
      ).to.deep.equal([d.outputs]);
      expect(outputs[0][1] === d.outputs, d.type).to.equal(true);
      // The descriptor's docs are the generated ones, for every input and every output shape member.
      expect(Object.keys(d.docs).sort(), d.type).to.deep.equal(Object.keys(parsed).sort());
      expect(Object.keys(d.outputDocs).sort(), d.type).to.deep.equal(Object.keys(d.outputs).sort());
    }
  });

  it("refuses a field without a doc, naming it", () => {
    const dir = join(WORK_ROOT, "field-docs-missing");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, "thing"), { recursive: true });
    writeFileSync(
      join(dir, "thing", "schema.ts"),
      [
        'import { z } from "zod";',
        "export const thingFields = {",
        "  /** Documented. */",
        "  name: z.string(),",
        "  size: z.number().optional(),",
        "};",
        "export const thingOutputs = {",
        "  /** The id. */",
        "  id: z.string(),",
        "};",
        "",
      ].join("\n"),
    );
    try {
      expect(() => readFieldDocs(dir)).to.throw(/fields without a doc[\s\S]*thing\/schema\.ts thingFields\.size/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes each resource README's input table from the descriptor: every input, its doc, up to date", () => {
    expect(
      generateDocs(true).filter((f) => f.startsWith("provider/resources/")),
      "run: npx tsx scripts/gen-docs.ts",
    ).to.deep.equal([]);
    for (const d of RESOURCES) {
      const readme = readFileSync(join(__dirname, "..", "..", "provider", "resources", d.folder, "README.md"), "utf8");
      expect(readme, d.folder).to.include(inputTable(d));
      for (const p of describeResource(d).inputs)
        expect(readme, `${d.type}.${p.name}`).to.match(new RegExp(`^\\| \`${p.name}\` \\|.*\\| ${literal(cell(p.doc))} \\|$`, "m"));
    }
    // A pipe would end the cell, a "<" outside code would open an HTML tag.
    expect(cell("a | b <digits> `x|<y>`")).to.equal("a \\| b &lt;digits> `x\\|<y>`");
  });
});
