/**
 * Pulumi's ResourceProvider gRPC service over the resources' ResourceDefinitions (plugin/resources.ts),
 * on the generated stubs @pulumi/pulumi ships (proto/provider_grpc_pb.js) rather than on
 * `@pulumi/pulumi/provider`, whose server leaves config, DiffConfig, old inputs, detailed diffs,
 * ignoreChanges, timeouts, the preview flag, import and per-resource logs undone (issue 21).
 *
 * The steps the dynamic frame takes too (normalising check, diff verdicts, errors in context) are
 * provider/core/frame.ts's own functions; what differs is the protocol: Diff compares with the
 * recorded INPUTS, timeouts and preview come with each request, secrets arrive wrapped and leave
 * wrapped, Read returns inputs (refresh and import), and log lines carry the resource's URN.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as grpc from "@grpc/grpc-js";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as enggrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { checkDomain } from "../provider/functions/check-domain";
import { CancelledError, cancelAll, isCancelled } from "../provider/core/cancel";
import { setLogSinkForTests } from "../provider/core/log";
import { printableText } from "../provider/core/printable";
import { beforeWrite, checkStarted } from "../provider/core/run-gate";
import { type Claims, claimRecords } from "../provider/dns/dns-claim-rules";
import { clean, sameValue } from "../provider/core/plain-data";
import {
  changedKeys,
  checkInputs,
  contextWith,
  diffVerdict,
  errorInContext,
  liveChanged,
  PartialResultError,
  type Timeouts,
  UNKNOWN,
  userInputs,
} from "../provider/core/frame";
import { hasUnknown } from "../provider/core/frame";
import { buildInfo } from "./build-info";
import { checkConfig, configure } from "./config";
import { importInputs, importRead } from "./import";
import { fromStruct, toStruct } from "./props";
import { inputNames, resourceOf, type ServedResource } from "./resources";
import { packageSchema } from "./schema";
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Data = Record<string, any>;
const Kind = provproto.PropertyDiff.Kind;
const DiffChanges = provproto.DiffResponse.DiffChanges;

/** The URN of the resource whose request is being served, for its log lines. */
const current = new AsyncLocalStorage<string>();

/** Sends log lines to the engine's Log RPC with the current URN (stderr when there is no engine). */
class EngineLog {
  private client: enggrpc.EngineClient | undefined;
  private address: string | undefined;
  // The client is made at the first line to send, not at start: a gRPC channel costs its resolver
  // and the plugin's start is on the engine's path (bench/plugin-start.ts).
  connect(address: string): void {
    if (address && !this.address) this.address = address;
  }
  send(level: "info" | "warning", message: string): void {
    if (!this.client && this.address) this.client = new enggrpc.EngineClient(this.address, grpc.credentials.createInsecure());
    if (!this.client) {
      console.error(`[dondominio] ${level === "warning" ? "warning: " : ""}${printableText(message)}`);
      return;
    }
    const req = new engproto.LogRequest();
    req.setSeverity(level === "warning" ? engproto.LogSeverity.WARNING : engproto.LogSeverity.INFO);
    // API data in it stays one visible line (as provider/core/log.ts's console lines): a line feed in
    // a live TXT value cannot forge a second plan or money line for the review.
    req.setMessage(printableText(message));
    req.setUrn(current.getStore() ?? "");
    this.client.log(req, () => {});
  }
}

/** The resource type of a URN (`urn:pulumi:<stack>::<project>::<parent$type>::<name>`). */
function typeOf(urn: string, type?: string): string {
  if (type) return type;
  return (urn.split("::")[2] ?? "").split("$").pop() ?? "";
}

/** Keys to return as secrets: the resource's secret fields and whatever arrived secret. */
function secretKeys(r: ServedResource, ...more: Iterable<string>[]): Set<string> {
  const s = new Set([...r.secretInputs, ...r.secretOutputs]);
  for (const m of more) for (const k of m) s.add(k);
  return s;
}

