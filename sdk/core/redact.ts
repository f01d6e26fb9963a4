/**
 * Redaction of secrets for every error, log line and inspect output. Which members are secret is
 * decided by the one rule of secrets.ts (names by pattern, PEM private keys by content), plus the
 * operation's own `secrets` (sdk/catalogue/types.ts).
 */
import { holdsSecretValue, isSecretMember, PRIVATE_KEY_BLOCKS } from "./secrets";

export { isSecretName } from "./secrets";

export const MASK = "***";

export interface RedactOptions {
  /** Member names that are secret besides the rule's (an operation's `secrets`). */
  extra?: readonly string[];
  /** Replaces the name rule: is the member `name` holding `value` a secret? */
  isSecret?: (name: string, value: unknown) => boolean;
  /** What a secret becomes (default "***"). */
  mask?: string;
  /** false: leave strings that hold a PEM private key or a URL with a password under a non-secret name (default: masked). */
  privateKeys?: boolean;
}

/**
 * Deep copy of `value` with every secret member's value replaced by "***" (or `mask`). `options` is
 * the extra secret names, or RedactOptions.
 */
export function redact<T>(value: T, options: readonly string[] | RedactOptions = []): T {
  const o: RedactOptions = Array.isArray(options) ? { extra: options } : (options as RedactOptions);
  const extra = o.extra ?? [];
  const mask = o.mask ?? MASK;
  const secret = o.isSecret ?? ((k: string, x: unknown) => isSecretMember(k, x, extra));
  const walk = (v: unknown, depth: number): unknown => {
    if (o.privateKeys !== false && holdsSecretValue(v)) return mask;
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
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) if (isSecretMember(k, v, extra)) out.push(String(v));
  return out;
}

/**
 * The forms a secret travels in, each of which a server may echo: as it is, percent-encoded
 * (a URL's query, encodeURIComponent), form-encoded (a POST body: a space as "+"), and that
 * form percent-decoded (a server that decodes `%XX` but not "+": the spaces as "+").
 */
function echoForms(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), secret.replaceAll(" ", "+")])];
}

/**
 * Replaces every occurrence of the given secret values in `text` (in any form they were sent in:
 * echoForms), and every PEM private key block (to its END line, or to the end of the text), with
 * "***". Values shorter than 3 characters are skipped: they would mask letters of ordinary words
 * (and are never real secrets).
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text.replace(PRIVATE_KEY_BLOCKS, MASK);
  const forms = secrets.filter((s) => s.length >= 3).flatMap(echoForms);
  for (const s of forms.sort((a, b) => b.length - a.length)) out = out.split(s).join(MASK);
  return out;
}
