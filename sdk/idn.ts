/**
 * IDN helpers for domain names (the API returns `name` in Unicode and `punycode` in IDNA form:
 * spec "Domain"). Both lower-case and drop a trailing dot, so results compare as strings.
 */
import { toASCII, toUnicode as punyToUnicode } from "punycode/";

function clean(name: string): string {
  return name.trim().replace(/\.$/, "").toLowerCase();
}

/** "españa.com" -> "xn--espaa-rta.com"; ASCII names are returned lower-cased. */
export function toAscii(name: string): string {
  return toASCII(clean(name));
}

/** "xn--espaa-rta.com" -> "españa.com"; Unicode names are returned lower-cased. */
export function toUnicode(name: string): string {
  return punyToUnicode(clean(name));
}

/** True when the name has at least one IDNA (xn--) or non-ASCII label. */
export function isIdn(name: string): boolean {
  const n = clean(name);
  return /[^\x00-\x7f]/.test(n) || n.split(".").some((l) => l.startsWith("xn--"));
}

/** Same domain whichever form each side uses. */
export function sameDomain(a: string, b: string): boolean {
  return toAscii(a) === toAscii(b);
}
