/**
 * The inputs `pulumi import` records for an object read from its id alone: what the program would
 * write to manage that object as it is. They must pass Check (the engine checks them at once), so
 * from the live values of the input names: `adopt: true` (or `registration: "adopt"`) where the resource has it (an imported
 * object exists already: the program adopts it; a createOnly input, never compared afterwards), and
 * the inputs the schema refuses in that combination left out (a Contact adopted by contactId takes
 * no contact data; a MailBox adopted keeps its live password), until the schema accepts them.
 */
import { inputNames, type ServedResource } from "./resources";

type Data = Record<string, unknown>;

export function importInputs(r: ServedResource, live: Data): Data {
  const names = inputNames(r);
  const inputs: Data = {};
  for (const k of names) if (live[k] !== undefined) inputs[k] = live[k];
  if (names.includes("adopt")) inputs.adopt = true;
  // Domain and HostingService say it with registration: "adopt" (nothing ordered, nothing spent).
  if (names.includes("registration") && r.inputs.safeParse({ ...inputs, registration: "adopt" }).success) inputs.registration = "adopt";
  for (let round = 0; round < names.length; round++) {
    const parsed = r.inputs.safeParse(inputs);
    if (parsed.success) break;
    const refused = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((k) => k in inputs && k !== "adopt"));
    if (!refused.size) break;
    for (const k of refused) delete inputs[k];
  }
  return inputs;
}
