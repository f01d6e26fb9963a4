/**
 * A resource's input fields: a plain object of zod schemas (schema.ts `<r>Fields`), the doc of each
 * field written once as its JSDoc. The class's Args derive from it (`ArgsOf`), and a homomorphic
 * mapped type keeps each property's declaration, so editors show the field's JSDoc on the Args
 * (a plain object keeps it in the emitted .d.ts; a nested `z.object(...)` would not). The runtime
 * docs (describeResource, schema.json, the READMEs' tables) are the same JSDoc, read by
 * scripts/gen-field-docs.ts into each folder's generated field-docs.ts.
 *
 * Types only, `accepts` and `servedAs`: no @pulumi/pulumi at run time (the descriptors load without it).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

declare const ACCEPTS: unique symbol;

/**
 * A field whose program-facing type is narrower than what its schema parses: the schema takes any
 * string so that a wrong value gets the rule's message at preview, while the program's type
 * offers the values that pass (a DnsType, `number | "-"`). A type-only mark: nothing is added at run time.
 */
export type Accepts<S extends z.ZodType, T> = S & { readonly [ACCEPTS]: T };

/** Marks a field's program-facing type (`accepts<DnsType>()(z.string())`); returns the schema itself. */
export const accepts =
  <T>() =>
  <S extends z.ZodType>(schema: S): Accepts<S, T> =>
    schema as Accepts<S, T>;

const SERVED = new WeakMap<object, z.ZodType>();

/**
 * A field that also parses a shorthand of its value (one comma-separated string for a list, "-"
 * for a default number): the schema the plugin serves (core/descriptor.ts typeOf) gives `form`
 * alone, since the typed SDKs break on a union of two spellings (issue 29: Python's runtime refuses
 * a list for `Union[Sequence[str], str]`, Go's generated code for it does not compile, Java has no
 * overload for an int literal of `Either<Double,String>`). The dynamic resources' Args keep the
 * shorthand (a TypeScript union types it): a difference between the doors (provider/README.md).
 * Returns the schema itself; `form` must parse into the same normal form as the shorthand.
 */
export const servedAs =
  (form: z.ZodType) =>
  <S extends z.ZodType>(schema: S): S => {
    SERVED.set(schema, form);
    return schema;
  };

/** The one form the plugin's schema gives a field marked by servedAs, or undefined. */
export const servedForm = (schema: z.ZodType): z.ZodType | undefined => SERVED.get(schema);

/** Whether a program may leave the field out (zod's own mark: optional or defaulted). */
type OptionalIn = { _zod: { optin: "optional" | "defaulted" } };

/**
 * The value a program writes for a field, before the schema's transforms: what a preprocess hands
 * on, what a transform takes; objects, arrays and records hold inputs at every level (as Pulumi's
 * generated SDKs do). core/descriptor.ts typeOf reads the same parts at run time.
 */
export type Accepted<F> = F extends { readonly [ACCEPTS]: infer T }
  ? T
  : F extends z.ZodOptional<infer I>
    ? Accepted<I> | undefined
    : F extends z.ZodDefault<infer I> | z.ZodPrefault<infer I>
      ? Accepted<I> | undefined
      : F extends z.ZodNullable<infer I>
        ? Accepted<I> | null
        : F extends z.ZodPreprocess<infer B, any>
          ? Accepted<B>
          : F extends z.ZodPipe<infer A, any>
            ? Accepted<A>
            : F extends z.ZodObject<infer S>
              ? ArgsOf<S>
              : F extends z.ZodArray<infer E>
                ? pulumi.Input<Accepted<E>>[]
                : F extends z.ZodUnion<infer O>
                  ? Accepted<O[number]>
                  : F extends z.ZodRecord<any, infer V>
                    ? Record<string, pulumi.Input<Accepted<V>>>
                    : F extends z.ZodType
                      ? z.input<F>
                      : never;

/** A class's Args: each field a pulumi.Input of what it accepts, optional where the field is, its JSDoc kept. */
export type ArgsOf<Fields> = {
  [K in keyof Fields as Fields[K] extends OptionalIn ? never : K]: pulumi.Input<Accepted<Fields[K]>>;
} & {
  [K in keyof Fields as Fields[K] extends OptionalIn ? K : never]?: pulumi.Input<Accepted<Fields[K]>>;
};
