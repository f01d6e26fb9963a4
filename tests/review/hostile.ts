/**
 * Hostile strings for what the package writes for people to read (issue 19, "What to build" 2): the
 * shared table of tests/hardening/hostile-strings.ts, and the cases only a Markdown comment or a
 * terminal meets (lone CR before a forged row, NEL, OSC links, autolinks, mentions, GitHub alerts).
 */
import { HOSTILE_STRINGS as SHARED, type HostileString } from "../hardening/hostile-strings";

export const HOSTILE_STRINGS: readonly HostileString[] = [
  // The shared table (also read by the export and ddns suites), then what a Markdown comment adds.
  ...SHARED,
  // Line and paragraph ends: each one ends a table row, a comment line or a terminal line somewhere.
  { name: "lone carriage return", value: "a\rb" },
  { name: "next line U+0085 (NEL)", value: "a\u0085b" },
  { name: "vertical tab and form feed", value: "a\u000bb\u000cc" },
  { name: "forged table row after a lone CR", value: "x\r| - delete | `Forged` | `row` | |\r<img src=x onerror=alert(1)>" },
  { name: "forged table row after a line feed", value: "x\n| - delete | `Forged` | `row` | |" },
  { name: "forged provider line", value: "x\n[dondominio] $ TOTAL 0.00 EUR planned" },
  // Control characters and terminal escape sequences.
  { name: "ESC [ (CSI) colours and clear screen", value: "\u001b[31mred\u001b[0m\u001b[2J" },
  { name: "OSC 8 hyperlink", value: "\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007" },
  { name: "8-bit CSI U+009B", value: "\u009b2J" },
  { name: "backspace and delete", value: "ab\u0008\u0008cd\u007f" },
  // Display tricks.
  { name: "bidi isolates U+2066..U+2069", value: "\u2066if (admin)\u2069 \u2067x\u2069" },
  { name: "zero width space and joiner, BOM", value: "exa\u200bmple\u200d\ufeff" },
  { name: "lone surrogate", value: "a\ud800b" },
  { name: "tag characters", value: "a\u{E0041}\u{E0042}b" },
  // Markdown and HTML.
  { name: "a backtick", value: "a`b" },
  { name: "runs of backticks", value: "``` x ```` y `" },
  { name: "backticks at both ends", value: "`x`" },
  { name: "backslash before a pipe", value: "a\\|b\\\\|c" },
  { name: "pipes", value: "a | b || c |" },
  { name: "HTML b", value: "<b>bold</b>" },
  { name: "HTML script", value: "<script>alert(1)</script>" },
  { name: "HTML entity", value: "&lt;img src=x onerror=alert(1)&gt;" },
  { name: "Markdown link", value: "[link](javascript:x)" },
  { name: "Markdown image", value: "![x](https://evil.example/x.png)" },
  { name: "autolinks", value: "https://evil.example/x www.evil.example <https://evil.example>" },
  { name: "e-mail autolink", value: "admin@evil.example" },
  { name: "@mention", value: "@octocat @org/team" },
  { name: "#123 reference", value: "#123 GH-1 org/repo#5" },
  { name: "emphasis and heading marks", value: "**bold** _em_ ~~del~~ # h" },
  { name: "GitHub alert", value: "> [!CAUTION]\n> x" },
  // Size.
  { name: "very long run of backticks", value: "`".repeat(5_000) },
];

/**
 * Property names a program may take for the prototype's: an unknown step op or count key named so
 * must be shown as data, never looked up as a label (`{}["constructor"]` is a function).
 */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];
