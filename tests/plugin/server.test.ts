/**
 * The plugin's ResourceProvider service (plugin/server.ts) over gRPC, against the emulator, without
 * the engine: CheckConfig naming a bad key in its reason (never as the property), Configure's
 * answer, Check, Diff on the recorded outputs with a detailed diff, replaces and ignoreChanges, Create at preview writing nothing, Read importing from
 * the id alone with inputs that pass Check, secrets returned wrapped, the init-error of a partial
 * result, and log lines sent to the engine's Log RPC with the resource's URN.
 */
import { expect } from "chai";
import * as grpc from "@grpc/grpc-js";
import type * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as enggrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { resetStackConfig } from "../../provider/core/config";
import { PartialResultError } from "../../provider/core/frame";
import { setLogSinkForTests } from "../../provider/core/log";
import { DonDominioClient } from "../../sdk";
import { contactCreateParams, OWNER } from "../provider/harness";
import { fromStruct, SIG, toStruct } from "../../plugin/props";
import { resourceOf } from "../../plugin/resources";
import { secretKeysOf } from "../../provider/core/descriptor";
import { grpcError, serve } from "../../plugin/server";

const ZONE = "plugin-rpc.example";
const urn = (type: string, name: string) => `urn:pulumi:dev::proj::dondominio:index:${type}::${name}`;
type Data = Record<string, unknown>;

