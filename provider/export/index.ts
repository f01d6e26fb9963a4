/**
 * `dondominio-export` (bin/dondominio-export.js) and its function, package export
 * `pulumi-dondominio/export`: reads an account (read.ts) and writes it as a Pulumi project
 * (render.ts) whose first `up` adopts everything and writes nothing.
 *
 * Credentials come from the environment variables the provider reads (provider/core/config.ts:
 * DONDOMINIO_API_USER, DONDOMINIO_API_PASSWD, DONDOMINIO_BASE_URL, DONDOMINIO_CA_CERT_FILE, ...),
 * never from an argument (argv is readable by every user of the machine). Calls go through the
 * provider's Api (provider/core/client.ts): the shared limiter, temporary blocks waited out, paged
 * lists traversed once per collection.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getApi } from "../core/client";
import { resolveConfig } from "../core/config";
import { RESOURCES } from "../registry";
import { type AccountSnapshot, readAccount } from "./read";
import { inline } from "./code";
import { migrationFromState } from "./from-state";
import { checkImportFile, renderImportFile, writeImportFile } from "./import-file";
import { ProjectNameError, validProjectName } from "./project-name";
import { type ExportSummary, PROJECT_FILES, renderProject, summaryText } from "./render";
import { checkOutput, UnsafeOutputError, writeProjectFiles } from "./write";

export { renderProject, summaryText, type ExportSummary, type RenderedProject, type RenderOptions } from "./render";
export { readAccount, type AccountSnapshot, type ReadOptions } from "./read";
export { slug, uniqueNames, recordBase } from "./names";
export { validProjectName, ProjectNameError } from "./project-name";
export { UnsafeOutputError } from "./write";
export { renderImportFile, type ImportFileEntry } from "./import-file";
export { migrationFromState, type Migration } from "./from-state";

export interface ExportOptions {
  /** The directory to write the project to (created when missing; files of the same names are replaced). */
  out: string;
  domains?: readonly string[];
  services?: readonly string[];
  zones?: boolean;
  projectName?: string;
  /** Environment to take the credentials from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** A line per collection read. */
  progress?: (line: string) => void;
}

export interface ExportResult {
  summary: ExportSummary;
  snapshot: AccountSnapshot;
  /** The files written, relative to `out`. */
  files: string[];
  elapsedMs: number;
}

/** The version range the generated project asks for: this package's own version. */
function ownVersion(): string {
  for (const rel of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, rel), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-dondominio" && pkg.version) return `^${pkg.version}`;
    } catch {
      // not this level (source tree vs. dist/)
    }
  }
  return "*";
}

/**
 * Reads the account and writes the project. A bad project name (ProjectNameError) or an unsafe OUT
 * (UnsafeOutputError: a link, or no directory) is refused before any API call.
 */
export async function exportAccount(options: ExportOptions): Promise<ExportResult> {
  const started = Date.now();
  if (options.projectName !== undefined) validProjectName(options.projectName);
  checkOutput(options.out, PROJECT_FILES);
  const api = getApi(resolveConfig(options.env ?? process.env));
  const snapshot = await readAccount(api, { domains: options.domains, services: options.services, progress: options.progress });
  const { files, summary } = renderProject(snapshot, { projectName: options.projectName, zones: options.zones, packageVersion: ownVersion() });
  writeProjectFiles(options.out, files);
  return { summary, snapshot, files: Object.keys(files), elapsedMs: Date.now() - started };
}

/** Help text continued on lines of at most 100 characters, each indented by `indent` spaces. */
function wrapped(text: string, indent: number): string {
  const lines: string[] = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] && indent + lines[last].length + 1 + word.length > 100) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.join(`\n${" ".repeat(indent)}`);
}

