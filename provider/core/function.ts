/**
 * What a read function is, in one value (issue 31): its name, its argument fields (zod, built from
 * sdk/rules and the catalogue's fields), its result shape, the secret members of the result, the
 * doc of every field, the calls it makes and its implementation on the sdk client. Each function
 * folder's descriptor.ts exports one; provider/function-registry.ts lists them, and everything that
 * serves functions (the TypeScript exports, the plugin's Invoke, schema.json and the SDKs, the
 * README's sections, the tests' table) reads them from there, never from a second copy.
 *
 * `callFunction` is the one way a function runs, on either door: the arguments are checked first
 * (a bad one is refused naming the field and the rule, before any call), then the implementation
 * reads through the Api (one limiter, deadlines, paging), and the result is checked against its
 * shape (numbers as numbers, no stray members) before it is handed back. No @pulumi/pulumi here:
 * the plugin and the docs load the descriptors without it.
 */
import { z } from "zod";
import type { Api } from "./client";
import { type TypeSpec, isRequired, typeOf } from "./descriptor";
import { isGone } from "./errors";
import type { Accepted } from "./fields";
import { clean } from "./plain-data";

type Shape = Record<string, z.ZodType>;
type OptionalIn = { _zod: { optin: "optional" | "defaulted" } };
type OptionalOut = { _zod: { optout: "optional" } };

/** The arguments a program passes, as plain values (the Promise form): each field's accepted type, optional where the field is. */
export type PlainArgsOf<F> = { [K in keyof F as F[K] extends OptionalIn ? never : K]: Accepted<F[K]> } & {
  [K in keyof F as F[K] extends OptionalIn ? K : never]?: Accepted<F[K]>;
};
/** The result a program gets: each member's output type, optional where the shape says so (its JSDoc kept). */
export type ResultOfShape<R> = { [K in keyof R as R[K] extends OptionalOut ? never : K]: R[K] extends z.ZodType ? z.output<R[K]> : never } & {
  [K in keyof R as R[K] extends OptionalOut ? K : never]?: R[K] extends z.ZodType ? z.output<R[K]> : never;
};

export interface FunctionDescriptor<F extends Shape = Shape, R extends Shape = Shape> {
  /** The TypeScript export (`<name>` and `<name>Output`) and the schema token `dondominio:index:<name>`: never changes. */
  readonly name: string;
  /** The function's folder, provider/functions/<folder>/. */
  readonly folder: string;
  /** What it reads (Markdown, one paragraph): the README, schema.json and the SDKs' doc comments. */
  readonly description: string;
  /** The argument fields, each with its JSDoc in schema.ts; the rules are sdk/rules' and the catalogue's fields'. */
  readonly args: F;
  /** Rules across fields, after each field's own (an issue's path names the field). */
  refine?(args: z.output<z.ZodObject<F>>, ctx: z.RefinementCtx): void;
  /** The result's members, each with its JSDoc in schema.ts. */
  readonly result: R;
  /** The doc of every argument and result member by name; a nested member by its path (`domains.name`): field-docs.ts. */
  readonly docs: { readonly args: Readonly<Record<string, string>>; readonly result: Readonly<Record<string, string>> };
  /** Result members that are secrets: a secret output in every SDK, the whole Output a secret in TypeScript. */
  readonly secrets?: readonly (keyof R & string)[];
  /** The API calls it makes (Markdown, one line): the README says it, the tests count it. */
  readonly calls: string;
  /**
   * The README's examples: the body of a TypeScript program's `export = async () => { ... }` (ending
   * in its `return`), and a Pulumi YAML `fn::invoke` as data (the variable, the arguments, the
   * member `return` picks), which scripts/function-docs.ts writes out and the tests check against
   * the function's own rules.
   */
  readonly example: {
    readonly typescript: string;
    readonly yaml: { readonly variable: string; readonly arguments: Readonly<Record<string, string | number | boolean>>; readonly return?: string };
  };
  /** Reads through the Api; a missing object fails (`missing`), never an empty result. */
  run(api: Api, args: z.output<z.ZodObject<F>>): Promise<z.input<z.ZodObject<R>>>;
}

/** A descriptor with its argument and result types inferred (each descriptor.ts declares through it). */
export const defineFunction = <F extends Shape, R extends Shape>(d: FunctionDescriptor<F, R>): FunctionDescriptor<F, R> => d;

/** Arguments refused before any call: names the function, each field and its rule. */
export class FunctionArgumentError extends Error {
  readonly kind = "validation";
  constructor(
    readonly fn: string,
    readonly failures: readonly { property: string; reason: string }[],
  ) {
    super(`${fn}: ${failures.map((f) => (f.property ? `${f.property}: ${f.reason}` : f.reason)).join("; ")}`);
    this.name = "FunctionArgumentError";
  }
}

const schemas = new WeakMap<FunctionDescriptor<any, any>, { args: z.ZodType; result: z.ZodType }>();

