/**
 * What a resource is, in one value: its type, description, definition (schema, CRUD and hooks:
 * lifecycle.ts), outputs and secret fields, the doc of each field, its id format, how `pulumi
 * import` finds an object (or why it cannot), and how its live objects are discovered. Each resource
 * folder's descriptor.ts exports one; provider/registry.ts lists them, and everything that loops over
 * resources (the export's reads and import files, the plugin's import and schema, the review, the
 * docs generator) reads them from there, never from a second copy. The class (resource-class.ts) is
 * built from its descriptor too, and its JSDoc is the description (scripts/gen-field-docs.ts).
 *
 * `describeResource` derives the schema a plugin needs (every property with its type, doc,
 * required/optional, secret, replace-on-change, and the outputs) from the zod fields.
 */
import { z } from "zod";
import type { NormalRecord } from "../../sdk/rules";
import type { Api } from "./client";
import type { Adoption, ExportPlace, GroupAdoption, MemberScope } from "./adoption";
import type { AccountScope } from "./discovery";
import type { ResourceDefinition } from "./frame";

type Data = Record<string, any>;

/** Output name -> the schema of its value: the outputs a resource's state adds or redefines (schema.ts). */
export type OutputShape = Record<string, z.ZodType>;

/**
 * How `dondominio-export` finds the live objects of a resource, through read-only calls: at the
 * account's scope (contacts, domains, services, certificates), inside one hosting service (its
 * records, mailboxes...), or inside one domain (its glue records and DNSSEC entries, which the
 * Domain's discovery reads with the domains: one list for all). `key` names the member of the
 * snapshot the objects go to (provider/export/read.ts): at the account's scope, of the snapshot;
 * inside a service or a domain, of that object's state. `members` names the scope of the objects an
 * account-scope object holds (HostingService: "service"; Domain: "domain").
 */
export type Discovery =
  | {
      readonly scope: "account";
      readonly key: string;
      readonly members?: MemberScope;
      read(api: Api, scope: AccountScope): Promise<unknown[]>;
    }
  | {
      readonly scope: "service";
      readonly key: string;
      /** The progress line's count ("3 DNS records"). */
      label(count: number): string;
      read(api: Api, serviceName: string, name: string): Promise<unknown[]>;
    }
  | { readonly scope: "domain"; readonly key: string };

/**
 * How `pulumi import <type> <name> <id>` (the plugin's Read with an id alone: lifecycle.ts
 * `importObject`) finds the object with read-only calls, or why the resource cannot be imported.
 */
export type ImportSpec =
  | {
      readonly importable: false;
      /** Why, said after "cannot be imported: " (and after "not moved: " by `dondominio-export --from-state`). */
      readonly why: string;
    }
  | {
      readonly importable: true;
      /** Another id that names the object (Markdown), e.g. "`<serviceName>/<name>`": `locate` turns it into the id recorded. */
      readonly byName?: string;
      /** An id naming the object by `byName` -> the id the definition reads and the state records (read-only); any other id as given. */
      locate?(api: Api, id: string): Promise<string>;
      /** The state the definition's read needs, from the id alone, where the read takes a field from the recorded state. */
      stateOf?(id: string): Data;
      /** Inputs the read leaves out, from read-only calls (a product the read's summary does not name). */
      complete?(api: Api, live: Data): Promise<Data>;
      /**
       * A discovered object (as `discover` and memberState give it) as a line of
       * `dondominio-export --import-file`: the id `pulumi import` takes and the parts of its name
       * (after the type's). Left out, or undefined for an object: not listed (another resource's
       * form, or a kind of object the resource does not take).
       */
      entry?(state: Data): { readonly id: string; readonly name: readonly string[] } | undefined;
    };

