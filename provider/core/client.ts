/**
 * One sdk client per configuration in the provider process (module state), so that every resource
 * of a run shares its connection pool, its limiter (sdk/core/limiter.ts) and the list cache.
 * Resources reach the API only through `Api.call` (the sdk client; never HTTP directly).
 *
 * `Api.call` also waits out the API's temporary blocks (1000, 1006, 1010-1013: refused and NOT
 * executed, facts.md), then sends the same call again, money included: nothing ran. The wait is the
 * limiter's pause for the whole key (one progress line per block), bounded by the resource
 * operation's deadline (its customTimeouts, else DEFAULT_BLOCK_BUDGET_MS); past it the call fails
 * with a message saying that nothing was executed.
 */
import { type ArgsOf, type CallParams, DonDominioClient, getOperation, type ItemOf, type OperationName, type ResultOf } from "../../sdk";
import { DEFAULT_OPS_PER_MINUTE, type Limiter, limiterFor } from "../../sdk/core/limiter";
import { iteratePages } from "../../sdk/core/paging";
import { BLOCK_REASONS, blockHintMs, TEMPORARY_BLOCK_CODES } from "../../sdk/core/retry";
import { cancelSignal, sleepUnlessCancelled, throwIfCancelled } from "./cancel";
import { type ProviderConfig, resolveConfig } from "./config";
import { ListCache } from "./list-cache";
import { info, warn } from "./log";

/** The part of the sdk client resources use: its call, typed from the catalogue (sdk/client.ts). */
export type ApiCaller = Pick<DonDominioClient, "call">;

/** One call as data (a mapping's answer): the operation and its parameters, typed together. */
export interface ApiCall<N extends OperationName = OperationName> {
  op: N;
  params: CallParams<N>;
}

export interface Api {
  readonly caller: ApiCaller;
  readonly cache: ListCache;
  readonly config: ProviderConfig;
  readonly limiter: Limiter;
  /** caller.call, waiting out temporary blocks until the deadline (see above). */
  call<N extends OperationName>(operation: N, ...args: ArgsOf<N>): Promise<ResultOf<N>>;
  /** `call` of an ApiCall: the mapping chose the operation, its parameters came with it. */
  send<N extends OperationName>(c: ApiCall<N>): Promise<ResultOf<N>>;
  /**
   * Every item of a paged operation, page after page by the sdk's paging (sdk/core/paging.ts), each
   * page through `call` (so blocks are waited out as for any call). `pageLength` defaults to the
   * catalogue's.
   */
  listAll<N extends OperationName>(operation: N, params: CallParams<N>): Promise<ItemOf<N>[]>;
  /** The same Api whose calls give up waiting out blocks at `deadline` (epoch ms). */
  until(deadline: number): Api;
}

/** How long calls wait out blocks when the resource sets no customTimeouts (10 minutes). */
export const DEFAULT_BLOCK_BUDGET_MS = 10 * 60_000;
/** Shortest pause after a refusal whose message states no block length. */
const MIN_BLOCK_PAUSE_MS = 5_000;
const DEFAULT_BASE_URL = "https://simple-api.dondominio.net";

/** A temporary block outlasted the deadline. Keeps errorCode and kind, so callers classify it as the refusal. */
export class BlockedTooLongError extends Error {
  readonly kind = "blocked";
  readonly errorCode: number;
  constructor(message: string, errorCode: number) {
    super(message);
    this.name = "BlockedTooLongError";
    this.errorCode = errorCode;
  }
}

const apis = new Map<string, Api>();
let override: ((config: ProviderConfig) => ApiCaller) | undefined;

function keyOf(c: ProviderConfig): string {
  // The password is part of the identity (a changed password needs a new client) but is kept only
  // inside this in-memory map key, never logged.
  return JSON.stringify([c.apiUser, c.apiPasswd, c.baseUrl ?? "", c.caCertFile ?? "", c.maxConcurrency ?? 0, c.timeoutMs ?? 0, c.maxOpsPerMinute ?? 0]);
}

