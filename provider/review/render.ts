/**
 * A review (collect.ts) as the Markdown of one pull-request comment or job summary. Everything that
 * comes from the plan (names, values, messages) is put in code spans or fenced blocks, so a record
 * value cannot turn into markup, and the comment stays under GitHub's 65,536-character limit.
 */
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

/** The longest run of backticks in `s`. */
function longestTicks(s: string): number {
  return Math.max(0, ...(s.match(/`+/g) ?? []).map((r) => r.length));
}

/** `s` as an inline code span that survives any backticks in it (and, in a table cell, pipes). */
export function code(s: string, inTable = false): string {
  const oneLine = s.replace(/\r?\n/g, " ");
  const flat = inTable ? oneLine.replace(/\|/g, "\\|") : oneLine;
  const ticks = "`".repeat(longestTicks(flat) + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** Lines in a fenced block (with a language for GitHub's colouring) that no line can close early. */
export function fenced(lines: string[], lang = "text"): string {
  const fence = "`".repeat(Math.max(3, longestTicks(lines.join("\n")) + 1));
  return `${fence}${lang}\n${lines.join("\n")}\n${fence}`;
}

function changeText(c: Change, inTable: boolean): string {
  const forced = c.replaces ? " (forces replacement)" : "";
  if (c.before === undefined) return `${c.key}: ${code(c.after ?? "", inTable)} (added)${forced}`;
  if (c.after === undefined) return `${c.key}: ${code(c.before, inTable)} (removed)${forced}`;
  if (c.before === c.after) return `${c.key}: ${code(c.after, inTable)}${forced}`;
  return `${c.key}: ${code(c.before, inTable)} → ${code(c.after, inTable)}${forced}`;
}

function detailsOf(s: Step): string {
  if (s.op === "update" || s.op === "replace") return s.changes.map((c) => changeText(c, true)).join("<br>");
  if (s.op === "create" || s.op === "import") {
    const shown = s.inputs.map(([k, v]) => `${k}=${v}`).join(", ");
    return shown ? code(shown.length > 300 ? `${shown.slice(0, 299)}…` : shown, true) : "";
  }
  if (s.id) return `id ${code(s.id, true)}`;
  return "";
}

/** The count line: "1 to create, 3 to update, 1 to replace, 1 to delete, 4 unchanged". */
export function summaryLine(review: Review): string {
  const counts = review.changeSummary;
  const parts = [...SUMMARY_ORDER, ...Object.keys(counts).filter((k) => !SUMMARY_ORDER.includes(k) && k !== "same")]
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => `${counts[k]} ${SUMMARY_WORD[k] ?? k}`);
  const changes = parts.length ? parts.join(", ") : "no changes";
  const same = counts.same ? `, ${counts.same} unchanged` : "";
  return `${changes}${same}`;
}

function lineGroup(lines: ProviderLine[], kind: "dns" | "money"): string[] {
  return lines.filter((l) => l.kind === kind).map((l) => l.text);
}

/** The Markdown of a review. */
export function renderMarkdown(review: Review, options: RenderOptions = {}): string {
  const out: string[] = [];
  const { marker = true, maxResources = 200, maxChars = 60_000 } = options;
  if (marker !== false) out.push(marker === true ? MARKER : `<!-- dondominio-review:${marker.replace(/--/g, "- -")} -->`);
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
      out.push(`| ${OP_LABEL[s.op] ?? s.op} | ${code(s.type, true)} | ${code(s.name, true)} | ${detailsOf(s)} |`);
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

  let text = `${out.join("\n").trimEnd()}\n`;
  if (text.length > maxChars) {
    const note = "\n\n…cut here: the plan is longer than a comment may be; the job's log has all of it.\n";
    text = text.slice(0, maxChars - note.length);
    // Close a fenced block left open by the cut.
    const fences = text.match(/^`{3,}/gm) ?? [];
    if (fences.length % 2 === 1) text += `\n${fences[fences.length - 1]}`;
    text += note;
  }
  return text;
}
