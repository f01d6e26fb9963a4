/**
 * A preview's engine events, gathered into what a reviewer reads: the resource steps, what drifted,
 * the provider's DNS and money lines, warnings and errors. Two inputs, both written by the Pulumi
 * CLI (3.250): the engine events (Automation API `onEvent`, or the JSON lines of
 * `pulumi preview --event-log FILE`), and the document `pulumi preview --json` prints.
 *
 * Secrets: the engine writes a secret as "[secret]" (in the event log, as the object
 * `{ <secret signature>: ..., ciphertext: "[secret]" }`); whatever the engine sent, a value is
 * shown as [secret] too when the sdk's one secret rule says so (sdk/core/secrets.ts: a property
 * named like a password, key, token..., or a PEM private key under any name), and the stack config
 * (prelude, provider inputs) and the serialized provider (`__provider`) are never read.
 */
import { holdsSecretValue, isSecretMember } from "../../sdk/core/secrets";
import type { NormalRecord } from "../../sdk/rules";
import { UNKNOWN } from "../core/frame";
import { dnsPlanLine } from "../dns/dns-plan";
import { descriptorOf } from "../registry";
import { LINE_PREFIX, type ProviderLine, parsePluginLine, parseProviderLine } from "./lines";

/** The parts of a Pulumi EngineEvent (@pulumi/pulumi/automation) read here. */
export interface ReviewEngineEvent {
  sequence?: number;
  diagnosticEvent?: { urn?: string; prefix?: string; message: string; severity: string; ephemeral?: boolean };
  resourcePreEvent?: { metadata: StepMetadata; planning?: boolean };
  resOutputsEvent?: { metadata: StepMetadata; planning?: boolean };
  resOpFailedEvent?: { metadata: StepMetadata };
  summaryEvent?: { resourceChanges?: Record<string, number>; result?: string; durationSeconds?: number };
  policyEvent?: { resourceUrn?: string; message: string; policyName: string; policyPackName: string; enforcementLevel: string };
}

export interface StepMetadata {
  op: string;
  urn: string;
  type?: string;
  old?: StateMetadata | null;
  new?: StateMetadata | null;
  /** Properties that force replacement. */
  keys?: string[] | null;
  /** Properties that differ, when the provider said. */
  diffs?: string[] | null;
  detailedDiff?: Record<string, unknown> | null;
}

export interface StateMetadata {
  type?: string;
  urn?: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** The document `pulumi preview --json` prints (pkg/display PreviewDigest). */
export interface PreviewDigest {
  steps?: {
    op: string;
    urn: string;
    oldState?: StateMetadata;
    newState?: StateMetadata;
    diffReasons?: string[];
    replaceReasons?: string[];
    detailedDiff?: Record<string, unknown>;
  }[];
  diagnostics?: { urn?: string; message: string; severity: string }[];
  changeSummary?: Record<string, number>;
}

export type Op = "create" | "update" | "replace" | "delete" | "import" | "read" | "discard" | string;

/** A value as the review shows it: "[secret]", "(known after apply)", or the value as text. */
export type Shown = string;

export interface Change {
  key: string;
  before?: Shown;
  after?: Shown;
  /** The provider said this property forces a replacement. */
  replaces: boolean;
}

export interface Step {
  op: Op;
  urn: string;
  /** Short type: `DnsRecord` for this package's resources, the type token otherwise. */
  type: string;
  name: string;
  id?: string;
  /** update and replace: the properties that change. */
  changes: Change[];
  /** create and import: the inputs, in the program's order. */
  inputs: [string, Shown][];
}

export interface Drift {
  urn: string;
  type: string;
  name: string;
  /** before: the state; after: what refresh read. */
  changes: Change[];
}

export interface Message {
  urn?: string;
  severity: "info" | "warning" | "error";
  text: string;
}

export interface Review {
  project?: string;
  stack?: string;
  steps: Step[];
  drift: Drift[];
  /** The engine's own counts (create, update, same, ...). */
  changeSummary: Record<string, number>;
  /** The preview failed (an error diagnostic, or the engine said so). */
  failed: boolean;
  /** The provider's lines (DNS, money, its warnings and info), each once, in order. */
  lines: { urn?: string; line: ProviderLine }[];
  /** Everything else worth reading: engine and program warnings, errors, program output. */
  messages: Message[];
}

/** The engine's secret signature key (sdk/go/common/resource/sig), as the event log writes secrets. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "[secret]";
const MAX_VALUE = 120;

/** The engine marked it secret. */
function isMarkedSecret(v: unknown): boolean {
  return v === SECRET || (typeof v === "object" && v !== null && !Array.isArray(v) && SECRET_SIG in v);
}

/** A value with every secret (marked by the engine, or one by the sdk's rule) replaced by [secret]. */
function mask(v: unknown, key?: string): unknown {
  if (isMarkedSecret(v)) return SECRET;
  if (key !== undefined ? isSecretMember(key, v) : holdsSecretValue(v)) return SECRET;
  if (v === UNKNOWN) return "(known after apply)";
  if (Array.isArray(v)) return v.map((x) => mask(x));
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x, k)]));
  return v;
}

