/**
 * Normalisation of names and values, applied in check() to inputs and in read() to what the API
 * returns, so that diff compares like with like and no program shows a perpetual diff.
 */
import { isIP } from "node:net";
import { decode as punyDecode, toASCII as punyToAscii } from "punycode/";
import { toAscii, toUnicode } from "../../sdk";

const LDH_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * RFC 5892 in short: a code point of an internationalised label is PVALID when it is a lower-case
 * letter, another letter, a digit or a combining mark (categories Ll, Lo, Lm, Nd, Mn, Mc) that
 * lower-casing and NFKC leave as it is; "-" is allowed too. Symbols, emoji, punctuation, spaces and
 * format characters (ZWJ/ZWNJ, which need context rules) are DISALLOWED here.
 */
const PVALID = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{Mn}\p{Mc}-]$/u;
const MARK = /^[\p{Mn}\p{Mc}]/u;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * What IDNA2008 (RFC 5890-5893) refuses in one ASCII label, or undefined: an `xn--` label must be
 * valid punycode (RFC 3492) of a non-ASCII label that encodes back the same way, and that label
 * must consist of PVALID code points, not start with a combining mark, be NFC, and not start or end
 * with "-". `reserved` also refuses ASCII labels with "--" in the third and fourth positions (RFC
 * 5890 R-LDH labels, kept for IDNA: registries refuse them in registrable names).
 */
export function idnaLabelProblem(label: string, opts: { reserved?: boolean } = {}): string | undefined {
  if (!label.startsWith("xn--")) {
    if (opts.reserved && /^..--/.test(label)) return `label "${label}" has "--" in the third and fourth positions, which IDNA reserves for xn-- labels`;
    return undefined;
  }
  let u: string;
  try {
    u = punyDecode(label.slice(4));
  } catch {
    return `label "${label}" is not valid punycode (RFC 3492): an xn-- label must encode an internationalised label`;
  }
  let back: string | undefined;
  try {
    back = punyToAscii(u);
  } catch {
    back = undefined;
  }
  if (u === "" || !/[^\x00-\x7f]/.test(u) || back !== label) {
    return `label "${label}" is not valid punycode (RFC 3492): an xn-- label must encode an internationalised label and encode back to itself`;
  }
  if (u !== u.normalize("NFC")) return `label "${u}" (${label}) is not in Unicode NFC form, which IDNA2008 requires`;
  if (MARK.test(u)) return `label "${u}" (${label}) starts with a combining mark, which IDNA2008 forbids (RFC 5891 4.2.3.2)`;
  if (u.startsWith("-") || u.endsWith("-")) return `label "${u}" (${label}) starts or ends with "-"`;
  for (const c of u) {
    if (!PVALID.test(c) || c.toLowerCase() !== c || c.normalize("NFKC") !== c) {
      return `label "${u}" (${label}) holds ${/\p{C}/u.test(c) ? "" : `"${c}" `}(${codePoint(c)}), which IDNA2008 does not allow in names (RFC 5892: only letters, digits, combining marks and "-")`;
    }
  }
  return undefined;
}

/** The first IDNA2008 problem of a name in ASCII form (labels "*" and "" are left to the caller). */
export function idnaProblem(ascii: string, opts: { reserved?: boolean } = {}): string | undefined {
  for (const l of ascii.split(".")) {
    const p = idnaLabelProblem(l, opts);
    if (p) return p;
  }
  return undefined;
}

/** Why a name (Unicode or ASCII) is not a valid host name, or undefined; `minLabels` labels at least. */
export function hostNameProblem(name: string, opts: { minLabels?: number; reserved?: boolean } = {}): string | undefined {
  const raw = name.trim().normalize("NFC");
  if (raw === "") return "the name is empty";
  if (/\.\.|^\.|\.$/.test(raw)) return "an empty label (two dots in a row, or a dot at the start or the end)";
  if (/\s/.test(raw)) return "whitespace inside the name";
  let ascii: string;
  try {
    ascii = toAscii(raw);
  } catch {
    return "the name cannot be converted to punycode";
  }
  const labels = ascii.split(".");
  if (labels.length < (opts.minLabels ?? 1)) return `${labels.length} label; at least ${opts.minLabels} are needed (e.g. example.com)`;
  if (ascii.length > 253) return `${ascii.length} characters in punycode; a name holds at most 253`;
  for (const l of labels) {
    if (l.length > 63) return `label "${l.slice(0, 20)}..." is ${l.length} characters; a label holds at most 63`;
    if (!LDH_LABEL.test(l)) return `label "${l}" must be letters, digits and inner hyphens (LDH)`;
  }
  return idnaProblem(ascii, opts);
}

/** A domain or host name in both forms: lower case, no trailing dot. Throws on an invalid name. */
export function domainForms(name: string): { unicode: string; ascii: string } {
  const problem = hostNameProblem(String(name).trim().replace(/\.$/, ""), { minLabels: 2, reserved: true });
  if (problem) throw new Error(`"${name}" is not a domain name such as example.com: ${problem}`);
  const ascii = toAscii(name.normalize("NFC"));
  return { unicode: toUnicode(ascii), ascii };
}

/** Host name in punycode, lower case, no trailing dot (nameservers, targets). */
export function hostAscii(name: string): string {
  return toAscii(name.normalize("NFC"));
}

/** True for an IPv4 or IPv6 address literal (a value that must be a host name is not one). */
export function isIpLiteral(v: string): boolean {
  return isIP(v.trim().replace(/^\[|\]$/g, "").replace(/\.$/, "")) !== 0;
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
