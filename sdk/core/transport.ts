/**
 * The only place that knows HTTP. POST application/x-www-form-urlencoded to
 * `{baseUrl}/{module}/{action}/` (spec "Endpoints"; credentials go in the body, never in the URL:
 * the spec says query parameters are ignored). undici Pools with keep-alive are shared per origin
 * and CA, so many clients of one process reuse connections.
 *
 * TLS verification is never disabled. `caCert` (PEM text or a file path) is ADDED to Node's
 * bundled roots, so a private CA (the emulator's) works without losing the public ones.
 *
 * Plain http:// base URLs are refused before any connection (checkBaseUrl): every request carries
 * apipasswd (or the dynamic DNS key). The only exception is an explicit `allowInsecureHttp: true`
 * for a loopback host (the emulator's --no-tls mode, local test servers).
 *
 * Failures are classified by when they happened: before the request left (refused, DNS, TLS,
 * connect timeout: anything the connector reports) -> mayHaveBeenSent false; after (reset,
 * headers/body timeout) -> true. The client turns the latter into DonDominioAmbiguousError for
 * operations that are not retry-safe. TLS refusals (untrusted CA, expired, wrong name) become
 * DonDominioTlsError, a 3xx to an http:// Location DonDominioInsecureRedirectError (never followed).
 * A reply over MAX_REPLY_BYTES (reply-limit.ts) is cut off while it streams in: a transport error
 * that counts the request as sent.
 */
import { readFileSync } from "node:fs";
import { isIPv4 } from "node:net";
import { dirname, join } from "node:path";
import { rootCertificates } from "node:tls";
import { buildConnector, type Dispatcher, Pool } from "undici";
import { DonDominioInsecureRedirectError, DonDominioInsecureUrlError, DonDominioTlsError, DonDominioTransportError, type TlsFailureReason } from "./errors";
import { declaredLength, MAX_REPLY_BYTES, replyTooLarge } from "./reply-limit";

/** Vendor SDK default: 15 s for the whole call (facts.md "Requests"). */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface TransportOptions {
  baseUrl: string;
  caCert?: string;
  timeoutMs?: number;
  userAgent?: string;
  dispatcher?: Dispatcher;
  /** Permit an http:// baseUrl, and only for a loopback host (checkBaseUrl). Default false. */
  allowInsecureHttp?: boolean;
  /** Label of the errors thrown by the constructor (default "DonDominioClient"). */
  label?: string;
}

export interface RawReply {
  status: number;
  contentType: string;
  body: string;
}

let version: string | undefined;
/** This package's version, for the user agent (found by walking up to package.json). */
export function packageVersion(): string {
  if (version) return version;
  // A release executable of the plugin has no package.json: its version is inside (plugin/build-info.ts).
  const built = (globalThis as Record<symbol, { version?: string } | undefined>)[Symbol.for("pulumi-dondominio.build")]?.version;
  if (built) {
    version = built;
    return version;
  }
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-dondominio" && pkg.version) {
        version = pkg.version;
        return version;
      }
    } catch {
      // not here: go up
    }
    dir = dirname(dir);
  }
  version = "0.0.0";
  return version;
}

/** PEM text as given, or the contents of the file it names. */
export function loadCa(caCert: string): string {
  if (caCert.includes("-----BEGIN")) return caCert;
  return readFileSync(caCert, "utf8");
}

/** Errors reported by our connector: the connection never carried a request byte. */
const connectFailures = new WeakSet<object>();

/**
 * undici's connector (TCP + TLS handshake, with the extra CA), wrapped so that every error it
 * reports is remembered as a connect-phase failure. That is what makes "not sent" exact: a TLS
 * refusal or a reset during the handshake happened before the request was written.
 */
export function connectorFor(caCert: string | undefined, timeoutMs: number): buildConnector.connector {
  const ca = caCert ? [...rootCertificates, loadCa(caCert)] : undefined;
  const connect = buildConnector({ timeout: timeoutMs, ...(ca ? { ca } : {}) });
  return (opts, callback) =>
    connect(opts, (err, socket) => {
      if (err && typeof err === "object") connectFailures.add(err);
      (callback as (e: Error | null, s: unknown) => void)(err, socket);
    });
}

const pools = new Map<string, Pool>();

