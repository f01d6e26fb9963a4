/**
 * The engine reports a check failure as "property <p> value <v> has a problem: <reason>", printing
 * the input's value even when it is a secret (measured with Pulumi 3.250: `value {&{{...}}}`). For
 * failures under a secret input, the property is left empty so that the engine prints only
 * "<resource> has a problem: <reason>"; the frame's reason already starts with the field's path.
 */
import type { DynamicProviderModule } from "./frame";

export function hideSecretValues(check: DynamicProviderModule["check"], secretInputs: readonly string[]): DynamicProviderModule["check"] {
  return async (olds, news) => {
    const res = await check(olds, news);
    if (!res.failures) return res;
    const failures = res.failures.map((f) => (secretInputs.includes(f.property.split(".")[0]) ? { property: "", reason: f.reason } : f));
    return { ...res, failures };
  };
}
