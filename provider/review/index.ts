/**
 * `dondominio-review` (bin/dondominio-review.js) and its functions, package export
 * `pulumi-dondominio/review`: a preview's engine events as the Markdown of a pull-request comment
 * (per resource: create / update with the changed properties / replace / delete; the provider's DNS
 * and money lines; drift; warnings and errors; secrets as [secret]).
 *
 * From the Automation API:
 *
 *     const events: EngineEvent[] = [];
 *     await stack.preview({ onEvent: (e) => events.push(e) });
 *     const markdown = renderReview(events);
 *
 * From the CLI: `pulumi preview --event-log events.jsonl` (or `pulumi preview --json > plan.json`),
 * then `dondominio-review events.jsonl > comment.md`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { collectReview, type PreviewDigest, parseInput, type ReviewEngineEvent } from "./collect";
import { type RenderOptions, renderMarkdown } from "./render";

export { collectReview, parseInput, show, shortType } from "./collect";
export type { Change, Drift, Message, PreviewDigest, Review, ReviewEngineEvent, Step, StepMetadata, StateMetadata } from "./collect";
export { code, fenced, MARKER, renderMarkdown, summaryLine, type RenderOptions } from "./render";
export { LINE_PREFIX, parsePluginLine, parseProviderLine, type ProviderLine } from "./lines";

/** Markdown of a preview: engine events (Automation API `onEvent`), the event log's text, or `preview --json`'s. */
export function renderReview(input: string | readonly ReviewEngineEvent[] | PreviewDigest, options: RenderOptions = {}): string {
  return renderMarkdown(collectReview(typeof input === "string" ? parseInput(input) : input), options);
}

export const REVIEW_HELP = `usage: dondominio-review [FILE] [--out FILE] [--title TEXT] [--marker NAME | --no-marker]

Writes a Pulumi preview as Markdown for a pull-request comment or a job summary.
FILE (default: standard input) is what the Pulumi CLI wrote:
  pulumi preview --event-log FILE     the engine events, one JSON object a line
  pulumi preview --json > FILE        the preview as one JSON document

  --out FILE        write the Markdown there (default: standard output)
  --title TEXT      the heading (default: Pulumi preview of <project>/<stack>)
  --marker NAME     first line <!-- dondominio-review:NAME --> (default <!-- dondominio-review -->),
                    which a workflow looks for to update its one comment
  --no-marker       no such line
  -h, --help        this text

Exit status: 0 written; 2 bad arguments or input that is not what the CLI writes.
`;

export interface ReviewIo {
  stdin: NodeJS.ReadableStream;
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
  return Buffer.concat(chunks).toString("utf8");
}

/** The command; resolves to the exit status. */
export async function main(argv: string[], _env: NodeJS.ProcessEnv, io: ReviewIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const parse = (args: string[]) =>
    parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: "string" },
        title: { type: "string" },
        marker: { type: "string" },
        "no-marker": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  try {
    parsed = parse(argv);
  } catch (err) {
    io.stderr.write(`dondominio-review: ${(err as Error).message}\n${REVIEW_HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(REVIEW_HELP);
    return 0;
  }
  if (positionals.length > 1) {
    io.stderr.write(`dondominio-review: one input file at most, got ${positionals.length}\n${REVIEW_HELP}`);
    return 2;
  }
  let markdown: string;
  try {
    const file = positionals[0];
    const text = file === undefined || file === "-" ? await readAll(io.stdin) : readFileSync(file, "utf8");
    markdown = renderReview(text, { title: values.title, marker: values["no-marker"] ? false : (values.marker ?? true) });
  } catch (err) {
    io.stderr.write(`dondominio-review: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.out) writeFileSync(values.out, markdown);
  else io.stdout.write(markdown);
  return 0;
}