function poolFor(origin: string, caCert: string | undefined, timeoutMs: number): Pool {
  const key = `${origin}\n${timeoutMs}\n${caCert ?? ""}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool(origin, { keepAliveTimeout: 10_000, connect: connectorFor(caCert, timeoutMs) });
    pools.set(key, pool);
  }
  return pool;
}

/** Closes every shared pool (tests and short scripts that want a clean exit). */
export async function closeTransports(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close().catch(() => undefined)));
}

const BEFORE_SEND = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "ERR_INVALID_URL",
]);

export function errCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] } | undefined;
  // Only string codes: some errors (our own timeout among them) carry a numeric `code`.
  const code = [e?.code, e?.cause?.code, e?.errors?.[0]?.code].find((c) => typeof c === "string");
  return code as string | undefined;
}

/** OpenSSL verify codes for "this chain does not end at a CA we trust". */
const UNTRUSTED = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_SIGNATURE_FAILURE",
  "UNABLE_TO_DECRYPT_CERT_SIGNATURE",
  "UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY",
  "INVALID_CA",
  "CERT_CHAIN_TOO_LONG",
]);

/** Which TLS refusal an error is, or undefined when it is no TLS error. */
export function tlsFailureReason(code: string | undefined, err: unknown): TlsFailureReason | undefined {
  if (!code) return /certificate|\btls\b|\bssl\b/i.test(String((err as Error)?.message)) ? "tlsHandshake" : undefined;
  if (UNTRUSTED.has(code)) return "untrustedCertificate";
  if (code === "CERT_HAS_EXPIRED" || code === "ERROR_IN_CERT_NOT_AFTER_FIELD") return "expiredCertificate";
  if (code === "CERT_NOT_YET_VALID" || code === "ERROR_IN_CERT_NOT_BEFORE_FIELD") return "certificateNotYetValid";
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || code === "HOSTNAME_MISMATCH") return "hostnameMismatch";
  if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || code === "EPROTO" || /CERT/.test(code)) return "tlsHandshake";
  return undefined;
}

/** The names a certificate is for (from ERR_TLS_CERT_ALTNAME_INVALID's `cert`), for the message. */
function certNames(err: unknown): string {
  const cert = (err as { cert?: { subjectaltname?: string; subject?: { CN?: string | string[] } } })?.cert;
  const names = cert?.subjectaltname || (cert?.subject?.CN ? `CN=${[cert.subject.CN].flat().join(",")}` : "");
  return names.slice(0, 200);
}

const NOT_SENT = "the TLS handshake was refused, so the request was not sent (no credential left this machine)";

/** The message of each TLS refusal: the cause, then what to do. `host` is host[:port]. */
export function tlsMessage(reason: TlsFailureReason, host: string, code: string | undefined, err: unknown): string {
  const c = code ?? "TLS error";
  switch (reason) {
    case "untrustedCertificate":
      return `the certificate of ${host} is not issued by a trusted CA (${c}: self-signed or unknown issuer); ${NOT_SENT}. Configure caCert (provider: dondominio:caCertFile) with the CA certificate that signed it, e.g. the emulator's ca.cert.pem; verification is never turned off`;
    case "expiredCertificate":
      return `the certificate of ${host} has expired (${c}); ${NOT_SENT}. The server must renew its certificate (the emulator reissues server.cert.pem when it is deleted from its data directory); check this machine's clock too`;
    case "certificateNotYetValid":
      return `the certificate of ${host} is not valid yet (${c}); ${NOT_SENT}. Check this machine's clock and the server certificate's start date`;
    case "hostnameMismatch":
      return `the certificate of ${host} is for another host name (it names ${certNames(err) || "other hosts"}; ${c}); ${NOT_SENT}. Use a baseUrl whose host the certificate names (the emulator's covers 127.0.0.1, localhost and ::1) or fix the server's certificate`;
    default:
      return `the TLS handshake with ${host} failed (${c}); the request was not sent. Check that baseUrl is the server's HTTPS address (a plain-HTTP port on an https:// URL fails this way) and that caCert is its CA`;
  }
}

/**
 * One classification for the client and the dynamic DNS endpoint. Never looks at the URL or the
 * error's message for the text it returns: only codes and the host, so no secret can leak.
 */
