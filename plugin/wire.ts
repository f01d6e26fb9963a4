/**
 * The plugin's wire: Pulumi's ResourceProvider gRPC messages (the generated stubs @pulumi/pulumi
 * ships, proto/provider_grpc_pb.js) to plain requests and plain answers back, and nothing else.
 * What each request means is handlers.ts's (the one lifecycle, provider/core/lifecycle.ts); here:
 * - properties: google.protobuf.Struct <-> plain data, secrets unwrapped on the way in (the keys
 *   that held one remembered) and wrapped on the way out (props.ts);
 * - timeouts in seconds -> ms; the URN -> the token and the program's name;
 * - errors: every message printable (one visible line: API data and user values reach them), a
 *   partial result as the engine's ErrorResourceInitFailed detail;
 * - log lines: sent to the engine's Log RPC under the URN of the request being served.
 * The split follows pulumi-go-provider's: a wire layer turning gRPC into typed requests, and a table
 * of typed handlers.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as grpc from "@grpc/grpc-js";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as enggrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PartialResultError } from "../provider/core/definition";
import { printableText } from "../provider/core/printable";
import { clean } from "../provider/core/plain-data";
import { fromStruct, toStruct } from "./props";

type Data = Record<string, any>;
const Kind = provproto.PropertyDiff.Kind;
const DiffChanges = provproto.DiffResponse.DiffChanges;

/** The resource a request is about: its URN, its type token and its name in the program. */
export interface ResourceCall {
  urn: string;
  token: string;
  name: string;
}

/** Properties as plain data, and the top-level keys that arrived secret. */
export interface Props {
  data: Data;
  secrets: Set<string>;
}

export interface CheckReq extends ResourceCall {
  olds: Props;
  news: Props;
}
/** Check's and CheckConfig's answer: failures are reasons only (the engine prints a named property's value, secret or not). */
export interface CheckRes {
  inputs: Data;
  failures: string[];
  secrets: Iterable<string>;
}
export interface DiffReq extends ResourceCall {
  olds: Props;
  oldInputs?: Props;
  news: Props;
  ignoreChanges: string[];
}
export interface DiffRes {
  changes: boolean;
  changed: string[];
  replaces: string[];
  /** Changed keys that were absent before: ADD (else UPDATE), or DELETE when `removed` holds them. */
  added: string[];
  removed?: string[];
  deleteBeforeReplace: boolean;
}
export interface CreateReq extends ResourceCall {
  inputs: Props;
  timeoutMs?: number;
  preview: boolean;
}
export interface ReadReq extends ResourceCall {
  id: string;
  state: Props;
  inputs: Props;
  timeoutMs?: number;
}
export interface UpdateReq extends ResourceCall {
  id: string;
  olds: Props;
  oldInputs?: Props;
  news: Props;
  timeoutMs?: number;
  preview: boolean;
}
export interface DeleteReq extends ResourceCall {
  id: string;
  state: Props;
  timeoutMs?: number;
}
/** Outputs (and recorded inputs) of a resource, the keys in `secrets` to wrap. */
export interface StateRes {
  id?: string;
  outs: Data;
  inputs?: Data;
  secrets: Iterable<string>;
}

// ---- requests ----

const props = (s: Struct | undefined): Props => fromStruct(s);
const msOf = (seconds: number): number | undefined => (seconds > 0 ? Math.round(seconds * 1000) : undefined);

/** The type token of a URN (`urn:pulumi:<stack>::<project>::<parent$type>::<name>`), unless the request names it. */
function tokenOf(urn: string, type?: string): string {
  return type || ((urn.split("::")[2] ?? "").split("$").pop() ?? "");
}

function callOf(req: { getUrn(): string; getType?(): string }): ResourceCall {
  const urn = req.getUrn();
  return { urn, token: tokenOf(urn, req.getType?.()), name: urn.split("::").slice(3).join("::") };
}

