/**
 * The HTTPS exchanges with one ACME CA for one issue (or revocation), each bounded: a deadline for
 * the whole issue (the resource's customTimeouts, else a default) and one per request, a budget of
 * requests, a reply size cap counted while the reply streams in (inflated replies too), and
 * redirects only from https to https, only for GET/HEAD, at most MAX_REDIRECTS. Every URL it is
 * given must be https (RFC 8555 6.1: ACME is carried over HTTPS): a directory or a Location that
 * points at http:// is refused, never followed. A failure names the CA (its directory URL) and the
 * step (newNonce, newAccount, newOrder, authorization, challenge, finalize, certificate...).
 *
 * Each issue has its own connection pool, trusted CAs and counters: issues of one process share
 * nothing, so one CA that hangs holds only its own certificate, until its own deadline.
 */
import { rootCertificates } from "node:tls";
import { gunzipSync, inflateSync } from "node:zlib";
import { Agent, request } from "undici";
import type { TlsFailureReason } from "../../sdk/core/errors";
import { printable } from "../../sdk/core/printable";
import { declaredLength } from "../../sdk/core/reply-limit";
import { errCode, packageVersion, tlsFailureReason } from "../../sdk/core/transport";

/**
 * Largest ACME reply read: 1 MiB. Its replies are a directory (about 1 KiB), account, order,
 * authorization and challenge objects (an order of 100 names, Let's Encrypt's maximum, lists 100
 * authorization URLs: about 10 KiB) and a PEM chain (a few KiB).
 */
export const MAX_ACME_REPLY_BYTES = 1024 * 1024;
/** No answer within this (headers and body) fails the request. */
export const ACME_REQUEST_TIMEOUT_MS = 30_000;
/** Redirects followed per request (GET/HEAD only, https to https). */
export const MAX_REDIRECTS = 3;

/**
 * Requests one issue may make (polls excluded: they have their own cap, protocol.ts): directory,
 * nonce, account, order, finalize, certificate and a few badNonce retries, plus per name one
 * authorization read and one challenge answer, with room for their retries.
 */
export const requestBudget = (names: number) => 24 + 6 * names;

/** A TLS refusal (the sdk's one classification, sdk/core/transport.ts) in words, with what to do for an ACME CA. */
const TLS_WORDS: Record<TlsFailureReason, string> = {
  untrustedCertificate: "its TLS certificate is not issued by a trusted CA (a private or test CA: give its PEM as directoryCaCert)",
  expiredCertificate: "its TLS certificate has expired (check this machine's clock too)",
  certificateNotYetValid: "its TLS certificate is not valid yet (check this machine's clock)",
  hostnameMismatch: "its TLS certificate is for another host name",
  tlsHandshake: "the TLS handshake failed (is it an https server?)",
};

/** Node's codes of a request that got no answer, in words. */
const NET_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "timed out",
  ECONNRESET: "connection closed by the server",
  EPIPE: "connection closed by the server",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CONNECT_TIMEOUT: "timed out connecting",
};

/** A failure without an answer as one line: the cause in words, then Node's code and message. */
export function networkCause(err: unknown): string {
  const code = errCode(err);
  const tls = tlsFailureReason(code, err);
  const words = tls ? TLS_WORDS[tls] : ((code && NET_WORDS[code]) ?? "no answer");
  // Node's hint after "; " (run Node with --use-system-ca) is not the way here: directoryCaCert is.
  const detail = printable(String((err as Error)?.message ?? err).split("; if the root CA")[0], 200);
  return `${words} (${code ? `${code}: ` : ""}${detail})`;
}

/** A URL of the CA as shown in messages: its origin and path, cut short (it comes from the CA). */
export const shownUrl = (u: URL) => printable(`${u.origin}${u.pathname}`, 200);

export interface AcmeReply {
  status: number;
  /** Header values, lower-case names, the first value of each. */
  headers: Record<string, string>;
  body: Buffer;
  url: string;
}

