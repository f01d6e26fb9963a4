/**
 * Every error text the plugin hands the engine is printable (issue 27 item 7): the engine prints it to
 * the terminal and the CI log, so a line feed, an escape sequence or a bidi control in a user value or
 * in API data reaches them escaped (sdk/core/printable.ts), whichever RPC failed: a resource type
 * named by the URN, a function token, checkDomain's argument, a CheckConfig key, a partial result's
 * reasons (plugin/wire.ts grpcError and the failures it encodes). Over gRPC, as the engine calls it.
 */
import { expect } from "chai";
import * as grpc from "@grpc/grpc-js";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { PartialResultError } from "../../provider/core/frame";
import { hasUnsafeCharacters } from "../../sdk/core/printable";
import { toStruct } from "../../plugin/props";
import { grpcError, serve } from "../../plugin/server";

/** A line feed, a terminal escape (erase line, OSC 8 link), a bidi override, a next-line control. */
const HOSTILE = "x\n[dondominio] $ TOTAL 0.00 EUR\u001b[2K\u001b]8;;https://evil.example/\u0007\u202egnp.exe\u0085";

describe("plugin: every error text is printable", function () {
  this.timeout(60_000);
  let server: grpc.Server;
  let rpc: provgrpc.ResourceProviderClient;
  const call = <T>(method: string, req: unknown): Promise<T> =>
    new Promise((resolve, reject) => (rpc as any)[method](req, (e: Error | null, r: T) => (e ? reject(e) : resolve(r))));
  const failureOf = async (method: string, req: unknown): Promise<grpc.ServiceError> => {
    const err = await call(method, req).then(
      () => undefined,
      (e: grpc.ServiceError) => e,
    );
    expect(err, `${method} fails`).to.be.an("error");
    return err!;
  };

  before(async () => {
    const served = await serve({ version: "0.1.0" });
    server = served.server;
    rpc = new provgrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
  });
  after(() => {
    rpc?.close();
    server?.forceShutdown();
  });

  it("a resource type the URN names, in the error of every resource RPC", async () => {
    const urn = `urn:pulumi:dev::proj::dondominio:index:${HOSTILE}::r`;
    const requests: [string, unknown][] = [
      ["check", new provproto.CheckRequest().setUrn(urn).setNews(toStruct({}))],
      ["diff", new provproto.DiffRequest().setUrn(urn).setNews(toStruct({}))],
      ["create", new provproto.CreateRequest().setUrn(urn).setProperties(toStruct({}))],
      ["read", new provproto.ReadRequest().setUrn(urn).setId("x")],
      ["update", new provproto.UpdateRequest().setUrn(urn).setNews(toStruct({}))],
      ["delete", new provproto.DeleteRequest().setUrn(urn).setId("x")],
    ];
    for (const [method, req] of requests) {
      const err = await failureOf(method, req);
      expect(err.details, method).to.include("unknown resource type");
      expect(hasUnsafeCharacters(err.details), `${method}: ${JSON.stringify(err.details)}`).to.equal(false);
    }
  });

  it("an unknown function token, and checkDomain's argument", async () => {
    const res = await call<provproto.InvokeResponse>("invoke", new provproto.InvokeRequest().setTok(HOSTILE).setArgs(toStruct({})));
    const reasons = res.getFailuresList().map((f) => f.getReason());
    expect(reasons.join(" ")).to.include("unknown function");
    for (const r of reasons) expect(hasUnsafeCharacters(r), JSON.stringify(r)).to.equal(false);
    const err = await failureOf("invoke", new provproto.InvokeRequest().setTok("dondominio:index:checkDomain").setArgs(toStruct({ name: `a${HOSTILE}.com` })));
    expect(err.details).to.match(/checkDomain/);
    expect(hasUnsafeCharacters(err.details), JSON.stringify(err.details)).to.equal(false);
  });

  it("a CheckConfig key: its reason", async () => {
    const req = new provproto.CheckRequest().setUrn("urn:pulumi:dev::proj::pulumi:providers:dondominio::default").setNews(toStruct({ [HOSTILE]: "v" }));
    const res = await call<provproto.CheckResponse>("checkConfig", req);
    const reasons = res.getFailuresList().map((f) => f.getReason());
    expect(reasons).to.have.length(1);
    expect(hasUnsafeCharacters(reasons[0]), JSON.stringify(reasons[0])).to.equal(false);
  });

  it("any error, and a partial result's status and reasons", () => {
    const plain = grpcError(new Error(HOSTILE));
    expect(hasUnsafeCharacters(plain.message) || hasUnsafeCharacters(plain.details), JSON.stringify(plain.details)).to.equal(false);
    const partial = new PartialResultError(`timed out: ${HOSTILE}`, "svc/1", { name: "a" });
    partial.reasons.push(`also ${HOSTILE}`);
    const err = grpcError(partial, { inputs: { name: "a" }, secrets: [] });
    expect(hasUnsafeCharacters(err.details)).to.equal(false);
    const status = statusproto.Status.deserializeBinary(err.metadata.get("grpc-status-details-bin")[0] as Buffer);
    expect(hasUnsafeCharacters(status.getMessage())).to.equal(false);
    const detail = provproto.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0].getValue_asU8());
    for (const r of detail.getReasonsList()) expect(hasUnsafeCharacters(r), JSON.stringify(r)).to.equal(false);
  });
});
