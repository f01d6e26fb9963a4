/**
 * An AccountSnapshot (read.ts) as a TypeScript Pulumi project: Pulumi.yaml, package.json,
 * tsconfig.json (the one examples/quickstart has, which Pulumi's Node language host compiles),
 * index.ts and README.md. Pure and deterministic: the same account gives the same files, so a
 * second export diffs cleanly against the first.
 *
 * Every object is declared as its resource's `adopt` says (core/adoption.ts; adoptions.ts puts
 * them in program order), with the values the API answered, so the first `up` records the account
 * and writes nothing. This file only writes: the names (names.ts), every value as a literal and
 * every text as an inert comment (code.ts), the secrets as config reads. Passwords are never
 * written: each is an optional stack config secret; left unset, the live password is kept (the
 * provider writes none on adopt). Private keys are never read nor written.
 */
import type { Adoption, Line } from "../core/adoption";
import type { ResourceDescriptor } from "../core/descriptor";
import { descriptorOf, RESOURCES } from "../registry";
import { adoptionsOf, type Piece } from "./adoptions";
import type { AccountSnapshot } from "./read";
import { type Code, concat, fixed, ident, inline, lines, note, ts, value } from "./code";
import { nameBase, secretKey, uniqueNames } from "./names";
import { validProjectName, yamlProjectName } from "./project-name";

export interface RenderOptions {
  /** The Pulumi project name (default "dondominio-account"). */
  projectName?: string;
  /** The version range of pulumi-dondominio the project depends on (default: this package's, "^x.y.z"). */
  packageVersion?: string;
  /** --zones: the grouped forms (a descriptor's adoptAll): each service's records as one zone resource instead of one resource each. */
  zones?: boolean;
}

export interface ExportSummary {
  /** Resources declared, per resource type. */
  counts: Record<string, number>;
  /** Stack config secrets the program reads (optional: unset keeps the live password). */
  secrets: { key: string; what: string }[];
  /** What was not declared, and why. */
  skipped: { what: string; why: string }[];
  /** --zones: the records the zone resources declare, all zones together. */
  zoneRecords?: number;
}

export interface RenderedProject {
  files: Record<string, string>;
  summary: ExportSummary;
}

/** The files renderProject writes, in this order. */
export const PROJECT_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"] as const;

/** What the program's body holds once written: its lines, and what the summary and the imports need. */
interface Written {
  body: Code[];
  counts: Record<string, number>;
  /** The resource types the program imports. */
  used: Set<string>;
  secrets: ExportSummary["secrets"];
  skipped: ExportSummary["skipped"];
  /** Items of the grouped forms' listed inputs (--zones: records), all together. */
  listed: number;
  /** The grouped forms declared (their README sections). */
  groupedUsed: Set<ResourceDescriptor>;
}

export function renderProject(snapshot: AccountSnapshot, options: RenderOptions = {}): RenderedProject {
  const projectName = validProjectName(options.projectName ?? "dondominio-account");
  const grouped = options.zones ? RESOURCES.filter((d) => d.adoptAll) : [];
  const w = writeBody(adoptionsOf(snapshot, grouped), snapshot.notes);
  const sections = [...w.groupedUsed].flatMap((d) => d.adoptAll?.readme ?? []);
  const summary: ExportSummary = {
    counts: w.counts,
    secrets: w.secrets,
    skipped: w.skipped,
    ...(options.zones ? { zoneRecords: w.listed } : {}),
  };
  return {
    files: {
      // projectName: Pulumi's rule (project-name.ts), so it is one YAML scalar; quoted where YAML would read no string.
      "Pulumi.yaml": `name: ${yamlProjectName(projectName)}\nruntime: nodejs\ndescription: A DonDominio account, exported by dondominio-export\n`,
      "package.json": packageJson(projectName, options.packageVersion),
      "tsconfig.json": TSCONFIG,
      "index.ts": indexFile(w),
      "README.md": readme(projectName, summary, sections),
    },
    summary,
  };
}