export function classifyFailure(
  operation: string,
  err: unknown,
  ctx: { host: string; timedOut: boolean; timeoutMs: number; ownConnector: boolean; keepCause?: boolean },
): DonDominioTransportError {
  const code = errCode(err);
  const cause = ctx.keepCause === false ? undefined : err;
  const duringConnect = typeof err === "object" && err !== null && connectFailures.has(err);
  const tls = tlsFailureReason(code, err);
  // Certificate checks only happen in the handshake. Other TLS errors are handshake failures when
  // our connector reported them; with our connector, one it did not report broke a live connection.
  if (tls && (duringConnect || tls !== "tlsHandshake" || !ctx.ownConnector)) {
    return new DonDominioTlsError(operation, tlsMessage(tls, ctx.host, code, err), { reason: tls, host: ctx.host, code, cause });
  }
  if (ctx.timedOut) {
    return new DonDominioTransportError(operation, `no reply within ${ctx.timeoutMs} ms`, { code: "TIMEOUT", mayHaveBeenSent: !duringConnect, cause });
  }
  if (duringConnect || (code && BEFORE_SEND.has(code))) {
    return new DonDominioTransportError(operation, `could not connect to ${ctx.host} (${code ?? "connection error"}); the request was not sent`, {
      code,
      mayHaveBeenSent: false,
      cause,
    });
  }
  return new DonDominioTransportError(operation, `the connection failed after the request was sent (${code ?? "unknown error"})`, {
    code,
    mayHaveBeenSent: true,
    cause,
  });
}

/** A 3xx whose Location resolves to a plain http:// URL: the error to throw (never followed), else undefined. */
export function insecureRedirect(
  operation: string,
  status: number,
  location: string | string[] | undefined,
  base: string,
): DonDominioInsecureRedirectError | undefined {
  if (status < 300 || status > 399) return undefined;
  const loc = Array.isArray(location) ? location[0] : location;
  if (!loc) return undefined;
  let target: URL;
  try {
    target = new URL(loc, base);
  } catch {
    return undefined;
  }
  if (target.protocol !== "http:") return undefined;
  // Only the origin: the path or query of a redirect may echo request data.
  const where = `http://${target.host}`;
  return new DonDominioInsecureRedirectError(
    operation,
    `the server answered HTTP ${status} redirecting to plain HTTP (${where}); the redirect was not followed, so nothing was sent over plain HTTP. Check baseUrl: use the server's https:// address`,
    { status, location: where },
  );
}

/** 127.0.0.0/8, ::1 and localhost (a URL's hostname: IPv6 in brackets, IPv4 already normalised). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1") return true;
  return isIPv4(h) && h.startsWith("127.");
}

const LOOPBACK = "a loopback host (127.0.0.0/8, ::1, localhost)";

/**
 * The rule for every base URL the sdk sends a secret to: https://, or http:// only with an explicit
 * `allowInsecureHttp: true` and only to a loopback host. Throws before any connection:
 * DonDominioInsecureUrlError for http://, TypeError for anything else that is not an https URL.
 */
export function checkBaseUrl(baseUrl: string, rule: { operation: string; field: string; service: string; secret: string; allowInsecureHttp?: boolean }): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`${rule.field} must be an absolute https:// URL such as https://simple-api.dondominio.net`);
  }
  if (url.protocol === "https:") return url;
  if (url.protocol !== "http:") throw new TypeError(`${rule.field} must be an https:// URL, got ${url.protocol}`);
  const where = `http://${url.host}`;
  if (!rule.allowInsecureHttp) {
    throw new DonDominioInsecureUrlError(
      rule.operation,
      `${rule.field} ${where} is plain HTTP and was refused before connecting: ${rule.service} is HTTPS only and every request carries ${rule.secret}, which must not travel unencrypted. Use an https:// URL (for the emulator: run it without --no-tls and configure caCert with its ca.cert.pem); only a local test server on ${LOOPBACK} may be reached over http://, with allowInsecureHttp: true`,
      { field: rule.field },
    );
  }
  if (!isLoopbackHost(url.hostname)) {
    throw new DonDominioInsecureUrlError(
      rule.operation,
      `${rule.field} ${where} is plain HTTP to a host that is not loopback and was refused before connecting: allowInsecureHttp only permits http:// to ${LOOPBACK}, so that ${rule.secret} never crosses a network unencrypted. Use an https:// URL`,
      { field: rule.field },
    );
  }
  return url;
}

/**
 * One request through undici's dispatch API, its reply collected into a string by this handler.
 * `request()` wraps the same request in an async resource, a Readable stream and a body consumer,
 * which together cost a tenth of a loopback call. The whole-call timeout (Deadlines) aborts
 * through undici's controller, as an AbortSignal would, and it covers the body too.
 */
