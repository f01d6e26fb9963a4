/**
 * Dynamic DNS client (spec "Dynamic DNS endpoint", facts.md "Dynamic DNS"): one GET to
 * `{baseUrl}/{json|xml|plain}/` that updates an existing A record. The key is sent as `password`,
 * the name that works (the spec's table says apikey, which the service answers "Incorrect data").
 * The key is in the query string, so no URL is ever put in an error or a log line, and server
 * messages are scrubbed of it.
 *
 * A failure reported by the service (success false / ERROR) is returned, not thrown: the caller
 * reads `success` and `messages`. Network failures throw DonDominioTransportError; a reply in no
 * known form throws DonDominioResponseShapeError.
 *
 * The same HTTPS rules as the API client (sdk/core/transport.ts): an http:// baseUrl is refused
 * before connecting (DonDominioInsecureUrlError) unless allowInsecureHttp and a loopback host; a
 * refused TLS handshake is DonDominioTlsError, "not sent" (the key never left); a 3xx to an
 * http:// Location is DonDominioInsecureRedirectError and is never followed. A reply over
 * MAX_DYNDNS_REPLY_BYTES is a transport error (code REPLY_TOO_LARGE), its connection closed.
 */
import { XMLParser } from "fast-xml-parser";
import { Agent, type Dispatcher, request } from "undici";
import { DonDominioResponseShapeError, DonDominioTransportError } from "./core/errors";
import { logCall } from "./core/log";
import { scrubText } from "./core/redact";
import { declaredLength, MAX_DYNDNS_REPLY_BYTES, replyTooLarge } from "./core/reply-limit";
import { checkBaseUrl, classifyFailure, connectorFor, DEFAULT_TIMEOUT_MS, insecureRedirect, packageVersion } from "./core/transport";

export type DynDnsFormat = "json" | "xml" | "plain";

export interface DynDnsOptions {
  user: string;
  key: string;
  host: string;
  /** Address to write; the service uses the caller's address when omitted. */
  ip?: string;
  lang?: "es" | "en";
  format?: DynDnsFormat;
  /** Default https://dondns.dondominio.com (facts.md "The service"). Must be https:// (see allowInsecureHttp). */
  baseUrl?: string;
  /** Extra trusted CA: PEM text or a file path. TLS verification is never disabled. */
  caCert?: string;
  /** Local tests only: accept an http:// baseUrl whose host is loopback (127.0.0.0/8, ::1, localhost). Default false. */
  allowInsecureHttp?: boolean;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export interface DynDnsResult {
  success: boolean;
  host: string;
  /** Address now in the record; "" when the reply does not say (plain reply without IP line, failures). */
  value: string;
  type: string;
  /** The address changed. */
  updated: boolean;
  messages: string[];
}

const OP = "dyndns/update";

/** The vendor's dynamic DNS endpoint (facts.md "The service"): baseUrl's default. */
export const DEFAULT_DYNDNS_URL = "https://dondns.dondominio.com";

function truthy(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === "string" && ["1", "true", "yes"].includes(v.trim().toLowerCase()));
}

function list(v: unknown): string[] {
  if (v === undefined || v === null || v === "") return [];
  return (Array.isArray(v) ? v : [v])
    .map((x) => (typeof x === "object" && x !== null ? String((x as Record<string, unknown>)["#text"] ?? "") : String(x)))
    .filter((s) => s !== "");
}

export function parseDynDnsJson(body: string, host: string): DynDnsResult {
  const j = JSON.parse(body) as Record<string, unknown>;
  if (typeof j !== "object" || j === null || !("success" in j)) throw new Error("no success member");
  const h = (j.host ?? {}) as Record<string, unknown>;
  return {
    success: truthy(j.success),
    host: typeof h.name === "string" && h.name ? h.name : host,
    value: h.value === undefined ? "" : String(h.value),
    type: h.type === undefined ? "" : String(h.type),
    updated: truthy(h.updated),
    messages: list(j.messages),
  };
}

/** data/@success, host/@type, host/name, host/value, resData/request/@success (= changed), informs, errors. */
export function parseDynDnsXml(body: string, host: string): DynDnsResult {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false, parseAttributeValue: false }).parse(body) as Record<
    string,
    any
  >;
  const data = doc?.data;
  if (!data || typeof data !== "object" || data["@_success"] === undefined) throw new Error("no data element with a success attribute");
  const h = (typeof data.host === "object" && data.host) || {};
  const success = truthy(data["@_success"]);
  return {
    success,
    host: typeof h.name === "string" && h.name ? h.name : host,
    value: typeof h.value === "string" ? h.value : "",
    type: typeof h["@_type"] === "string" ? h["@_type"] : "",
    updated: truthy(data.resData?.request?.["@_success"]),
    messages: [...list(data.informs?.inform), ...list(data.errors?.error)],
  };
}

/**
 * First line OK or ERROR. After OK an optional `IP:<addr>` line, present only when the address
 * changed (spec); after ERROR one message per line. The plain format names no record type: the
 * endpoint only ever updates A records (facts.md), so type is "A" on success.
 */
