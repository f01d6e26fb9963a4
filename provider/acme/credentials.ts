/**
 * The API credentials of `dondominio-acme`: the provider's environment variables
 * (provider/core/config.ts: DONDOMINIO_API_USER, DONDOMINIO_API_PASSWD, DONDOMINIO_BASE_URL,
 * DONDOMINIO_CA_CERT_FILE), or a file named by DONDOMINIO_CREDENTIALS_FILE holding the same
 * `NAME=value` lines, readable by its owner only (ssh's rule for private keys). Never arguments:
 * every user of the machine reads a command line (ps, /proc) and shells keep it in their history.
 * A variable set in the environment wins over the file.
 */
import { readFileSync, statSync } from "node:fs";
import { type ProviderConfig, resolveConfig } from "../core/config";

const FILE_KEYS = ["DONDOMINIO_API_USER", "DONDOMINIO_API_PASSWD", "DONDOMINIO_BASE_URL", "DONDOMINIO_CA_CERT_FILE"] as const;
/** The provider's pacing and timeout settings, taken from the environment as the provider takes them (provider/core/config.ts). */
const ENV_KEYS = ["DONDOMINIO_MAX_OPS_PER_MINUTE", "DONDOMINIO_TIMEOUT_MS"] as const;

/** The variables of the credentials file; refuses a file others may read, or lines it does not know. */
export function readCredentialsFile(file: string, uid = process.getuid?.()): Record<string, string> {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(file);
  } catch (e) {
    throw new Error(`DONDOMINIO_CREDENTIALS_FILE: cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!st.isFile()) throw new Error(`DONDOMINIO_CREDENTIALS_FILE: '${file}' is not a file`);
  // Windows has no such mode bits; its ACLs are not checked here.
  if (process.platform !== "win32") {
    const mode = st.mode & 0o777;
    if (mode & 0o077) {
      throw new Error(
        `DONDOMINIO_CREDENTIALS_FILE: permissions 0${mode.toString(8)} for '${file}' are too open: it holds the API password and must be readable by its owner only (chmod 600 '${file}')`,
      );
    }
    if (uid !== undefined && st.uid !== uid)
      throw new Error(`DONDOMINIO_CREDENTIALS_FILE: '${file}' belongs to another user (uid ${st.uid}); use a file of your own`);
  }
  const out: Record<string, string> = {};
  readFileSync(file, "utf8")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === "" || line.startsWith("#")) return;
      const m = /^(?:export\s+)?([A-Z_]+)\s*=\s*(.*)$/.exec(line);
      if (!m || !(FILE_KEYS as readonly string[]).includes(m[1])) {
        // The line may hold the password: it is named by number only.
        throw new Error(`DONDOMINIO_CREDENTIALS_FILE: line ${i + 1} of '${file}' is not NAME=value with NAME one of ${FILE_KEYS.join(", ")}`);
      }
      const v = m[2].trim();
      out[m[1]] = /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
    });
  return out;
}

/** The configuration from the environment and the credentials file it names. */
export function acmeConfig(env: NodeJS.ProcessEnv): ProviderConfig {
  const file = env.DONDOMINIO_CREDENTIALS_FILE;
  const fromFile = file ? readCredentialsFile(file) : {};
  const merged: NodeJS.ProcessEnv = { ...fromFile };
  for (const k of [...FILE_KEYS, ...ENV_KEYS]) if (env[k]) merged[k] = env[k];
  try {
    return resolveConfig(merged, () => undefined);
  } catch (e) {
    // resolveConfig speaks of `pulumi config`; a hook is configured by its environment.
    const missing = /dondominio:(apiUser|apiPasswd)/.exec((e as Error).message)?.[1];
    if (missing) {
      const v = missing === "apiUser" ? "DONDOMINIO_API_USER" : "DONDOMINIO_API_PASSWD";
      throw new Error(`${v} is not set: set it in the environment or in the file named by DONDOMINIO_CREDENTIALS_FILE (chmod 600), never as an argument`);
    }
    throw e;
  }
}