/**
 * A preview's outputs: the inputs, with every secret unknown. The program's Node runtime logs each
 * RegisterResource response at debug severity with secrets unwrapped, and the engine keeps those lines
 * in its event stream (tests/lifecycle); an unknown holds no value to print (the apply's own outputs
 * are recorded secret).
 */
function previewOutputs(data: Data, secret: Set<string>): Data {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, secret.has(k) ? UNKNOWN : v]));
}

/** The resource's name in the program: the URN's last part (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
function nameOf(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

/** The operation as its error names it: a cancelled one says so (provider/core/cancel.ts). */
function operation(op: string, err: unknown): string {
  return isCancelled() && !(err instanceof CancelledError) ? `${op} cancelled (the engine asked the provider to stop: pulumi was interrupted)` : op;
}

/** After the engine's Cancel, a resource operation is not started (provider/core/cancel.ts). */
function unlessCancelled<Req, Res>(fn: (req: Req) => Promise<Res>): (req: Req) => Promise<Res> {
  return (req) => {
    if (isCancelled())
      return Promise.reject(new CancelledError("cancelled: the engine asked the provider to stop (pulumi was interrupted), so this operation was not started"));
    return fn(req);
  };
}

function msOf(seconds: number): number | undefined {
  return seconds > 0 ? Math.round(seconds * 1000) : undefined;
}

/** A gRPC error; a PartialResultError becomes the engine's init-error (the object exists, its state is kept). */
export function grpcError(err: unknown, r?: ServedResource, inputs?: Data, secrets?: Set<string>): grpc.ServiceError {
  const e = err instanceof Error ? err : new Error(String(err));
  const metadata = new grpc.Metadata();
  if (e instanceof PartialResultError && r) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(clean(e.properties), secrets ?? secretKeys(r)));
    if (inputs) detail.setInputs(toStruct(inputs, secrets ?? secretKeys(r)));
    // The first reason with the context errorInContext put in front (the resource, the operation, a cancel).
    detail.setReasonsList([e.message, ...e.reasons.slice(1)]);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(e.message);
    status.addDetails(any);
    // The Go side reads structured error details from this trailer (gRPC's status details).
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(e.message), { code: grpc.status.UNKNOWN, details: e.message, metadata }) as grpc.ServiceError;
}

function unary<Req, Res>(urnOf: (req: Req) => string, fn: (req: Req) => Promise<Res>): grpc.handleUnaryCall<Req, any> {
  return (call, callback) => {
    current.run(urnOf(call.request), () =>
      fn(call.request).then(
        (res) => callback(null, res),
        (err) => callback(err && typeof (err as grpc.ServiceError).code === "number" ? err : grpcError(err)),
      ),
    );
  };
}
const noUrn = () => "";

/** schema.json at the package's root (dist/plugin/ or plugin/ below it): generated with the docs (scripts/gen-schema.ts). */
function schemaJson(): string | undefined {
  const built = buildInfo()?.schema;
  if (built) return built;
  for (const up of ["..", "../.."]) {
    try {
      return readFileSync(join(__dirname, up, "schema.json"), "utf8");
    } catch {}
  }
  return undefined;
}

export interface ServerOptions {
  version: string;
  engineAddress?: string;
}

