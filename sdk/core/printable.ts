/**
 * Data from the API or a plan is hostile: text the package prints (error messages, console lines,
 * the review comment's code spans) holds it as ONE visible line. Every character that could end a
 * line, move the cursor, start a terminal escape sequence (ESC "[" CSI, ESC "]" OSC, the 8-bit
 * CSI/OSC of C1), reorder what is displayed (bidi controls) or hide (zero-width and other format
 * characters) is written as a visible escape instead: "\n", "\r", "\t", "\u001b", "\u202e".
 *
 * The set: Unicode general categories Cc (C0, DEL, C1 incl. NEL U+0085), Cf (format: bidi
 * embeddings, overrides and isolates, zero-width characters, BOM, tag characters), Zl (U+2028),
 * Zp (U+2029) and Cs (a lone surrogate, which no encoder can write faithfully).
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeChar(ch: string): string {
  const short = SHORT[ch];
  if (short) return short;
  const cp = ch.codePointAt(0) ?? 0;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
}

/** True when `text` holds a character that `printable` would escape. */
export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(text);
  UNSAFE.lastIndex = 0;
  return found;
}

/**
 * `text` as one visible line: unsafe characters escaped (see above), and at most `max` characters
 * (code points, so no surrogate pair is split), cut with "…".
 */
export function printable(text: string, max = Number.POSITIVE_INFINITY): string {
  const escaped = String(text).replace(UNSAFE, escapeChar);
  if (escaped.length <= max) return escaped;
  const points = Array.from(escaped);
  return points.length <= max ? escaped : `${points.slice(0, Math.max(0, max - 1)).join("")}…`;
}
