/**
 * Counting secret values in text and files for the secrets-* tests (issue 14, item 5). A secret is
 * looked for in plain text (which also covers JSON and Go %v output: the values used in tests have
 * no characters those formats escape; a PEM key is looked for by one of its base64 body lines) and
 * base64-encoded at the three byte alignments (Pulumi's automatic logs store property values as
 * base64 protobuf). Only counts and message templates are ever returned: never a value.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gunzipSync } from "node:zlib";

export interface Secret {
  /** What it is, e.g. "mailbox password" (rows of the tables are grouped by it). */
  kind: string;
  /** The text looked for. */
  value: string;
}

export interface Counts {
  plain: number;
  base64: number;
}

/** A PEM private key's needle: one full base64 body line (64 characters, unique to the key). */
export function pemNeedle(pem: string): string {
  const body = pem.split(/\r?\n/).filter((l) => l && !l.startsWith("-----"));
  return body[Math.min(3, body.length - 1)];
}

function occurrences(text: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** The base64 forms of `value` at the three alignments, without the edge characters that depend on neighbours. */
export function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const enc = Buffer.concat([Buffer.alloc(k), bytes]).toString("base64");
    const start = k === 0 ? 0 : 4;
    // The last group may mix in the bytes that follow: drop it unless it is complete and unpadded.
    const tail = (k + bytes.length) % 3 === 0 ? enc.length : enc.length - 4;
    const form = enc.slice(start, tail);
    if (form.length >= 12) out.push(form);
  }
  return out;
}

export function countOne(text: string, value: string): Counts {
  return { plain: occurrences(text, value), base64: base64Forms(value).reduce((n, f) => n + occurrences(text, f), 0) };
}

/** Occurrences of every secret, summed by kind. */
export function countByKind(text: string, secrets: readonly Secret[]): Record<string, Counts> {
  const out: Record<string, Counts> = {};
  for (const s of secrets) addCounts(out, { [s.kind]: countOne(text, s.value) });
  return out;
}

export function total(counts: Record<string, Counts>, which: keyof Counts | "both" = "both"): number {
  return Object.values(counts).reduce((n, c) => n + (which === "both" ? c.plain + c.base64 : c[which]), 0);
}

export function addCounts(into: Record<string, Counts>, more: Record<string, Counts>): Record<string, Counts> {
  for (const [k, c] of Object.entries(more)) {
    const o = into[k] ?? { plain: 0, base64: 0 };
    into[k] = { plain: o.plain + c.plain, base64: o.base64 + c.base64 };
  }
  return into;
}

/** Every file under `dir` (recursively), or none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile() || statSync(p).isFile()) out.push(p);
  }
  return out;
}

/** A file's text; gzip files (Pulumi's stackless automatic logs) are decompressed first. */
export function readText(file: string): string {
  const raw = readFileSync(file);
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      return gunzipSync(raw).toString("utf8");
    } catch {
      // A gzip stream still being written: read what is there as bytes.
    }
  }
  return raw.toString("latin1");
}

/** Counts in every file of `files`, summed, plus the files (relative to `base`) where any was found. */
export function scanFiles(files: readonly string[], secrets: readonly Secret[], base: string): { counts: Record<string, Counts>; hits: string[] } {
  const counts: Record<string, Counts> = {};
  const hits: string[] = [];
  for (const f of files) {
    const c = countByKind(readText(f), secrets);
    if (total(c) > 0) hits.push(relative(base, f));
    addCounts(counts, c);
  }
  return { counts, hits };
}

/** `text` with every secret (and its base64 forms) replaced, for messages a test prints. */
export function mask(text: string, secrets: readonly Secret[]): string {
  let out = text;
  for (const s of secrets) for (const f of [s.value, ...base64Forms(s.value)]) out = out.split(f).join("<secret>");
  return out;
}

/**
 * Where the secrets in a Pulumi log (JSON lines, as `--logtostderr`, the log files and `pulumi logs
 * decrypt` write them) come from: the message template of each line holding one, with the level,
 * counted. E.g. "v9 Marshaling property for RPC Provider.Check" or "v7 Planner decided to create".
 */
export function logSites(text: string, secrets: readonly Secret[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const n = secrets.reduce((m, s) => {
      const c = countOne(line, s.value);
      return m + c.plain + c.base64;
    }, 0);
    if (!n) continue;
    let msg = line;
    let v = "";
    try {
      const rec = JSON.parse(line) as { msg?: string; v?: number };
      msg = rec.msg ?? line;
      v = rec.v !== undefined ? `v${rec.v} ` : "";
    } catch {
      // not a JSON line: use it as is
    }
    out[v + siteOf(msg)] = (out[v + siteOf(msg)] ?? 0) + n;
  }
  return out;
}

function siteOf(msg: string): string {
  const rpc = /^(Marshaling|Unmarshaling) property for RPC\[(Provider\[[^\]]*\]\.|ResourceMonitor\.)?(\w+)\(/.exec(msg);
  if (rpc) return `${rpc[1]} property for RPC ${rpc[2]?.startsWith("Provider") ? "Provider." : rpc[2] ? "ResourceMonitor." : ""}${rpc[3]}`;
  const planner = /^Planner decided (not )?to (\w+)/.exec(msg);
  if (planner) return planner[0];
  const sink = /^eventSink::(\w+)\((?:<\{%reset%\}>)?([A-Za-z ]{0,40})/.exec(msg);
  if (sink) return `eventSink::${sink[1]}(${sink[2].trim()}...)`;
  return msg
    .split(/[:([{='"]/)[0]
    .trim()
    .slice(0, 60);
}

/**
 * Where the secrets in the CLI's display (stdout) come from: the diagnostic each occurrence belongs
 * to ("debug: RegisterResource RPC finished", "[dondominio] ...", "error: ..."), counted.
 */
export function displaySites(text: string, secrets: readonly Secret[]): Record<string, number> {
  const out: Record<string, number> = {};
  const marker = /(?:^|\n)\s*((?:debug|info|warning|error): [^\n]{0,40}|\[dondominio\][^\n]{0,30})/g;
  for (const s of secrets) {
    for (const form of [s.value, ...base64Forms(s.value)]) {
      for (let i = text.indexOf(form); i !== -1; i = text.indexOf(form, i + form.length)) {
        let site = "other";
        for (const m of text.slice(Math.max(0, i - 20_000), i).matchAll(marker)) site = m[1];
        site = mask(site, secrets)
          .replace(/urn:pulumi:\S+/g, "<urn>")
          .split(/[;(=]/)[0]
          .trim();
        out[site] = (out[site] ?? 0) + 1;
      }
    }
  }
  return out;
}
