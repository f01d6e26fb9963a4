/**
 * The plugin's handlers: one short function per ResourceProvider RPC, on plain requests (wire.ts).
 * Each resource call finds its descriptor by the type token (resources.ts) and runs the one
 * lifecycle the dynamic resources run too (provider/core/lifecycle.ts): no verdict is decided here.
 * What this door adds is what its protocol carries and the dynamic one does not: the old inputs
 * (ignoreChanges, the refresh's inputs), the changed properties (a detailed diff), timeouts and the
 * preview flag with each request, import, Cancel, the run's DNS claims checked at Check (the dynamic
 * resources claim them in the program), CheckConfig/DiffConfig/Configure and checkDomain.
 */
import { cancelAll } from "../provider/core/cancel";
import type { ClaimCheck } from "../provider/core/definition";
import { secretKeysOf, type ResourceDescriptor } from "../provider/core/descriptor";
import { importObject } from "../provider/core/import";
import * as lifecycle from "../provider/core/lifecycle";
import { sameValue } from "../provider/core/plain-data";
import { type Claims, claimRecords } from "../provider/dns/dns-claim-rules";
import { checkDomain } from "../provider/functions/check-domain";
import { checkConfig, configure, SECRET_CONFIG } from "./config";
import { resourceOf } from "./resources";
import * as wire from "./wire";

type Data = Record<string, any>;

/** Keys to return as secrets: the resource's secret fields and whatever arrived secret. */
function secretsOf(d: ResourceDescriptor, ...more: wire.Props[]): Set<string> {
  const s = new Set(secretKeysOf(d));
  for (const p of more) for (const k of p.secrets) s.add(k);
  return s;
}

export const FUNCTION_TOKEN = "dondominio:index:checkDomain";

export interface Handlers {
  checkConfig(req: wire.CheckReq): Promise<wire.CheckRes>;
  diffConfig(req: wire.DiffReq): Promise<wire.DiffRes>;
  configure(values: Data): Promise<void>;
  check(req: wire.CheckReq): Promise<wire.CheckRes>;
  diff(req: wire.DiffReq): Promise<wire.DiffRes>;
  create(req: wire.CreateReq): Promise<wire.StateRes>;
  read(req: wire.ReadReq): Promise<wire.StateRes | undefined>;
  update(req: wire.UpdateReq): Promise<wire.StateRes>;
  delete(req: wire.DeleteReq): Promise<void>;
  invoke(req: { token: string; args: Data }): Promise<{ ret?: Data; failures: string[] }>;
  cancel(): Promise<void>;
}

/** The handlers of one plugin process (one run: its DNS claims are the run's). */
export function handlers(): Handlers {
  // The DNS records each resource of this run manages (provider/dns/dns-claim-rules.ts).
  const claims: Claims = new Map();
  let checks = 0;
  return {
    checkConfig: async ({ news }) => ({
      inputs: news.data,
      failures: checkConfig(news.data).map(([, reason]) => reason),
      secrets: [...news.secrets, ...SECRET_CONFIG],
    }),
    diffConfig: async (req) => diffConfig((req.oldInputs ?? req.olds).data, req.news.data),
    configure: async (values) => configure(values),
    async check(req) {
      const d = resourceOf(req.token);
      const owner = { name: req.name, seq: checks++ };
      const claim: ClaimCheck = (kind, serviceName, records) => claimRecords(claims, { kind, name: owner.name }, owner.seq, serviceName, records);
      const v = await lifecycle.check(d.definition, { olds: req.olds.data, news: req.news.data, claim });
      return { ...v, secrets: secretsOf(d, req.news) };
    },
    diff: async (req) =>
      lifecycle.diff(resourceOf(req.token).definition, {
        olds: req.olds.data,
        oldInputs: req.oldInputs?.data,
        news: req.news.data,
        ignoreChanges: req.ignoreChanges,
      }),
    create,
    read: (req) => (Object.keys(req.state.data).length ? refresh(req) : importing(req)),
    update,
    delete: async (req) => lifecycle.remove(resourceOf(req.token).definition, { id: req.id, state: req.state.data, timeouts: { delete: req.timeoutMs } }),
    invoke,
    // Ctrl-C of the CLI, or the engine shutting down: waits end, nothing more is sent, operations in
    // flight record what exists and fail saying so, new ones are refused (provider/core/cancel.ts).
    cancel: async () => cancelAll(),
  };
}

/** Create (at preview: the outputs the inputs give, nothing written); a partial result is the engine's init error. */
async function create(req: wire.CreateReq): Promise<wire.StateRes> {
  const d = resourceOf(req.token);
  const secrets = secretsOf(d, req.inputs);
  const v = await lifecycle
    .create(d.definition, { inputs: req.inputs.data, timeouts: { create: req.timeoutMs }, preview: req.preview, secrets })
    .catch((err: unknown) => Promise.reject(wire.grpcError(err, { inputs: req.inputs.data, secrets })));
  return { ...v, secrets };
}

/** Update (at preview: nothing written); a partial result is the engine's init error. */
async function update(req: wire.UpdateReq): Promise<wire.StateRes> {
  const d = resourceOf(req.token);
  const secrets = secretsOf(d, req.olds, req.news);
  const v = await lifecycle
    .update(d.definition, {
      id: req.id,
      olds: req.olds.data,
      oldInputs: req.oldInputs?.data,
      inputs: req.news.data,
      timeouts: { update: req.timeoutMs },
      preview: req.preview,
      secrets,
    })
    .catch((err: unknown) => Promise.reject(wire.grpcError(err, { inputs: req.news.data, secrets })));
  return { ...v, secrets };
}

/** Refresh: the live outputs; the recorded inputs kept, but the keys the lifecycle says take their live values. */
async function refresh(req: wire.ReadReq): Promise<wire.StateRes | undefined> {
  const d = resourceOf(req.token);
  const v = await lifecycle.read(d.definition, { id: req.id, state: req.state.data, timeouts: { read: req.timeoutMs } });
  if (v.gone) return undefined;
  return { id: v.id, outs: v.outs, inputs: { ...req.inputs.data, ...v.inputs }, secrets: secretsOf(d, req.state, req.inputs) };
}

/** `pulumi import`: the id alone (no state): the object it names, with the inputs that manage it as it is. */
async function importing(req: wire.ReadReq): Promise<wire.StateRes | undefined> {
  const d = resourceOf(req.token);
  const v = await importObject(d, { id: req.id, timeouts: { read: req.timeoutMs } });
  return v.gone ? undefined : { id: v.id, outs: v.outs, inputs: v.inputs, secrets: secretsOf(d, req.state, req.inputs) };
}

/** DiffConfig: the settings that changed; a new setting never replaces the provider (it would replace every resource). */
function diffConfig(olds: Data, news: Data): wire.DiffRes {
  const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__") && !sameValue(olds[k], news[k]));
  return {
    changes: changed.length > 0,
    changed,
    replaces: [],
    added: changed.filter((k) => olds[k] === undefined),
    removed: changed.filter((k) => news[k] === undefined),
    deleteBeforeReplace: false,
  };
}

/** The package's one function, checkDomain; any other token is a failure naming the one served. */
async function invoke(req: { token: string; args: Data }): Promise<{ ret?: Data; failures: string[] }> {
  lifecycle.refuseIfCancelled();
  if (req.token !== FUNCTION_TOKEN) return { failures: [`unknown function ${req.token} (this plugin serves ${FUNCTION_TOKEN})`] };
  return { ret: { ...(await checkDomain({ name: String(req.args.name ?? "") })) }, failures: [] };
}
