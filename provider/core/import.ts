/**
 * The lifecycle's read for import (lifecycle.ts has the refresh): `pulumi import <type> <name> <id>`
 * reaches the plugin's Read with the id alone (no state, no inputs). The dynamic resources cannot be
 * imported (the dynamic provider protocol has no import: `registration: "adopt"` instead).
 *
 * The object is read from its id with read-only calls, as the descriptor's `imports` says
 * (descriptor.ts ImportSpec): an id naming the object by name is located first, the state a read
 * takes from the recorded state is made from the id, and inputs the read does not return are
 * completed from read-only lists. A resource no API holds is refused, saying why.
 *
 * The inputs recorded are what the program would write to manage that object as it is. They must
 * pass Check (the engine checks them at once), so from the live values of the input names:
 * `adopt: true` (or `registration: "adopt"`) where the resource has it (an imported object exists
 * already: the program adopts it; a createOnly input, never compared afterwards); secret inputs the
 * schema does not need left out (a live password stays in the encrypted state, never in the
 * generated program); inputs the schema refuses in that combination left out (an object adopted by
 * its id takes no other data); then normalised as check does.
 */
import { contextWith, type Timeouts } from "./definition";
import { inputNamesOf, type ResourceDescriptor } from "./descriptor";
import { errorInContext, type ReadVerdict, refuseIfCancelled } from "./lifecycle";
import { clean } from "./plain-data";
import { isCancelled } from "./cancel";

type Data = Record<string, unknown>;

/** import: the object an id names, the id to record, its outputs and the inputs that manage it as it is. */
export async function importObject(d: ResourceDescriptor, req: { id: string; timeouts: Timeouts }): Promise<ReadVerdict & { inputs?: Data }> {
  refuseIfCancelled();
  const spec = d.imports;
  let id = req.id;
  let live: Data | undefined;
  try {
    if (!spec.importable) throw new Error(`${d.type} ${JSON.stringify(req.id)} cannot be imported: ${spec.why}`);
    const ctx = contextWith(req.timeouts, "read");
    if (spec.locate) id = await spec.locate(ctx.api, req.id);
    live = (await d.definition.read(ctx, id, spec.stateOf?.(id) ?? {})) as Data | undefined;
    if (live && spec.complete) live = { ...(await spec.complete(ctx.api, live)), ...live };
  } catch (err) {
    throw errorInContext(d.type, err, isCancelled() ? "import cancelled (the engine asked the provider to stop: pulumi was interrupted)" : "import", req.id);
  }
  if (live === undefined) return { gone: true };
  const inputs = importInputs(d, clean(live));
  // The outputs a create with those inputs would record: the program-only settings (onDestroy,
  // purge...) the read cannot know from the id come from the inputs, so diff compares them alike.
  return { gone: false, id: d.definition.readId?.(live, id) ?? id, outs: clean({ ...inputs, ...live }), inputs };
}

/** The inputs that manage a live object as it is (see above), normalised as check does. */
export function importInputs(d: ResourceDescriptor, live: Data): Data {
  const names = inputNamesOf(d);
  const schema = d.definition.inputs;
  const inputs: Data = {};
  for (const k of names) if (live[k] !== undefined) inputs[k] = live[k];
  if (names.includes("adopt")) inputs.adopt = true;
  // A resource that orders (a registration) says it with registration: "adopt" (nothing ordered, nothing spent).
  if (names.includes("registration") && schema.safeParse({ ...inputs, registration: "adopt" }).success) inputs.registration = "adopt";
  for (const k of d.secretInputs ?? []) {
    if (!(k in inputs)) continue;
    const { [k]: _, ...without } = inputs;
    if (schema.safeParse(without).success) delete inputs[k];
  }
  for (let round = 0; round < names.length; round++) {
    const parsed = schema.safeParse(inputs);
    // As check normalises them (defaults filled in): the program written from them then checks to
    // the same inputs, and its first preview compares equal.
    if (parsed.success) return clean(parsed.data as Data);
    const refused = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((k) => k in inputs && k !== "adopt"));
    if (!refused.size) break;
    for (const k of refused) delete inputs[k];
  }
  return inputs;
}
