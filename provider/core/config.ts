/**
 * Provider configuration: stack config (`dondominio:*`, handed to the dynamic provider's
 * `configure(req)` by the engine) first, then environment variables. Held in module state of the
 * provider process only: it is never part of the serialized provider (which is one require() line,
 * see provider/README.md), so no credential reaches the state file.
 */

export interface ProviderConfig {
  apiUser: string;
  apiPasswd: string;
  baseUrl?: string;
  /** PEM text or a file path of an extra trusted CA (the emulator's). */
  caCertFile?: string;
  maxConcurrency?: number;
  timeoutMs?: number;
  /** First delay between status polls of long-running operations (default 2000 ms). */
  pollIntervalMs?: number;
  /** Calls started in any rolling minute (default 100: the API publishes no figure; see sdk/core/limiter.ts). */
  maxOpsPerMinute?: number;
  /**
   * How long after a paid order whose reply was lost the provider keeps looking for its result
   * before it concludes the order did not happen and may send it again (default 5 minutes;
   * provider/money/money.ts).
   */
  orderSettleMs?: number;
  /**
   * The most one run (one provider process: a `pulumi preview`, or the apply of an `up`) may spend,
   * in the account's currency (provider/money/spend.ts). Unset: no limit but the balance.
   */
  maxSpend?: number;
  /** Preview's warnings (checkWarnings: two SPF records, an MX to a CNAME...) refused as errors (default false). */
  strict?: boolean;
}

/** Stack config key (without the `dondominio:` namespace) -> environment variable. */
const KEYS = {
  apiUser: "DONDOMINIO_API_USER",
  apiPasswd: "DONDOMINIO_API_PASSWD",
  baseUrl: "DONDOMINIO_BASE_URL",
  caCertFile: "DONDOMINIO_CA_CERT_FILE",
  maxConcurrency: "DONDOMINIO_MAX_CONCURRENCY",
  timeoutMs: "DONDOMINIO_TIMEOUT_MS",
  pollIntervalMs: "DONDOMINIO_POLL_INTERVAL_MS",
  maxOpsPerMinute: "DONDOMINIO_MAX_OPS_PER_MINUTE",
  orderSettleMs: "DONDOMINIO_ORDER_SETTLE_MS",
  maxSpend: "DONDOMINIO_MAX_SPEND",
  strict: "DONDOMINIO_STRICT",
} as const;
type Key = keyof typeof KEYS;
const NUMERIC: ReadonlySet<Key> = new Set(["maxConcurrency", "timeoutMs", "pollIntervalMs", "maxOpsPerMinute", "orderSettleMs"]);

export type ConfigGetter = (key: string) => string | undefined;

// Module state of the provider process: set once by configure(), read by every resource.
let stackConfig: Partial<Record<Key, string>> = {};

/** Records the stack's `dondominio:*` values (called from the dynamic provider's configure()). */
export function setStackConfig(get: ConfigGetter): void {
  const next: Partial<Record<Key, string>> = {};
  for (const key of Object.keys(KEYS) as Key[]) {
    const v = get(`dondominio:${key}`);
    if (typeof v === "string" && v !== "") next[key] = v;
  }
  stackConfig = next;
}

/** Forgets the stack config (tests). */
export function resetStackConfig(): void {
  stackConfig = {};
}

/**
 * The effective configuration; throws an error naming the missing setting and both ways of
 * giving it. Never includes the password in any message.
 */
export function resolveConfig(env: NodeJS.ProcessEnv = process.env, get?: ConfigGetter): ProviderConfig {
  const raw: Partial<Record<Key, string>> = {};
  for (const key of Object.keys(KEYS) as Key[]) {
    const fromGetter = get?.(`dondominio:${key}`);
    const v = (fromGetter !== undefined && fromGetter !== "" ? fromGetter : undefined) ?? stackConfig[key] ?? env[KEYS[key]];
    if (v !== undefined && v !== "") raw[key] = v;
  }
  for (const key of ["apiUser", "apiPasswd"] as const) {
    if (!raw[key]) {
      const secret = key === "apiPasswd" ? " --secret" : "";
      throw new Error(`dondominio:${key} is not set: run \`pulumi config set${secret} dondominio:${key} <value>\` or set ${KEYS[key]}`);
    }
  }
  const out: ProviderConfig = { apiUser: raw.apiUser!, apiPasswd: raw.apiPasswd! };
  if (raw.baseUrl) out.baseUrl = raw.baseUrl;
  if (raw.caCertFile) out.caCertFile = raw.caCertFile;
  for (const key of NUMERIC) {
    const v = raw[key];
    if (v === undefined) continue;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`dondominio:${key} must be a positive integer, got "${v}"`);
    (out as unknown as Record<string, number>)[key] = n;
  }
  if (raw.maxSpend !== undefined) {
    // An amount, not a count: cents allowed, 0 allowed (a run that must spend nothing).
    const n = Number(raw.maxSpend.trim());
    if (raw.maxSpend.trim() === "" || !Number.isFinite(n) || n < 0)
      throw new Error(`dondominio:maxSpend must be an amount >= 0 in the account's currency (e.g. 50 or 12.50), got "${raw.maxSpend}"`);
    out.maxSpend = n;
  }
  if (raw.strict !== undefined) out.strict = booleanSetting("strict", raw.strict);
  return out;
}

function booleanSetting(key: Key, v: string): boolean {
  const t = v.trim().toLowerCase();
  if (t === "true" || t === "1") return true;
  if (t === "false" || t === "0") return false;
  throw new Error(`dondominio:${key} must be true or false, got "${v}"`);
}

/**
 * dondominio:strict (else DONDOMINIO_STRICT): whether check refuses what it would only warn about.
 * Read at every check, without credentials (check needs none); a value that is not a boolean fails
 * the check naming the setting.
 */
export function strictChecks(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = stackConfig.strict ?? env[KEYS.strict];
  return v === undefined || v === "" ? false : booleanSetting("strict", v);
}