export function parseDynDnsPlain(body: string, host: string, ip?: string): DynDnsResult {
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0]?.toUpperCase();
  if (first === "OK") {
    const ipLine = lines.slice(1).find((l) => /^IP:/i.test(l));
    const value = ipLine ? ipLine.slice(3).trim() : (ip ?? "");
    return { success: true, host, value, type: "A", updated: ipLine !== undefined, messages: lines.slice(1).filter((l) => l !== ipLine) };
  }
  if (first === "ERROR") return { success: false, host, value: "", type: "", updated: false, messages: lines.slice(1) };
  throw new Error("first line is neither OK nor ERROR");
}

/**
 * The reply's text, refused past MAX_DYNDNS_REPLY_BYTES (sdk/core/reply-limit.ts): by its
 * Content-Length before reading, else counted as it streams; the body is destroyed at once, which
 * closes the connection, so no more than the cap and one chunk is ever held.
 */
async function readCapped(res: Dispatcher.ResponseData): Promise<string> {
  const declared = declaredLength(res.headers["content-length"]);
  const refuse = (seen: { declared?: number; received?: number }) => {
    res.body.destroy();
    return replyTooLarge(OP, MAX_DYNDNS_REPLY_BYTES, seen);
  };
  if (declared !== undefined && declared > MAX_DYNDNS_REPLY_BYTES) throw refuse({ declared });
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > MAX_DYNDNS_REPLY_BYTES) throw refuse({ received });
    chunks.push(chunk);
  }
  const buf = Buffer.concat(chunks, received);
  // As body.text(): UTF-8, a byte-order mark skipped.
  const bom = buf.length > 2 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  return buf.toString("utf8", bom ? 3 : 0);
}

const agents = new Map<string, Agent>();
function agentFor(caCert: string | undefined, timeoutMs: number): Agent {
  const key = `${timeoutMs}\n${caCert ?? ""}`;
  let a = agents.get(key);
  if (!a) {
    a = new Agent({ keepAliveTimeout: 10_000, connect: connectorFor(caCert, timeoutMs) });
    agents.set(key, a);
  }
  return a;
}

export async function updateDynamicDns(opts: DynDnsOptions): Promise<DynDnsResult> {
  const format = opts.format ?? "json";
  if (!opts.user || !opts.key || !opts.host) throw new TypeError("updateDynamicDns needs user, key and host");
  if (!["json", "xml", "plain"].includes(format)) throw new TypeError(`format must be json, xml or plain, got ${format}`);
  const base = (opts.baseUrl ?? DEFAULT_DYNDNS_URL).replace(/\/+$/, "");
  const host = checkBaseUrl(base, {
    operation: OP,
    field: "baseUrl",
    service: "the dynamic DNS endpoint",
    secret: "the dynamic DNS key",
    allowInsecureHttp: opts.allowInsecureHttp === true,
  }).host;
  const query = new URLSearchParams({ user: opts.user, password: opts.key, host: opts.host });
  if (opts.ip) query.set("ip", opts.ip);
  if (opts.lang) query.set("lang", opts.lang);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = performance.now();
  let status: number;
  let body: string;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(`${base}/${format}/?${query}`, {
      method: "GET",
      dispatcher: opts.dispatcher ?? agentFor(opts.caCert, timeoutMs),
      headers: { "user-agent": `pulumi-dondominio/${packageVersion()}` },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
    });
    status = res.statusCode;
    // Redirects are never followed (undici's request does not); one to http:// is refused by name.
    const redirect = insecureRedirect(OP, status, res.headers.location, base);
    if (redirect) {
      await res.body.dump().catch(() => undefined);
      logCall({ operation: OP, durationMs: performance.now() - started, outcome: `transport insecureRedirect ${status}` });
      throw redirect;
    }
    body = await readCapped(res);
  } catch (err) {
    if (err instanceof DonDominioTransportError) throw err;
    // Built from codes and the host only: undici messages could carry the URL, and the URL carries the key.
    const failure = classifyFailure(OP, err, { host, timedOut: signal.aborted, timeoutMs, ownConnector: opts.dispatcher === undefined, keepCause: false });
    logCall({ operation: OP, durationMs: performance.now() - started, outcome: `transport ${failure.reason ?? failure.code ?? ""}`.trim() });
    throw failure;
  }
  if (status >= 500) throw new DonDominioTransportError(OP, `the dynamic DNS endpoint answered HTTP ${status}`, { status, mayHaveBeenSent: true });
  let result: DynDnsResult;
  try {
    result =
      format === "json" ? parseDynDnsJson(body, opts.host) : format === "xml" ? parseDynDnsXml(body, opts.host) : parseDynDnsPlain(body, opts.host, opts.ip);
  } catch (err) {
    throw new DonDominioResponseShapeError(OP, `the ${format} reply could not be read (${(err as Error).message}; ${body.length} bytes)`);
  }
  // Every text of the reply: an endpoint (or a proxy) may echo the request URL, which carries the key.
  result.messages = result.messages.map((m) => scrubText(m, [opts.key]));
  result.value = scrubText(result.value, [opts.key]);
  result.host = scrubText(result.host, [opts.key]);
  logCall({
    operation: OP,
    durationMs: performance.now() - started,
    outcome: result.success ? (result.updated ? "ok updated" : "ok unchanged") : "error",
    params: { user: opts.user, host: opts.host, ip: opts.ip },
  });
  return result;
}
