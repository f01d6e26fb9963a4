/**
 * Builds the property bag a resource class hands to pulumi.dynamic.Resource: the user's args,
 * placeholders for the outputs (so they are declared), and the hidden `__timeouts` input carrying
 * customTimeouts, which the dynamic provider protocol does not pass to create/update/delete.
 */
import type * as pulumi from "@pulumi/pulumi";
import { TIMEOUTS_KEY } from "./frame";
import { parseDuration } from "./wait";

export function dynamicArgs(
  args: object,
  outputs: readonly string[],
  opts?: pulumi.CustomResourceOptions,
  secretInputs: readonly string[] = [],
): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const k of outputs) props[k] = undefined;
  for (const [k, v] of Object.entries(args ?? {})) {
    if (v === undefined) continue;
    // Secret inputs are stored encrypted even when the program passes plain text.
    props[k] = secretInputs.includes(k) ? secretOf(v) : v;
  }
  const t = opts?.customTimeouts;
  if (t) {
    const timeouts: Record<string, number> = {};
    for (const k of ["create", "update", "delete"] as const) {
      const ms = t[k] ? parseDuration(t[k]!) : undefined;
      if (ms) timeouts[k] = ms;
    }
    if (Object.keys(timeouts).length) props[TIMEOUTS_KEY] = timeouts;
  }
  return props;
}

function secretOf(v: unknown): unknown {
  // Loaded lazily: this module is also reached from the provider process, which must not need
  // @pulumi/pulumi for anything but the classes.
  const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  return pulumi.secret(v as pulumi.Input<unknown>);
}