class Exchange implements Dispatcher.DispatchHandler {
  /** 0 until a final (non-1xx) reply starts. */
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  body = "";
  /** Set when the request failed; `status` tells whether the reply had started. */
  error: unknown;
  timedOut = false;
  settled = false;
  /** Set when the reply was refused for its size (MAX_REPLY_BYTES): what was seen of it. */
  tooLarge: { declared?: number; received?: number } | undefined;
  /** performance.now() past which the call has timed out. */
  readonly deadline: number;
  #chunks: Buffer[] = [];
  #length = 0;
  #controller: Dispatcher.DispatchController | undefined;
  readonly #done: (x: Exchange) => void;

  constructor(deadline: number, done: (x: Exchange) => void) {
    this.deadline = deadline;
    this.#done = done;
  }

  expire(): void {
    this.timedOut = true;
    // Before onRequestStart the request has not reached a connection: it is aborted there.
    this.#controller?.abort(timeoutReason());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.timedOut) controller.abort(timeoutReason());
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>): void {
    if (status < 200) return; // 1xx: informational, the reply follows
    this.status = status;
    this.headers = headers;
    const declared = declaredLength(headers["content-length"]);
    if (declared !== undefined && declared > MAX_REPLY_BYTES) this.#refuse(controller, { declared });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.tooLarge) return;
    const received = this.#length + chunk.length;
    // Counted before the chunk is kept: what is held never passes the cap.
    if (received > MAX_REPLY_BYTES) {
      this.#refuse(controller, { received });
      return;
    }
    this.#chunks.push(chunk);
    this.#length = received;
  }

  /** Drops what was read and aborts the exchange: undici closes the connection, nothing more is read. */
  #refuse(controller: Dispatcher.DispatchController, seen: { declared?: number; received?: number }): void {
    this.tooLarge = seen;
    this.#chunks = [];
    this.#length = 0;
    controller.abort(new Error("reply too large"));
  }

  onResponseEnd(): void {
    const chunks = this.#chunks;
    if (chunks.length && this.#length) {
      const buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#length);
      // As undici's body.text(): UTF-8, a byte-order mark skipped.
      const bom = buf.length > 2 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
      this.body = buf.toString("utf8", bom ? 3 : 0);
    }
    this.#settle();
  }

  onResponseError(_c: Dispatcher.DispatchController | undefined, err: Error): void {
    this.error = err;
    this.#settle();
  }

  #settle(): void {
    if (this.settled) return;
    this.settled = true;
    this.#done(this);
  }
}

/**
 * The whole-call timeouts of one Transport. Its calls all have the same timeout, so their deadlines
 * pass in the order the calls started: one timer, armed for the oldest unfinished call, serves them
 * all (a timer per call cost a timer-list insertion and removal on every call).
 */
class Deadlines {
  readonly #ms: number;
  /** Calls in start order; #queue[#head] is the oldest one not known to be finished. */
  #queue: Exchange[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  start(done: (x: Exchange) => void): Exchange {
    const x = new Exchange(performance.now() + this.#ms, (x) => {
      this.#drop();
      done(x);
    });
    this.#queue.push(x);
    if (!this.#timer) this.#arm(this.#ms);
    return x;
  }

  /** Forgets finished calls at the front. */
  #drop(): void {
    const q = this.#queue;
    let i = this.#head;
    while (i < q.length && q[i].settled) i++;
    if (i === q.length) {
      q.length = 0;
      this.#head = 0;
    } else if (i > 1024 && i * 2 > q.length) {
      q.splice(0, i);
      this.#head = 0;
    } else this.#head = i;
  }

  #arm(ms: number): void {
    // Unref'd like AbortSignal.timeout's: a call in flight keeps the process alive by its socket.
    this.#timer = setTimeout(() => this.#expire(), ms);
    this.#timer.unref();
  }

  #expire(): void {
    this.#timer = undefined;
    const now = performance.now();
    const q = this.#queue;
    const expired: Exchange[] = [];
    while (this.#head < q.length && q[this.#head].deadline <= now) {
      const x = q[this.#head++];
      if (!x.settled) expired.push(x);
    }
    // Aborting settles synchronously at times, which calls #drop: the queue is consistent by now.
    for (const x of expired) x.expire();
    this.#drop();
    if (this.#head < q.length) this.#arm(Math.max(1, Math.ceil(q[this.#head].deadline - now)));
  }
}

