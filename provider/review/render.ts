/**
 * A review (collect.ts) as the Markdown of one pull-request comment or job summary. Everything that
 * comes from the plan (names, values, messages) is put in code spans or fenced blocks, so a record
 * value cannot turn into markup, and the comment stays under GitHub's 65,536-character limit.
 */
import { printable } from "../../sdk/core/printable";
import { type Change, type Review, type Step, shortType, urnParts } from "./collect";
import type { ProviderLine } from "./lines";

export interface RenderOptions {
  /** Heading (default: "Pulumi preview of `<project>/<stack>`"). */
  title?: string;
  /**
   * An HTML comment first in the text, which a workflow searches for to update its one comment
   * instead of adding another: `<!-- dondominio-review -->`, or `<!-- dondominio-review:<marker> -->`.
   * false: none.
   */
  marker?: string | boolean;
  /** At most this many resources in the table (default 200); the rest are counted. */
  maxResources?: number;
  /** The whole text is cut to this length (default 60,000: GitHub refuses comments over 65,536). */
  maxChars?: number;
}

export const MARKER = "<!-- dondominio-review -->";

const OP_LABEL: Record<string, string> = {
  create: "+ create",
  update: "~ update",
  replace: "+- replace",
  delete: "- delete",
  import: "= import",
  read: "> read",
  discard: "- discard",
};
const SUMMARY_ORDER = ["create", "update", "replace", "delete", "import", "read", "discard"];
const SUMMARY_WORD: Record<string, string> = {
  create: "to create",
  update: "to update",
  replace: "to replace",
  delete: "to delete",
  import: "to import",
  read: "to read",
  discard: "to discard",
  same: "unchanged",
};

/**
 * THE way plan text enters the comment: every name, type, value, key, op, id and message of the
 * plan goes through `code` (an inline code span) or `fenced` (lines of a fenced block), nothing
 * from the plan is written outside them (tests/review/hostile.test.ts renders a table of hostile
 * strings in every field with a GFM renderer to check it). Both first make the text one visible
 * line (sdk/core/printable.ts: line feeds, lone carriage returns, U+2028/2029, NEL, NUL, escape
 * sequences, bidi and zero-width controls written as "\n", "\u202e"...: a lone CR ends a Markdown
 * line as LF does) and cap its length; then no backtick run inside can close the span or block.
 */
export const MAX_SPAN = 300;
/** Longest line of a fenced block (a provider line, a message), in characters. */
export const MAX_LINE = 1000;

