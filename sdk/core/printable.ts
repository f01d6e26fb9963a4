/**
 * Text for one terminal or log line, made from data that may be hostile (a server's reply): every
 * character that could end the line, move the cursor, start an escape sequence or reorder what is
 * shown is written as a visible escape instead, and long text is cut. Used for the lines
 * `dondominio-ddns` prints, which cron wrappers parse ("HOST RESULT ADDRESS", one per host).
 */

/**
 * C0 controls (tab, LF and CR among them), DEL, C1 controls (U+0080-U+009F: 0x9B is a one-byte CSI),
 * the line and paragraph separators U+2028/U+2029, the bidirectional controls (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069, which reorder the rest of a line as displayed) and the
 * byte-order mark U+FEFF. ESC is among the C0 controls, so no escape sequence (CSI, OSC 8 links,
 * title setting) survives: its introducer is shown as `\x1b`.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Whether `text` holds a character `printable` would escape. */
export function hasUnsafeChars(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

/**
 * `text` with its unsafe characters escaped (`\x0a`, `\u202e`), cut to `max` characters of the
 * original (default 300) with a note of how many were left out.
 */
export function printable(text: string, max = 300): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const rest = text.length - cut.length;
  return `${cut.replace(UNSAFE, escapeChar)}${rest ? `... (${rest} more characters)` : ""}`;
}
