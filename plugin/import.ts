/**
 * `pulumi import <type> <name> <id>`: the engine's Read sends the id alone (no state, no inputs).
 *
 * importRead reads the object from its id with read-only calls, as the descriptor's `imports` says
 * (provider/core/descriptor.ts ImportSpec): an id naming the object by name is located first, the
 * state a read takes from the recorded state is made from the id, and inputs the read does not
 * return are completed from read-only lists. A resource no API holds is refused, saying why.
 *
 * importInputs: the inputs `pulumi import` records, what the program would write to manage that
 * object as it is. They must pass Check (the engine checks them at once), so from the live values of
 * the input names: `adopt: true` (or `registration: "adopt"`) where the resource has it (an imported
 * object exists already: the program adopts it; a createOnly input, never compared afterwards);
 * secret inputs the schema does not need left out (a live password stays in the encrypted state,
 * never in the generated program); inputs the schema refuses in that combination left out (an
 * object adopted by its id takes no other data); then normalised as Check does.
 */
import { inputNamesOf, type ResourceDescriptor } from "../provider/core/descriptor";
import type { Ctx } from "../provider/core/frame";
import { clean } from "../provider/core/plain-data";

type Data = Record<string, unknown>;

/** The live object of an id and the id to record, as the definition's read gives it (undefined: not found). */
export async function importRead(d: ResourceDescriptor, ctx: Ctx, given: string): Promise<{ id: string; live: Data | undefined }> {
  const spec = d.imports;
  if (!spec.importable) throw new Error(`${d.type} ${JSON.stringify(given)} cannot be imported: ${spec.why}`);
  const id = spec.locate ? await spec.locate(ctx.api, given) : given;
  const live = (await d.definition.read(ctx, id, spec.stateOf?.(id) ?? {})) as Data | undefined;
  if (!live || !spec.complete) return { id, live };
  return { id, live: { ...(await spec.complete(ctx.api, live)), ...live } };
}

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
    // As Check normalises them (defaults filled in): the program written from them then checks to
    // the same inputs, and its first preview compares equal.
    if (parsed.success) return clean(parsed.data as Data);
    const refused = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((k) => k in inputs && k !== "adopt"));
    if (!refused.size) break;
    for (const k of refused) delete inputs[k];
  }
  return inputs;
}