/** Old inputs only when the engine sent some (an older state may have none). */
function oldInputsOf(s: Struct | undefined): Props | undefined {
  const p = props(s);
  return Object.keys(p.data).length ? p : undefined;
}

export const request = {
  check: (r: provproto.CheckRequest): CheckReq => ({ ...callOf(r), olds: props(r.getOlds()), news: props(r.getNews()) }),
  diff: (r: provproto.DiffRequest): DiffReq => ({
    ...callOf(r),
    olds: props(r.getOlds()),
    oldInputs: oldInputsOf(r.getOldInputs()),
    news: props(r.getNews()),
    ignoreChanges: r.getIgnorechangesList(),
  }),
  create: (r: provproto.CreateRequest): CreateReq => ({
    ...callOf(r),
    inputs: props(r.getProperties()),
    timeoutMs: msOf(r.getTimeout()),
    preview: r.getPreview(),
  }),
  read: (r: provproto.ReadRequest): ReadReq => ({
    ...callOf(r),
    id: r.getId(),
    state: props(r.getProperties()),
    inputs: props(r.getInputs()),
    timeoutMs: msOf(r.getTimeout()),
  }),
  update: (r: provproto.UpdateRequest): UpdateReq => ({
    ...callOf(r),
    id: r.getId(),
    olds: props(r.getOlds()),
    oldInputs: oldInputsOf(r.getOldInputs()),
    news: props(r.getNews()),
    timeoutMs: msOf(r.getTimeout()),
    preview: r.getPreview(),
  }),
  delete: (r: provproto.DeleteRequest): DeleteReq => ({ ...callOf(r), id: r.getId(), state: props(r.getProperties()), timeoutMs: msOf(r.getTimeout()) }),
  /** Configure's values: Args, or (older engines) "dondominio:config:<key>" -> string. */
  configure(r: provproto.ConfigureRequest): Data {
    if (r.getArgs()) return props(r.getArgs()).data;
    const values: Data = {};
    for (const [k, v] of r.getVariablesMap().entries()) values[k.replace(/^dondominio:(config:)?/, "")] = v;
    return values;
  },
  invoke: (r: provproto.InvokeRequest): { token: string; args: Data } => ({ token: r.getTok(), args: props(r.getArgs()).data }),
};

// ---- answers ----

/** A failure's reason, printable; its property is never set (the engine would print that property's value). */
function failure(reason: string): provproto.CheckFailure {
  const f = new provproto.CheckFailure();
  f.setReason(printableText(reason));
  return f;
}

