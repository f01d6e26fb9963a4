/**
 * Redaction of secrets for every error, log line and inspect output. A member is secret when its
 * name is in the global list below or in the operation's `secrets` (sdk/catalogue/types.ts).
 * Names compare case-insensitively because the API itself mixes spellings (sslKey, keydata).
 */
export const GLOBAL_SECRETS: readonly string[] = ["apipasswd", "password", "key", "apikey", "authcode", "sslKey", "keyData", "csrKey", "pfxpass", "aeroPass"];

export const MASK = "***";

const GLOBAL_NAMES: ReadonlySet<string> = new Set(GLOBAL_SECRETS.map((s) => s.toLowerCase()));
/** Sets already built, by their extra names: every call of an operation asks for the same one. */
const nameSets = new Map<string, ReadonlySet<string>>();

function nameSet(extra: readonly string[] = []): ReadonlySet<string> {
  if (extra.length === 0) return GLOBAL_NAMES;
  const key = extra.join("\n");
  let set = nameSets.get(key);
  if (!set) {
    set = new Set([...GLOBAL_NAMES, ...extra.map((s) => s.toLowerCase())]);
    // Operations have fixed lists; the bound only guards against callers that build new ones.
    if (nameSets.size < 1000) nameSets.set(key, set);
  }
  return set;
}

/** True when a member called `name` holds a secret (globally or for the given extra names). */
export function isSecretName(name: string, extra: readonly string[] = []): boolean {
  return nameSet(extra).has(name.toLowerCase());
}

/** Any string holding a PEM private key is a secret whatever its member is called. */
const PRIVATE_PEM = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

export interface RedactOptions {
  /** Member names that are secret besides GLOBAL_SECRETS (an operation's `secrets`). */
  extra?: readonly string[];
  /** Replaces the name rule: is the member `name` holding `value` a secret? */
  isSecret?: (name: string, value: unknown) => boolean;
  /** What a secret becomes (default "***"). */
  mask?: string;
  /** Also mask every string that holds a PEM private key, wherever it is. */
  privateKeys?: boolean;
}

/**
 * Deep copy of `value` with every secret member's value replaced by "***" (or `mask`). `options` is
 * the extra secret names, or RedactOptions.
 */
export function redact<T>(value: T, options: readonly string[] | RedactOptions = []): T {
  const o: RedactOptions = Array.isArray(options) ? { extra: options } : (options as RedactOptions);
  const names = nameSet(o.extra);
  const mask = o.mask ?? MASK;
  const secret = o.isSecret ?? ((k: string, x: unknown) => names.has(k.toLowerCase()) && x !== undefined && x !== null && x !== "");
  const walk = (v: unknown, depth: number): unknown => {
    if (o.privateKeys && typeof v === "string" && PRIVATE_PEM.test(v)) return mask;
    if (depth > 32 || v === null || typeof v !== "object") return v;
    if (v instanceof Date) return new Date(v.getTime());
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out[k] = secret(k, x) ? mask : walk(x, depth + 1);
    }
    return out;
  };
  return walk(value, 0) as T;
}

/**
 * The secret values found in `params` (top level), so that free text coming back from the server
 * (messages that echo a parameter) can be scrubbed with `scrubText`.
 */
export function secretValues(params: Record<string, unknown>, extra: readonly string[] = []): string[] {
  const names = nameSet(extra);
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) {
    if (!names.has(k.toLowerCase()) || v === undefined || v === null) continue;
    out.push(String(v));
  }
  return out;
}

/**
 * Replaces every occurrence of the given secret values in `text` with "***". Values shorter than 3
 * characters are skipped: they would mask letters of ordinary words (and are never real secrets).
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) if (s.length >= 3) out = out.split(s).join(MASK);
  return out;
}
