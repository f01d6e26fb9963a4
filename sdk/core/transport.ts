/**
 * The only place that knows HTTP. POST application/x-www-form-urlencoded to
 * `{baseUrl}/{module}/{action}/` (spec "Endpoints"; credentials go in the body, never in the URL:
 * the spec says query parameters are ignored). undici Pools with keep-alive are shared per origin
 * and CA, so many clients of one process reuse connections.
 *
 * TLS verification is never disabled. `caCert` (PEM text or a file path) is ADDED to Node's
 * bundled roots, so a private CA (the emulator's) works without losing the public ones.
 *
 * Failures are classified by when they happened: before the request left (refused, DNS, TLS,
 * connect timeout) -> mayHaveBeenSent false; after (reset, headers/body timeout) -> true. The
 * client turns the latter into DonDominioAmbiguousError for operations that are not retry-safe.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { rootCertificates } from "node:tls";
import { type Dispatcher, Pool } from "undici";
import { DonDominioTransportError } from "./errors";

/** Vendor SDK default: 15 s for the whole call (facts.md "Requests"). */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface TransportOptions {
  baseUrl: string;
  caCert?: string;
  timeoutMs?: number;
  userAgent?: string;
  dispatcher?: Dispatcher;
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

const pools = new Map<string, Pool>();

function poolFor(origin: string, caCert: string | undefined, timeoutMs: number): Pool {
  const key = `${origin}\n${timeoutMs}\n${caCert ?? ""}`;
  let pool = pools.get(key);
  if (!pool) {
    const ca = caCert ? [...rootCertificates, loadCa(caCert)] : undefined;
    pool = new Pool(origin, {
      keepAliveTimeout: 10_000,
      connect: { timeout: timeoutMs, ...(ca ? { ca } : {}) },
    });
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

function errCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string }; errors?: { code?: string }[] } | undefined;
  return e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
}

/** TLS failures happen during the handshake, before any byte of the request. */
function isTls(code: string | undefined, err: unknown): boolean {
  if (!code) return /certificate|tls|ssl/i.test(String((err as Error)?.message));
  return code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code);
}

export class Transport {
  readonly baseUrl: string;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  readonly #userAgent: string;

  constructor(opts: TransportOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#userAgent = opts.userAgent ?? `pulumi-dondominio/${packageVersion()}`;
    const url = new URL(this.baseUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`baseUrl must be an http(s) URL, got ${url.protocol}`);
    this.#dispatcher = opts.dispatcher ?? poolFor(url.origin, opts.caCert, this.#timeoutMs);
  }

  /** Path under baseUrl for an operation (baseUrl may carry a path prefix). */
  pathFor(module: string, action: string): string {
    return `${new URL(this.baseUrl).pathname.replace(/\/+$/, "")}/${module}/${action}/`;
  }

  /**
   * Sends one form body. Resolves with any HTTP reply below 500; throws DonDominioTransportError
   * for 5xx and for network failures (mayHaveBeenSent tells which side of "sent" it failed on).
   */
  async post(operation: string, module: string, action: string, body: string): Promise<RawReply> {
    const url = new URL(this.baseUrl);
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let res: Dispatcher.ResponseData;
    try {
      res = await this.#dispatcher.request({
        origin: url.origin,
        path: this.pathFor(module, action),
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": this.#userAgent, accept: "application/json, application/xml" },
        body,
        signal,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
    } catch (err) {
      throw this.#classify(operation, err, signal);
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      // The request was answered, then the body broke: it was certainly sent.
      const code = errCode(err);
      throw new DonDominioTransportError(operation, `the reply was cut off (${code ?? "read error"})`, { code, mayHaveBeenSent: true, cause: err });
    }
    if (res.statusCode >= 500) {
      throw new DonDominioTransportError(operation, `the server answered HTTP ${res.statusCode}`, { status: res.statusCode, mayHaveBeenSent: true });
    }
    const ct = res.headers["content-type"];
    return { status: res.statusCode, contentType: Array.isArray(ct) ? ct[0] : (ct ?? ""), body: text };
  }

  #classify(operation: string, err: unknown, signal: AbortSignal): DonDominioTransportError {
    const code = errCode(err);
    if (signal.aborted) {
      return new DonDominioTransportError(operation, `no reply within ${this.#timeoutMs} ms`, { code: "TIMEOUT", mayHaveBeenSent: true, cause: err });
    }
    if ((code && BEFORE_SEND.has(code)) || isTls(code, err)) {
      return new DonDominioTransportError(operation, `could not connect to ${new URL(this.baseUrl).host} (${code ?? "TLS error"})`, { code, mayHaveBeenSent: false, cause: err });
    }
    return new DonDominioTransportError(operation, `the connection failed after the request was sent (${code ?? "unknown error"})`, { code, mayHaveBeenSent: true, cause: err });
  }
}