/** The text a reviewer sees for one property's value. */
export function show(v: unknown, key?: string): Shown {
  const m = mask(v, key);
  const text = typeof m === "string" ? m : (JSON.stringify(m) ?? "");
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function visibleKeys(props: Record<string, unknown> | undefined): string[] {
  return Object.keys(props ?? {}).filter((k) => k !== "__provider");
}

/**
 * `pulumi-nodejs:dynamic/dondominio:DnsRecord` (the dynamic resources) and `dondominio:index:DnsRecord`
 * (the provider plugin) -> `DnsRecord`, so a resource reads the same through either provider and its
 * descriptor is found (deletedRecordLines); other types stay whole.
 */
export function shortType(type: string): string {
  const ours = /^pulumi-nodejs:dynamic\/[^:]*:(.+)$/.exec(type) ?? /^dondominio:index:(.+)$/.exec(type);
  return ours ? ours[1] : type;
}

/** urn:pulumi:<stack>::<project>::<type chain>::<name> */
export function urnParts(urn: string): { stack?: string; project?: string; type: string; name: string } {
  const parts = urn.split("::");
  const stack = parts[0]?.startsWith("urn:pulumi:") ? parts[0].slice("urn:pulumi:".length) : undefined;
  const chain = parts[2] ?? "";
  return { stack, project: parts[1], type: chain.split("$").pop() ?? chain, name: parts.slice(3).join("::") };
}

/**
 * The properties an update or replace changes. A dynamic provider's diff compares the program's
 * inputs with the resource's last outputs (the engine passes outputs as the olds) and reports no
 * detailed diff, so the comparison is made here the same way: old outputs (else old inputs) against
 * new inputs, over the input properties.
 */
function changesOf(m: StepMetadata): Change[] {
  const oldIn = m.old?.inputs ?? {};
  const oldOut = m.old?.outputs ?? {};
  const newIn = m.new?.inputs ?? {};
  const replaceKeys = new Set(m.keys ?? []);
  const said = new Set([...(m.diffs ?? []), ...Object.keys(m.detailedDiff ?? {}).map((k) => k.split(/[.[]/)[0])]);
  const keys = [...new Set([...visibleKeys(newIn), ...visibleKeys(oldIn)])];
  const changes: Change[] = [];
  for (const key of keys) {
    const before = key in oldOut ? oldOut[key] : oldIn[key];
    const after = newIn[key];
    const b = before === undefined ? undefined : show(before, key);
    const a = after === undefined ? undefined : show(after, key);
    if (b !== a || (said.has(key) && b !== undefined && a !== undefined)) changes.push({ key, before: b, after: a, replaces: replaceKeys.has(key) });
  }
  // Only secrets differ: the engine cannot show them, so name them.
  if (changes.length === 0) {
    for (const key of keys) {
      if (show(newIn[key], key) === SECRET || replaceKeys.has(key) || said.has(key)) {
        changes.push({ key, before: show(oldIn[key], key), after: show(newIn[key], key), replaces: replaceKeys.has(key) });
      }
    }
  }
  return changes;
}

/** Steps that are part of another one (a replacement's halves) or show nothing to review. */
const SKIPPED_OPS = new Set(["same", "refresh", "create-replacement", "delete-replaced", "discard-replaced", "import-replacement", "remove-pending-replace"]);

function isShownResource(type: string | undefined): boolean {
  return type !== undefined && type !== "pulumi:pulumi:Stack" && !type.startsWith("pulumi:providers:");
}

function stepOf(m: StepMetadata): Step {
  const { type, name } = urnParts(m.urn);
  const op = m.op;
  const inputs = op === "create" || op === "import" ? visibleKeys(m.new?.inputs).map((k): [string, Shown] => [k, show(m.new?.inputs?.[k], k)]) : [];
  return {
    op,
    urn: m.urn,
    type: shortType(m.type ?? type),
    name,
    id: m.old?.id || undefined,
    changes: op === "update" || op === "replace" ? changesOf(m) : [],
    inputs,
  };
}

function driftOf(m: StepMetadata): Drift | undefined {
  const before = m.old?.outputs ?? {};
  const after = m.new?.outputs ?? {};
  const changes: Change[] = [];
  for (const key of [...new Set([...visibleKeys(before), ...visibleKeys(after)])]) {
    const b = before[key] === undefined ? undefined : show(before[key], key);
    const a = after[key] === undefined ? undefined : show(after[key], key);
    if (b !== a) changes.push({ key, before: b, after: a, replaces: false });
  }
  if (m.new === null || m.new === undefined) changes.push({ key: "(resource)", before: "exists", after: "gone", replaces: false });
  const { type, name } = urnParts(m.urn);
  return changes.length ? { urn: m.urn, type: shortType(m.type ?? type), name, changes } : undefined;
}

/**
 * The `- DELETE` lines of a DNS resource the program no longer declares (DnsRecord, DnsZone): the
 * engine plans that delete from the state alone and never asks the provider at preview, so the
 * provider cannot print them; the recorded outputs say which records go (descriptor `recordsOf`).
 */
function deletedRecordLines(m: StepMetadata): ProviderLine[] {
  const type = shortType(m.type ?? urnParts(m.urn).type);
  const outs = m.old?.outputs as Record<string, any> | undefined;
  if (!outs || typeof outs.serviceName !== "string") return [];
  // The resource's descriptor says which records its state holds (provider/registry.ts).
  const records: NormalRecord[] = descriptorOf(type)?.recordsOf?.(outs) ?? [];
  const lines: ProviderLine[] = [];
  for (const record of records) {
    if (typeof record?.name !== "string" || typeof record.type !== "string" || typeof record.value !== "string") continue;
    const line = parseProviderLine(`${LINE_PREFIX}${dnsPlanLine({ op: "delete", record })}`);
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * The engine's check-failure forms print the failing property's value, in plaintext even when the
 * engine holds it as a secret (Pulumi 3.250: "property <p> value <v> has a problem: <reason>",
 * sdk/go/common/diag/errors.go; "- property <p> with value '<v>' has a problem: <reason>",
 * pkg/resource/deploy/source_eval.go): a secret provider setting under a misspelt key would be
 * copied into the comment. The review cannot tell which value was secret, so it shows none: the value
 * ends at the message's last " has a problem: " (a value holding that text hides part of the
 * reason; it never shows itself).
 */
function withoutPropertyValues(message: string): string {
  return message.replace(/(property \S+) (?:with )?value [\s\S]* has a problem: /g, "$1 (value not shown) has a problem: ");
}

class Collector {
  readonly review: Review = { steps: [], drift: [], changeSummary: {}, failed: false, lines: [], messages: [] };
  private readonly seenSteps = new Set<string>();
  private readonly seenLines = new Set<string>();
  /** Delete lines of removed DNS resources, shown after the provider's own lines (same order from either input). */
  private readonly removed: ProviderLine[] = [];

  /** The review, once every event is in. */
  finish(): Review {
    // In the DNS section with the lines the provider printed (which carry no resource either).
    for (const line of this.removed.splice(0)) this.providerLine(undefined, line);
    return this.review;
  }

  step(m: StepMetadata): void {
    this.name(m.urn);
    if (SKIPPED_OPS.has(m.op) || !isShownResource(m.type ?? urnParts(m.urn).type)) return;
    const key = `${m.op} ${m.urn}`;
    if (this.seenSteps.has(key)) return;
    this.seenSteps.add(key);
    this.review.steps.push(stepOf(m));
    if (m.op === "delete") this.removed.push(...deletedRecordLines(m));
  }

  /** A provider line, each once per plan (the engine may run check or diff more than once). */
  private providerLine(urn: string | undefined, line: ProviderLine): void {
    const key = `${urn ?? ""}\u0000${line.kind}\u0000${line.text}`;
    if (this.seenLines.has(key)) return;
    this.seenLines.add(key);
    this.review.lines.push({ urn, line });
  }

  refreshed(m: StepMetadata): void {
    if (m.op !== "refresh" || !isShownResource(m.type ?? urnParts(m.urn).type)) return;
    const d = driftOf(m);
    if (d && !this.review.drift.some((x) => x.urn === d.urn)) this.review.drift.push(d);
  }

  diagnostic(raw: { urn?: string; message: string; severity: string; ephemeral?: boolean }): void {
    if (raw.ephemeral || raw.severity === "debug") return;
    const d = { ...raw, message: withoutPropertyValues(raw.message) };
    const urn = d.urn || undefined;
    if (d.severity === "error") this.review.failed = true;
    // The provider plugin's lines (Log RPC): one line per message, with the URN of a resource of this
    // package and no console prefix. A message of several lines is not one of them (a forged second
    // line cannot become a plan or money line).
    const texts = d.message.split("\n").filter((l) => l.trim() !== "");
    if (urn && texts.length === 1 && urnParts(urn).type.startsWith("dondominio:") && (d.severity === "info" || d.severity === "warning")) {
      const line = parseProviderLine(texts[0].trim()) ?? parsePluginLine(texts[0].trim(), d.severity);
      if (line) {
        this.providerLine(urn, line);
        return;
      }
    }
    for (const raw of d.message.split("\n")) {
      const text = raw.trimEnd();
      if (text.trim() === "") continue;
      const line = parseProviderLine(text.trimStart());
      if (line) {
        this.providerLine(urn, line);
        continue;
      }
      const severity = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "info";
      this.review.messages.push({ urn, severity, text });
    }
  }

  private name(urn: string): void {
    const p = urnParts(urn);
    if (p.stack && !this.review.stack) {
      this.review.stack = p.stack;
      this.review.project = p.project;
    }
  }
}

function isDigest(x: unknown): x is PreviewDigest {
  return typeof x === "object" && x !== null && !Array.isArray(x) && ("steps" in x || "changeSummary" in x || "diagnostics" in x);
}

/**
 * Reads what the CLI wrote: the event log (JSON lines of engine events) or the `preview --json`
 * document (possibly after other output). Throws naming the line that is not JSON.
 */
export function parseInput(text: string): ReviewEngineEvent[] | PreviewDigest {
  // The CLI may print other lines before the document (warnings): start at the first line that opens one.
  const start = text.search(/^\{/m);
  const body = start < 0 ? "" : text.slice(start).trim();
  if (body === "")
    throw new Error("no JSON in the input: expected the JSON lines of `pulumi preview --event-log FILE` or the output of `pulumi preview --json`");
  try {
    const doc = JSON.parse(body) as unknown;
    return isDigest(doc) ? doc : [doc as ReviewEngineEvent];
  } catch {
    // several documents: JSON lines
  }
  // JSON lines; a line the CLI printed between them that is not an event (no opening brace) is passed over.
  return body
    .split("\n")
    .filter((l) => l.trimStart().startsWith("{"))
    .map((l, i) => {
      try {
        return JSON.parse(l) as ReviewEngineEvent;
      } catch {
        throw new Error(`event ${i + 1} of the input is not JSON: expected engine events (\`pulumi preview --event-log FILE\`) or \`pulumi preview --json\``);
      }
    });
}

/** Gathers a review from engine events (in any order: they are sorted by sequence) or a digest. */
export function collectReview(input: readonly ReviewEngineEvent[] | PreviewDigest): Review {
  const c = new Collector();
  if (isDigest(input)) {
    for (const s of input.steps ?? []) {
      const m: StepMetadata = {
        op: s.op,
        urn: s.urn,
        type: s.newState?.type ?? s.oldState?.type,
        old: s.oldState,
        new: s.newState,
        keys: s.replaceReasons,
        diffs: s.diffReasons,
        detailedDiff: s.detailedDiff,
      };
      c.step(m);
    }
    // The digest's messages carry the engine's display prefix ("error: "), which the events keep apart.
    for (const d of input.diagnostics ?? []) c.diagnostic({ ...d, message: d.message.replace(/^(error|warning): /, "") });
    c.review.changeSummary = { ...(input.changeSummary ?? {}) };
    return c.finish();
  }
  const events = [...(input as readonly ReviewEngineEvent[])].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  for (const e of events) {
    if (e.resourcePreEvent) c.step(e.resourcePreEvent.metadata);
    else if (e.resOutputsEvent) c.refreshed(e.resOutputsEvent.metadata);
    else if (e.diagnosticEvent) c.diagnostic(e.diagnosticEvent);
    else if (e.policyEvent) {
      const p = e.policyEvent;
      c.diagnostic({
        urn: p.resourceUrn,
        severity: p.enforcementLevel === "mandatory" ? "error" : "warning",
        message: `policy ${p.policyPackName}/${p.policyName}: ${p.message}`,
      });
    } else if (e.summaryEvent) {
      c.review.changeSummary = { ...(e.summaryEvent.resourceChanges ?? {}) };
      if (e.summaryEvent.result === "failed") c.review.failed = true;
    }
  }
  return c.finish();
}
