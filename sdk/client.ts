/**
 * DonDominioClient: the typed facade generated from the catalogue (Octokit's shape: data table ->
 * methods at construction; types are a mapped type over Catalogue, no hand-written method list).
 *
 *   const client = new DonDominioClient({ apiUser, apiPasswd });
 *   await client.call("domain/getinfo", { domain: "example.com", infoType: "status" });
 *   await client.domain.getinfo({ domain: "example.com" });
 *   for await (const d of client.paginate("domain/list", {})) ...
 *
 * One call: validate params with the catalogue schema (nothing is sent when they are invalid) ->
 * form-encode the parsed output -> shared limiter -> transport -> envelope -> typed result.
 */
import { inspect } from "node:util";
import type { Dispatcher } from "undici";
import { type Catalogue, getOperation, type Operation, type OperationName, operations, type ParamsOf, type ParsedParamsOf, type ResultOf } from "./catalogue";
import { encodeForm } from "./core/encoding";
import { errorKind } from "./core/error-codes";
import { parseEnvelope, resultOf } from "./core/envelope";
import { type ApiEnvelope, DonDominioAmbiguousError, DonDominioError, DonDominioTransportError, DonDominioValidationError } from "./core/errors";
import { type Limiter, limiterFor, unlessAborted } from "./core/limiter";
import { debugEnabled, logCall } from "./core/log";
import { collect, iteratePages } from "./core/paging";
import { scrubText, secretValues } from "./core/redact";
import { backoff, DEFAULT_RETRY, type RetryPolicy, shouldRetry } from "./core/retry";
import { Transport } from "./core/transport";
import { describeIssues } from "./core/validation";

export interface DonDominioClientOptions {
  apiUser: string;
  apiPasswd: string;
  /**
   * Default https://simple-api.dondominio.net (facts.md "The service"). Must be https://: an
   * http:// URL is refused before any connection (DonDominioInsecureUrlError) unless
   * allowInsecureHttp is set and the host is loopback.
   */
  baseUrl?: string;
  /** Extra trusted CA: PEM text or a file path. TLS verification is never disabled. */
  caCert?: string;
  /**
   * Local tests only: accept an http:// baseUrl whose host is loopback (127.0.0.0/8, ::1,
   * localhost), e.g. the emulator's --no-tls mode. apipasswd then travels unencrypted; any other
   * http:// host is still refused. Default false.
   */
  allowInsecureHttp?: boolean;
  /** Whole-call timeout, default 15000 ms (the vendor SDK's). */
  timeoutMs?: number;
  /** Bound on calls in flight for this baseUrl + apiUser in the whole process (default 4; smallest configured wins). */
  maxConcurrency?: number;
  outputFormat?: "json" | "xml";
  userAgent?: string;
  /** undici dispatcher (tests, proxies). */
  dispatcher?: Dispatcher;
  /** Further attempts for retry-safe operations after a transport failure or 5xx (default 2). */
  retries?: number;
  /**
   * Cancels this client's calls (the provider plugin's Cancel): once it aborts, a call not sent yet
   * (new, waiting in the limiter's queue or between retries) fails with the signal's reason, and a
   * retry-safe call (a read) in flight is no longer waited for. A call that is not retry-safe (a
   * write, an order) already sent is still awaited: its outcome decides what the caller records.
   */
  signal?: AbortSignal;
  /** Injectable for tests: delay between attempts and jitter source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * What a caller may pass for one value. The catalogue's coercing fields are z.preprocess schemas,
 * whose input type is `unknown`; the client types each value from the schema's OUTPUT instead,
 * widened where the schema accepts other spellings: Dates for text (date fields), a comma string
 * for lists. Enumerations keep their literal union.
 */
type Loose<T> = T extends boolean
  ? boolean
  : T extends number
    ? number
    : T extends string
      ? string extends T
        ? string | Date
        : T
      : T extends readonly (infer I)[]
        ? readonly I[] | string
        : T;

/** Parameters of an operation as the client takes them: the keys (and optionality) of the schema's input, typed by its output. */
export type CallParams<N extends OperationName> = {
  [K in keyof ParamsOf<N>]: K extends keyof ParsedParamsOf<N> ? Loose<ParsedParamsOf<N>[K]> : ParamsOf<N>[K];
};

/** `[params?]` when every parameter is optional, `[params]` otherwise. */
export type ArgsOf<N extends OperationName> = {} extends CallParams<N> ? [params?: CallParams<N>] : [params: CallParams<N>];

/** Declared members only: response objects are loose (index signature), which would hide them. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** The element type of the array member(s) of a result: what paginate yields. */
export type ItemOf<N extends OperationName> = {
  [K in KnownKeys<ResultOf<N>>]: NonNullable<ResultOf<N>[K]> extends readonly (infer I)[] ? I : never;
}[KnownKeys<ResultOf<N>>];

export type ClientModules = {
  readonly [M in keyof Catalogue]: {
    readonly [A in keyof Catalogue[M] & string]: (...args: ArgsOf<`${M & string}/${A}` & OperationName>) => Promise<ResultOf<`${M & string}/${A}`>>;
  };
};

const sleepReal = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

class Client {
  readonly baseUrl: string;
  readonly apiUser: string;
  readonly outputFormat: "json" | "xml";
  // Private fields: invisible to util.inspect, JSON.stringify and Object.keys.
  readonly #apiPasswd: string;
  /** The credentials' part of every body, encoded once. */
  readonly #credentials: string;
  readonly #transport: Transport;
  readonly #limiter: Limiter;
  readonly #retry: RetryPolicy;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #signal: AbortSignal | undefined;