describe("plugin: the ResourceProvider service", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let server: grpc.Server;
  let engine: grpc.Server;
  let rpc: provgrpc.ResourceProviderClient;
  const logs: { urn: string; message: string }[] = [];

  const call = <T>(method: string, req: unknown): Promise<T> =>
    new Promise((resolve, reject) => (rpc as any)[method](req, (e: Error | null, r: T) => (e ? reject(e) : resolve(r))));
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];

  before(async () => {
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    // A stand-in for the engine's Log RPC, recording what reaches it.
    engine = new grpc.Server();
    engine.addService(enggrpc.EngineService, {
      log: (c: grpc.ServerUnaryCall<engproto.LogRequest, Empty>, cb: grpc.sendUnaryData<Empty>) => {
        logs.push({ urn: c.request.getUrn(), message: c.request.getMessage() });
        cb(null, new Empty());
      },
    } as unknown as grpc.UntypedServiceImplementation);
    const enginePort = await new Promise<number>((res, rej) =>
      engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? rej(e) : res(p))),
    );
    const served = await serve({ version: "0.1.0", engineAddress: `127.0.0.1:${enginePort}` });
    server = served.server;
    rpc = new provgrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
  });
  after(async () => {
    rpc?.close();
    server?.forceShutdown();
    engine?.forceShutdown();
    setLogSinkForTests(undefined);
    resetStackConfig();
    await emu?.close();
  });

  const secret = (value: unknown) => ({ [SIG]: "1b47061264138c4ac30d75fd1eb44270", value });

  it("CheckConfig refuses a bad value and an unknown key, naming them; the password comes back secret", async () => {
    const req = new provproto.CheckRequest();
    req.setUrn("urn:pulumi:dev::proj::pulumi:providers:dondominio::default");
    req.setNews(toStruct({ apiUser: "u", apiPasswd: "p4ss-w0rd", maxConcurrency: "zero", maxSpend: "-1", apiUsr: "x" }));
    const res = await call<provproto.CheckResponse>("checkConfig", req);
    const failures = res.getFailuresList().map((f) => [f.getProperty(), f.getReason()]);
    // The key is named in the reason only: the engine prints a failure's property with its value, secret or not.
    expect(failures.map((f) => f[0])).to.deep.equal(["", "", ""]);
    expect(failures.map((f) => f[1].split(" ")[0]).sort()).to.deep.equal(["dondominio:apiUsr", "dondominio:maxConcurrency", "dondominio:maxSpend"]);
    expect(failures.find((f) => f[1].startsWith("dondominio:maxConcurrency"))?.[1]).to.match(/^dondominio:maxConcurrency must be a positive integer/);
    expect(res.getInputs()?.toJavaScript().apiPasswd).to.deep.equal(secret("p4ss-w0rd"));
  });

  it("Configure takes the config (secret wrapped) and answers acceptSecrets and supportsPreview", async () => {
    const req = new provproto.ConfigureRequest();
    req.setArgs(toStruct({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCertFile: emu.caFile, pollIntervalMs: 250 }, ["apiPasswd"]));
    const res = await call<provproto.ConfigureResponse>("configure", req);
    expect([res.getAcceptsecrets(), res.getSupportspreview()]).to.deep.equal([true, true]);
  });

  it("DiffConfig names the changed settings and never replaces the provider", async () => {
    const req = new provproto.DiffRequest();
    req.setUrn("urn:pulumi:dev::proj::pulumi:providers:dondominio::default");
    req.setOldInputs(toStruct({ apiUser: "u", maxSpend: "10" }));
    req.setOlds(toStruct({ apiUser: "u", maxSpend: "10" }));
    req.setNews(toStruct({ apiUser: "u", maxSpend: "20" }));
    const res = await call<provproto.DiffResponse>("diffConfig", req);
    expect([res.getChanges(), res.getDiffsList(), res.getReplacesList()]).to.deep.equal([provproto.DiffResponse.DiffChanges.DIFF_SOME, ["maxSpend"], []]);
  });

  it("Invoke serves checkDomain", async () => {
    const req = new provproto.InvokeRequest();
    req.setTok("dondominio:index:checkDomain");
    req.setArgs(toStruct({ name: "free-name-for-plugin.com" }));
    const res = await call<provproto.InvokeResponse>("invoke", req);
    expect(res.getFailuresList()).to.deep.equal([]);
    expect(res.getReturn()?.toJavaScript()).to.include({ name: "free-name-for-plugin.com", available: true });
  });

  const check = async (type: string, news: Data, olds: Data = {}) => {
    const req = new provproto.CheckRequest();
    req.setUrn(urn(type, "r"));
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    const res = await call<provproto.CheckResponse>("check", req);
    return { inputs: fromStruct(res.getInputs()), failures: res.getFailuresList().map((f) => f.getReason()) };
  };

  it("Check normalises, and refuses a bad field naming it", async () => {
    const ok = await check("DnsRecord", { serviceName: ZONE, name: "www", type: "a", value: "192.0.2.7" });
    expect(ok.failures).to.deep.equal([]);
    expect(ok.inputs.data).to.include({ serviceName: ZONE, type: "A", value: "192.0.2.7" });
    const bad = await check("DnsRecord", { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.7", ttl: 5 });
    expect(bad.failures.join("\n")).to.match(/^ttl: /m);
  });

  it("Check returns a secret field wrapped as a secret even when the program gave it in plain text", async () => {
    const req = new provproto.CheckRequest();
    req.setUrn(urn("MailBox", "box"));
    req.setNews(toStruct({ serviceName: ZONE, name: "info", password: "Plain-text-pw-1" }));
    const res = await call<provproto.CheckResponse>("check", req);
    // (The redir service's quota of 0 mailboxes is refused too: the inputs still come back.)
    expect(res.getInputs()?.toJavaScript().password).to.deep.equal(secret("Plain-text-pw-1"));
  });

  const diff = async (oldInputs: Data, olds: Data, news: Data, ignore: string[] = []) => {
    const req = new provproto.DiffRequest();
    req.setUrn(urn("DnsRecord", "r"));
    req.setId(`${ZONE}/SRV1-1`);
    req.setOldInputs(toStruct(oldInputs));
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    req.setIgnorechangesList(ignore);
    const res = await call<provproto.DiffResponse>("diff", req);
    const detailed: Record<string, number> = {};
    res.getDetaileddiffMap().forEach((v, k) => {
      detailed[k] = v.getKind();
    });
    return { changes: res.getChanges(), replaces: res.getReplacesList(), detailed };
  };

  it("Diff compares with the recorded outputs (as the dynamic door does), with a detailed diff, replaces and ignoreChanges", async () => {
    const ins = { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.7" };
    const outs = { ...ins, entityId: "SRV1-1", relativeName: "www" };
    const D = provproto.DiffResponse.DiffChanges;
    const K = provproto.PropertyDiff.Kind;
    expect((await diff(ins, outs, ins)).changes).to.equal(D.DIFF_NONE);
    // The recorded outputs are the reference on both doors (provider/core/lifecycle.ts): a live value a
    // refresh recorded is planned back, whatever the old inputs say.
    expect(await diff(ins, { ...outs, value: "192.0.2.99" }, ins)).to.deep.equal({ changes: D.DIFF_SOME, replaces: [], detailed: { value: K.UPDATE } });
    const upd = await diff(ins, outs, { ...ins, value: "192.0.2.8" });
    expect(upd).to.deep.equal({ changes: D.DIFF_SOME, replaces: [], detailed: { value: K.UPDATE } });
    const rep = await diff(ins, outs, { ...ins, type: "AAAA", value: "2001:db8::1" });
    expect(rep.replaces).to.deep.equal(["type"]);
    expect(rep.detailed).to.deep.equal({ type: K.UPDATE_REPLACE, value: K.UPDATE });
    expect((await diff(ins, outs, { ...ins, value: "192.0.2.8" }, ["value"])).changes).to.equal(D.DIFF_NONE);
  });

  it("Create at preview writes nothing; Create applies; Read imports from the id alone with inputs that pass Check", async () => {
    const props = { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.7" };
    const before = (await dnslist()).length;
    const req = new provproto.CreateRequest();
    req.setUrn(urn("DnsRecord", "www"));
    req.setProperties(toStruct(props));
    req.setPreview(true);
    const preview = await call<provproto.CreateResponse>("create", req);
    expect(preview.getId()).to.equal("");
    expect((await dnslist()).length).to.equal(before);
    req.setPreview(false);
    req.setTimeout(30);
    const created = await call<provproto.CreateResponse>("create", req);
    expect(created.getId()).to.match(new RegExp(`^${ZONE}/SRV`));
    expect((await dnslist()).length).to.equal(before + 1);

    const read = new provproto.ReadRequest();
    read.setUrn(urn("DnsRecord", "imported"));
    read.setId(created.getId());
    const res = await call<provproto.ReadResponse>("read", read);
    const inputs = fromStruct(res.getInputs()).data;
    expect(inputs).to.deep.include((await check("DnsRecord", props)).inputs.data);
    expect((await check("DnsRecord", inputs, inputs)).failures).to.deep.equal([]);
  });

  it("imports a Contact, a MailBox and a HostingService from the id alone, adopted, with inputs that pass Check", async () => {
    await client.call("service/create", { serviceName: "imp.example", productkey: "basic" } as any);
    const contact = (await client.call("contact/create", contactCreateParams(OWNER) as any)) as any;
    const box = (await client.call("service/mailcreate" as any, { serviceName: "imp.example", name: "info", password: "Abcdefgh-123" } as any)) as any;
    const want: [string, string, Data][] = [
      ["Contact", contact.contactID, { contactId: contact.contactID }],
      ["MailBox", `imp.example/${box.mail[0].entityID}`, { serviceName: "imp.example", name: "info@imp.example", adopt: true }],
      ["HostingService", "imp.example", { name: "imp.example", productKey: "basic", registration: "adopt" }],
    ];
    for (const [type, id, inputs] of want) {
      const read = new provproto.ReadRequest();
      read.setUrn(urn(type, "imported"));
      read.setId(id);
      const got = fromStruct((await call<provproto.ReadResponse>("read", read)).getInputs()).data;
      expect(got, type).to.deep.include(inputs);
      expect((await check(type, got, got)).failures, type).to.deep.equal([]);
    }
  });

  it("returns secret fields wrapped, and a partial result as the engine's init error with id and state", () => {
    const r = resourceOf("dondominio:index:MailBox");
    const err = grpcError(new PartialResultError("timed out", "svc/1", { name: "a", passwordHash: "scrypt$x$y", gone: undefined }), {
      inputs: { name: "a", password: "s3cret-pw" },
      secrets: secretKeysOf(r),
    });
    const status = statusproto.Status.deserializeBinary(err.metadata.get("grpc-status-details-bin")[0] as Buffer);
    const detail = provproto.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0].getValue_asU8());
    expect(detail.getId()).to.equal("svc/1");
    expect(detail.getProperties()?.toJavaScript()).to.deep.equal({ name: "a", passwordHash: secret("scrypt$x$y") });
    expect(detail.getInputs()?.toJavaScript().password).to.deep.equal(secret("s3cret-pw"));
    expect(detail.getReasonsList()).to.deep.equal(["timed out"]);
  });

  it("sends the provider's log lines to the engine's Log RPC with the resource's URN", async () => {
    await client.call("service/create", { serviceName: "adopt-me.example", productkey: "redir" } as any);
    const req = new provproto.CreateRequest();
    req.setUrn(urn("HostingService", "adopted"));
    req.setProperties(toStruct({ name: "adopt-me.example", productKey: "redir", registration: "adopt" }));
    await call<provproto.CreateResponse>("create", req);
    // The Log RPC may arrive after the create's reply: wait for it (a deadline against a hang, not a timing).
    const want = { urn: urn("HostingService", "adopted"), message: "HostingService adopt-me.example: adopted (nothing was spent)" };
    const has = () => logs.some((l) => l.urn === want.urn && l.message === want.message);
    for (const deadline = Date.now() + 30_000; !has() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(logs).to.deep.include(want);
  });
});
