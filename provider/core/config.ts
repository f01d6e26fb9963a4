/**
 * Provider configuration: stack config (`dondominio:*`, handed to the dynamic provider's
 * `configure(req)` by the engine, or to the plugin's Configure) first, then environment variables.
 * Held in module state of the provider process only: it is never part of the serialized provider
 * (which is one require() line, see provider/README.md), so no credential reaches the state file.
 *
 * CONFIG_KEYS is the one table of the settings: the TypeScript type (ProviderConfig), the rules
 * (resolveConfig, checkConfigValue), the plugin's CheckConfig (plugin/config.ts) and the package
 * schema's config (plugin/schema.ts, schema.json) are derived from it. A new setting is one row.
 */

/**
 * What a setting's text must be: any text, a positive integer (a count or a duration in ms), an
 * amount >= 0 (cents allowed, 0 allowed), or true/false.
 */
export type ConfigKind = "string" | "count" | "amount" | "boolean";

export interface ConfigKey {
  /** The environment variable read when the stack config does not set it. */
  readonly env: string;
  readonly kind: ConfigKind;
  /** Without it no API call can be made (judged at first use: check and diff need none). */
  readonly required?: true;
  /** Set it with `pulumi config set --secret`; never echoed in a message. */
  readonly secret?: true;
  /** The default when unset, as the docs say it (applied where it is used: the sdk client, money.ts). */
  readonly default?: string;
  /** One sentence, no final period (docText adds the default and the period). */
  readonly doc: string;
}

/** Config key (without the `dondominio:` namespace) -> its row. */
export const CONFIG_KEYS = {
  apiUser: { env: "DONDOMINIO_API_USER", kind: "string", required: true, doc: "The API username" },
  apiPasswd: { env: "DONDOMINIO_API_PASSWD", kind: "string", required: true, secret: true, doc: "The API password (set it with `pulumi config set --secret`)" },
  baseUrl: { env: "DONDOMINIO_BASE_URL", kind: "string", default: "https://simple-api.dondominio.net", doc: "The API's base URL" },
  caCertFile: { env: "DONDOMINIO_CA_CERT_FILE", kind: "string", doc: "PEM text or a file path of an extra trusted CA (e.g. the emulator's)" },
  maxConcurrency: { env: "DONDOMINIO_MAX_CONCURRENCY", kind: "count", doc: "Most API calls in flight at once" },
  // The API publishes no rate figure: sdk/core/limiter.ts.
  maxOpsPerMinute: { env: "DONDOMINIO_MAX_OPS_PER_MINUTE", kind: "count", default: "100", doc: "API calls started in any rolling minute" },
  timeoutMs: { env: "DONDOMINIO_TIMEOUT_MS", kind: "count", doc: "Timeout of one API call, in ms" },
  pollIntervalMs: { env: "DONDOMINIO_POLL_INTERVAL_MS", kind: "count", default: "2000 ms", doc: "First delay between status polls of long-running operations" },
  // provider/money/money.ts: after it, the order is taken as not placed and may be sent again.
  orderSettleMs: {
    env: "DONDOMINIO_ORDER_SETTLE_MS",
    kind: "count",
    default: "5 minutes",
    doc: "How long to look for the result of a paid order whose reply was lost before sending it again",
  },
  // One run is one provider process: a `pulumi preview`, or the apply of an `up` (provider/money/spend.ts).
  maxSpend: {
    env: "DONDOMINIO_MAX_SPEND",
    kind: "amount",
    doc: "The most one run may spend, in the account's currency. Unset: no limit but the balance",
  },
} as const satisfies Record<string, ConfigKey>;

export type ConfigName = keyof typeof CONFIG_KEYS;
export const CONFIG_NAMES = Object.keys(CONFIG_KEYS) as ConfigName[];

type ValueOf<K extends ConfigKind> = K extends "string" ? string : K extends "boolean" ? boolean : number;
type Row<N extends ConfigName> = (typeof CONFIG_KEYS)[N];

/** The effective configuration: required settings always present, the others when set. */
export type ProviderConfig = { -readonly [N in ConfigName as Row<N> extends { required: true } ? N : never]: ValueOf<Row<N>["kind"]> } & {
  -readonly [N in ConfigName as Row<N> extends { required: true } ? never : N]?: ValueOf<Row<N>["kind"]>;
};

/** A setting's doc as the schema and the docs show it: the sentence, its default, a period. */
export function docText(c: ConfigKey): string {
  return `${c.doc}${c.default ? ` (default ${c.default})` : ""}.`;
}

export type ConfigGetter = (key: string) => string | undefined;

// Module state of the provider process: set once by configure(), read by every resource.
let stackConfig: Partial<Record<ConfigName, string>> = {};

/** Records the stack's `dondominio:*` values (the dynamic provider's configure(), the plugin's Configure). */
export function setStackConfig(get: ConfigGetter): void {
  const next: Partial<Record<ConfigName, string>> = {};
  for (const key of CONFIG_NAMES) {
    const v = get(`dondominio:${key}`);
    if (typeof v === "string" && v !== "") next[key] = v;
  }
  stackConfig = next;
}

/** Forgets the stack config (tests). */
export function resetStackConfig(): void {
  stackConfig = {};
}

/** A setting's text as its kind's value; throws naming the key and the rule (the text only when not secret). */
export function checkConfigValue(key: ConfigName, raw: string): string | number | boolean {
  const c: ConfigKey = CONFIG_KEYS[key];
  const got = c.secret ? "" : `, got "${raw}"`;
  switch (c.kind) {
    case "string":
      return raw;
    case "count": {
      const n = Number(raw);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`dondominio:${key} must be a positive integer${got}`);
      return n;
    }
    case "amount": {
      const n = Number(raw.trim());
      if (raw.trim() === "" || !Number.isFinite(n) || n < 0)
        throw new Error(`dondominio:${key} must be an amount >= 0 in the account's currency (e.g. 50 or 12.50)${got}`);
      return n;
    }
    case "boolean": {
      const v = raw.trim().toLowerCase();
      if (v !== "true" && v !== "false") throw new Error(`dondominio:${key} must be true or false${got}`);
      return v === "true";
    }
  }
}

/**
 * The effective configuration; throws an error naming the missing setting and both ways of
 * giving it, or the first bad value. Never includes a secret in any message.
 */
export function resolveConfig(env: NodeJS.ProcessEnv = process.env, get?: ConfigGetter): ProviderConfig {
  const raw: Partial<Record<ConfigName, string>> = {};
  for (const key of CONFIG_NAMES) {
    const fromGetter = get?.(`dondominio:${key}`);
    const v = (fromGetter !== undefined && fromGetter !== "" ? fromGetter : undefined) ?? stackConfig[key] ?? env[CONFIG_KEYS[key].env];
    if (v !== undefined && v !== "") raw[key] = v;
  }
  for (const key of CONFIG_NAMES) {
    const c: ConfigKey = CONFIG_KEYS[key];
    if (c.required && !raw[key]) {
      throw new Error(`dondominio:${key} is not set: run \`pulumi config set${c.secret ? " --secret" : ""} dondominio:${key} <value>\` or set ${c.env}`);
    }
  }
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_NAMES) if (raw[key] !== undefined) out[key] = checkConfigValue(key, raw[key]);
  return out as ProviderConfig;
}