/** The declarations, names unique per resource type over the whole program (names.ts). */
function writeBody(pieces: Piece[], notes: readonly string[]): Written {
  const w: Written = { body: [], counts: {}, used: new Set(), secrets: [], skipped: [], listed: 0, groupedUsed: new Set() };
  for (const n of notes) {
    const [what, ...why] = n.split(": ");
    w.skipped.push({ what, why: why.join(": ") });
  }
  const declared = pieces.flatMap((p) => ("adoption" in p && p.adoption.args ? [p] : []));
  const names = new Map<Adoption, string>();
  for (const type of new Set(declared.map((p) => p.type))) {
    const ofType = declared.filter((p) => p.type === type).map((p) => p.adoption);
    const unique = uniqueNames(ofType.map((a) => ({ base: nameBase(a.name.parts), identity: a.name.identity })));
    for (const [i, a] of ofType.entries()) names.set(a, unique[i]);
  }
  for (const p of pieces) {
    if ("lines" in p) w.body.push(...p.lines.map(lineCode));
    else {
      const name = names.get(p.adoption);
      if (name !== undefined) w.body.push(...declaration(p.type, name, p.adoption, w));
      if (p.grouped) w.groupedUsed.add(descriptorOf(p.type) as ResourceDescriptor);
      w.skipped.push(...(p.adoption.skipped ?? []));
    }
  }
  return w;
}

/** A comment line of the program, data flattened (code.ts note), or an empty line. */
function lineCode(l: Line): Code {
  return l === "" ? fixed("") : note([`  ${l.strings[0]}`, ...l.strings.slice(1)], ...l.values);
}

/**
 * One resource as one line, `new Type("name", { ... });` (a one-line edit changes one object), or
 * one line per item of its listed input. Data only as literals, a comment from data flattened to
 * one inert line (code.ts); secrets as `config.getSecret("<name>-<input>")`.
 */
function declaration(type: string, name: string, a: Adoption, w: Written): Code[] {
  w.counts[type] = (w.counts[type] ?? 0) + 1;
  w.used.add(type);
  const args: Record<string, unknown> = { ...a.args };
  for (const [input, what] of Object.entries(a.secrets ?? {})) {
    const key = secretKey(name, input);
    w.secrets.push({ key, what });
    args[input] = ts`config.getSecret(${key})`;
  }
  if (a.listed === undefined)
    return [a.comment ? concat(ts`  new ${ident(type)}(${name}, ${args}); `, note`${a.comment}`) : ts`  new ${ident(type)}(${name}, ${args});`];
  const items = (args[a.listed] ?? []) as unknown[];
  w.listed += items.length;
  return [
    ts`  new ${ident(type)}(${name}, {`,
    ...Object.entries(args).flatMap(([k, v]) =>
      v === undefined
        ? []
        : k === a.listed
          ? [concat(fixed("    "), ident(k), fixed(": [")), ...items.map((x) => ts`      ${x},`), fixed("    ],")]
          : [concat(fixed("    "), ident(k), ts`: ${value(v)},`)],
    ),
    fixed("  });"),
  ];
}

