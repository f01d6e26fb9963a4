/**
 * One sdk client per configuration in the provider process (module state), so that every resource
 * of a run shares its connection pool, its limiter (sdk/core/limiter.ts) and the list cache.
 * Resources reach the API only through `Api.call` (the sdk client; never HTTP directly).
 */
import { DonDominioClient } from "../../sdk";
import { type ProviderConfig, resolveConfig } from "./config";
import { ListCache } from "./list-cache";

/** The part of the sdk client resources use: loosely typed so that mapping code stays plain data. */
export interface ApiCaller {
  call(operation: string, params?: Record<string, unknown>): Promise<any>;
}

export interface Api {
  readonly caller: ApiCaller;
  readonly cache: ListCache;
  readonly config: ProviderConfig;
  /** Shorthand for caller.call. */
  call(operation: string, params?: Record<string, unknown>): Promise<any>;
}

const apis = new Map<string, Api>();
let override: ((config: ProviderConfig) => ApiCaller) | undefined;

function keyOf(c: ProviderConfig): string {
  // The password is part of the identity (a changed password needs a new client) but is kept only
  // inside this in-memory map key, never logged.
  return JSON.stringify([c.apiUser, c.apiPasswd, c.baseUrl ?? "", c.caCertFile ?? "", c.maxConcurrency ?? 0, c.timeoutMs ?? 0]);
}

/** The shared Api for the effective configuration (stack config, then environment). */
export function getApi(config: ProviderConfig = resolveConfig()): Api {
  const key = keyOf(config);
  let api = apis.get(key);
  if (!api) {
    const caller: ApiCaller = override
      ? override(config)
      : (new DonDominioClient({
          apiUser: config.apiUser,
          apiPasswd: config.apiPasswd,
          baseUrl: config.baseUrl,
          caCert: config.caCertFile,
          timeoutMs: config.timeoutMs,
          maxConcurrency: config.maxConcurrency,
        }) as unknown as ApiCaller);
    const cache = new ListCache();
    api = { caller, cache, config, call: (op, params) => caller.call(op, params) };
    apis.set(key, api);
  }
  return api;
}

/** Tests: route every Api to a fake caller (undefined restores the sdk client). Clears the pool. */
export function setCallerFactoryForTests(factory: ((config: ProviderConfig) => ApiCaller) | undefined): void {
  override = factory;
  apis.clear();
}