export const EXPORT_HELP = `usage: dondominio-export --out DIR [--domain NAME]... [--service NAME]... [--zones] [--project NAME] [--import-file FILE]
       dondominio-export --from-state STATE --import-file FILE > URNS

Writes the DonDominio account as a Pulumi TypeScript project (Pulumi.yaml, package.json,
tsconfig.json, index.ts, README.md) in which every object is adopted, so that its first
\`pulumi up\` writes nothing and spends nothing.

  --out DIR          where to write the project (created when missing; a file of it that is a
                     symbolic link is refused, never written through)
  --domain NAME      only this domain and its hosting service (repeat for several)
  --service NAME     only this hosting service and what lives in it (repeat for several)
  --zones            ${wrapped(RESOURCES.flatMap((d) => (d.adoptAll ? [d.adoptAll.help] : [])).join("; "), 21)}
  --project NAME     the Pulumi project name: 1 to 100 letters, digits, "-", "_" or "."
                     (Pulumi's rule; default dondominio-account)
  --import-file FILE also write a Pulumi import file (ids only) of the same objects, for the provider
                     plugin: \`pulumi import --file FILE --generate-code --out ...\` then writes the
                     account as a program in the project's language (provider/export/import-file.ts)
  --from-state STATE with --import-file, no --out and no API call: from a stack's state
                     (\`pulumi stack export --file STATE\`), the import file that moves its dynamic
                     resources to the provider plugin (same names, same ids), and on stdout the URNs
                     to remove afterwards with \`pulumi state delete\`, one a line (README: "Moving a
                     stack from the dynamic resources to the plugin")
  -h, --help         this text

Credentials come from the environment, as for the provider: DONDOMINIO_API_USER,
DONDOMINIO_API_PASSWD, DONDOMINIO_BASE_URL, DONDOMINIO_CA_CERT_FILE (and DONDOMINIO_MAX_OPS_PER_MINUTE,
DONDOMINIO_TIMEOUT_MS). Only read operations are called. Progress and the summary go to stderr.
Exit status: 0 written; 1 the account could not be read; 2 bad arguments, configuration or OUT.
`;

export interface ExportIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** The whole command: returns the exit status instead of exiting (tests run it in-process). */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: ExportIo): Promise<number> {
  let values: {
    out?: string;
    domain?: string[];
    service?: string[];
    zones?: boolean;
    project?: string;
    "import-file"?: string;
    "from-state"?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        domain: { type: "string", multiple: true },
        service: { type: "string", multiple: true },
        zones: { type: "boolean" },
        project: { type: "string" },
        "import-file": { type: "string" },
        "from-state": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    io.stderr.write(`dondominio-export: ${(err as Error).message}\n${EXPORT_HELP}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(EXPORT_HELP);
    return 0;
  }
  if (values["from-state"] !== undefined) return fromState(values["from-state"], values["import-file"], io);
  if (!values.out) {
    io.stderr.write(`dondominio-export: --out DIR is required\n${EXPORT_HELP}`);
    return 2;
  }
  try {
    if (values.project !== undefined) validProjectName(values.project);
    checkOutput(values.out, PROJECT_FILES);
    if (values["import-file"] !== undefined) checkImportFile(values["import-file"]);
    resolveConfig(env);
  } catch (err) {
    io.stderr.write(`dondominio-export: ${inline((err as Error).message, 1000)}\n`);
    return 2;
  }
  try {
    const r = await exportAccount({
      out: values.out,
      domains: values.domain,
      services: values.service,
      zones: values.zones,
      projectName: values.project,
      env,
      // Lines hold names the account chose: one inert line each (code.ts inline), no terminal control.
      progress: (l) => io.stderr.write(`${inline(l, 1000)}\n`),
    });
    io.stderr.write(`wrote ${r.files.join(", ")} to ${inline(values.out, 1000)} in ${(r.elapsedMs / 1000).toFixed(1)} s\n${summaryText(r.summary)}\n`);
    const importFile = values["import-file"];
    if (importFile !== undefined) {
      const { text, counts } = renderImportFile(r.snapshot);
      writeImportFile(importFile, text);
      const listed = Object.entries(counts).map(([type, n]) => `${n} ${type}`);
      io.stderr.write(`wrote ${inline(importFile, 1000)}: ${listed.join(", ") || "no resources"} (pulumi import --file)\n`);
    }
    return 0;
  } catch (err) {
    if (err instanceof UnsafeOutputError || err instanceof ProjectNameError) {
      io.stderr.write(`dondominio-export: ${inline(err.message, 1000)}\n`);
      return 2;
    }
    // sdk errors never carry the password (sdk/core/redact.ts).
    io.stderr.write(`dondominio-export: the account could not be read: ${inline((err as Error).message, 1000)}\n`);
    return 1;
  }
}

/** `--from-state STATE --import-file FILE`: reads the state file only (no credentials, no API call). */
function fromState(statePath: string, importFile: string | undefined, io: ExportIo): number {
  if (importFile === undefined) {
    io.stderr.write(`dondominio-export: --from-state needs --import-file FILE\n${EXPORT_HELP}`);
    return 2;
  }
  try {
    checkImportFile(importFile);
    const m = migrationFromState(readFileSync(statePath, "utf8"));
    writeImportFile(importFile, m.importFile);
    for (const n of m.notes) io.stderr.write(`${inline(n, 1000)}\n`);
    io.stderr.write(`wrote ${inline(importFile, 1000)}: ${m.moved} resources to import; ${m.urns.length} URNs to delete from the state (stdout)\n`);
    io.stdout.write(m.urns.map((u) => `${u}\n`).join(""));
    return 0;
  } catch (err) {
    io.stderr.write(`dondominio-export: ${inline((err as Error).message, 1000)}\n`);
    return 2;
  }
}
