/**
 * One error hierarchy for the client (the stripe-node shape: a base class, thin subclasses).
 * Every class carries `kind`, so callers branch on `err.kind === "notFound"` without knowing codes.
 * None of them ever holds a secret: messages are built from operation names, error codes, parameter
 * names and server messages scrubbed of the caller's secret values (sdk/core/redact.ts).
 * Messages quote the server's text and the caller's values, both hostile to a terminal or a log
 * parser: every message is one visible line (control characters, escape sequences, line and
 * paragraph separators, bidi controls escaped: printable.ts), with PEM private keys masked.
 */
import { inspect } from "node:util";
import { type ClientErrorKind, type ErrorKind, errorKind } from "./error-codes";
import { FILTERED_CODES, filteredHint } from "./ip-filter";
import { printable } from "./printable";
import { redact, scrubText } from "./redact";

/** Longest error message, in characters: a server may answer with megabytes of text. */
export const MAX_MESSAGE = 8000;

/** `text` as an error message may hold it: one visible line, no private key, at most MAX_MESSAGE characters. */
export function safeMessage(text: string): string {
  return printable(scrubText(String(text), []), MAX_MESSAGE);
}

export type DonDominioErrorKind = ErrorKind | ClientErrorKind;

export class DonDominioError extends Error {
  readonly kind: DonDominioErrorKind;
  /** "module/action" of the call that failed, when known. */
  readonly operation?: string;

  constructor(kind: DonDominioErrorKind, message: string, operation?: string, options?: { cause?: unknown }) {
    super(safeMessage(message), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.operation = operation;
  }

  /** Plain, redacted data: what JSON.stringify and inspect show. */
  toJSON(): Record<string, unknown> {
    const own: Record<string, unknown> = { name: this.name, kind: this.kind, message: this.message };
    for (const [k, v] of Object.entries(this)) if (k !== "cause") own[k] = v;
    return redact(own);
  }

  [inspect.custom](): string {
    // The cause (an undici error) is left out on purpose: it may describe the request.
    return `${this.name} ${inspect(this.toJSON(), { depth: 4 })}`;
  }
}

export interface ApiEnvelope {
  success: boolean;
  errorCode: number;
  errorCodeMsg: string;
  action: string;
  version: string;
  messages: string[];
  responseData: unknown;
}

/** The API answered success=false. `kind` comes from the error-code table (error-codes.ts). */
export class DonDominioApiError extends DonDominioError {
  readonly errorCode: number;
  readonly errorCodeMsg: string;
  readonly messages: readonly string[];
  readonly action: string;
  readonly #envelope: ApiEnvelope;

  constructor(env: ApiEnvelope, operation: string) {
    const detail = env.messages.length ? `: ${env.messages.join("; ")}` : "";
    const hint = FILTERED_CODES.has(env.errorCode) ? `. ${filteredHint(env.messages)}` : "";
    super(errorKind(env.errorCode), `${operation} failed with error ${env.errorCode} (${env.errorCodeMsg || "no message"})${detail}${hint}`, operation);
    this.errorCode = env.errorCode;
    this.errorCodeMsg = env.errorCodeMsg;
    this.messages = Object.freeze([...env.messages]);
    this.action = env.action;
    this.#envelope = redact(env);
  }