async function callThroughBlocks<N extends OperationName>(
  caller: ApiCaller,
  limiter: Limiter,
  operation: N,
  args: ArgsOf<N>,
  deadline: number,
): Promise<ResultOf<N>> {
  const started = Date.now();
  for (let refused = 0; ; ) {
    try {
      return await caller.call(operation, ...args);
    } catch (err) {
      const e = err as { errorCode?: unknown; messages?: readonly string[]; message?: string };
      const code = typeof e?.errorCode === "number" ? e.errorCode : undefined;
      if (code === undefined || !TEMPORARY_BLOCK_CODES.has(code)) throw err;
      refused++;
      const hint = blockHintMs(e.messages ?? []);
      // The sdk client already paused the key (limiter.blocked); this adds what the reply tells.
      if (override) limiter.blocked(hint);
      const note = limiter.noteRefusal(code, Math.max(hint ?? 0, MIN_BLOCK_PAUSE_MS));
      const why = BLOCK_REASONS[code] ?? "account blocked";
      const waitMs = limiter.pausedForMs;
      const waited = Math.round((Date.now() - started) / 1000);
      if (Date.now() + waitMs > deadline) {
        throw new BlockedTooLongError(
          `${operation} was refused with error ${code} (${why}) and was NOT executed (nothing was charged): the API blocks these credentials for a while. ` +
            `Waited ${waited} s, as long as this resource's timeout allows (customTimeouts); run \`pulumi up\` again in a few minutes`,
          code,
        );
      }
      if (note.firstOfEpisode || refused > 1) {
        const learnt = note.learnt ? `; from now on at most ${note.learnt}` : "";
        warn(
          `the API refused ${operation} with error ${code} (${why}); it was not executed. All calls pause ${Math.ceil(waitMs / 1000)} s, then it is sent again${learnt}${refused > 1 ? ` (refused ${refused} times, ${waited} s so far)` : ""}`,
        );
      }
      // A cancellation ends the pause: the call is not sent again (nothing of it ran).
      await sleepUnlessCancelled(waitMs);
      throwIfCancelled();
    }
  }
}

/**
 * Every item of a paged operation, each page fetched by `fetch` (the sdk's paging: it stops on an
 * empty or short page or at queryInfo.total). The provider's lists go through here only.
 */
async function listPages<N extends OperationName>(
  operation: N,
  params: CallParams<N>,
  fetch: (params: CallParams<N>) => Promise<ResultOf<N>>,
): Promise<ItemOf<N>[]> {
  const paged = getOperation(operation)?.paged;
  if (!paged) throw new TypeError(`${operation} is not a paged operation`);
  const given = params as CallParams<N> & { page?: number; pageLength?: number };
  const out: ItemOf<N>[] = [];
  const pages = iteratePages<ItemOf<N>>(
    paged,
    (page, pageLength) => fetch({ ...given, page, pageLength }),
    given.page ?? 1,
    given.pageLength ?? paged.defaultPageLength,
  );
  for await (const item of pages) out.push(item);
  return out;
}

function makeApi(caller: ApiCaller, cache: ListCache, config: ProviderConfig, limiter: Limiter, deadline?: number): Api {
  const api: Api = {
    caller,
    cache,
    config,
    limiter,
    call: (op, ...args) => callThroughBlocks(caller, limiter, op, args, deadline ?? Date.now() + DEFAULT_BLOCK_BUDGET_MS),
    send: (c) => api.call(c.op, ...([c.params] as ArgsOf<typeof c.op>)),
    listAll: (op, params) => listPages(op, params, (page) => api.send({ op, params: page })),
    until: (d) => makeApi(caller, cache, config, limiter, d),
  };
  return api;
}

/** The shared Api for the effective configuration (stack config, then environment). */
export function getApi(config: ProviderConfig = resolveConfig()): Api {
  const key = keyOf(config);
  let api = apis.get(key);
  if (!api) {
    const caller: ApiCaller = override
      ? override(config)
      : new DonDominioClient({
          apiUser: config.apiUser,
          apiPasswd: config.apiPasswd,
          baseUrl: config.baseUrl,
          caCert: config.caCertFile,
          timeoutMs: config.timeoutMs,
          maxConcurrency: config.maxConcurrency,
          // The plugin's Cancel (core/cancel.ts): nothing is sent after it.
          signal: cancelSignal(),
        });
    // The sdk client's own limiter (same key: baseUrl + apiUser); the rate is configured here.
    const limiter = limiterFor(config.baseUrl ?? DEFAULT_BASE_URL, config.apiUser);
    limiter.configureRate(config.maxOpsPerMinute ?? DEFAULT_OPS_PER_MINUTE);
    limiter.onPacing ??= (rate) =>
      info(
        `more than ${rate} API calls in a minute: pacing them at ${rate} a minute to stay under the API's limits (a block would stop every call for a while); set dondominio:maxOpsPerMinute if the account allows more`,
      );
    api = makeApi(caller, new ListCache(), config, limiter);
    apis.set(key, api);
  }
  return api;
}

/**
 * Tests: a fake caller from a plain function (operation, params) -> reply. The one place where an
 * untyped reply stands for the catalogue's typed one.
 */
export function fakeCaller(call: (operation: OperationName, params?: Record<string, unknown>) => Promise<unknown>): ApiCaller {
  return { call: call as ApiCaller["call"] };
}

/** Tests: route every Api to a fake caller (undefined restores the sdk client). Clears the pool. */
export function setCallerFactoryForTests(factory: ((config: ProviderConfig) => ApiCaller) | undefined): void {
  override = factory;
  apis.clear();
}
