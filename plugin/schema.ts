/**
 * The Pulumi package schema (GetSchema, schema.json) generated from provider/registry.ts's
 * descriptors through describeResource (provider/core/descriptor.ts): every property's type, doc,
 * required, secret and replace-on-change, and the outputs, come from the descriptor and its class
 * spec (no second list); the provider config with its DONDOMINIO_* environment defaults
 * (provider/core/config.ts CONFIG_KEYS). scripts/gen-schema.ts writes it to schema.json, which the plugin serves.
 */
import { describeResource, type PropertySpec, type TypeSpec } from "../provider/core/descriptor";
import { RESOURCES } from "../provider/registry";
import { CONFIG_KEYS, type ConfigKey, type ConfigKind, docText } from "../provider/core/config";
import { PACKAGE } from "./resources";

type Json = Record<string, any>;

const ANY = { $ref: "pulumi.json#/Any" };
/** A setting's kind as the schema's type (every SDK then gives it that type). */
export const SCHEMA_TYPE: Record<ConfigKind, string> = { string: "string", count: "integer", amount: "number", boolean: "boolean" };
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A descriptor's TypeSpec -> a Pulumi type spec; object types are named (`hint`) and put in `types`. */
function typeSpec(t: TypeSpec, hint: string, types: Json): Json {
  switch (t.kind) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { type: t.kind };
    case "any":
      return ANY;
    case "enum":
      return { type: t.values.every((v) => typeof v === "number") ? "number" : t.values.every((v) => typeof v === "boolean") ? "boolean" : "string" };
    case "array":
      return { type: "array", items: typeSpec(t.items, hint, types) };
    case "record":
      return { type: "object", additionalProperties: typeSpec(t.values, hint, types) };
    case "object": {
      const entries = Object.entries(t.properties);
      if (!entries.length) return ANY;
      const token = `${PACKAGE}:index:${hint}`;
      const required = entries.filter(([, p]) => p.required).map(([k]) => k);
      types[token] = {
        type: "object",
        properties: Object.fromEntries(entries.map(([k, p]) => [k, typeSpec(p.type, `${hint}${cap(k)}`, types)])),
        ...(required.length ? { required } : {}),
      };
      return { $ref: `#/types/${token}` };
    }
    case "union": {
      // An object variant is a named type: numbered only when there are several.
      const objects = t.of.filter((v) => v.kind === "object").length;
      const specs = t.of.map((v, i) => typeSpec(v, `${hint}${objects > 1 ? i : ""}`, types));
      const unique = specs.filter((s, i) => specs.findIndex((o) => JSON.stringify(o) === JSON.stringify(s)) === i);
      if (unique.length === 1) return unique[0];
      return unique.every((s) => s.type === "string") ? { type: "string", oneOf: unique } : { oneOf: unique };
    }
  }
}

function propertySpec(p: Pick<PropertySpec, "type" | "doc" | "secret">, hint: string, types: Json): Json {
  const spec = typeSpec(p.type, hint, types);
  return { ...(p.doc ? { description: p.doc } : {}), ...spec, ...(p.secret ? { secret: true } : {}) };
}

function resourceSpec(d: (typeof RESOURCES)[number], types: Json): Json {
  const s = describeResource(d);
  const hint = (k: string) => `${s.type}${cap(k)}`;
  const inputProperties: Json = {};
  for (const p of s.inputs) inputProperties[p.name] = { ...propertySpec(p, hint(p.name), types), ...(p.replaceOnChange ? { replaceOnChanges: true } : {}) };
  const properties: Json = {};
  for (const p of s.outputs)
    properties[p.name] = { ...propertySpec(p, hint(p.name), types), ...(inputProperties[p.name]?.replaceOnChanges ? { replaceOnChanges: true } : {}) };
  return {
    ...(s.description ? { description: s.description } : {}),
    inputProperties,
    requiredInputs: s.inputs.filter((p) => p.required).map((p) => p.name),
    properties,
    required: s.outputs.filter((p) => p.required).map((p) => p.name),
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
export function packageSchema(version: string): Json {
  const types: Json = {};
  const resources: Json = {};
  for (const d of RESOURCES) resources[`${PACKAGE}:index:${d.type}`] = resourceSpec(d, types);
  const variables: Json = {};
  for (const [k, c] of Object.entries(CONFIG_KEYS) as [string, ConfigKey][]) {
    variables[k] = {
      type: SCHEMA_TYPE[c.kind],
      description: `${docText(c)} Default: the ${c.env} environment variable.`,
      defaultInfo: { environment: [c.env] },
      ...(c.secret ? { secret: true } : {}),
    };
  }
  return {
    name: PACKAGE,
    displayName: "DonDominio",
    version,
    description: "Domains, DNS, hosting, mail and SSL at DonDominio (MrDomain), through its reseller API.",
    // The Registry's facets: one category/, and kind/native (a provider of its own, not a bridged Terraform one).
    keywords: ["pulumi", "dondominio", "mrdomain", "dns", "domains", "category/network", "kind/native"],
    homepage: "https://github.com/pulumi-dondominio/pulumi-dondominio",
    repository: "https://github.com/pulumi-dondominio/pulumi-dondominio",
    license: "Apache-2.0",
    publisher: "pulumi-dondominio",
    logoUrl: "https://raw.githubusercontent.com/pulumi-dondominio/pulumi-dondominio/main/docs/logo.svg",
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
      go: { importBasePath: "github.com/pulumi-dondominio/pulumi-dondominio/sdks/go/dondominio", generateResourceContainerTypes: true },
      csharp: { rootNamespace: "PulumiDondominio", packageReferences: { Pulumi: "3.*" } },
      java: { basePackage: "io.github.pulumidondominio", buildFiles: "gradle", dependencies: { "com.pulumi:pulumi": "1.16.0" } },
    },
  };
}
