/**
 * The read functions' docs, generated from their descriptors (provider/function-registry.ts,
 * describeFunction: each member's doc is its JSDoc in the function's schema.ts, read into
 * field-docs.ts by scripts/gen-field-docs.ts): the README's table of functions and, in
 * provider/functions/README.md, a section per function with its arguments, its result (nested
 * members by path), the API calls it makes and an example in TypeScript and in Pulumi YAML.
 * scripts/gen-docs.ts writes both between their markers.
 */
import type { TypeSpec } from "../provider/core/descriptor";
import { describeFunction, type FunctionDescriptor, type MemberSpec } from "../provider/core/function";
import { FUNCTIONS } from "../provider/function-registry";

/** A type as a program reads it (scripts/gen-docs.ts typeText, with objects by their members' names). */
function typeText(t: TypeSpec): string {
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
      return "object";
    case "union":
      return t.of.map(typeText).join(" | ");
    default:
      return t.kind;
  }
}

/** Text for a Markdown table cell: pipes escaped, `<` outside code spans (it would open an HTML tag). */
function cell(text: string): string {
  return text
    .split("`")
    .map((part, i) => (i % 2 ? part : part.replace(/&/g, "&amp;").replace(/</g, "&lt;")).replace(/\|/g, "\\|"))
    .join("`");
}

/** The anchor GitHub gives a `### name` heading. */
const anchor = (name: string) => name.toLowerCase();

/** The README's table: one row per function, in the registry's order. */
export function functionTable(): string {
  const rows = FUNCTIONS.map((f) => {
    const s = describeFunction(f);
    const args = s.args.map((a) => `\`${a.name}${a.required ? "" : "?"}\``).join(", ") || "none";
    return `| [\`${f.name}\`](provider/functions/README.md#${anchor(f.name)}) | ${args} | ${cell(f.description)} | ${cell(f.calls)} |`;
  });
  return ["| function | arguments | what it reads | API calls |", "|---|---|---|---|", ...rows].join("\n");
}

/** The rows of a result member and of its nested members (`domains[].name`). */
function resultRows(m: { name: string; type: TypeSpec; doc: string; required: boolean; secret: boolean }, path: string): string[] {
  const rows = [`| \`${path}\` | ${cell(`\`${typeText(m.type)}\``)} | ${m.required ? "always" : ""} | ${m.secret ? "yes" : ""} | ${cell(m.doc)} |`];
  let t = m.type;
  let prefix = path;
  if (t.kind === "array") {
    t = t.items;
    prefix = `${path}[]`;
  }
  if (t.kind === "object")
    for (const [k, p] of Object.entries(t.properties))
      rows.push(...resultRows({ name: k, type: p.type, doc: p.doc ?? "", required: p.required, secret: false }, `${prefix}.${k}`));
  return rows;
}

function argTable(args: MemberSpec[]): string {
  if (!args.length) return "No argument.";
  const rows = args.map((a) => `| \`${a.name}\` | ${cell(`\`${typeText(a.type)}\``)} | ${a.required ? "yes" : ""} | ${cell(a.doc)} |`);
  return ["| argument | type | required | doc |", "|---|---|---|---|", ...rows].join("\n");
}

/** A function's TypeScript example as a whole program (tests/functions/docs-examples.test.ts compiles each). */
export function typescriptProgram(f: { name: string; example: { typescript: string } }): string {
  const body = f.example.typescript
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
  return [`import { ${f.name} } from "pulumi-dondominio";`, "", "export = async () => {", body, "};"].join("\n");
}

/** A YAML scalar: bare where YAML reads it back as the same string, else JSON (a YAML subset). */
const scalar = (v: string | number | boolean) => (typeof v === "string" && !/^[A-Za-z][A-Za-z0-9.@_-]*$/.test(v) ? JSON.stringify(v) : String(v));

/** A function's YAML example as a whole Pulumi YAML program (its variable exported). */
export function yamlProgram(f: FunctionDescriptor<any, any>): string {
  const { variable, arguments: args, return: member } = f.example.yaml;
  const argLines = Object.entries(args).map(([k, v]) => `        ${k}: ${scalar(v)}`);
  return [
    `name: ${f.folder}`,
    "runtime: yaml",
    "variables:",
    `  ${variable}:`,
    "    fn::invoke:",
    `      function: dondominio:index:${f.name}`,
    ...(argLines.length ? ["      arguments:", ...argLines] : ["      arguments: {}"]),
    ...(member ? [`      return: ${member}`] : []),
    "outputs:",
    `  ${variable}: \${${variable}}`,
  ].join("\n");
}

/** provider/functions/README.md's sections: one per function. */
export function functionSections(): string {
  return FUNCTIONS.map((f) => {
    const s = describeFunction(f);
    const result = ["| member | type | present | secret | doc |", "|---|---|---|---|---|", ...s.result.flatMap((m) => resultRows(m, m.name))].join("\n");
    return [
      `### ${f.name}`,
      "",
      f.description,
      "",
      `API calls: ${f.calls}. TypeScript: \`${f.name}(args)\` (a Promise) and \`${f.name}Output(args)\` (an Output; its arguments may be Outputs). Every other language: the SDK's \`${f.name}\` and its Output form; Pulumi YAML: \`fn::invoke\` of \`dondominio:index:${f.name}\`.`,
      "",
      argTable(s.args),
      "",
      result,
      "",
      "```ts",
      typescriptProgram(f),
      "```",
      "",
      "```yaml",
      yamlProgram(f),
      "```",
    ].join("\n");
  }).join("\n\n");
}
