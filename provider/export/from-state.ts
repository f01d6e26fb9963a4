/**
 * `dondominio-export --from-state STATE --import-file FILE`: moving a stack from the dynamic resources
 * (`pulumi-nodejs:dynamic/dondominio:<Type>`) to the provider plugin (`dondominio:index:<Type>`)
 * without a write: from the stack's state (`pulumi stack export --file STATE`, read here, no API
 * call), an import file naming each dynamic resource's object by its id under the plugin's type and
 * the same resource name (`logicalName`: the URN keeps its name), and the URNs to take out of the
 * state afterwards with `pulumi state delete` (which edits the state only: the dynamic provider's
 * delete is never called). README "Moving a stack from the dynamic resources to the plugin".
 *
 * Not moved: a resource its descriptor says cannot be imported (provider/registry.ts, `imports`:
 * the reason is the descriptor's), and resources under a component (the import file names no parent:
 * move those by hand). The dynamic provider resource is listed for deletion only when a moved
 * resource used it and every resource using it is moved. Every URN listed is checked: the type it
 * names is the resource's own, and it holds no control or format character (it is printed one a line).
 */
import { descriptorOf } from "../registry";
import { uniqueNames, slug } from "./names";
import { type ImportFileEntry, kebabType } from "./import-file";

const DYNAMIC = /^pulumi-nodejs:dynamic\/dondominio:([A-Za-z]+)$/;

/** Why a type is not moved, or undefined when it is (a type of no descriptor: a newer release's). */
function notMovable(type: string): string | undefined {
  const d = descriptorOf(type);
  if (!d) return "this release of the package has no such resource";
  return d.imports.importable ? undefined : d.imports.why;
}

interface StateResource {
  urn: string;
  type: string;
  id?: string;
  parent?: string;
  provider?: string;
}

export interface Migration {
  /** The import file's text (JSON). */
  importFile: string;
  /** The URNs `pulumi state delete` takes out once the import is done: the moved resources, then the dynamic provider. */
  urns: string[];
  /** What was left as it is, and why (one line each). */
  notes: string[];
  moved: number;
}

/** The last part of a URN: the resource's name (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
const nameOf = (urn: string) => urn.split("::").slice(3).join("::");
/** The type a URN names (the last of `<parent$type>`). */
const typeOf = (urn: string) => (urn.split("::")[2] ?? "").split("$").pop() ?? "";
const PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

/**
 * A URN as it is printed for `pulumi state delete`, one a line: a control or format character (a
 * line break, an escape sequence, a bidi override) would forge, hide or reorder a line of the list.
 */
function printableUrn(urn: string, what: string): string {
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(urn))
    throw new Error(`--from-state: the URN of ${what} holds a control or format character; rename it first (pulumi state rename)`);
  return urn;
}

export function migrationFromState(stateText: string): Migration {
  let state: { deployment?: { resources?: StateResource[] } };
  try {
    state = JSON.parse(stateText);
  } catch (err) {
    throw new Error(`--from-state: not a stack export (pulumi stack export --file): ${(err as Error).message}`);
  }
  const resources = state.deployment?.resources;
  if (!Array.isArray(resources)) throw new Error("--from-state: not a stack export (pulumi stack export --file): no deployment.resources");
  const isRoot = (urn: string | undefined) => !urn || urn.split("::")[2] === "pulumi:pulumi:Stack";
  const notes: string[] = [];
  const moving: { type: string; name: string; id: string; urn: string }[] = [];
  for (const r of resources) {
    const type = DYNAMIC.exec(r.type)?.[1];
    if (!type) continue;
    const name = nameOf(r.urn);
    const why = notMovable(type);
    // A URN naming another type (the stack's, in a crafted export) is never listed for deletion.
    if (typeOf(r.urn) !== r.type) notes.push(`${type} ${JSON.stringify(name)} not moved: its URN names another type (${JSON.stringify(typeOf(r.urn))})`);
    else if (why) notes.push(`${type} ${JSON.stringify(name)} not moved: ${why}`);
    else if (!isRoot(r.parent))
      notes.push(`${type} ${JSON.stringify(name)} not moved: it is under a component (${JSON.stringify(nameOf(r.parent ?? ""))}); move it by hand`);
    else if (!r.id) notes.push(`${type} ${JSON.stringify(name)} not moved: it has no id in the state (never created)`);
    else moving.push({ type, name, id: r.id, urn: printableUrn(r.urn, `a ${type}`) });
  }
  // Variable names for the generated code: plain and unique in the file; the URN keeps the resource's name.
  const variables = uniqueNames(moving.map((m) => ({ base: `${kebabType(m.type)}-${slug(m.name) || "resource"}`, identity: m.urn })));
  const entries: (ImportFileEntry & { logicalName: string })[] = moving.map((m, i) => ({
    type: `dondominio:index:${m.type}`,
    name: variables[i],
    id: m.id,
    logicalName: m.name,
  }));
  const urns = moving.map((m) => m.urn);
  const movedUrns = new Set(urns);
  // The dynamic provider resource goes too once a moved resource used it and nothing left in the
  // state uses it; only what was moved is listed.
  for (const p of resources.filter((r) => r.type === PROVIDER_TYPE && typeOf(r.urn) === PROVIDER_TYPE)) {
    const users = resources.filter((r) => r.provider?.startsWith(`${p.urn}::`));
    if (users.some((u) => movedUrns.has(u.urn)) && users.every((u) => movedUrns.has(u.urn))) urns.push(printableUrn(p.urn, "the dynamic provider"));
  }
  return { importFile: `${JSON.stringify({ resources: entries }, null, 2)}\n`, urns, notes, moved: moving.length };
}