function packageJson(projectName: string, packageVersion: string | undefined): string {
  const pkg = {
    name: projectName,
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": "^3.216.0", "pulumi-dondominio": packageVersion ?? "^0.1.0" },
    devDependencies: { typescript: "^5.9.3" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** index.ts: the program, its imports the types the body declares. */
function indexFile(w: Written): string {
  const imports = [...w.used].sort().map((t) => ident(t).text);
  return [
    "/**",
    ` * The DonDominio account as dondominio-export read it. Every object is adopted (adopt: true, or`,
    ` * registration: "adopt"), with the values the API answered, so the first \`pulumi up\` records the`,
    " * account and writes and spends nothing. From then on this program is the account: change a line",
    " * and `pulumi up` applies it. Passwords are stack config secrets (README.md); unset, the live one is kept.",
    " */",
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ${imports.join(", ")} } from "pulumi-dondominio";`,
    "",
    "export = async () => {",
    ...(w.secrets.length ? ["  const config = new pulumi.Config();"] : ["  void pulumi;"]),
    lines(w.body),
    "};",
    "",
  ].join("\n");
}

/** examples/quickstart/tsconfig.json: what Pulumi's Node language host compiles a project with. */
const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "es2020",
      module: "commonjs",
      moduleResolution: "node",
      sourceMap: true,
      experimentalDecorators: true,
      pretty: true,
      noFallthroughCasesInSwitch: true,
      noImplicitReturns: true,
      forceConsistentCasingInFileNames: true,
      esModuleInterop: true,
      skipLibCheck: true,
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

/**
 * The text of the summary (the command prints it; README.md repeats it in a code block). Every
 * piece of data in it is one inert line (code.ts inline): no line break, control or bidi character
 * reaches the terminal or the Markdown.
 */
export function summaryText(summary: ExportSummary): string {
  const lines: string[] = [];
  const kinds = Object.entries(summary.counts).sort(([a], [b]) => a.localeCompare(b));
  const total = kinds.reduce((n, [, c]) => n + c, 0);
  // The grouped form's listed items (--zones: "1 <zone type> (3 records)").
  const unit = (k: string) => descriptorOf(k)?.adoptAll?.unit;
  const zoneRecords = (k: string) => (unit(k) && summary.zoneRecords !== undefined ? ` (${summary.zoneRecords} ${unit(k)})` : "");
  lines.push(`${total} resources: ${kinds.map(([k, c]) => `${c} ${k}${zoneRecords(k)}`).join(", ") || "none"}`);
  lines.push(
    summary.secrets.length
      ? `${summary.secrets.length} passwords as optional config secrets (unset: the live password is kept): ${summary.secrets.map((s) => s.key).join(", ")}`
      : "no passwords to set",
  );
  if (summary.skipped.length) {
    lines.push(`${summary.skipped.length} not declared:`);
    for (const s of summary.skipped) lines.push(`  ${inline(s.what)}: ${inline(s.why)}`);
  } else lines.push("nothing skipped");
  return lines.join("\n");
}

/** A code fence longer than any run of backticks in `text` (CommonMark: a shorter one cannot close it). */
function fenceOf(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  return "`".repeat(Math.max(3, longest + 1));
}

function readme(projectName: string, summary: ExportSummary, sections: readonly string[]): string {
  const secrets = summary.secrets.length
    ? [
        "## Passwords",
        "",
        "The API never tells a mailbox's password, and the FTP and database passwords it does tell are",
        "not copied here. Each is an optional stack config secret. Unset, the adopted object keeps its live",
        "password and nothing is written; set one, and the next `pulumi up` changes that password:",
        "",
        "```sh",
        ...summary.secrets.map((s) => `pulumi config set --secret ${inline(s.key)} '<password>'   # ${inline(s.what)}`),
        "```",
        "",
      ]
    : [];
  return [
    // Pulumi's rule leaves `_` as the only Markdown character a project name can hold.
    `# ${projectName.replace(/_/g, "\\_")}`,
    "",
    "A DonDominio account written as a Pulumi program by `dondominio-export`. Every object in",
    "`index.ts` is adopted with the values the API answered: the first `pulumi up` records them in the",
    "stack and makes no write and no purchase; `pulumi preview` after it shows no changes.",
    "",
    "```sh",
    "npm install",
    "pulumi stack init dev",
    "pulumi config set dondominio:apiUser <user>",
    "pulumi config set --secret dondominio:apiPasswd <password>",
    "pulumi up",
    "```",
    "",
    ...secrets,
    ...sections,
    "## What the export found",
    "",
    fenceOf(summaryText(summary)),
    summaryText(summary),
    fenceOf(summaryText(summary)),
    "",
    "Objects removed from `index.ts` are deleted from the account by the next `pulumi up` (domains,",
    "hosting services and certificates are forgotten instead: the API deletes none of them).",
    "",
  ].join("\n");
}