export interface AcmeLimits {
  /** Epoch ms the whole issue must end by. */
  deadline: number;
  /** What set the deadline, for its message ("customTimeouts.create 20 s"). */
  deadlineWhy: string;
  maxRequests: number;
  requestTimeoutMs?: number;
  maxReplyBytes?: number;
}

/** A failure at one step with one CA; `problem` is the CA's problem document (RFC 8555 6.7) when it sent one. */
export class AcmeStepError extends Error {
  constructor(
    message: string,
    readonly step: string,
    readonly problem?: { type?: string; detail?: string; status?: number },
  ) {
    super(message);
  }
}

export class AcmeTransport {
  readonly directoryUrl: string;
  /** Requests sent so far (redirect hops and polls included). */
  requests = 0;
  /** Requests that count towards maxRequests (polls do not: they have their own cap). */
  #budgeted = 0;
  readonly #limits: Required<AcmeLimits>;
  readonly #agent: Agent;

  constructor(directoryUrl: string, extraCa: string | undefined, limits: AcmeLimits) {
    this.directoryUrl = directoryUrl;
    this.#limits = { requestTimeoutMs: ACME_REQUEST_TIMEOUT_MS, maxReplyBytes: MAX_ACME_REPLY_BYTES, ...limits };
    this.#agent = new Agent({ connect: extraCa ? { ca: [...rootCertificates, extraCa] } : {}, keepAliveTimeout: 5_000 });
  }

  /** The error of `step`: "ACME CA <directory>: <step>: <cause>". */
  fail(step: string, cause: string, problem?: AcmeStepError["problem"]): AcmeStepError {
    return new AcmeStepError(`ACME CA ${printable(this.directoryUrl, 200)}: ${step}: ${cause}`, step, problem);
  }

  /** Milliseconds left before the deadline (0 when it has passed). */
  remainingMs(): number {
    return Math.max(0, this.#limits.deadline - Date.now());
  }

  #deadlinePassed(step: string, what: string): AcmeStepError {
    return this.fail(step, `${what} when the issue's deadline passed (${this.#limits.deadlineWhy}); nothing more is asked of this CA`);
  }

  /** Waits `ms` (a poll's interval), failing at once if that would pass the deadline. */
  async sleep(step: string, ms: number): Promise<void> {
    if (ms >= this.remainingMs()) throw this.#deadlinePassed(step, `still waiting (the CA asked for ${Math.ceil(ms / 1000)} s more)`);
    await new Promise((r) => setTimeout(r, ms));
  }

  /**
   * One request. Resolves with every answer that arrived in full within the limits (its status is
   * the caller's to judge); throws AcmeStepError for anything else.
   */
  async request(step: string, url: string, init: { method: "GET" | "HEAD" | "POST"; body?: string; poll?: boolean }): Promise<AcmeReply> {
    let target = this.#https(step, url);
    for (let hop = 0; ; hop++) {
      const reply = await this.#once(step, target, init);
      if (![301, 302, 303, 307, 308].includes(reply.status) || !reply.headers.location) return reply;
      if (init.method === "POST")
        throw this.fail(
          step,
          `the CA answered HTTP ${reply.status} (a redirect) to a signed request; a signed request is bound to its URL (RFC 8555 6.4): not followed`,
        );
      let next: URL;
      try {
        next = new URL(reply.headers.location, target);
      } catch {
        throw this.fail(step, `HTTP ${reply.status} to a Location that is no URL: not followed`);
      }
      if (next.protocol !== "https:")
        throw this.fail(
          step,
          `${shownUrl(target)} redirected (HTTP ${reply.status}) to ${printable(next.protocol, 20)}//${printable(next.host, 200)}, not https: a downgrade, not followed (nothing was sent there)`,
        );
      if (hop >= MAX_REDIRECTS) throw this.fail(step, `more than ${MAX_REDIRECTS} redirects from ${shownUrl(this.#https(step, url))}: not followed further`);
      target = next;
    }
  }

