/**
 * The Pulumi package schema (GetSchema, schema.json) generated from the served resources' zod
 * schemas: inputs from the normalising inputs schema (its input side), outputs from the state's
 * output shape, secret fields, replaceOnChanges from replaceOn, the provider config with its
 * DONDOMINIO_* environment defaults. Docs come from the descriptors (scripts/gen-schema.ts: each
 * field's JSDoc in schema.ts, read into field-docs.ts; the plugin serves the generated schema.json).
 */
import { z } from "zod";
import { CONFIG_KEYS } from "./config";
import { inputNames, PACKAGE, RESOURCES, type ServedResource, tokenOf } from "./resources";

type Json = Record<string, any>;

/** Docs by resource type: the resource's own, its properties' (inputs), and those of the outputs the state adds or redefines. */
export type Docs = Record<string, { description?: string; properties?: Record<string, string>; outputs?: Record<string, string> }>;

const ANY = { $ref: "pulumi.json#/Any" };
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** JSON Schema (zod's z.toJSONSchema) -> a Pulumi type spec; object types are named and put in `types`. */
function typeSpec(js: Json, hint: string, types: Json): Json {
  const variants: Json[] | undefined = js.anyOf ?? js.oneOf;
  if (variants) {
    const kept = variants.filter((v) => v.type !== "null");
    // An object variant is a named type: numbered only when there are several.
    const objects = kept.filter((v) => v.type === "object").length;
    const specs = kept.map((v, i) => typeSpec(v, `${hint}${objects > 1 ? i : ""}`, types));
    const unique = specs.filter((s, i) => specs.findIndex((o) => JSON.stringify(o) === JSON.stringify(s)) === i);
    return unique.length === 1 ? unique[0] : { type: unique.every((s) => s.type === "string") ? "string" : undefined, oneOf: unique };
  }
  if (Array.isArray(js.type)) return typeSpec({ anyOf: js.type.map((t: string) => ({ ...js, type: t })) }, hint, types);
  if (js.enum && !js.type) return { type: typeof js.enum[0] === "number" ? "number" : "string" };
  if (js.const !== undefined && !js.type) return { type: typeof js.const === "number" ? "number" : typeof js.const === "boolean" ? "boolean" : "string" };
  switch (js.type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { type: js.type };
    case "array":
      return { type: "array", items: js.items ? typeSpec(js.items, hint, types) : ANY };
    case "object": {
      if (js.properties && Object.keys(js.properties).length) {
        const token = `${PACKAGE}:index:${hint}`;
        types[token] = {
          type: "object",
          properties: Object.fromEntries(Object.entries(js.properties as Json).map(([k, v]) => [k, propertySpec(v, `${hint}${cap(k)}`, types)])),
          ...(js.required?.length ? { required: js.required } : {}),
        };
        return { $ref: `#/types/${token}` };
      }
      if (js.additionalProperties && typeof js.additionalProperties === "object")
        return { type: "object", additionalProperties: typeSpec(js.additionalProperties, hint, types) };
      return ANY;
    }
    default:
      return ANY;
  }
}

function propertySpec(js: Json, hint: string, types: Json, description?: string): Json {
  const spec = typeSpec(js, hint, types);
  if (spec.oneOf && spec.type === undefined) delete spec.type;
  const doc = description ?? js.description;
  return doc ? { description: doc, ...spec } : spec;
}

function resourceSpec(r: ServedResource, types: Json, docs: Docs[string] = {}): Json {
  const type = r.def.type;
  const ins = z.toJSONSchema(r.inputs, { io: "input", unrepresentable: "any" }) as Json;
  const secret = new Set([...r.secretInputs, ...r.secretOutputs]);
  const doc = (k: string) => docs.properties?.[k];
  const inputProperties: Json = {};
  for (const k of inputNames(r)) {
    const p = propertySpec(ins.properties?.[k] ?? {}, `${type}${cap(k)}`, types, doc(k));
    if (secret.has(k)) p.secret = true;
    if (r.def.replaceOn.includes(k)) p.replaceOnChanges = true;
    inputProperties[k] = p;
  }
  const properties: Json = { ...inputProperties };
  const required = new Set<string>(ins.required ?? []);
  for (const [k, schema] of Object.entries(r.outputs)) {
    const js = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as Json;
    const p = propertySpec(js, `${type}${cap(k)}`, types, docs.outputs?.[k] ?? doc(k));
    if (secret.has(k)) p.secret = true;
    properties[k] = p;
    if (!schema.safeParse(undefined).success) required.add(k);
  }
  for (const p of Object.values(properties)) delete (p as Json).default;
  return {
    ...(docs.description ? { description: docs.description } : {}),
    inputProperties,
    requiredInputs: ins.required ?? [],
    properties,
    required: [...required],
  };
}

const checkDomainSpec = {
  description: "Availability and yearly price of a domain name (domain/check). The API bans abusive use: ask once per name.",
  inputs: { properties: { name: { type: "string", description: "Unicode or punycode." } }, required: ["name"] },
  outputs: {
    properties: {
      name: { type: "string" },
      punycode: { type: "string" },
      tld: { type: "string" },
      available: { type: "boolean" },
      premium: { type: "boolean" },
      price: { type: "number", description: "Price per year." },
      currency: { type: "string" },
    },
    required: ["name", "punycode", "tld", "available", "premium", "price", "currency"],
  },
};

/** The package schema (Pulumi's package schema format, pulumi.com/docs/iac/extending-pulumi/schema). */
export function packageSchema(version: string, docs: Docs = {}): Json {
  const types: Json = {};
  const resources: Json = {};
  for (const r of RESOURCES) resources[tokenOf(r)] = resourceSpec(r, types, docs[r.def.type]);
  const variables: Json = {};
  for (const [k, c] of Object.entries(CONFIG_KEYS)) {
    variables[k] = {
      type: c.type,
      description: `${c.doc} Default: the ${c.env} environment variable.`,
      defaultInfo: { environment: [c.env] },
      ...(c.secret ? { secret: true } : {}),
    };
  }
  return {
    name: PACKAGE,
    displayName: "DonDominio",
    version,
    description: "Domains, DNS, hosting, mail and SSL at DonDominio (MrDomain), through its reseller API.",
    keywords: ["pulumi", "dondominio", "mrdomain", "dns", "domains", "category/network"],
    homepage: "https://github.com/pulumi-dondominio/pulumi-dondominio",
    repository: "https://github.com/pulumi-dondominio/pulumi-dondominio",
    license: "Apache-2.0",
    publisher: "pulumi-dondominio",
    // Releases (plugin archives) are published on the repository's GitHub releases.
    pluginDownloadURL: "github://api.github.com/pulumi-dondominio/pulumi-dondominio",
    config: { variables },
    provider: { description: "The DonDominio provider: credentials and API settings.", inputProperties: variables },
    types,
    resources,
    functions: { [`${PACKAGE}:index:checkDomain`]: checkDomainSpec },
    language: {
      nodejs: {
        packageName: "@pulumi-dondominio/dondominio",
        packageDescription: "Pulumi provider for DonDominio (generated SDK).",
        dependencies: { "@pulumi/pulumi": "^3.0.0" },
      },
      python: { packageName: "pulumi_dondominio", requires: { pulumi: ">=3.0.0,<4.0.0" } },
      go: { importBasePath: "github.com/pulumi-dondominio/pulumi-dondominio/sdk/go/dondominio", generateResourceContainerTypes: true },
      csharp: { rootNamespace: "PulumiDondominio", packageReferences: { Pulumi: "3.*" } },
      java: { basePackage: "io.github.pulumidondominio", buildFiles: "gradle" },
    },
  };
}
