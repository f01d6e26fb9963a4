/**
 * The provider's configuration through the plugin protocol, from the one table of settings
 * (provider/core/config.ts CONFIG_KEYS): CheckConfig refuses an unknown key or a bad value (the given
 * one, else its DONDOMINIO_* environment variable) with the rule's own message, and Configure hands
 * the values to the same module state the dynamic provider's configure() fills. Missing credentials
 * are not refused here: check and diff need none, and the first API call names the missing key (as
 * with the dynamic resources).
 *
 * A failure names its key in the reason only, never as the CheckFailure's property: the engine
 * prints a failure's property with its value in plaintext, secret or not (Pulumi 3.250:
 * "property apiPassword value <the password> has a problem"), so a secret set under a misspelt key
 * would be shown (issue 27 item 1).
 */
import { CONFIG_KEYS, CONFIG_NAMES, type ConfigName, checkConfigValue, setStackConfig } from "../provider/core/config";

type Data = Record<string, unknown>;

/** Provider inputs the engine itself adds (older engines at the top level; newer under `__internal`). */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL", "pluginChecksums"]);

const isKey = (key: string): key is ConfigName => Object.hasOwn(CONFIG_KEYS, key);

/** The config values as strings, keyed `dondominio:<key>` (the form setStackConfig reads). */
function getterOf(values: Data): (key: string) => string | undefined {
  return (key) => {
    const v = values[key.replace(/^dondominio:/, "")];
    return v === undefined || v === null ? undefined : String(v);
  };
}

/** CheckConfig: [key, reason] of each unknown key or bad value, each reason starting `dondominio:<key>`. */
export function checkConfig(values: Data, env: NodeJS.ProcessEnv = process.env): [string, string][] {
  const failures: [string, string][] = [];
  for (const key of Object.keys(values)) {
    if (ENGINE_KEYS.has(key) || key.startsWith("__") || isKey(key)) continue;
    failures.push([key, `dondominio:${key} is not a setting of this provider (known: ${CONFIG_NAMES.join(", ")})`]);
  }
  const get = getterOf(values);
  for (const key of CONFIG_NAMES) {
    const raw = get(key) || env[CONFIG_KEYS[key].env];
    if (!raw) continue;
    try {
      checkConfigValue(key, raw);
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

/** The keys to return secret from CheckConfig: the table's secret settings. */
export const SECRET_CONFIG: readonly string[] = CONFIG_NAMES.filter((k) => (CONFIG_KEYS[k] as { secret?: true }).secret);
