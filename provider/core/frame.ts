/**
 * The dynamic door: the object Pulumi's dynamic provider calls (check/diff/create/read/update/
 * delete/configure) for a ResourceDefinition, each call the one lifecycle's (lifecycle.ts) with its
 * wire form converted. Each resource's crud.ts re-exports these functions, so Pulumi serializes the
 * provider as one `require("pulumi-dondominio/dist/provider/resources/<r>/crud.js")` line
 * (provider/README.md "Serialized provider paths": those paths never move).
 *
 * What the dynamic protocol carries, and what it cannot (@pulumi/pulumi cmd/dynamic-provider):
 * - timeouts: never passed to the provider, so the classes send customTimeouts as the hidden input
 *   `__timeouts` (ms), kept through check; the engine's `__provider` input is kept on the outputs of a
 *   partial result (the host adds it to the others).
 * - check: failures are `{ property: "", reason }` (never a property: the engine prints its value).
 *   DNS claims are checked in the program instead (resource-class.ts), before registration.
 * - diff: only the recorded outputs (the lifecycle compares with them on both doors) and the news;
 *   no old inputs and no ignoreChanges (the engine has put the recorded inputs in place of ignored
 *   ones before check). The answer has no detailed diff: the changed inputs cannot be named.
 * - read: no old inputs, and the inputs returned replace the recorded ones: the lifecycle's
 *   `inputsFromRead` keys are returned alone (with `__timeouts`), when one of them changed.
 * - no preview create/update, no cancel, no import (the lifecycle's `importObject` is the plugin's).
 *
 * The definitions' types live in definition.ts; they are re-exported here, where every resource has
 * always imported them.
 */
import { setStackConfig } from "./config";
import { PartialResultError, PROVIDER_KEY, type ResourceDefinition, TIMEOUTS_KEY, type Timeouts } from "./definition";
import * as lifecycle from "./lifecycle";

export * from "./definition";
export { changedKeys, checkInputs, diffVerdict, errorInContext } from "./lifecycle";

type Data = Record<string, any>;

export interface DynamicProviderModule {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  check(olds: Data, news: Data): Promise<{ inputs: Data; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: Data, news: Data): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace?: boolean }>;
  create(inputs: Data): Promise<{ id: string; outs: Data }>;
  read(id: string, props?: Data): Promise<{ id?: string; props?: Data; inputs?: Data }>;
  update(id: string, olds: Data, news: Data): Promise<{ outs: Data }>;
  delete(id: string, props: Data): Promise<void>;
}

/** customTimeouts from the hidden input (ms). */
function timeoutsOf(raw: Data | undefined): Timeouts {
  const t = raw?.[TIMEOUTS_KEY];
  if (!t || typeof t !== "object") return {};
  const out: Timeouts = {};
  for (const k of ["create", "update", "delete"] as const) if (typeof t[k] === "number" && t[k] > 0) out[k] = t[k];
  return out;
}

/** A partial result's properties keep the engine's provider reference (the host adds it to complete results only). */
function withProvider<T>(p: Promise<T>, raw: Data): Promise<T> {
  return p.catch((err: unknown) => {
    if (err instanceof PartialResultError && raw[PROVIDER_KEY] !== undefined) err.properties[PROVIDER_KEY] = raw[PROVIDER_KEY];
    throw err;
  });
}

/** The dynamic provider of a resource: each resource's crud.ts exports these functions. */
export function defineProvider<I extends Data, S extends Data>(definition: ResourceDefinition<I, S>): DynamicProviderModule {
  return {
    configure: async (req) => setStackConfig((key) => req.config.get(key)),
    async check(olds, news) {
      const { inputs, failures } = await lifecycle.check(definition, { olds, news });
      if (news[TIMEOUTS_KEY] !== undefined) inputs[TIMEOUTS_KEY] = news[TIMEOUTS_KEY];
      return failures.length ? { inputs, failures: failures.map((reason) => ({ property: "", reason })) } : { inputs };
    },
    async diff(_id, olds, news) {
      const v = await lifecycle.diff(definition, { olds, news });
      return { changes: v.changes, replaces: v.replaces, ...(v.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}) };
    },
    create: (inputs) => withProvider(lifecycle.create(definition, { inputs, timeouts: timeoutsOf(inputs) }), inputs),
    async read(id, props = {}) {
      const v = await lifecycle.read(definition, { id, state: props, timeouts: timeoutsOf(props) });
      // No id: the object is gone and the engine drops the resource from the state.
      if (v.gone) return { id: "", props: {} };
      const timeouts = props[TIMEOUTS_KEY] !== undefined ? { [TIMEOUTS_KEY]: props[TIMEOUTS_KEY] } : {};
      return { id: v.id, props: v.outs, ...(v.inputs ? { inputs: { ...v.inputs, ...timeouts } } : {}) };
    },
    update: (id, olds, news) => withProvider(lifecycle.update(definition, { id, olds, inputs: news, timeouts: timeoutsOf(news) }), news),
    delete: (id, props) => lifecycle.remove(definition, { id, state: props, timeouts: timeoutsOf(props) }),
  };
}
