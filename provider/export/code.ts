/**
 * The only ways account data enters what dondominio-export writes (issue 19 item 1). Data from the
 * API is hostile: a line terminator in a `//` comment ends it and the rest runs as code in every
 * `pulumi preview`/`up`; a bidi control reorders how a reviewer reads the line. So:
 * - generated code is built from `Code` values only, made by `ts` (each `${}` becomes a literal,
 *   never raw text), `ident` (a checked identifier) and `note` (a `//` comment line whose `${}` parts
 *   are flattened by `inline`);
 * - `literal` is JSON plus `\u` escapes for every character that ends a line, controls or reorders
 *   text, or cannot be seen (JSON leaves U+2028/U+2029, C1 controls and bidi controls raw);
 * - `inline` makes one inert line of any text, for comments, Markdown code spans/blocks and the
 *   terminal: the same characters as `\u` escapes, `*\/` broken, and long text cut.
 */

/** Characters that end a line, control or reorder text, or are invisible: never written raw. */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|[^\S ]/gu;

const UNSAFE_ONE = new RegExp(UNSAFE.source, "u");

const escapeChar = (c: string) => {
  const cp = c.codePointAt(0) ?? 0;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, "0")}`;
};

/** Longest piece of data `inline` keeps (a comment or a summary line stays readable). */
export const INLINE_MAX = 200;

/** A piece of generated code. Only this module's functions make one. */
export class Code {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  get text(): string {
    return this.#text;
  }
  /** @internal */
  static make(text: string): Code {
    return new Code(text);
  }
}

/** A TypeScript literal of a string, number, boolean or null: JSON with the unsafe characters escaped. */
export function literal(v: string | number | boolean | null): string {
  return JSON.stringify(v).replace(UNSAFE, escapeChar);
}

/** A TypeScript literal of plain data (arrays, objects, scalars); Code inside is written as is. */
export function value(v: unknown): Code {
  if (v instanceof Code) return v;
  if (Array.isArray(v)) return Code.make(`[${v.map((x) => value(x).text).join(", ")}]`);
  if (v !== null && typeof v === "object")
    return Code.make(
      `{ ${Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k)}: ${value(x).text}`)
        .join(", ")} }`,
    );
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v === null) return Code.make(literal(v));
  throw new Error(`no literal for a ${typeof v}`);
}

/** An identifier (a resource class name): refused unless it is one. */
export function ident(name: string): Code {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return Code.make(name);
}

/** Code from a template: the template's text as is, every `${}` a literal (value()). */
export function ts(strings: TemplateStringsArray, ...values: unknown[]): Code {
  return Code.make(strings.reduce((out, s, i) => out + s + (i < values.length ? value(values[i]).text : ""), ""));
}

/**
 * One inert line of any text: line terminators, controls, bidi and invisible characters as `\u`
 * escapes, `*\/` broken, at most `max` characters (then "…").
 */
export function inline(text: string, max = INLINE_MAX): string {
  const chars = [...String(text)];
  const cut = chars.length > max ? `${chars.slice(0, max).join("")}…` : String(text);
  return cut.replace(UNSAFE, escapeChar).replace(/\*\//g, "*\\/");
}

/** A `//` comment line at `indent`: the template as is, every `${}` flattened by inline(). */
export function note(strings: readonly string[], ...values: unknown[]): Code {
  const text = strings.reduce((out, s, i) => out + s + (i < values.length ? inline(String(values[i])) : ""), "");
  const indent = /^ */.exec(text)?.[0] ?? "";
  return Code.make(`${indent}// ${inline(text.slice(indent.length), Number.POSITIVE_INFINITY)}`);
}

/** A line of code with no data in it (a constant), checked: nothing that could end a comment or string early. */
export function fixed(text: string): Code {
  if (UNSAFE_ONE.test(text)) throw new Error("fixed code holds a control character");
  return Code.make(text);
}

/** Pieces of code side by side (a statement and its comment). */
export const concat = (...code: Code[]) => Code.make(code.map((c) => c.text).join(""));

/** The lines of a file. */
export const lines = (code: readonly Code[]) => code.map((c) => c.text).join("\n");