  constructor(opts: DonDominioClientOptions) {
    if (!opts?.apiUser || !opts.apiPasswd) throw new TypeError("DonDominioClient needs apiUser and apiPasswd");
    this.baseUrl = (opts.baseUrl ?? "https://simple-api.dondominio.net").replace(/\/+$/, "");
    this.apiUser = opts.apiUser;
    this.outputFormat = opts.outputFormat ?? "json";
    this.#apiPasswd = opts.apiPasswd;
    // Credentials in the body, after the parameters (spec "Common request parameters").
    this.#credentials = encodeForm({ apiuser: this.apiUser, apipasswd: this.#apiPasswd, "output-format": this.outputFormat });
    this.#transport = new Transport({
      baseUrl: this.baseUrl,
      caCert: opts.caCert,
      timeoutMs: opts.timeoutMs,
      userAgent: opts.userAgent,
      dispatcher: opts.dispatcher,
      allowInsecureHttp: opts.allowInsecureHttp === true,
      label: "DonDominioClient",
    });
    this.#limiter = limiterFor(this.baseUrl, this.apiUser, opts.maxConcurrency);
    this.#retry = { ...DEFAULT_RETRY, retries: opts.retries ?? DEFAULT_RETRY.retries };
    this.#sleep = opts.sleep ?? sleepReal;
    this.#random = opts.random ?? Math.random;
    this.#signal = opts.signal;
    const self = this as unknown as Record<string, Record<string, unknown>>;
    for (const o of operations) {
      self[o.module] ??= {};
      self[o.module][o.action] = (params?: Record<string, unknown>) => this.call(o.name as OperationName, params as never);
    }
  }

  /** Calls an operation and returns its typed responseData. */
  call<N extends OperationName>(name: N, ...args: ArgsOf<N>): Promise<ResultOf<N>> {
    return this.#send(name, args[0], resultOf) as Promise<ResultOf<N>>;
  }

  /** The whole envelope (messages, version) with responseData typed; failures still throw. */
  callEnvelope<N extends OperationName>(name: N, ...args: ArgsOf<N>): Promise<Omit<ApiEnvelope, "responseData"> & { responseData: ResultOf<N> }> {
    return this.#send(name, args[0], (op, env) => ({ ...env, responseData: resultOf(op, env) as ResultOf<N> }));
  }

  /** Every item of a paged operation, page after page (stops at the end). */
  paginate<N extends OperationName>(name: N, ...args: ArgsOf<N>): AsyncGenerator<ItemOf<N>, void, undefined> {
    const op = this.#operation(name);
    if (!op.paged) throw new TypeError(`${op.name} is not a paged operation`);
    const params = { ...((args[0] ?? {}) as Record<string, unknown>) };
    const start = Number(params.page ?? 1);
    const length = Number(params.pageLength ?? op.paged.defaultPageLength);
    return iteratePages<ItemOf<N>>(
      op.paged,
      (page, pageLength) => this.call(name, ...([{ ...params, page, pageLength }] as unknown as ArgsOf<N>)),
      start,
      length,
    );
  }

  /** Collects a paged operation; more than `limit` items throws unless `truncate` is set. */
  listAll<N extends OperationName>(name: N, params: CallParams<N> | undefined, opts: { limit: number; truncate?: boolean }): Promise<ItemOf<N>[]> {
    return collect(this.paginate(name, ...([params] as unknown as ArgsOf<N>)), opts);
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, apiUser: this.apiUser, outputFormat: this.outputFormat };
  }

  [inspect.custom](): string {
    return `DonDominioClient ${inspect(this.toJSON())}`;
  }

  #operation(name: string): Operation {
    const op = getOperation(name);
    if (!op) throw new TypeError(`unknown operation "${name}": expected module/action from the catalogue`);
    return op;
  }

  /** One call, retried as the policy allows; `finish` turns the envelope into what the caller returns. */
  async #send<R>(name: string, params: unknown, finish: (op: Operation, env: ApiEnvelope) => R): Promise<R> {
    const op = this.#operation(name);
    const input = (params ?? {}) as Record<string, unknown>;
    const parsed = op.params.safeParse(input);
    if (!parsed.success) {
      const issues = describeIssues(parsed.error, input).map((p) => ({ param: p.param, rule: p.rule }));
      throw new DonDominioValidationError(op.name, issues);
    }
    const data = parsed.data as Record<string, unknown>;
    const secrets = secretValues(data, op.secrets);
    const form = encodeForm(data);
    const body = form ? `${form}&${this.#credentials}` : this.#credentials;
    // Read once per call (the log can be switched on in a running process); off, the log costs nothing more.
    const debug = debugEnabled();
    for (let attempt = 1; ; attempt++) {
      const started = debug ? performance.now() : 0;
      let env: ApiEnvelope;
      try {
        this.#signal?.throwIfAborted();
        const sent = this.#limiter.run(() => this.#transport.post(op.name, op.module, op.action, body), this.#signal);
        // A read in flight is let go on a cancel; a write's reply is awaited (see `signal`).
        const reply = await (op.retrySafe ? unlessAborted(sent, this.#signal) : sent);
        env = parseEnvelope(reply.body, op.name);
        // A server may echo what it got (the password, a secret parameter) in either text.
        if (env.messages.length) env.messages = env.messages.map((m) => scrubText(m, [...secrets, this.#apiPasswd]));
        if (env.errorCodeMsg) env.errorCodeMsg = scrubText(env.errorCodeMsg, [...secrets, this.#apiPasswd]);
        if (!env.success && errorKind(env.errorCode) === "blocked") this.#limiter.blocked();
        else this.#limiter.succeeded();
        if (debug)
          logCall({
            operation: op.name,
            durationMs: performance.now() - started,
            outcome: env.success ? "ok" : `error ${env.errorCode}`,
            params: data,
            secrets: op.secrets,
            attempt,
          });
      } catch (err) {
        if (this.#signal?.aborted && err === this.#signal.reason) throw err;
        const outcome = err instanceof DonDominioError ? `${err.kind}${(err as { code?: string }).code ? ` ${(err as { code?: string }).code}` : ""}` : "error";
        if (debug) logCall({ operation: op.name, durationMs: performance.now() - started, outcome, params: data, secrets: op.secrets, attempt });
        if (shouldRetry(op, err, attempt, this.#retry)) {
          await unlessAborted(this.#sleep(backoff(this.#retry.delay, attempt - 1, this.#random)), this.#signal);
          continue;
        }
        if (err instanceof DonDominioTransportError && err.mayHaveBeenSent && err.status === undefined && !op.retrySafe) {
          throw new DonDominioAmbiguousError(op.name, err.detail, { code: err.code, cause: err });
        }
        throw err;
      }
      return finish(op, env);
    }
  }
}

/** The client type: the class's own members plus one group per module (client.domain.getinfo). */
export type DonDominioClient = Client & ClientModules;
export const DonDominioClient = Client as unknown as new (opts: DonDominioClientOptions) => DonDominioClient;
