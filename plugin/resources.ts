/**
 * The resources the plugin serves: provider/registry.ts's descriptors, each with the one
 * ResourceDefinition the dynamic resources run too. The token of each is `dondominio:index:<type>`.
 *
 * The secret fields are the ones the package schema marks secret (plugin/schema.ts derives it from
 * each descriptor's class spec: describeResource). The plugin reads them from the schema.json it
 * serves (generated, checked for drift by tests/plugin/schema.unit.test.ts) rather than from the
 * classes: a class extends `@pulumi/pulumi`'s dynamic Resource, and the plugin archive carries no
 * `@pulumi/pulumi` (scripts/plugin-archive.ts). Without a schema.json (a checkout before
 * `npm run gen:schema`) it derives them from the classes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { describeResource, inputFields, type ResourceDescriptor } from "../provider/core/descriptor";
import type { ResourceDefinition } from "../provider/core/frame";
import { RESOURCES as DESCRIPTORS } from "../provider/registry";
import { buildInfo } from "./build-info";

type AnyDefinition = ResourceDefinition<any, any>;

export interface ServedResource {
  readonly descriptor: ResourceDescriptor;
  readonly def: AnyDefinition;
  /** The normalising inputs schema (its object, under the transforms, names the inputs). */
  readonly inputs: z.ZodType;
  /** Inputs that are secret even when the program gives plain text. */
  readonly secretInputs: readonly string[];
  /** Outputs always returned as secrets. */
  readonly secretOutputs: readonly string[];
}

export const PACKAGE = "dondominio";
export const tokenOf = (r: Pick<ServedResource, "def">): string => `${PACKAGE}:index:${r.def.type}`;

/** schema.json at the package's root (lib/ in the archive, dist/plugin/ or plugin/ below it). */
export function schemaJsonText(): string | undefined {
  const built = buildInfo()?.schema;
  if (built) return built;
  for (const up of ["..", "../.."]) {
    try {
      return readFileSync(join(__dirname, up, "schema.json"), "utf8");
    } catch {}
  }
  return undefined;
}

type Secrets = { inputs: string[]; outputs: string[] };

/** Secret input and output names by type: from the schema the plugin serves, else from the classes. */
function secretFields(): Record<string, Secrets> {
  const text = schemaJsonText();
  const out: Record<string, Secrets> = {};
  if (text) {
    const resources = (JSON.parse(text) as { resources: Record<string, { inputProperties?: object; properties?: object }> }).resources;
    const secret = (props: object | undefined) =>
      Object.entries(props ?? {})
        .filter(([, p]) => (p as { secret?: boolean }).secret)
        .map(([k]) => k);
    for (const d of DESCRIPTORS) {
      const r = resources[`${PACKAGE}:index:${d.type}`];
      if (r) out[d.type] = { inputs: secret(r.inputProperties), outputs: secret(r.properties) };
    }
  }
  for (const d of DESCRIPTORS) {
    if (out[d.type]) continue;
    const s = describeResource(d);
    out[d.type] = { inputs: s.inputs.filter((p) => p.secret).map((p) => p.name), outputs: s.outputs.filter((p) => p.secret).map((p) => p.name) };
  }
  return out;
}

let served: readonly ServedResource[] | undefined;

/** The served resources, in the registry's order (built on first use). */
export function servedResources(): readonly ServedResource[] {
  if (!served) {
    const secrets = secretFields();
    served = DESCRIPTORS.map((d) => ({
      descriptor: d,
      def: d.definition,
      inputs: d.definition.inputs,
      secretInputs: secrets[d.type].inputs,
      secretOutputs: secrets[d.type].outputs,
    }));
  }
  return served;
}

let byToken: Map<string, ServedResource> | undefined;

/** The served resource of a type token (the URN's type), or an error naming it. */
export function resourceOf(token: string): ServedResource {
  byToken ??= new Map(servedResources().map((r) => [tokenOf(r), r]));
  const r = byToken.get(token);
  if (!r) throw new Error(`unknown resource type ${token} (this plugin serves ${[...byToken.keys()].join(", ")})`);
  return r;
}

/** Input names: the keys of the inputs' object, under its transforms (pipes). */
export function inputNames(r: Pick<ServedResource, "def" | "inputs">): string[] {
  try {
    return Object.keys(inputFields(r.inputs));
  } catch {
    throw new Error(`${r.def.type}: the inputs schema must be an object, possibly transformed`);
  }
}
