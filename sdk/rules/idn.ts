/**
 * Host names between Unicode and ASCII (IDNA), on node:url's `domainToASCII` / `domainToUnicode`
 * (UTS #46, non-transitional: "ß" stays ß, xn--zca), and the IDNA2008 checks (RFC 5890-5893) the
 * provider applies on top. Every layer converts names only through this file.
 *
 * The platform functions parse a URL host, so they are called on one label at a time and only for
 * labels that need them: an ASCII label is only lower-cased (ToASCII leaves it as is), which keeps
 * URL-only behaviours out (a host of digits read as an IPv4 number, "/" or "?" ending the host,
 * tabs dropped). A label the platform refuses (it answers "") throws an IdnaError saying why.
 */
import { domainToASCII, domainToUnicode } from "node:url";

/** Label separators of IDNA (UTS #46 section 4: full stop, ideographic and full-width full stops). */
const SEPARATORS = /[.\u3002\uFF0E\uFF61]/;
const NON_ASCII = /[^\x00-\x7f]/;
/** ASCII characters a label may hold around its non-ASCII ones ("_" of service labels, "*" wildcards). */
const ASCII_IN_LABEL = /^[a-z0-9_*-]*$/;

/** A name that cannot be written in the other IDNA form; the message names the label and the rule. */
export class IdnaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IdnaError";
  }
}

/** The compared spelling of any host name: trimmed, one trailing dot dropped, lower case. */
export function cleanHost(name: string): string {
  return name.trim().replace(/\.$/, "").toLowerCase();
}

function labelToAscii(label: string): string {
  if (!NON_ASCII.test(label)) return label;
  const ascii = ASCII_IN_LABEL.test(label.replace(/[^\x00-\x7f]/gu, "")) ? domainToASCII(label) : "";
  if (ascii === "" || !ASCII_IN_LABEL.test(ascii)) {
    throw new IdnaError(
      unicodeLabelProblem(label.normalize("NFC")) ??
        `label "${label}" cannot be written in ASCII: it holds characters that IDNA (UTS #46) does not allow in host names`,
    );
  }
  return ascii;
}

function labelToUnicode(label: string): string {
  if (!label.startsWith("xn--")) return label;
  const u = domainToUnicode(label);
  // The platform answers an undecodable or invalid xn-- label unchanged (or "").
  if (u === "" || u === label) throw new IdnaError(`label "${label}" is not valid punycode (RFC 3492)`);
  return u;
}

/** "España.com." -> "xn--espaa-rta.com": lower case, no trailing dot, IDN labels in punycode. Throws IdnaError. */
export function toAscii(name: string): string {
  const clean = cleanHost(name);
  if (!NON_ASCII.test(clean)) return clean;
  return clean.split(SEPARATORS).map(labelToAscii).join(".");
}

/** "xn--espaa-rta.com" -> "españa.com": lower case, no trailing dot, xn-- labels decoded. Throws IdnaError. */
export function toUnicode(name: string): string {
  return cleanHost(name).split(SEPARATORS).map(labelToUnicode).join(".");
}

/** toAscii, or undefined when the name cannot be converted. */
export function tryAscii(name: string): string | undefined {
  try {
    return toAscii(name);
  } catch {
    return undefined;
  }
}

/** toAscii, or the cleaned name as given (for names read back or compared, never refused here). */
export function asciiOrSelf(name: string): string {
  return tryAscii(name) ?? cleanHost(name);
}

/** toUnicode, or the cleaned name as given. */
export function unicodeOrSelf(name: string): string {
  try {
    return toUnicode(name);
  } catch {
    return cleanHost(name);
  }
}

/** True when the name has at least one IDNA (xn--) or non-ASCII label. */
export function isIdn(name: string): boolean {
  const n = cleanHost(name);
  return NON_ASCII.test(n) || n.split(".").some((l) => l.startsWith("xn--"));
}

/** Same domain whichever form each side uses. */
export function sameDomain(a: string, b: string): boolean {
  return asciiOrSelf(a) === asciiOrSelf(b);
}

// ---------- IDNA2008 (what registries accept, stricter than UTS #46) ----------

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
 * What IDNA2008 refuses in one Unicode label, or undefined: it must be NFC, not start with a
 * combining mark, not start or end with "-", and hold PVALID code points only. `ascii` is the
 * label's xn-- form, shown beside it when known.
 */
export function unicodeLabelProblem(u: string, ascii?: string): string | undefined {
  const shown = ascii ? `label "${u}" (${ascii})` : `label "${u}"`;
  if (u !== u.normalize("NFC")) return `${shown} is not in Unicode NFC form, which IDNA2008 requires`;
  if (MARK.test(u)) return `${shown} starts with a combining mark, which IDNA2008 forbids (RFC 5891 4.2.3.2)`;
  if (u.startsWith("-") || u.endsWith("-")) return `${shown} starts or ends with "-"`;
  // RFC 5892 Appendix A.3 (CONTEXTO): the middle dot only between two "l" (Catalan l·l).
  if (u.replace(/l\u00b7(?=l)/g, "").includes("\u00b7"))
    return `${shown} holds a middle dot (U+00B7) that is not between two "l" (RFC 5892 A.3: it stands only in l·l)`;
  for (const c of u) {
    if (c === "\u00b7") continue;
    if (!PVALID.test(c) || c.toLowerCase() !== c || c.normalize("NFKC") !== c) {
      return `${shown} holds ${/\p{C}/u.test(c) ? "" : `"${c}" `}(${codePoint(c)}), which IDNA2008 does not allow in names (RFC 5892: only letters, digits, combining marks and "-")`;
    }
  }
  return undefined;
}

/**
 * What IDNA2008 refuses in one ASCII label, or undefined: an `xn--` label must be valid punycode
 * (RFC 3492) of a non-ASCII label that encodes back the same way, and that label must pass
 * unicodeLabelProblem. `reserved` also refuses ASCII labels with "--" in the third and fourth
 * positions (RFC 5890 R-LDH labels, kept for IDNA: registries refuse them in registrable names).
 */
export function idnaLabelProblem(label: string, opts: { reserved?: boolean } = {}): string | undefined {
  if (!label.startsWith("xn--")) {
    if (opts.reserved && /^..--/.test(label)) return `label "${label}" has "--" in the third and fourth positions, which IDNA reserves for xn-- labels`;
    return undefined;
  }
  const u = domainToUnicode(label);
  if (u === "" || u === label || !NON_ASCII.test(u) || domainToASCII(u) !== label) {
    return `label "${label}" is not valid punycode (RFC 3492): an xn-- label must encode an internationalised label and encode back to itself`;
  }
  return unicodeLabelProblem(u, label);
}

/** The first IDNA2008 problem of a name in ASCII form (labels "*" and "" are left to the caller). */
export function idnaProblem(ascii: string, opts: { reserved?: boolean } = {}): string | undefined {
  for (const l of ascii.split(".")) {
    const p = idnaLabelProblem(l, opts);
    if (p) return p;
  }
  return undefined;
}