export const response = {
  check(v: CheckRes): provproto.CheckResponse {
    const res = new provproto.CheckResponse();
    res.setInputs(toStruct(v.inputs, v.secrets));
    res.setFailuresList(v.failures.map(failure));
    return res;
  },
  diff(v: DiffRes): provproto.DiffResponse {
    const res = new provproto.DiffResponse();
    res.setChanges(v.changes ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
    if (v.deleteBeforeReplace) res.setDeletebeforereplace(true);
    res.setDiffsList(v.changed);
    res.setReplacesList(v.replaces);
    res.setHasdetaileddiff(true);
    for (const k of v.changed) {
      const pd = new provproto.PropertyDiff();
      const replace = v.replaces.includes(k);
      if (v.removed?.includes(k)) pd.setKind(replace ? Kind.DELETE_REPLACE : Kind.DELETE);
      else if (v.added.includes(k)) pd.setKind(replace ? Kind.ADD_REPLACE : Kind.ADD);
      else pd.setKind(replace ? Kind.UPDATE_REPLACE : Kind.UPDATE);
      pd.setInputdiff(true);
      res.getDetaileddiffMap().set(k, pd);
    }
    return res;
  },
  create: (v: StateRes): provproto.CreateResponse => new provproto.CreateResponse().setId(v.id ?? "").setProperties(toStruct(v.outs, v.secrets)),
  /** No id: the object is gone and the engine drops the resource from the state. */
  read(v: StateRes | undefined): provproto.ReadResponse {
    const res = new provproto.ReadResponse();
    if (!v) return res;
    return res
      .setId(v.id ?? "")
      .setProperties(toStruct(v.outs, v.secrets))
      .setInputs(toStruct(v.inputs ?? {}, v.secrets));
  },
  update: (v: StateRes): provproto.UpdateResponse => new provproto.UpdateResponse().setProperties(toStruct(v.outs, v.secrets)),
  invoke(v: { ret?: Data; failures: string[] }): provproto.InvokeResponse {
    const res = new provproto.InvokeResponse();
    if (v.ret) res.setReturn(toStruct(v.ret));
    res.setFailuresList(v.failures.map(failure));
    return res;
  },
};

// ---- errors ----

/**
 * A gRPC error, its message printable (API data and user values reach it: a line feed, an escape
 * sequence or a bidi control would be printed as such). A PartialResultError becomes the engine's
 * init error (the object exists: its id, outputs and the inputs are recorded, `secrets` wrapped).
 */
export function grpcError(err: unknown, partial?: { inputs?: Data; secrets: Iterable<string> }): grpc.ServiceError {
  if (err && typeof (err as grpc.ServiceError).code === "number" && err instanceof Error && (err as grpc.ServiceError).metadata)
    return err as grpc.ServiceError;
  const e = err instanceof Error ? err : new Error(String(err));
  const message = printableText(e.message);
  const metadata = new grpc.Metadata();
  if (e instanceof PartialResultError && partial) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(clean(e.properties), partial.secrets));
    if (partial.inputs) detail.setInputs(toStruct(partial.inputs, partial.secrets));
    // The first reason with the context the lifecycle put in front (the resource, the operation, a cancel).
    detail.setReasonsList([message, ...e.reasons.slice(1).map(printableText)]);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    // The Go side reads structured error details from this trailer (gRPC's status details).
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata }) as grpc.ServiceError;
}

// ---- log lines and the request's URN ----

/** The URN of the resource whose request is being served, for its log lines. */
const current = new AsyncLocalStorage<string>();

/** Sends log lines to the engine's Log RPC with the current URN (stderr when there is no engine). */
export class EngineLog {
  private client: enggrpc.EngineClient | undefined;
  private address: string | undefined;
  // The client is made at the first line to send, not at start: a gRPC channel costs its resolver
  // and the plugin's start is on the engine's path (bench/plugin-start.ts).
  connect(address: string): void {
    if (address && !this.address) this.address = address;
  }
  send(level: "info" | "warning", message: string): void {
    if (!this.client && this.address) this.client = new enggrpc.EngineClient(this.address, grpc.credentials.createInsecure());
    // API data in it stays one visible line (as provider/core/log.ts's console lines): a line feed in
    // a live TXT value cannot forge a second plan or money line for the review.
    const text = printableText(message);
    if (!this.client) {
      console.error(`[dondominio] ${level === "warning" ? "warning: " : ""}${text}`);
      return;
    }
    const req = new engproto.LogRequest();
    req.setSeverity(level === "warning" ? engproto.LogSeverity.WARNING : engproto.LogSeverity.INFO);
    req.setMessage(text);
    req.setUrn(current.getStore() ?? "");
    this.client.log(req, () => {});
  }
}

/** A unary RPC: decode, run the handler under the request's URN, encode; any failure a printable gRPC error. */
export function unary<Req, Plain, Answer, Res>(
  decode: (req: Req) => Plain,
  handle: (plain: Plain) => Promise<Answer>,
  encode: (answer: Answer) => Res,
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    const urn = (call.request as { getUrn?(): string }).getUrn?.() ?? "";
    current.run(urn, () => {
      Promise.resolve()
        .then(() => handle(decode(call.request)))
        .then(
          (answer) => callback(null, encode(answer)),
          (err) => callback(grpcError(err)),
        );
    });
  };
}