export interface ResourceDescriptor<I extends Data = any, S extends Data = any> {
  /** The type name, part of every URN (`pulumi-nodejs:dynamic/dondominio:<type>`): never changes. */
  readonly type: string;
  /** The resource folder (provider/resources/<folder>/): crud.ts there is the module in users' state. */
  readonly folder: string;
  /** What the resource is: the class's JSDoc (generated from it), its README's first paragraph and the plugin's schema. */
  readonly description: string;
  readonly definition: ResourceDefinition<I, S>;
  /** The outputs the state adds or redefines (schema.ts `<r>Outputs`, a JSDoc each): the class's and the schema's. */
  readonly outputs: OutputShape;
  /** Inputs stored encrypted even when the program gives plain text (and returned secret by the plugin). */
  readonly secretInputs?: readonly string[];
  /** Outputs always stored as secrets. */
  readonly secretOutputs?: readonly string[];
  /** How `pulumi import` finds an object of this resource, or why it cannot. */
  readonly imports: ImportSpec;
  /** The doc of every input field, by name: the field's JSDoc in schema.ts, read into field-docs.ts (scripts/gen-field-docs.ts). */
  readonly docs: Readonly<Record<string, string>>;
  /** The doc of every output the state adds or redefines, read as `docs` (other outputs are inputs: their doc is the input's). */
  readonly outputDocs: Readonly<Record<string, string>>;
  /** The id the engine records, e.g. "`<serviceName>/<entityID>`" (Markdown). */
  readonly idFormat: string;
  /** What an update changes in place, what replaces, and what destroy does (Markdown, one line each: the README's table). */
  readonly lifecycle: { readonly inPlace: string; readonly replaces: string; readonly destroy: string };
  /** How the export lists the live objects (left out: the export declares none). */
  readonly discover?: Discovery;
  /**
   * The program arguments that adopt a discovered object (a state `discover` yields; inside a
   * service or a domain, memberState) with zero writes, and what the export writes around them.
   * Present with `discover`.
   */
  adopt?(state: Data): Adoption;
  /** Where the export writes the declarations (default: no heading, as discovered). */
  readonly exportPlace?: ExportPlace;
  /** Another form of the export that declares the objects of another resource (DnsZone). */
  readonly adoptAll?: GroupAdoption;
  /**
   * The DNS records a recorded state holds (`serviceName` set), for the review's `- DELETE` lines of
   * a resource the program no longer declares (provider/review/collect.ts): the engine plans that
   * delete from the state alone, so the provider prints none. Left out: the resource holds none.
   */
  recordsOf?(outputs: Record<string, any>): NormalRecord[];
}

/** Every key the state holds as a secret: the secret outputs and the secret inputs (which the state keeps too). */
export function secretKeysOf(d: Pick<ResourceDescriptor, "secretInputs" | "secretOutputs">): string[] {
  return [...new Set([...(d.secretOutputs ?? []), ...(d.secretInputs ?? [])])];
}

/** The input names of a descriptor: the keys of its inputs' object (under the transforms). */
export function inputNamesOf(d: Pick<ResourceDescriptor, "type" | "definition">): string[] {
  try {
    return Object.keys(inputFields(d.definition.inputs));
  } catch {
    throw new Error(`${d.type}: the inputs schema must be an object, possibly transformed`);
  }
}

/** The object schema of the program's inputs, under the inputs' transforms. */
export function inputFields(inputs: z.ZodType): Record<string, z.ZodType> {
  let s: z.ZodType = inputs;
  while (s instanceof z.ZodPipe) s = s.in as z.ZodType;
  if (!(s instanceof z.ZodObject)) throw new Error("the inputs schema must be an object, possibly transformed");
  return s.shape as Record<string, z.ZodType>;
}

/** A property's type as a plugin schema needs it. */
export type TypeSpec =
  | { kind: "string" | "number" | "integer" | "boolean" | "any" }
  | { kind: "enum"; values: (string | number | boolean)[] }
  | { kind: "array"; items: TypeSpec }
  | { kind: "record"; values: TypeSpec }
  | { kind: "object"; properties: Record<string, { type: TypeSpec; required: boolean }> }
  | { kind: "union"; of: TypeSpec[] };