/** The longest run of backticks in `s`. */
function longestTicks(s: string): number {
  let longest = 0;
  for (const run of s.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A pipe escaped for a table cell. GFM (cmark-gfm, GitHub) takes `\|` as an escaped pipe whatever
 * precedes it; other renderers (marked) count the backslashes before it, and an even count leaves
 * the pipe a cell separator: a backslash of the data right before a pipe gets one more.
 */
const escapePipes = (s: string) => s.replace(/(\\*)\|/g, (_m, bs: string) => `${bs}${bs.length % 2 ? "\\" : ""}\\|`);

/** `s` as an inline code span nothing inside can break (in a table cell: pipes escaped too). */
export function code(s: string, inTable = false, max = MAX_SPAN): string {
  const flat = printable(String(s), max);
  const text = inTable ? escapePipes(flat) : flat;
  if (text.trim() === "") return `\`${text || " "}\``;
  const ticks = "`".repeat(longestTicks(text) + 1);
  // A span drops one space at each end when both are there: padded, the data keeps its own.
  const pad = /^[` ]|[` ]$/.test(text) ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** Lines in a fenced block (with a language for GitHub's colouring) that no line can close early. */
export function fenced(lines: string[], lang = "text"): string {
  const shown = lines.map((l) => printable(String(l), MAX_LINE));
  const fence = "`".repeat(Math.max(3, longestTicks(shown.join("\n")) + 1));
  return `${fence}${lang}\n${shown.join("\n")}\n${fence}`;
}

/** The label of a step's op; an op this renderer does not know is plan text. */
const opLabel = (op: string) => (Object.hasOwn(OP_LABEL, op) ? OP_LABEL[op] : code(op, true));

function changeText(c: Change, inTable: boolean): string {
  const forced = c.replaces ? " (forces replacement)" : "";
  const key = code(c.key, inTable);
  if (c.before === undefined) return `${key}: ${code(c.after ?? "", inTable)} (added)${forced}`;
  if (c.after === undefined) return `${key}: ${code(c.before, inTable)} (removed)${forced}`;
  if (c.before === c.after) return `${key}: ${code(c.after, inTable)}${forced}`;
  return `${key}: ${code(c.before, inTable)} → ${code(c.after, inTable)}${forced}`;
}

function detailsOf(s: Step): string {
  if (s.op === "update" || s.op === "replace") return s.changes.map((c) => changeText(c, true)).join("<br>");
  if (s.op === "create" || s.op === "import") {
    const shown = s.inputs.map(([k, v]) => `${k}=${v}`).join(", ");
    return shown ? code(shown, true) : "";
  }
  if (s.id) return `id ${code(s.id, true)}`;
  return "";
}

/** A count of the engine's summary: a positive whole number, or 0 (anything else is not a count). */
function countOf(counts: Record<string, unknown>, key: string): number {
  const n = Object.hasOwn(counts, key) ? counts[key] : undefined;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** The count line: "1 to create, 3 to update, 1 to replace, 1 to delete, 4 unchanged". */
export function summaryLine(review: Review): string {
  const counts = review.changeSummary as Record<string, unknown>;
  const parts = [...SUMMARY_ORDER, ...Object.keys(counts).filter((k) => !SUMMARY_ORDER.includes(k) && k !== "same")]
    .filter((k) => countOf(counts, k) > 0)
    .map((k) => `${countOf(counts, k)} ${Object.hasOwn(SUMMARY_WORD, k) ? SUMMARY_WORD[k] : code(k)}`);
  const changes = parts.length ? parts.join(", ") : "no changes";
  const same = countOf(counts, "same") ? `, ${countOf(counts, "same")} unchanged` : "";
  return `${changes}${same}`;
}

function lineGroup(lines: ProviderLine[], kind: "dns" | "money"): string[] {
  return lines.filter((l) => l.kind === kind).map((l) => l.text);
}

/** The Markdown of a review. */
export function renderMarkdown(review: Review, options: RenderOptions = {}): string {
  const out: string[] = [];
  const { marker = true, maxResources = 200, maxChars = 60_000 } = options;
  if (marker !== false) out.push(marker === true ? MARKER : markerLine(marker));
  const where = review.project && review.stack ? ` of ${code(`${review.project}/${review.stack}`)}` : "";
  out.push(`### ${options.title ?? `Pulumi preview${where}`}`, "");
  out.push(`${review.failed ? "**Preview failed.** " : ""}**Plan:** ${summaryLine(review)}.`, "");

  const stepUrns = new Set(review.steps.map((s) => s.urn));
  const byResource = new Map<string, ProviderLine[]>();
  const unplaced: ProviderLine[] = [];
  for (const { urn, line } of review.lines) {
    if (urn && stepUrns.has(urn)) byResource.set(urn, [...(byResource.get(urn) ?? []), line]);
    else unplaced.push(line);
  }

  if (review.steps.length) {
    out.push("| | resource | name | changes |", "|---|---|---|---|");
    for (const s of review.steps.slice(0, maxResources)) {
      out.push(`| ${opLabel(s.op)} | ${code(s.type, true)} | ${code(s.name, true)} | ${detailsOf(s)} |`);
    }
    if (review.steps.length > maxResources) out.push("", `…and ${review.steps.length - maxResources} more resources (see the job's log).`);
    out.push("");
  }

  for (const s of review.steps) {
    const lines = byResource.get(s.urn);
    if (!lines) continue;
    out.push(`#### ${code(s.type)} ${code(s.name)}`, "");
    const dns = lineGroup(lines, "dns");
    const money = lineGroup(lines, "money");
    if (dns.length) out.push(fenced(dns, "diff"), "");
    if (money.length) out.push(fenced(money), "");
    for (const l of lines.filter((x) => x.kind === "warning")) out.push(`> [!WARNING]\n> ${code(l.text)}`, "");
  }

  const dns = lineGroup(unplaced, "dns");
  if (dns.length) out.push("#### DNS records", "", fenced(dns, "diff"), "");
  const money = lineGroup(unplaced, "money");
  if (money.length) out.push("#### Money", "", fenced(money), "");

  if (review.drift.length) {
    out.push("#### Drift (what refresh read differs from the state)", "");
    for (const d of review.drift) out.push(`- ${code(d.type)} ${code(d.name)}: ${d.changes.map((c) => changeText(c, false)).join("; ")}`);
    out.push("");
  }

  // "DnsRecord www: <message>", without the engine's own "<type token> resource 'www' has a problem: ".
  const named = (m: { urn?: string; text: string }) => {
    if (!m.urn) return m.text;
    const { type: token, name } = urnParts(m.urn);
    const text = m.text.startsWith(`${token} resource '${name}' has a problem: `) ? m.text.slice(`${token} resource '${name}' has a problem: `.length) : m.text;
    return `${shortType(token)} ${name}: ${text}`;
  };
  const errors = review.messages.filter((m) => m.severity === "error").map(named);
  const warnings = [
    ...unplaced.filter((l) => l.kind === "warning").map((l) => `[dondominio] ${l.text}`),
    ...review.messages.filter((m) => m.severity === "warning").map(named),
  ];
  if (errors.length) out.push("#### Errors", "", fenced(errors), "");
  if (warnings.length) out.push("#### Warnings", "", fenced(warnings), "");
  const other = [
    ...unplaced.filter((l) => l.kind === "info").map((l) => `[dondominio] ${l.text}`),
    ...review.messages.filter((m) => m.severity === "info").map(named),
  ];
  if (other.length) out.push(`<details><summary>Other messages (${other.length})</summary>`, "", fenced(other), "", "</details>", "");

  const text = `${out.join("\n").trimEnd()}\n`;
  return text.length > maxChars ? cut(text, maxChars) : text;
}

/** The marker comment; a workflow's name for it cannot close the comment (no "--") nor span lines. */
function markerLine(name: string): string {
  return `<!-- dondominio-review:${printable(name, MAX_SPAN).replace(/-(?=-)/g, "- ")} -->`;
}

const CUT_NOTE = "\n\n…cut here: the plan is longer than a comment may be; the job's log has all of it.\n";

/**
 * `text` cut to at most `max` characters at a line's end (a cut inside a line could leave a code
 * span open, and the rest of its line would be read as Markdown), the fenced block or <details>
 * it was in closed, then a note.
 */
function cut(text: string, max: number): string {
  const kept: string[] = [];
  let length = CUT_NOTE.length;
  let fence = ""; // the open fenced block's fence, "" outside one
  let details = false;
  const closers = (f: string, d: boolean) => (f ? f.length + 1 : 0) + (d ? "\n</details>".length : 0);
  for (const line of text.split("\n")) {
    let f: string = fence;
    let d: boolean = details;
    if (!f) {
      const open = /^(`{3,})/.exec(line);
      if (open) f = open[1];
      else if (line.startsWith("<details>")) d = true;
      else if (line === "</details>") d = false;
    } else if (line.startsWith(f) && /^`+$/.test(line.trimEnd())) f = "";
    if (length + line.length + 1 + closers(f, d) > max) break;
    kept.push(line);
    length += line.length + 1;
    fence = f;
    details = d;
  }
  return `${kept.join("\n")}${fence ? `\n${fence}` : ""}${details ? "\n</details>" : ""}${CUT_NOTE}`;
}
