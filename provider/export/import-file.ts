/**
 * `dondominio-export --import-file FILE`: the account as a Pulumi import file, for the provider plugin
 * (`pulumi import --file FILE --generate-code --out ...` then writes the account as a program in the
 * project's language, every object adopted with the inputs the plugin's Read records).
 *
 * Ids only: `{ resources: [{ type, name, id }] }`. The pinned Pulumi CLI (3.250) takes no inputs
 * or outputs in an import file (its importSpec: type, name, id, parent, provider, version,
 * pluginDownloadUrl, properties as a list of names, component, remote, logicalName); the plugin reads
 * each object from its id. Each id is the resource's idFormat (provider/registry.ts descriptors); the
 * objects of a service go by `<serviceName>/<name>` (their descriptors: importByName), DNS records by entityID.
 *
 * Every discovered object goes in, through its descriptor's `imports.entry` (provider/registry.ts:
 * the id `pulumi import` takes, e.g. `<serviceName>/<name>` for the objects of a service, and the
 * parts of its name); an object whose resource gives no entry is left out (a resource no API holds,
 * another resource's form of the same objects, a kind of object the resource does not take).
 *
 * Names are unique in the whole file (a program's resources share one namespace in YAML and in the
 * generated code) and made of [a-z0-9-] only, starting with the type; every value from the API
 * reaches the file JSON-encoded, never as code.
 */
import { basename, dirname } from "node:path";
import { nameBase, slug, uniqueNames } from "./names";
import { type AccountSnapshot, discovered } from "./read";
import { checkOutput, UnsafeOutputError, writeProjectFiles } from "./write";

export interface ImportFileEntry {
  type: string;
  name: string;
  id: string;
}

const PACKAGE = "dondominio";

/** A type name in lower case, its words joined by "-": the first part of every name of the type. */
export const kebabType = (type: string) => slug(type.replace(/([a-z0-9])([A-Z])/g, "$1-$2"));

/** The import file's text (JSON) and how many resources of each type it lists. */
export function renderImportFile(snapshot: AccountSnapshot): { text: string; counts: Record<string, number> } {
  const wanted: { type: string; base: string; id: string }[] = [];
  for (const { d, state } of discovered(snapshot)) {
    const entry = d.imports.importable ? d.imports.entry?.(state) : undefined;
    if (entry) wanted.push({ type: d.type, base: [kebabType(d.type), nameBase(entry.name)].filter(Boolean).join("-"), id: entry.id });
  }
  // One namespace for all: a shared base gets a suffix from the object's type and id.
  const names = uniqueNames(wanted.map((w) => ({ base: w.base, identity: `${w.type} ${w.id}` })));
  const resources: ImportFileEntry[] = wanted.map((w, i) => ({ type: `${PACKAGE}:index:${w.type}`, name: names[i], id: w.id }));
  const counts: Record<string, number> = {};
  for (const w of wanted) counts[w.type] = (counts[w.type] ?? 0) + 1;
  return { text: `${JSON.stringify({ resources }, null, 2)}\n`, counts };
}

/** Refuses a FILE that is a link or no regular file, or whose name is not plain, before any API call. */
export function checkImportFile(path: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(basename(path)))
    throw new UnsafeOutputError(`--import-file: not a plain file name: ${JSON.stringify(basename(path))}`);
  checkOutput(dirname(path), [basename(path)]);
}

/** Writes the file as the project's files are written (write.ts: never through a link). */
export function writeImportFile(path: string, text: string): void {
  writeProjectFiles(dirname(path), { [basename(path)]: text });
}
