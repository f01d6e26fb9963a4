/**
 * Hostile strings for the suites that check what the package writes for people or programs to read
 * (issue 19 "What to build" 2): each a name and a value, put into every field a user can set. The
 * payloads that would run as code call `globalThis.__pwned(<name>)`, so a test that loads the output
 * with that function defined sees any that ran. Generic: no field, no test framework here.
 */
export interface HostileString {
  name: string;
  value: string;
}

/** What an injected payload calls: a test defines it on globalThis and fails when it was called. */
export const SENTINEL = "__pwned";
const call = (tag: string) => `globalThis.${SENTINEL}(${JSON.stringify(tag)})`;

export const HOSTILE_STRINGS: readonly HostileString[] = [
  { name: "line feed", value: `x\n${call("lf")};//` },
  { name: "carriage return alone", value: `x\r${call("cr")};//` },
  { name: "CRLF", value: `x\r\n${call("crlf")};//` },
  { name: "U+2028 line separator", value: `x\u2028${call("ls")};//` },
  { name: "U+2029 paragraph separator", value: `x\u2029${call("ps")};//` },
  { name: "NUL", value: "x\u0000y" },
  { name: "bidi override U+202E", value: "admin\u202e//txt.exe" },
  { name: "bidi isolate U+2066", value: `x\u2066${call("lri")}\u2069` },
  { name: "backticks", value: `\`+${call("bt")}+\`` },
  { name: "template substitution", value: `\${${call("tpl")}}` },
  { name: "block comment close", value: `*/ ${call("cc")}; /*` },
  { name: "block comment open", value: "/* x" },
  { name: "HTML comment close", value: `--> ${call("html")}` },
  { name: "HTML", value: `<img src=x onerror=${call("img")}>` },
  { name: "mention", value: "@everyone @dondominio/admins" },
  { name: "quotes and backslashes", value: `"'\\"); ${call("quote")}; ("` },
  { name: "Markdown fence", value: "\n```\n<b>forged</b>\n```" },
  { name: "terminal escape", value: "\u001b[2J\u001b]0;title\u0007x" },
  { name: "very long", value: `${"A".repeat(10_000)}\n${call("long")}` },
];

/** Every hostile string's value, with its name, as `[name, value]` pairs (for table-driven tests). */
export const hostilePairs = (): [string, string][] => HOSTILE_STRINGS.map((h) => [h.name, h.value]);

/** True when `text` holds a character that ends a line, controls or reorders text (what no output line may hold raw). */
export const hasUnsafeChar = (text: string) => /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
