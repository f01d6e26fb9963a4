/**
 * The provider's configuration through the plugin protocol: CheckConfig refuses a bad value naming
 * its key (the rules are provider/core/config.ts's resolveConfig, run on the given values with the
 * DONDOMINIO_* environment under them), and Configure hands the values to the same module state the
 * dynamic provider's configure() fills. Missing credentials are not refused here: check and diff need
 * none, and the first API call names the missing key (as with the dynamic resources).
 */
import { resolveConfig, setStackConfig } from "../provider/core/config";

/** Config key (without the `dondominio:` namespace) -> [environment variable, schema type, doc]. */
export const CONFIG_KEYS: Readonly<Record<string, { env: string; type: "string" | "integer" | "number" | "boolean"; secret?: boolean; doc: string }>> = {
  apiUser: { env: "DONDOMINIO_API_USER", type: "string", doc: "The API username." },
  apiPasswd: { env: "DONDOMINIO_API_PASSWD", type: "string", secret: true, doc: "The API password (set it with `pulumi config set --secret`)." },
  baseUrl: { env: "DONDOMINIO_BASE_URL", type: "string", doc: "The API's base URL (default https://simple-api.dondominio.net)." },
  caCertFile: { env: "DONDOMINIO_CA_CERT_FILE", type: "string", doc: "PEM text or a file path of an extra trusted CA (e.g. the emulator's)." },
  maxConcurrency: { env: "DONDOMINIO_MAX_CONCURRENCY", type: "integer", doc: "Most API calls in flight at once." },
  maxOpsPerMinute: { env: "DONDOMINIO_MAX_OPS_PER_MINUTE", type: "integer", doc: "API calls started in any rolling minute (default 100)." },
  timeoutMs: { env: "DONDOMINIO_TIMEOUT_MS", type: "integer", doc: "Timeout of one API call, in ms." },
  pollIntervalMs: {
    env: "DONDOMINIO_POLL_INTERVAL_MS",
    type: "integer",
    doc: "First delay between status polls of long-running operations (default 2000 ms).",
  },
  orderSettleMs: {
    env: "DONDOMINIO_ORDER_SETTLE_MS",
    type: "integer",
    doc: "How long to look for the result of a paid order whose reply was lost before sending it again (default 5 minutes).",
  },
  maxSpend: { env: "DONDOMINIO_MAX_SPEND", type: "number", doc: "The most one run may spend, in the account's currency. Unset: no limit but the balance." },
  strict: {
    env: "DONDOMINIO_STRICT",
    type: "boolean",
    doc: "Refuse at preview what preview only warns about (two SPF records at one name, an MX to a CNAME...), as `dnscontrol check` and octoDNS's strict mode do. Default false.",
  },
};

type Data = Record<string, unknown>;

/** Provider inputs the engine itself adds (older engines at the top level; newer under `__internal`). */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL", "pluginChecksums"]);

/** The config values as strings, keyed `dondominio:<key>` (the form resolveConfig and setStackConfig read). */
function getterOf(values: Data): (key: string) => string | undefined {
  return (key) => {
    const v = values[key.replace(/^dondominio:/, "")];
    return v === undefined || v === null ? undefined : String(v);
  };
}

/** CheckConfig: [key, reason] for each unknown key or bad value (values never in the reason but the rule's own echo of non-secret numbers). */
export function checkConfig(values: Data): [string, string][] {
  const failures: [string, string][] = [];
  for (const key of Object.keys(values)) {
    if (ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
    if (!(key in CONFIG_KEYS)) failures.push([key, `dondominio:${key} is not a setting of this provider (known: ${Object.keys(CONFIG_KEYS).join(", ")})`]);
  }
  const get = getterOf(values);
  // resolveConfig stops at the first bad value: run it once per key (its value, or its environment
  // variable, alone) so each is named. Credentials are judged at first use: placeholders here.
  for (const key of Object.keys(CONFIG_KEYS)) {
    if (key === "apiUser" || key === "apiPasswd") continue;
    const env = { DONDOMINIO_API_USER: "-", DONDOMINIO_API_PASSWD: "-", [CONFIG_KEYS[key].env]: process.env[CONFIG_KEYS[key].env] };
    try {
      resolveConfig(env, (k) => (k === `dondominio:${key}` ? get(k) : undefined));
    } catch (e) {
      failures.push([key, (e as Error).message]);
    }
  }
  return failures;
}

/** Configure: the values become the provider process's stack config (environment under them). */
export function configure(values: Data): void {
  setStackConfig(getterOf(values));
}
