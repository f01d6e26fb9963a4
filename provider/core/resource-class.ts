/**
 * The resource classes users write in programs, built from each resource's state: a class's
 * outputs are its state's members, declared once (provider/resources/<r>/schema.ts) and never
 * listed again.
 *
 * The state is the normalised inputs plus an output shape: a plain object of zod schemas whose
 * keys name the outputs the state adds or redefines (their JSDoc is what editors show on the
 * class's properties; a plain object keeps it in the emitted .d.ts, a `z.object(...)` would not).
 * Nothing parses the state with these schemas: they give each output its type. At run time the
 * class declares one output placeholder per input and output name, so every member of the state
 * is an Output on the instance.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { afterRunClaims, claimsOf } from "../dns/dns-claims";
import { inputFields, type OutputShape, type ResourceDescriptor } from "./descriptor";
import { CLAIMS_KEY } from "./frame";
import { dynamicArgs } from "./resource-args";

export type { OutputShape };

/** A resource's state: its normalised inputs, with the outputs of `Shape` added (or redefined). */
export type StateOf<Inputs, Shape extends OutputShape> = Omit<Inputs, keyof Shape> & z.output<z.ZodObject<Shape>>;

/**
 * Every member of the state as an Output (an optional member is an Output of a value or undefined).
 * A member that is an input the output shape does not redefine is mapped from the Args, so that it
 * carries the input field's doc (the one schema.json gives it); the others carry the state's (the
 * output shape's JSDoc).
 */
export type Outputs<S, Args = {}, Shape = {}> = {
  readonly [K in keyof Args as K extends keyof Shape ? never : K extends keyof S ? K : never]-?: pulumi.Output<S[K & keyof S]>;
} & { readonly [K in keyof S as K extends keyof Args ? (K extends keyof Shape ? K : never) : K]-?: pulumi.Output<S[K]> };

export type ResourceClass<Args, S, Shape = {}> = new (
  name: string,
  args: Args,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.dynamic.Resource & Outputs<S, Args, Shape>;

/** What a class is built from: its descriptor (core/descriptor.ts), of which it reads these. */
export type ClassSource = Pick<ResourceDescriptor, "type" | "definition" | "outputs" | "secretInputs" | "secretOutputs">;

/**
 * The base class of a resource: `export class MailBox extends resourceClass<MailBoxArgs,
 * MailBoxState, typeof mailBoxOutputs>(mailBoxDescriptor, crud) {}`. The type token is
 * `pulumi-nodejs:dynamic/dondominio:<type>` (part of every URN: never change `type`), the provider is
 * the resource's crud module (serialized by reference, provider/README.md). A resource whose
 * definition claims DNS records (`dnsClaims`) claims them among the program's resources from the
 * constructor (provider/dns/dns-claims.ts): registration waits for the Output (a hidden input, never
 * stored), and fails with its error, before anything reaches the engine.
 */
export function resourceClass<Args extends object, S extends object, Shape extends OutputShape>(
  d: ClassSource,
  provider: pulumi.dynamic.ResourceProvider,
): ResourceClass<Args, S, Shape> {
  const names = outputNames(d.definition.inputs, d.outputs);
  const secretOutputs = d.secretOutputs ?? [];
  const claims = d.definition.dnsClaims ? claimsOf(d.definition.dnsClaims) : undefined;
  class Resource extends pulumi.dynamic.Resource {
    constructor(name: string, args: Args, opts?: pulumi.CustomResourceOptions) {
      const withSecrets = secretOutputs.length ? { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secretOutputs] } : opts;
      const props = dynamicArgs(args, names, opts, d.secretInputs);
      // Every resource waits for the run's DNS claims (provider/dns/dns-claims.ts): a refused run registers none.
      props[CLAIMS_KEY] = claims ? claims(name, args as Record<string, any>) : afterRunClaims();
      super(provider, name, props, withSecrets, "dondominio", d.type);
    }
  }
  SOURCES.set(Resource, d);
  return Resource as unknown as ResourceClass<Args, S, Shape>;
}

// The descriptor each class was built from. The descriptor holds no class (the class imports it:
// a reference back would be an import cycle, and would load @pulumi/pulumi into the export).
const SOURCES = new WeakMap<Function, ClassSource>();

/** The descriptor a resource class (or a class extending one) was built from: tests tie the package's exports to the registry. */
export function sourceOfClass(cls: unknown): ClassSource | undefined {
  for (let c = cls; typeof c === "function"; c = Object.getPrototypeOf(c)) if (SOURCES.has(c)) return SOURCES.get(c);
  return undefined;
}

/** Input names (the object under the inputs' transforms) and output names, each once. */
export function outputNames(inputs: z.ZodType, outputs: OutputShape): string[] {
  return [...new Set([...Object.keys(inputFields(inputs)), ...Object.keys(outputs)])];
}
