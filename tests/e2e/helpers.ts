/** Shared pieces of the end-to-end suite: one emulator over real HTTPS and clients that trust its CA. */
import { expect } from "chai";
import { XMLParser } from "fast-xml-parser";
import { Agent, DecoratorHandler, type Dispatcher, fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { EmulatorOptions } from "../../emulator/server";
import { DonDominioApiError, DonDominioClient } from "../../sdk";
import { type Limiter, limiterFor } from "../../sdk/core/limiter";
import { closeTransports } from "../../sdk/core/transport";
import { decodeXml } from "../../sdk/core/xml";
import { CSR_SUBJECT, PERSON } from "../fixtures";
import { ENVELOPE, KNOWN_ERROR_CODES, RESULTS, resultKey, type Shape } from "../fixtures/spec-shapes";

export type Format = "json" | "xml";

/** A reply body exactly as a client received it (before any parsing). */
export interface RawReply {
  path: string;
  body: string;
}

export interface E2e {
  emu: RunningEmulator;
  client: DonDominioClient;
  xml: DonDominioClient;
  /** The raw replies each client received, in order. */
  replies: Record<Format, RawReply[]>;
  /** The body of the last reply a client received for `op` (module/action). */
  lastReply(format: Format, op: string): string;
  close(): Promise<void>;
}

/** An undici interceptor that records every response body, then passes it on unchanged. */
function recording(into: RawReply[]): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const inner = new DecoratorHandler(handler) as Dispatcher.DispatchHandler;
    const chunks: Buffer[] = [];
    return dispatch(opts, {
      onRequestStart: (c, ctx) => inner.onRequestStart?.(c, ctx),
      onRequestUpgrade: (c, status, headers, socket) => inner.onRequestUpgrade?.(c, status, headers, socket),
      onResponseStart: (c, status, headers, message) => inner.onResponseStart?.(c, status, headers, message),
      onResponseData: (c, chunk) => {
        chunks.push(chunk);
        inner.onResponseData?.(c, chunk);
      },
      onResponseEnd: (c, trailers) => {
        into.push({ path: String(opts.path), body: Buffer.concat(chunks).toString("utf8") });
        inner.onResponseEnd?.(c, trailers);
      },
      onResponseError: (c, err) => inner.onResponseError?.(c, err),
    });
  };
}

/**
 * Starts an emulator and a JSON and an XML client with the emulator's credentials, trusting its CA
 * (through a dispatcher that records the raw replies).
 */
export async function startE2e(options: EmulatorOptions = {}): Promise<E2e> {
  const emu = await startEmulator(options);
  // The client's per-process operations-per-minute cap (when the sdk has one) is told the
  // emulator's own limit: the suite makes hundreds of calls a minute, which the emulator allows.
  const limiter = limiterFor(emu.url, emu.apiUser) as Limiter & { configureRate?: (opsPerMinute: number) => void };
  limiter.configureRate?.(emu.server.access.limits.opsPerMinute);
  const agent = new Agent({ connect: { ca: emu.caCert } });
  const replies: Record<Format, RawReply[]> = { json: [], xml: [] };
  const base = { apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert };
  return {
    emu,
    client: new DonDominioClient({ ...base, dispatcher: agent.compose(recording(replies.json)) }),
    xml: new DonDominioClient({ ...base, outputFormat: "xml", dispatcher: agent.compose(recording(replies.xml)) }),
    replies,
    lastReply(format, op) {
      const found = replies[format].findLast((r) => r.path.replace(/^\/+|\/+$/g, "") === op);
      expect(found, `a raw ${format} reply to ${op} was recorded`).to.not.equal(undefined);
      return found!.body;
    },
    async close() {
      await emu.close();
      await agent.close();
      await closeTransports();
    },
  };
}