  #https(step: string, url: string): URL {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw this.fail(step, `the CA gave ${JSON.stringify(printable(String(url), 200))}, which is no URL`);
    }
    if (u.protocol !== "https:")
      throw this.fail(
        step,
        `the CA's URL ${printable(`${u.protocol}//${u.host}`, 200)} is not https: refused, nothing was sent (RFC 8555 6.1: ACME runs over HTTPS)`,
      );
    return u;
  }

  async #once(step: string, url: URL, init: { method: "GET" | "HEAD" | "POST"; body?: string; poll?: boolean }): Promise<AcmeReply> {
    const left = this.remainingMs();
    if (left <= 0) throw this.#deadlinePassed(step, "not started");
    if (!init.poll && this.#budgeted >= this.#limits.maxRequests)
      throw this.fail(
        step,
        `the request budget of ${this.#limits.maxRequests} requests for one certificate is spent: the CA keeps asking for more (a loop or a broken CA)`,
      );
    if (!init.poll) this.#budgeted++;
    this.requests++;
    const timeoutMs = Math.min(this.#limits.requestTimeoutMs, left);
    const byDeadline = timeoutMs < this.#limits.requestTimeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    const cap = this.#limits.maxReplyBytes;
    try {
      const res = await request(url, {
        dispatcher: this.#agent,
        method: init.method,
        body: init.body,
        signal,
        headers: {
          "user-agent": `pulumi-dondominio/${packageVersion()}`,
          "accept-encoding": "identity",
          ...(init.body !== undefined ? { "content-type": "application/jose+json" } : {}),
        },
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      const declared = declaredLength(headers["content-length"]);
      if (declared !== undefined && declared > cap) {
        res.body.destroy();
        throw this.fail(step, `the reply announced ${declared} bytes, over the ${cap}-byte cap for ACME replies: not read`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > cap) {
          res.body.destroy();
          throw this.fail(step, `the reply passed the ${cap}-byte cap for ACME replies: cut off`);
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers, body: this.#decoded(step, Buffer.concat(chunks), headers["content-encoding"]), url: url.href };
    } catch (err) {
      if (err instanceof AcmeStepError) throw err;
      // The directory's own URL is named already (fail's prefix); any other is the CA's.
      const which = url.href === this.directoryUrl ? "" : `${shownUrl(url)} `;
      if (signal.aborted)
        throw byDeadline
          ? this.#deadlinePassed(step, `waiting for ${which || "the directory"}`.trim())
          : this.fail(step, `${which}no complete answer within ${Math.round(timeoutMs / 1000)} s`);
      throw this.fail(step, `${which}could not be reached: ${networkCause(err)}`);
    }
  }

  /** The body with its content coding undone, within the cap (a small gzip may inflate to gigabytes). */
  #decoded(step: string, body: Buffer, coding: string | undefined): Buffer {
    const c = (coding ?? "identity").trim().toLowerCase();
    if (c === "identity" || c === "") return body;
    const maxOutputLength = this.#limits.maxReplyBytes;
    try {
      if (c === "gzip" || c === "x-gzip") return gunzipSync(body, { maxOutputLength });
      if (c === "deflate") return inflateSync(body, { maxOutputLength });
    } catch (err) {
      const code = errCode(err);
      throw this.fail(
        step,
        code === "ERR_BUFFER_TOO_LARGE"
          ? `the reply inflates past the ${maxOutputLength}-byte cap for ACME replies: refused`
          : `the reply's ${c} body is corrupt`,
      );
    }
    throw this.fail(step, `the reply is coded as ${JSON.stringify(printable(c, 40))}, which was not asked for`);
  }

  /** Closes this issue's connections. */
  async close(): Promise<void> {
    await this.#agent.destroy().catch(() => undefined);
  }
}
