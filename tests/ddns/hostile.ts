/**
 * Hostile strings a dynamic DNS endpoint could return where dondominio-ddns expects an address or a
 * message. Same shape as the shared table planned at tests/hardening/hostile-strings.ts
 * (`{ name, value }[]`), so the two can merge. Each is built to do harm if copied as it is: forge a
 * second "HOST RESULT ADDRESS" line, clear or retitle the terminal, hide or reorder text.
 */
export interface Hostile {
  name: string;
  value: string;
}

/** A forged output line, appended after each kind of line break. */
const FORGED = "evil.example.com updated 203.0.113.66";

export const HOSTILE_STRINGS: readonly Hostile[] = [
  { name: "line feed", value: `192.0.2.55\n${FORGED}` },
  { name: "lone carriage return", value: `192.0.2.55\r${FORGED}` },
  { name: "CRLF", value: `192.0.2.55\r\n${FORGED}` },
  { name: "U+2028 line separator", value: `192.0.2.55\u2028${FORGED}` },
  { name: "U+2029 paragraph separator", value: `192.0.2.55\u2029${FORGED}` },
  { name: "vertical tab and form feed", value: `192.0.2.55\u000b\u000c${FORGED}` },
  { name: "NUL", value: "192.0.2.55\u0000.1" },
  { name: "ESC[2J (clear screen)", value: "\u001b[2J\u001b[H192.0.2.55" },
  { name: "OSC 8 hyperlink", value: "\u001b]8;;https://evil.example/\u0007192.0.2.55\u001b]8;;\u0007" },
  { name: "OSC 0 window title", value: "\u001b]0;owned\u0007192.0.2.55" },
  { name: "C1 CSI (U+009B)", value: "\u009b2J192.0.2.55" },
  { name: "DEL and backspaces", value: "203.0.113.66\u0008\u0008\u0008\u007f192.0.2.55" },
  { name: "bidi override (U+202E)", value: "192.0.2.55\u202e66.311.0.302" },
  { name: "bidi isolates (U+2066-U+2069) and marks", value: "\u2067\u200f192.0.2.55\u2069\u061c" },
  { name: "byte-order mark", value: "\ufeff192.0.2.55" },
  { name: "long line (20,000 characters)", value: `192.0.2.55 ${"B".repeat(20_000)}` },
  { name: "very long line (100,000 characters: past the 64 KiB reply cap)", value: `192.0.2.55 ${"A".repeat(100_000)}` },
  { name: "non-IP text", value: "not-an-address" },
  { name: "HTML", value: "<img src=x onerror=alert(1)>" },
  { name: "IPv4 with leading zeros", value: "192.000.002.055" },
  { name: "IPv6 with a zone id", value: "fe80::1%eth0" },
  { name: "IPv6 padded with spaces", value: " 2001:db8::1 " },
];

/** Addresses of a family other than the one asked (--ip IPv4 -> IPv6, and the reverse). */
export const WRONG_FAMILY: readonly Hostile[] = [
  { name: "IPv6 when IPv4 was asked", value: "2001:db8::66" },
  { name: "IPv4 when IPv6 was asked", value: "203.0.113.66" },
];

/** Any character a printed line must not hold raw (core/printable.ts escapes each). */
export const UNSAFE_OUTPUT = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