/** A raw API call (undici fetch, no sdk client): the reply body as sent. */
export async function rawPost(
  emu: RunningEmulator,
  path: string,
  params: Record<string, string>,
  format: Format,
  credentials = { apiuser: emu.apiUser, apipasswd: emu.apiPasswd },
): Promise<{ status: number; body: string }> {
  const agent = new Agent({ connect: { ca: emu.caCert } });
  try {
    const res = await fetch(`${emu.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...params, ...credentials, "output-format": format }).toString(),
      dispatcher: agent,
    });
    return { status: res.status, body: await res.text() };
  } finally {
    await agent.close();
  }
}

export const DAY = 86_400;

/** Contact fields without prefix (contact/create); a Spanish individual. */
export { PERSON };

/** The same person as a CONTACTS block with a role prefix (owner, admin, ...). */
export function contactBlock(prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`${prefix}Contact${k}`, v]));
}

/** ssl/csrcreate subject fields but the common name. */
export { CSR_SUBJECT };

// ---- raw replies against the reference's facts (tests/fixtures/spec-shapes.ts) ----------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** JSON types; in XML every scalar is text (spec "Response envelope": XML form), so the text's form. */
const SCALARS: Record<string, { json: (v: unknown) => boolean; xml: RegExp }> = {
  string: { json: (v) => typeof v === "string", xml: /^[\s\S]*$/ },
  integer: { json: (v) => Number.isInteger(v), xml: /^-?\d+$/ },
  number: { json: (v) => typeof v === "number" && Number.isFinite(v), xml: /^-?\d+(\.\d+)?$/ },
  boolean: { json: (v) => typeof v === "boolean", xml: /^(1|0|true|false)$/ },
  date: { json: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v), xml: /^\d{4}-\d{2}-\d{2}$/ },
  "date-or-empty": { json: (v) => typeof v === "string" && /^(\d{4}-\d{2}-\d{2})?$/.test(v), xml: /^(\d{4}-\d{2}-\d{2})?$/ },
  datetime: { json: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v), xml: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ },
  entityID: { json: (v) => typeof v === "string" && /^SRV\d+-\d+$/.test(v), xml: /^SRV\d+-\d+$/ },
  contactID: { json: (v) => typeof v === "string" && /^[A-Z]+-\d+$/.test(v), xml: /^[A-Z]+-\d+$/ },
  any: { json: (v) => v !== undefined && v !== null, xml: /^[\s\S]*$/ },
};

/** Problems of `v` against `shape`, as paths and rules (never values: some are secrets). */
function shapeProblems(shape: Shape, v: unknown, path: string, format: Format, out: string[]): void {
  if (typeof shape === "string") {
    const rule = SCALARS[shape];
    // `any` in XML may be an element with children (an object) as well as text.
    const ok = format === "json" ? rule.json(v) : shape === "any" ? v !== undefined : typeof v === "string" && rule.xml.test(v);
    if (!ok) out.push(`${path}: ${shape} expected, got ${kind(v)}`);
    return;
  }
  // XML renders an empty array or object as an empty element (text "").
  const empty = format === "xml" && v === "";
  if ("$array" in shape && Object.keys(shape).length === 1) {
    if (empty) return;
    if (!Array.isArray(v)) return void out.push(`${path}: array expected, got ${kind(v)}`);
    for (const [i, item] of v.entries()) shapeProblems(shape.$array as Shape, item, `${path}[${i}]`, format, out);
    return;
  }
  if ("$record" in shape && Object.keys(shape).length === 1) {
    if (empty) return;
    if (!isObject(v)) return void out.push(`${path}: object expected, got ${kind(v)}`);
    for (const [k, x] of Object.entries(v)) shapeProblems(shape.$record as Shape, x, `${path}[${JSON.stringify(k)}]`, format, out);
    return;
  }
  const obj = empty ? {} : v;
  if (!isObject(obj)) return void out.push(`${path}: object expected, got ${kind(v)}`);
  for (const [member, sub] of Object.entries(shape as Record<string, Shape>)) {
    const optional = member.endsWith("?");
    const name = optional ? member.slice(0, -1) : member;
    if (obj[name] === undefined) {
      if (!optional) out.push(`${path}.${name}: missing`);
      continue;
    }
    shapeProblems(sub, obj[name], `${path}.${name}`, format, out);
  }
}

/** The raw envelope as an object: JSON as is; XML checked at the element level, then decoded. */
function rawEnvelope(body: string, format: Format, out: string[]): Record<string, unknown> | undefined {
  if (format === "json") {
    let env: unknown;
    try {
      env = JSON.parse(body);
    } catch {
      out.push("the body is not JSON");
      return undefined;
    }
    if (!isObject(env)) out.push(`the envelope is ${kind(env)}, not an object`);
    return isObject(env) ? env : undefined;
  }
  // Element level, before any decoding: root `data`, one child per envelope member, success 1/0.
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({ parseTagValue: false, trimValues: false, ignoreAttributes: false, ignoreDeclaration: true }).parse(body) as Record<string, unknown>;
  } catch {
    out.push("the body is not XML");
    return undefined;
  }
  const roots = Object.keys(doc);
  if (roots.length !== 1 || roots[0] !== ENVELOPE.xmlRoot) out.push(`XML root elements ${JSON.stringify(roots)}, expected exactly <${ENVELOPE.xmlRoot}>`);
  const data = doc[ENVELOPE.xmlRoot];
  if (!isObject(data)) return void out.push(`<${ENVELOPE.xmlRoot}> has no child elements`);
  for (const k of Object.keys(data)) if (Array.isArray(data[k])) out.push(`<${k}> appears more than once in <${ENVELOPE.xmlRoot}>`);
  const s = data.success;
  if (s !== ENVELOPE.xmlSuccess.true && s !== ENVELOPE.xmlSuccess.false)
    out.push(`<success> must read 1 or 0, got ${kind(s)} ${typeof s === "string" ? JSON.stringify(s) : ""}`);
  if (!(typeof data.errorCode === "string" && /^\d+$/.test(data.errorCode))) out.push("<errorCode> must be an integer");
  const env = decodeXml(body);
  // Decoded: scalars are text; give success and errorCode their JSON types for the common checks.
  return { ...env, success: s === ENVELOPE.xmlSuccess.true ? true : s === ENVELOPE.xmlSuccess.false ? false : s, errorCode: Number(data.errorCode) };
}

/**
 * Problems of a raw reply body against the reference's envelope facts and, on success, the
 * documented result members of the operation (tests/fixtures/spec-shapes.ts). Paths and rules
 * only: values are never quoted (authcodes and passwords are among them).
 */
export function specProblems(body: string, format: Format, op: string, params: Record<string, unknown> = {}): string[] {
  const out: string[] = [];
  const env = rawEnvelope(body, format, out);
  if (!env) return out;
  for (const k of Object.keys(env)) if (!ENVELOPE.members.includes(k)) out.push(`unexpected envelope member ${k}`);
  for (const k of ENVELOPE.members) if (k !== "messages" && env[k] === undefined) out.push(`envelope member ${k} missing`);
  if (typeof env.success !== "boolean") out.push(`success must be a boolean, got ${kind(env.success)}`);
  if (!Number.isInteger(env.errorCode)) out.push(`errorCode must be an integer, got ${kind(env.errorCode)}`);
  if (typeof env.errorCodeMsg !== "string") out.push(`errorCodeMsg must be a string, got ${kind(env.errorCodeMsg)}`);
  if (env.action !== op) out.push(`action must be exactly ${op}, got ${JSON.stringify(env.action)}`);
  if (!(typeof env.version === "string" && ENVELOPE.version.test(env.version)))
    out.push(`version must be a string like 1.0.27, got ${JSON.stringify(env.version)}`);
  // XML renders an empty messages array as an empty element.
  const messages = format === "xml" && env.messages === "" ? [] : env.messages;
  if (messages !== undefined && !(Array.isArray(messages) && messages.every((m) => typeof m === "string")))
    out.push(`messages must be an array of strings, got ${kind(messages)}`);
  const data = env.responseData;
  if (env.success === false) {
    if (env.errorCode === 0 || !KNOWN_ERROR_CODES.includes(env.errorCode as number))
      out.push(`errorCode ${env.errorCode} on a failure must be a known non-zero code`);
    if (!env.errorCodeMsg) out.push("errorCodeMsg must name the error on a failure");
    if (!(Array.isArray(messages) && messages.length > 0)) out.push("messages must be a non-empty array on a failure");
    if (format === "json" ? !(Array.isArray(data) && data.length === 0) : data !== "") out.push(`responseData must be [] on a failure, got ${kind(data)}`);
    return out;
  }
  if (env.errorCode !== 0) out.push("errorCode must be 0 on success");
  if (env.errorCodeMsg !== "") out.push("errorCodeMsg must be empty on success");
  if (data === null || data === undefined) return [...out, "responseData must never be null"];
  const facts = RESULTS[resultKey(op, params)];
  if (!facts) return out;
  if (facts.messages && !(Array.isArray(messages) && messages.length > 0)) out.push("messages must carry a confirmation text");
  if (facts.result === "empty-object") {
    if (format === "json" ? !(isObject(data) && Object.keys(data).length === 0) : data !== "")
      out.push(
        `responseData must be {} (an empty object), got ${kind(data)}${Array.isArray(data) ? "" : ` with ${Object.keys(data as object).length} members`}`,
      );
    return out;
  }
  shapeProblems(facts.result as Shape, data, "responseData", format, out);
  if (facts.oneOf && isObject(data) && !facts.oneOf.some((m) => data[m] !== undefined)) out.push(`responseData must carry one of ${facts.oneOf.join(", ")}`);
  return out;
}

/** Asserts a raw reply satisfies the reference's facts for `op` (see specProblems). */
export function expectSpecReply(body: string, format: Format, op: string, params: Record<string, unknown> = {}): void {
  expect(
    specProblems(body, format, op, params),
    `${op} (${format}): the raw reply against the reference (${RESULTS[resultKey(op, params)]?.source ?? "envelope facts only"})`,
  ).to.deep.equal([]);
}

/** Runs `fn` and returns the DonDominioApiError it throws (fails when it succeeds or throws something else). */
export async function apiError(fn: () => Promise<unknown>): Promise<DonDominioApiError> {
  try {
    await fn();
  } catch (err) {
    expect(err).to.be.instanceOf(DonDominioApiError);
    return err as DonDominioApiError;
  }
  throw new Error("expected a DonDominioApiError, the call succeeded");
}