export function providerService(opts: ServerOptions): provgrpc.IResourceProviderServer {
  const log = new EngineLog();
  if (opts.engineAddress) log.connect(opts.engineAddress);
  // The provider's progress and warnings (provider/core/log.ts) go to the engine under their resource.
  setLogSinkForTests((level, message) => log.send(level, message));
  // The DNS records each resource of this run manages (provider/dns/dns-claim-rules.ts): the
  // dynamic resources claim them in the program, the plugin at Check.
  const claims: Claims = new Map();
  let checks = 0;
  let schemaText: string | undefined;

  async function check(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const done = checkStarted();
    let failure: string | undefined;
    try {
      const { inputs, failures } = await checkInputs(r.def, olds.data, news.data);
      // Two resources managing one record: the same rule and text as the dynamic resources' claims.
      const claimed = r.def.dnsClaims?.of(userInputs(news.data));
      if (claimed && !hasUnknown(claimed)) {
        const conflict = claimRecords(claims, { kind: r.def.dnsClaims!.kind, name: nameOf(req.getUrn()) }, checks++, claimed.serviceName, claimed.records);
        if (conflict) failures.push({ property: "", reason: conflict });
      }
      if (failures.length) failure = `${r.def.type}: ${failures[0].reason}`;
      else r.def.afterCheck?.(olds.data, inputs);
      const res = new provproto.CheckResponse();
      res.setInputs(toStruct(inputs, secretKeys(r, news.secrets)));
      // The reason starts with the field's path; the property is left empty so that the engine never
      // prints the value next to it (it would, in plaintext, even for a secret: frame.ts check). It
      // may quote API data: one visible line.
      res.setFailuresList(
        failures.map((f) => {
          const cf = new provproto.CheckFailure();
          cf.setReason(printableText(f.reason));
          return cf;
        }),
      );
      return res;
    } catch (err) {
      failure = `${r.def.type}: ${(err as Error)?.message ?? err}`;
      throw err;
    } finally {
      done(failure);
    }
  }

  async function diff(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    const olds = fromStruct(req.getOlds()).data;
    const oldInputs = fromStruct(req.getOldInputs()).data;
    const news = { ...fromStruct(req.getNews()).data };
    const compareTo = Object.keys(oldInputs).length ? oldInputs : olds;
    // ignoreChanges (top-level names): the recorded value stands for the program's.
    for (const path of req.getIgnorechangesList()) {
      if (path in news || path in compareTo) {
        if (compareTo[path] === undefined) delete news[path];
        else news[path] = compareTo[path];
      }
    }
    const { changed, replaces } = await diffVerdict(r.def, compareTo, olds, news);
    // The live object as the dynamic frame asks it (DnsZone: a record changed outside is planned back
    // without a refresh); it reads, never writes.
    for (const k of await liveChanged(r.def, olds, news, replaces)) if (!changed.includes(k)) changed.push(k);
    // DnsRecord: the plan lines, and a CNAME retype deletes the old record first.
    const after = r.def.afterDiff?.(compareTo, news, { changes: changed.length > 0, replaces });
    const res = new provproto.DiffResponse();
    res.setChanges(changed.length ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
    if (after?.deleteBeforeReplace) res.setDeletebeforereplace(true);
    res.setDiffsList(changed);
    res.setReplacesList(replaces);
    res.setHasdetaileddiff(true);
    const detailed = res.getDetaileddiffMap();
    for (const k of changed) {
      const pd = new provproto.PropertyDiff();
      const added = compareTo[k] === undefined;
      pd.setKind(replaces.includes(k) ? (added ? Kind.ADD_REPLACE : Kind.UPDATE_REPLACE) : added ? Kind.ADD : Kind.UPDATE);
      pd.setInputdiff(true);
      detailed.set(k, pd);
    }
    return res;
  }

  async function create(req: provproto.CreateRequest): Promise<provproto.CreateResponse> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    const { data, secrets } = fromStruct(req.getProperties());
    const keys = secretKeys(r, secrets);
    const res = new provproto.CreateResponse();
    // Preview: nothing is written; the outputs are the inputs (the rest unknown until the apply).
    if (req.getPreview()) {
      res.setProperties(toStruct(previewOutputs(data, keys), keys));
      return res;
    }
    const ins = userInputs(data);
    const ctx = contextWith({ create: msOf(req.getTimeout()) }, "create");
    try {
      await beforeWrite();
      const { id, outs } = await r.def.create(ctx, ins);
      res.setId(id);
      res.setProperties(toStruct(clean(outs), keys));
      return res;
    } catch (err) {
      const e = errorInContext(r.def.type, err, operation("create", err), r.def.label(ins));
      throw grpcError(e, r, data, keys);
    }
  }

  async function read(req: provproto.ReadRequest): Promise<provproto.ReadResponse> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    let id = req.getId();
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const keys = secretKeys(r, props.secrets, inputs.secrets);
    const state = userInputs(props.data);
    const importing = !Object.keys(state).length;
    let live: Data | undefined;
    try {
      // Import: the id alone, which may name the object (plugin/import.ts importRead: the id to record).
      const ctx = contextWith({ read: msOf(req.getTimeout()) }, "read");
      if (importing) ({ id, live } = await importRead(r, ctx, id));
      else live = await r.def.read(ctx, id, state);
    } catch (err) {
      throw errorInContext(r.def.type, err, operation(importing ? "import" : "read", err), r.def.label(state) || id);
    }
    const res = new provproto.ReadResponse();
    // No id: the object is gone and the engine drops the resource from the state.
    if (live === undefined) return res;
    const outs = clean(live);
    // Import: the inputs that manage the object as it is (plugin/import.ts). Refresh: the inputs the
    // program sets, with their live values (drift then shows in the next Diff).
    const next: Data = importing ? importInputs(r, outs) : { ...inputs.data };
    if (!importing) for (const k of inputNames(r)) if (outs[k] !== undefined && k in next) next[k] = outs[k];
    res.setId(r.def.readId?.(live, id) ?? id);
    res.setProperties(toStruct(outs, keys));
    res.setInputs(toStruct(next, keys));
    return res;
  }

  async function update(req: provproto.UpdateRequest): Promise<provproto.UpdateResponse> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    const olds = fromStruct(req.getOlds());
    const oldInputs = fromStruct(req.getOldInputs()).data;
    const news = fromStruct(req.getNews());
    const keys = secretKeys(r, olds.secrets, news.secrets);
    const res = new provproto.UpdateResponse();
    if (req.getPreview()) {
      res.setProperties(toStruct(previewOutputs({ ...olds.data, ...news.data }, keys), keys));
      return res;
    }
    const ins = userInputs(news.data);
    const changed = changedKeys(r.def, Object.keys(oldInputs).length ? oldInputs : olds.data, news.data);
    const ctx = contextWith({ update: msOf(req.getTimeout()) }, "update");
    try {
      await beforeWrite();
      const outs = await r.def.update(ctx, req.getId(), userInputs(olds.data), ins, changed);
      res.setProperties(toStruct(clean(outs), keys));
      return res;
    } catch (err) {
      throw grpcError(errorInContext(r.def.type, err, operation("update", err), r.def.label(ins)), r, news.data, keys);
    }
  }

  async function del(req: provproto.DeleteRequest): Promise<Empty> {
    const r = resourceOf(typeOf(req.getUrn(), req.getType()));
    const props = fromStruct(req.getProperties()).data;
    r.def.beforeDelete?.(props);
    const state = userInputs(props);
    const timeouts: Timeouts = { delete: msOf(req.getTimeout()) };
    try {
      await beforeWrite();
      await r.def.delete(contextWith(timeouts, "delete"), req.getId(), state);
    } catch (err) {
      throw errorInContext(r.def.type, err, operation("delete", err), r.def.label(state) || req.getId());
    }
    return new Empty();
  }

  async function invoke(req: provproto.InvokeRequest): Promise<provproto.InvokeResponse> {
    const res = new provproto.InvokeResponse();
    if (req.getTok() !== "dondominio:index:checkDomain") {
      const f = new provproto.CheckFailure();
      f.setReason(`unknown function ${req.getTok()} (this plugin serves dondominio:index:checkDomain)`);
      res.setFailuresList([f]);
      return res;
    }
    const { data } = fromStruct(req.getArgs());
    res.setReturn(toStruct({ ...(await checkDomain({ name: String(data.name ?? "") })) }));
    return res;
  }

  async function checkConfigRpc(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
    const news = fromStruct(req.getNews());
    const res = new provproto.CheckResponse();
    res.setInputs(toStruct(news.data, new Set([...news.secrets, "apiPasswd"])));
    res.setFailuresList(
      checkConfig(news.data).map(([key, reason]) => {
        const cf = new provproto.CheckFailure();
        cf.setProperty(key);
        cf.setReason(reason);
        return cf;
      }),
    );
    return res;
  }

  async function diffConfig(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
    const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).data;
    const news = fromStruct(req.getNews()).data;
    const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__") && !sameValue(olds[k], news[k]));
    const res = new provproto.DiffResponse();
    // A new setting never replaces the provider (that would replace every resource it manages).
    res.setChanges(changed.length ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
    res.setDiffsList(changed);
    res.setHasdetaileddiff(true);
    for (const k of changed) {
      const pd = new provproto.PropertyDiff();
      pd.setKind(olds[k] === undefined ? Kind.ADD : news[k] === undefined ? Kind.DELETE : Kind.UPDATE);
      pd.setInputdiff(true);
      res.getDetaileddiffMap().set(k, pd);
    }
    return res;
  }

  async function configureRpc(req: provproto.ConfigureRequest): Promise<provproto.ConfigureResponse> {
    let values: Data = fromStruct(req.getArgs()).data;
    if (!req.getArgs()) {
      // Older engines: "dondominio:config:<key>" -> string.
      values = {};
      for (const [k, v] of req.getVariablesMap().entries()) values[k.replace(/^dondominio:(config:)?/, "")] = v;
    }
    configure(values);
    const res = new provproto.ConfigureResponse();
    res.setAcceptsecrets(true);
    res.setSupportspreview(true);
    return res;
  }

  async function handshake(req: provproto.ProviderHandshakeRequest): Promise<provproto.ProviderHandshakeResponse> {
    log.connect(req.getEngineAddress());
    const res = new provproto.ProviderHandshakeResponse();
    res.setAcceptSecrets(true);
    return res;
  }

  const urn = (req: { getUrn(): string }) => req.getUrn();
  return {
    handshake: unary(noUrn, handshake),
    getPluginInfo: unary(noUrn, async () => new plugproto.PluginInfo().setVersion(opts.version)),
    getSchema: unary(noUrn, async () => {
      schemaText ??= schemaJson() ?? JSON.stringify(packageSchema(opts.version));
      return new provproto.GetSchemaResponse().setSchema(schemaText);
    }),
    checkConfig: unary(urn, checkConfigRpc),
    diffConfig: unary(urn, diffConfig),
    configure: unary(noUrn, configureRpc),
    check: unary(urn, unlessCancelled(check)),
    diff: unary(urn, unlessCancelled(diff)),
    create: unary(urn, unlessCancelled(create)),
    read: unary(urn, unlessCancelled(read)),
    update: unary(urn, unlessCancelled(update)),
    delete: unary(urn, unlessCancelled(del)),
    invoke: unary(noUrn, unlessCancelled(invoke)),
    // Ctrl-C of the CLI, or the engine shutting down: waits end, nothing more is sent, operations in
    // flight record what exists and fail saying so, new ones are refused (provider/core/cancel.ts).
    cancel: unary(noUrn, async () => {
      cancelAll();
      return new Empty();
    }),
    attach: unary(noUrn, async (req: plugproto.PluginAttach) => {
      log.connect(req.getAddress());
      return new Empty();
    }),
  } as unknown as provgrpc.IResourceProviderServer;
}

/** Starts the server on a loopback port and returns the port (the plugin prints it for the engine). */
export async function serve(opts: ServerOptions): Promise<{ port: number; server: grpc.Server }> {
  // The engine's own limit (400 MiB) both ways: a DnsZone of many records is one message.
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.max_send_message_length": 400 * 1024 * 1024 });
  server.addService(provgrpc.ResourceProviderService, providerService(opts) as unknown as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server };
}