function schemasOf(d: FunctionDescriptor<any, any>): { args: z.ZodType; result: z.ZodType } {
  let s = schemas.get(d);
  if (!s) {
    const args = z.strictObject(d.args, {
      error: (i) => (i.code === "unrecognized_keys" ? `unknown argument (${d.name} takes ${Object.keys(d.args).join(", ") || "none"})` : undefined),
    });
    s = { args: d.refine ? args.superRefine(d.refine) : args, result: z.object(d.result) };
    schemas.set(d, s);
  }
  return s;
}

/** The arguments checked and normalised, or FunctionArgumentError; no call is made. */
export function checkArgs<F extends Shape>(d: FunctionDescriptor<F, any>, raw: unknown): z.output<z.ZodObject<F>> {
  const parsed = schemasOf(d).args.safeParse(raw ?? {});
  if (parsed.success) return parsed.data as z.output<z.ZodObject<F>>;
  const failures = parsed.error.issues.flatMap((i) =>
    i.code === "unrecognized_keys" ? i.keys.map((k) => ({ property: k, reason: i.message })) : [{ property: i.path.join("."), reason: i.message }],
  );
  throw new FunctionArgumentError(d.name, failures);
}

/**
 * Runs the function: arguments checked (refused before any call), the implementation, the result
 * checked against its shape (a member of the wrong type is a bug of ours, said so) and cleaned of
 * undefined. Failures name the function.
 */
export async function callFunction<F extends Shape, R extends Shape>(
  d: FunctionDescriptor<F, R>,
  raw: unknown,
  api: Api | (() => Api),
): Promise<ResultOfShape<R>> {
  const args = checkArgs(d, raw);
  let out: unknown;
  try {
    // The Api (a lazy one: the provider's configuration) only once the arguments passed: bad ones are refused even unconfigured.
    out = await d.run(typeof api === "function" ? api() : api, args);
  } catch (e) {
    const err = e as Error;
    if (err?.message && !err.message.startsWith(`${d.name}: `)) err.message = `${d.name}: ${err.message}`;
    throw err;
  }
  const checked = schemasOf(d).result.safeParse(out);
  if (!checked.success) {
    const i = checked.error.issues[0];
    throw new Error(`${d.name}: the API's answer did not map to the result (${i.path.join(".")}: ${i.message}); please report it`);
  }
  return clean(checked.data) as ResultOfShape<R>;
}

/** The object a function reads does not exist: the API's not-found answer (GONE_CODES) becomes this. */
export class MissingObjectError extends Error {
  readonly kind = "notFound";
  constructor(message: string) {
    super(message);
    this.name = "MissingObjectError";
  }
}

/**
 * A read whose not-found answer (2008, 3001, 4001, 4002, 5001) means "`what` does not exist":
 * `await missing("domain example.com", "domain/getinfo", api.call(...))`. Any other failure as is.
 */
export async function missing<T>(what: string, op: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (!isGone(e)) throw e;
    const code = (e as { errorCode?: number }).errorCode;
    throw new MissingObjectError(`${what} does not exist in this account (${op} answered ${code === undefined ? "not found" : `error ${code}`})`);
  }
}

/** A member of an argument or of the result, as a schema needs it. */
export interface MemberSpec {
  name: string;
  type: TypeSpec;
  doc: string;
  required: boolean;
  secret: boolean;
}

export interface FunctionSchema {
  name: string;
  description: string;
  calls: string;
  args: MemberSpec[];
  result: MemberSpec[];
}

/** A type with the docs of its nested members (`path.member`) on each object property. */
function documented(t: TypeSpec, path: string, docs: Readonly<Record<string, string>>): TypeSpec {
  switch (t.kind) {
    case "array":
      return { kind: "array", items: documented(t.items, path, docs) };
    case "record":
      return { kind: "record", values: documented(t.values, path, docs) };
    case "union":
      return { kind: "union", of: t.of.map((v) => documented(v, path, docs)) };
    case "object":
      return {
        kind: "object",
        properties: Object.fromEntries(
          Object.entries(t.properties).map(([k, p]) => [k, { ...p, type: documented(p.type, `${path}.${k}`, docs), doc: docs[`${path}.${k}`] ?? "" }]),
        ),
      };
    default:
      return t;
  }
}

/** Everything a schema of the function needs, derived from the descriptor (no second copy). */
export function describeFunction(d: FunctionDescriptor<any, any>): FunctionSchema {
  const secrets = new Set<string>(d.secrets ?? []);
  const members = (shape: Shape, docs: Readonly<Record<string, string>>, output: boolean) =>
    Object.entries(shape).map(([name, schema]) => ({
      name,
      type: documented(typeOf(schema), name, docs),
      doc: docs[name] ?? "",
      // A result member is required when the result always holds it; an argument when a program must give it.
      required: output ? !(schema as unknown as OptionalOut)._zod.optout : isRequired(schema),
      secret: output && secrets.has(name),
    }));
  return {
    name: d.name,
    description: d.description,
    calls: d.calls,
    args: members(d.args, d.docs.args, false),
    result: members(d.result, d.docs.result, true),
  };
}
