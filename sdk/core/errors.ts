/**
 * One error hierarchy for the client (the stripe-node shape: a base class, thin subclasses).
 * Every class carries `kind`, so callers branch on `err.kind === "notFound"` without knowing codes.
 * None of them ever holds a secret: messages are built from operation names, error codes, parameter
 * names and server messages scrubbed of the caller's secret values (sdk/core/redact.ts).
 */
import { inspect } from "node:util";
import { type ClientErrorKind, type ErrorKind, errorKind } from "./error-codes";
import { redact } from "./redact";

export type DonDominioErrorKind = ErrorKind | ClientErrorKind;

export class DonDominioError extends Error {
  readonly kind: DonDominioErrorKind;
  /** "module/action" of the call that failed, when known. */
  readonly operation?: string;

  constructor(kind: DonDominioErrorKind, message: string, operation?: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
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
    super(errorKind(env.errorCode), `${operation} failed with error ${env.errorCode} (${env.errorCodeMsg || "no message"})${detail}`, operation);
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

/**
 * The connection failed before the request was sent (refused, DNS, TLS, connect timeout), or the
 * server answered HTTP 5xx. `status` is set for 5xx; `mayHaveBeenSent` is true when the request
 * had left (5xx, or a reset on a retry-safe operation, for which "maybe" does not matter).
 */
export class DonDominioTransportError extends DonDominioError {
  readonly status?: number;
  readonly code?: string;
  readonly mayHaveBeenSent: boolean;
  constructor(operation: string, message: string, opts: { status?: number; code?: string; mayHaveBeenSent: boolean; cause?: unknown }) {
    super("transport", `${operation}: ${message}`, operation, { cause: opts.cause });
    this.status = opts.status;
    this.code = opts.code;
    this.mayHaveBeenSent = opts.mayHaveBeenSent;
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