  /** The whole failure envelope (redacted copy). */
  get envelope(): ApiEnvelope {
    return redact(this.#envelope);
  }
}

export interface ParamIssue {
  readonly param: string;
  readonly rule: string;
}

/**
 * The parameters were invalid: nothing was sent. `issues` names each parameter and its rule. Its
 * kind is "validation", the same as the API's own 100/101/105, so one branch covers both.
 */
export class DonDominioValidationError extends DonDominioError {
  readonly issues: readonly ParamIssue[];
  constructor(operation: string, issues: ParamIssue[]) {
    super("validation", `${operation}: invalid parameters, nothing was sent: ${issues.map((i) => `${i.param}: ${i.rule}`).join("; ")}`, operation);
    this.issues = Object.freeze(issues);
  }
}

/** Why a TLS handshake was refused (the client checks every certificate; nothing is sent after a refusal). */
export type TlsFailureReason =
  | "untrustedCertificate" // self-signed or signed by a CA this client does not trust (caCert not configured)
  | "expiredCertificate" // notAfter is in the past
  | "certificateNotYetValid" // notBefore is in the future
  | "hostnameMismatch" // the certificate is for another host name / address
  | "tlsHandshake"; // any other TLS failure (protocol, the port does not speak TLS, revoked, ...)

/**
 * The transport failures that are configuration faults, not network weather: each has its own
 * class below. Plain network failures (refused, reset, timeout, 5xx) leave `reason` undefined.
 */
export type TransportFailureReason = TlsFailureReason | "insecureRedirect" | "insecureBaseUrl";

/**
 * The connection failed before the request was sent (refused, DNS, TLS, connect timeout), or the
 * server answered HTTP 5xx. `status` is set for 5xx; `mayHaveBeenSent` is true when the request
 * had left (5xx, or a reset on a retry-safe operation, for which "maybe" does not matter).
 * `reason` is set by the subclasses (DonDominioTlsError, DonDominioInsecureRedirectError,
 * DonDominioInsecureUrlError), so callers holding only this class can still branch on it.
 */
export class DonDominioTransportError extends DonDominioError {
  readonly status?: number;
  readonly code?: string;
  readonly mayHaveBeenSent: boolean;
  /** Only set (an own property) on the configuration faults; undefined for network failures. */
  declare readonly reason?: TransportFailureReason;
  /** The message without the operation (not enumerable: JSON and inspect show `message` only). */
  declare readonly detail: string;
  constructor(
    operation: string,
    message: string,
    opts: { status?: number; code?: string; mayHaveBeenSent: boolean; cause?: unknown; reason?: TransportFailureReason },
  ) {
    super("transport", `${operation}: ${message}`, operation, { cause: opts.cause });
    Object.defineProperty(this, "detail", { value: message, enumerable: false });
    this.status = opts.status;
    this.code = opts.code;
    this.mayHaveBeenSent = opts.mayHaveBeenSent;
    if (opts.reason !== undefined) (this as { reason?: TransportFailureReason }).reason = opts.reason;
  }
}

/**
 * The TLS handshake with `host` was refused: a certificate that is untrusted, expired, not yet
 * valid or for another name, or no TLS at all. A handshake failure happens before any byte of the
 * request, so `mayHaveBeenSent` is always false: the request (and its credentials) was not sent,
 * and even an operation that spends money did not happen. Retrying does not help: the message
 * says what to configure.
 */
export class DonDominioTlsError extends DonDominioTransportError {
  declare readonly reason: TlsFailureReason;
  /** host[:port] the handshake was with. */
  readonly host: string;
  constructor(operation: string, message: string, opts: { reason: TlsFailureReason; host: string; code?: string; cause?: unknown }) {
    super(operation, message, { code: opts.code, mayHaveBeenSent: false, cause: opts.cause, reason: opts.reason });
    this.host = opts.host;
  }
}

/**
 * The server answered a 3xx whose Location is a plain http:// URL. The redirect is never followed
 * (following it would resend the credentials unencrypted): nothing went over plain HTTP. The
 * original request did reach the configured server over HTTPS, which answered with the redirect
 * instead of an API reply. `location` holds only the redirect's origin (scheme, host, port).
 */
export class DonDominioInsecureRedirectError extends DonDominioTransportError {
  declare readonly reason: "insecureRedirect";
  declare readonly status: number;
  readonly location: string;
  constructor(operation: string, message: string, opts: { status: number; location: string }) {
    super(operation, message, { status: opts.status, mayHaveBeenSent: true, reason: "insecureRedirect" });
    this.location = opts.location;
  }
}

/**
 * The base URL is plain http:// and was refused before any connection: the API is HTTPS only and
 * every request carries a secret (apipasswd, the dynamic DNS key). `field` names the option.
 */
export class DonDominioInsecureUrlError extends DonDominioTransportError {
  declare readonly reason: "insecureBaseUrl";
  readonly field: string;
  constructor(operation: string, message: string, opts: { field: string }) {
    super(operation, message, { mayHaveBeenSent: false, reason: "insecureBaseUrl" });
    this.field = opts.field;
  }
}

/**
 * A timeout or reset after the request was sent, on an operation that is not safe to repeat: it
 * may or may not have happened. Check the state (e.g. domain/getinfo) before trying again.
 */
export class DonDominioAmbiguousError extends DonDominioError {
  readonly code?: string;
  constructor(operation: string, message: string, opts: { code?: string; cause?: unknown } = {}) {
    super(
      "ambiguous",
      `${operation}: ${message}; the request was sent and may or may not have taken effect: check the current state before retrying`,
      operation,
      { cause: opts.cause },
    );
    this.code = opts.code;
  }
}

/** The reply was not an envelope, or responseData did not match the operation's response schema. */
export class DonDominioResponseShapeError extends DonDominioError {
  readonly problems: readonly string[];
  constructor(operation: string, message: string, problems: string[] = []) {
    super("responseShape", `${operation}: ${message}${problems.length ? `: ${problems.join("; ")}` : ""}`, operation);
    this.problems = Object.freeze(problems);
  }
}