/** The type a zod schema accepts (before its transforms: what a program writes). */
export function typeOf(schema: z.ZodType): TypeSpec {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case "string":
      return { kind: "string" };
    case "number":
      // z.number().int() and z.int(): an integer format (the SDKs' int, not float).
      return /int/.test(String((schema as { format?: unknown }).format ?? "")) ? { kind: "integer" } : { kind: "number" };
    case "int":
    case "bigint":
      return { kind: "integer" };
    case "boolean":
      return { kind: "boolean" };
    case "enum":
      return { kind: "enum", values: Object.values(def.entries as Record<string, string>) };
    case "literal":
      return { kind: "enum", values: [...(def.values as (string | number | boolean)[])] };
    case "array":
      return { kind: "array", items: typeOf(def.element) };
    case "record":
      return { kind: "record", values: typeOf(def.valueType) };
    case "object":
      return {
        kind: "object",
        properties: Object.fromEntries(
          Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, { type: typeOf(v), required: isRequired(v) }]),
        ),
      };
    case "union": {
      const of = (def.options as z.ZodType[]).map(typeOf);
      return of.length === 1 ? of[0] : { kind: "union", of };
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return typeOf(def.innerType);
    case "pipe":
      // A preprocess is a pipe from a transform: the accepted type is what it hands on.
      return (def.in as { _zod: { def: { type: string } } })._zod.def.type === "transform" ? typeOf(def.out) : typeOf(def.in);
    case "lazy":
      return typeOf(def.getter());
    default:
      return { kind: "any" };
  }
}

/**
 * Whether a program must give the field (a field that accepts undefined is optional). Parsing
 * undefined decides it: zod marks every preprocess (a pipe from a transform) "optional" whatever
 * follows it, so its `optin` says nothing here.
 */
export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

export interface PropertySpec {
  name: string;
  type: TypeSpec;
  doc: string;
  required: boolean;
  secret: boolean;
  /** A change replaces the resource. */
  replaceOnChange: boolean;
  /** Only read at creation: a later change is never compared (createOnly). */
  createOnly: boolean;
}

export interface ResourceSchema {
  type: string;
  description: string;
  idFormat: string;
  inputs: PropertySpec[];
  /** Every member of the state: the inputs as normalised, and what the state adds. */
  outputs: Omit<PropertySpec, "replaceOnChange" | "createOnly">[];
}

/** Everything a schema of the resource needs, derived from the descriptor (no second copy). */
export function describeResource(d: ResourceDescriptor): ResourceSchema {
  const fields = inputFields(d.definition.inputs);
  const replaceOn = new Set(d.definition.replaceOn);
  const createOnly = new Set(d.definition.createOnly ?? []);
  const secretIn = new Set(d.secretInputs ?? []);
  const secretOut = new Set(secretKeysOf(d));
  const doc = (name: string) => d.docs[name] ?? "";
  const inputs = Object.entries(fields).map(([name, schema]) => ({
    name,
    type: typeOf(schema),
    doc: doc(name),
    required: isRequired(schema),
    secret: secretIn.has(name),
    replaceOnChange: replaceOn.has(name),
    createOnly: createOnly.has(name),
  }));
  // The state's members: the inputs, then what the state adds (resource-class.ts outputNames).
  const names = [...new Set([...Object.keys(fields), ...Object.keys(d.outputs)])];
  const outputs = names.map((name) => {
    const out = d.outputs[name];
    return {
      name,
      type: out ? typeOf(out) : typeOf(fields[name]),
      doc: d.outputDocs[name] ?? doc(name),
      required: out ? isRequired(out) : isRequired(fields[name]),
      secret: secretOut.has(name),
    };
  });
  return { type: d.type, description: d.description, idFormat: d.idFormat, inputs, outputs };
}