/** What AbortSignal.timeout aborts with, so that a timeout looks the same to every dispatcher. */
const timeoutReason = () => new DOMException("The operation was aborted due to timeout", "TimeoutError");

export class Transport {
  readonly baseUrl: string;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  readonly #deadlines: Deadlines;
  readonly #origin: string;
  readonly #host: string;
  /** baseUrl's path without its trailing slash (baseUrl may carry a path prefix). */
  readonly #prefix: string;
  readonly #headers: Readonly<Record<string, string>>;
  /** The dispatcher is our pool, whose connector marks connect-phase failures. */
  readonly #ownConnector: boolean;

  constructor(opts: TransportOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#deadlines = new Deadlines(this.#timeoutMs);
    const userAgent = opts.userAgent ?? `pulumi-dondominio/${packageVersion()}`;
    const url = checkBaseUrl(this.baseUrl, {
      operation: opts.label ?? "DonDominioClient",
      field: "baseUrl",
      service: "the API",
      secret: "apipasswd",
      allowInsecureHttp: opts.allowInsecureHttp,
    });
    this.#origin = url.origin;
    this.#host = url.host;
    this.#prefix = url.pathname.replace(/\/+$/, "");
    this.#headers = Object.freeze({
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": userAgent,
      accept: "application/json, application/xml",
    });
    this.#dispatcher = opts.dispatcher ?? poolFor(url.origin, opts.caCert, this.#timeoutMs);
    this.#ownConnector = opts.dispatcher === undefined;
  }

  /** Path under baseUrl for an operation (baseUrl may carry a path prefix). */
  pathFor(module: string, action: string): string {
    return `${this.#prefix}/${module}/${action}/`;
  }

  /**
   * Sends one form body. Resolves with any HTTP reply below 500; throws DonDominioTransportError
   * for 5xx and for network failures (mayHaveBeenSent tells which side of "sent" it failed on),
   * DonDominioTlsError for a refused handshake and DonDominioInsecureRedirectError for a 3xx to
   * an http:// Location (redirects are never followed). The timeout covers the whole call, the
   * reply's body included. A reply over MAX_REPLY_BYTES is a transport error (code REPLY_TOO_LARGE,
   * mayHaveBeenSent true), its connection closed as soon as the cap is passed.
   */
  post(operation: string, module: string, action: string, body: string): Promise<RawReply> {
    return new Promise<RawReply>((resolve, reject) => {
      const x = this.#deadlines.start((x) => {
        try {
          resolve(this.#reply(operation, x));
        } catch (err) {
          reject(err);
        }
      });
      const request = {
        origin: this.#origin,
        path: this.pathFor(module, action),
        method: "POST" as const,
        headers: this.#headers,
        body,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      };
      try {
        this.#dispatcher.dispatch(request, x);
      } catch (err) {
        // undici reports through the handler; a dispatcher of the caller's might throw instead.
        x.onResponseError(undefined, err as Error);
      }
    });
  }

  /** A finished exchange: the reply, or the error it amounts to (thrown). */
  #reply(operation: string, x: Exchange): RawReply {
    const redirect = x.status ? insecureRedirect(operation, x.status, x.headers.location, this.baseUrl) : undefined;
    if (redirect) throw redirect;
    if (x.tooLarge) throw replyTooLarge(operation, MAX_REPLY_BYTES, x.tooLarge);
    if (x.error !== undefined) {
      if (!x.status)
        throw classifyFailure(operation, x.error, { host: this.#host, timedOut: x.timedOut, timeoutMs: this.#timeoutMs, ownConnector: this.#ownConnector });
      // The request was answered, then the body broke: it was certainly sent.
      const code = errCode(x.error);
      throw new DonDominioTransportError(operation, `the reply was cut off (${code ?? "read error"})`, { code, mayHaveBeenSent: true, cause: x.error });
    }
    if (x.status >= 500) {
      throw new DonDominioTransportError(operation, `the server answered HTTP ${x.status}`, { status: x.status, mayHaveBeenSent: true });
    }
    const ct = x.headers["content-type"];
    return { status: x.status, contentType: Array.isArray(ct) ? ct[0] : (ct ?? ""), body: x.body };
  }
}
