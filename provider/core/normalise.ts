/**
 * Normalisation of names and values, applied in check() to inputs and in read() to what the API
 * returns, so that diff compares like with like and no program shows a perpetual diff.
 */
import { toAscii, toUnicode } from "../../sdk";

/** A domain or host name in both forms: lower case, no trailing dot. Throws on an invalid name. */
export function domainForms(name: string): { unicode: string; ascii: string } {
  const ascii = toAscii(name.normalize("NFC"));
  const labels = ascii.split(".");
  const ok = ascii.length <= 253 && labels.length >= 2 && labels.every((l) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(l));
  if (!ok) throw new Error(`"${name}" is not a domain name such as example.com`);
  return { unicode: toUnicode(ascii), ascii };
}

/** Host name in punycode, lower case, no trailing dot (nameservers, targets). */
export function hostAscii(name: string): string {
  return toAscii(name.normalize("NFC"));
}

/** Tags: trimmed, empty ones dropped, duplicates removed, sorted (the API keeps one comma list). */
export function normaliseTags(tags: readonly string[] | string | undefined): string[] {
  const list = typeof tags === "string" ? tags.split(",") : (tags ?? []);
  return [...new Set(list.map((t) => t.trim()).filter(Boolean))].sort();
}

/**
 * A copy without `undefined` values, recursively: the engine refuses them in a dynamic provider's
 * outputs ("Unexpected struct type."), so absent means "key omitted".
 */
export function clean<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(clean) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clean(v);
    return out as T;
  }
  return value;
}

/** Structural equality of plain JSON data (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/** Contact/person text fields compare trimmed with inner whitespace collapsed. */
export function normaliseText(s: string): string {
  return s.trim().replace(/\s+/g, " ");
}
