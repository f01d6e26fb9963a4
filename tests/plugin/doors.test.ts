/**
 * The two doors decide alike (provider/core/lifecycle.ts): the same recorded state and program
 * inputs given to the dynamic door (provider/core/frame.ts, what each crud.js exports) and to the
 * plugin's gRPC service (plugin/server.ts) get the same verdicts, against the emulator: check's
 * failures, diff against the recorded outputs (drift a refresh recorded, MailBox's diffBasis, an
 * ignored input), and refresh's recorded inputs (DnsRecord's inputsFromRead; a resource without it
 * keeps its recorded inputs on both doors, whatever changed live). What the dynamic protocol cannot
 * carry (the names of the changed properties, the old inputs) is compared where it can be.
 */
import { expect } from "chai";
import * as grpc from "@grpc/grpc-js";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { resetStackConfig, setStackConfig } from "../../provider/core/config";
import { defineProvider, type DynamicProviderModule } from "../../provider/core/frame";
import { descriptorOf } from "../../provider/registry";
import { passwordFingerprint } from "../../provider/resources/mail-box/password";
import { DonDominioClient } from "../../sdk";
import { fromStruct, toStruct } from "../../plugin/props";
import { serve } from "../../plugin/server";

const ZONE = "doors.example";
const MAIL = "doors-mail.example";
type Data = Record<string, any>;
const urn = (type: string) => `urn:pulumi:dev::proj::dondominio:index:${type}::r`;
const dynamic = (type: string): DynamicProviderModule => defineProvider(descriptorOf(type)!.definition);

describe("the two doors: the same verdicts from one lifecycle", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let server: grpc.Server;
  let rpc: provgrpc.ResourceProviderClient;
  const call = <T>(method: string, req: unknown): Promise<T> =>
    new Promise((resolve, reject) => (rpc as any)[method](req, (e: Error | null, r: T) => (e ? reject(e) : resolve(r))));

  before(async () => {
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    await client.call("service/create", { serviceName: MAIL, productkey: "mini" } as any);
    const config: Record<string, string> = { apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCertFile: emu.caFile };
    setStackConfig((k) => config[k.replace("dondominio:", "")]);
    const served = await serve({ version: "0.1.0" });
    server = served.server;
    rpc = new provgrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
  });
  after(async () => {
    rpc?.close();
    server?.forceShutdown();
    resetStackConfig();
    await emu?.close();
  });

  async function pluginCheck(type: string, news: Data): Promise<string[]> {
    const req = new provproto.CheckRequest().setUrn(urn(type)).setOlds(toStruct({})).setNews(toStruct(news));
    const res = await call<provproto.CheckResponse>("check", req);
    expect(res.getFailuresList().map((f) => f.getProperty())).to.satisfy((p: string[]) => p.every((x) => x === ""));
    return res.getFailuresList().map((f) => f.getReason());
  }

  async function pluginDiff(type: string, olds: Data, oldInputs: Data, news: Data, ignore: string[] = []) {
    const req = new provproto.DiffRequest().setUrn(urn(type)).setId("x").setOlds(toStruct(olds)).setOldInputs(toStruct(oldInputs)).setNews(toStruct(news));
    req.setIgnorechangesList(ignore);
    const res = await call<provproto.DiffResponse>("diff", req);
    return { changes: res.getChanges() === provproto.DiffResponse.DiffChanges.DIFF_SOME, replaces: res.getReplacesList(), diffs: res.getDiffsList() };
  }

  async function pluginRead(type: string, id: string, state: Data, inputs: Data) {
    const req = new provproto.ReadRequest().setUrn(urn(type)).setId(id).setProperties(toStruct(state)).setInputs(toStruct(inputs));
    const res = await call<provproto.ReadResponse>("read", req);
    return { id: res.getId(), outs: fromStruct(res.getProperties()).data, inputs: fromStruct(res.getInputs()).data };
  }

  it("check: the same failures, each a reason naming the field, never a property", async () => {
    const bad = { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.7", ttl: 5 };
    const viaDynamic = await dynamic("DnsRecord").check({}, bad);
    expect(viaDynamic.failures?.map((f) => f.property)).to.deep.equal([""]);
    expect(await pluginCheck("DnsRecord", bad)).to.deep.equal(viaDynamic.failures?.map((f) => f.reason));
  });

  it("diff: against the recorded outputs on both doors: drift a refresh recorded is planned back, an ignored input is not", async () => {
    const ins = { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.7" };
    const outs = { ...ins, name: `www.${ZONE}`, entityId: "SRV1-1" };
    const checked = (await dynamic("DnsRecord").check({}, ins)).inputs;
    for (const [what, olds, news, ignore] of [
      ["as recorded", outs, checked, []],
      ["drift recorded", { ...outs, value: "192.0.2.99" }, checked, []],
      ["a change", outs, { ...checked, value: "192.0.2.8" }, []],
      ["a replacement", outs, { ...checked, type: "AAAA", value: "2001:db8::1" }, []],
    ] as [string, Data, Data, string[]][]) {
      const viaDynamic = await dynamic("DnsRecord").diff("x", olds, news);
      const viaPlugin = await pluginDiff("DnsRecord", olds, checked, news, ignore);
      expect({ changes: viaPlugin.changes, replaces: viaPlugin.replaces }, what).to.deep.equal({ changes: viaDynamic.changes, replaces: viaDynamic.replaces });
    }
    // ignoreChanges: the engine puts the recorded input in place of the program's before check (the
    // dynamic door sees that); the plugin is also told, and decides the same.
    const drifted = { ...outs, value: "192.0.2.99" };
    const ignored = await pluginDiff("DnsRecord", drifted, { ...checked, value: "192.0.2.99" }, { ...checked, value: "192.0.2.8" }, ["value"]);
    expect(ignored.changes)
      .to.equal((await dynamic("DnsRecord").diff("x", drifted, { ...checked, value: "192.0.2.99" })).changes)
      .and.equal(false);
  });

  it("diff: an input the recorded outputs lack is compared with the recorded input (an object an earlier release imported through the plugin)", async () => {
    // Such outputs were the read alone: no program-only setting. The dynamic door's outputs always hold
    // every input (its state is the inputs plus what the API adds), so it has none to fill.
    const news = (await dynamic("HostingService").check({}, { name: ZONE, productKey: "redir", registration: "adopt" })).inputs;
    const { onDestroy: _, ...readAlone }: Record<string, unknown> = { ...news, status: "active" };
    expect(news.onDestroy, "a program-only setting with a default").to.be.a("string");
    expect(await pluginDiff("HostingService", readAlone, news, news)).to.deep.include({ changes: false });
    expect(await pluginDiff("HostingService", readAlone, { ...news, onDestroy: "other" }, news)).to.deep.include({ changes: true, diffs: ["onDestroy"] });
    expect((await dynamic("HostingService").diff("x", { ...news, status: "active" }, news)).changes).to.equal(false);
  });

  it("diff: MailBox's diffBasis on both doors: a password matching the recorded fingerprint is no change", async () => {
    const pw = "Doors-secret-pw-1";
    const news = (await dynamic("MailBox").check({}, { serviceName: MAIL, name: "info", password: pw })).inputs;
    const outs = { serviceName: MAIL, name: `info@${MAIL}`, entityId: "E1", usage: 0, quotaMax: 1, passwordHash: passwordFingerprint(pw) };
    const oldInputs = { ...news };
    expect((await dynamic("MailBox").diff("x", outs, news)).changes).to.equal(false);
    expect((await pluginDiff("MailBox", outs, oldInputs, news)).changes).to.equal(false);
    const other = { ...news, password: "Doors-other-pw-2" };
    expect((await dynamic("MailBox").diff("x", outs, other)).changes).to.equal(true);
    expect(await pluginDiff("MailBox", outs, oldInputs, other)).to.deep.include({ changes: true, diffs: ["password"] });
  });

  it("refresh: DnsRecord's inputsFromRead take their live values on both doors; the plugin keeps the other recorded inputs", async () => {
    const d = dynamic("DnsRecord");
    const inputs = (await d.check({}, { serviceName: ZONE, name: "home", type: "A", value: "192.0.2.1", adopt: false })).inputs;
    const { id, outs } = await d.create(inputs);
    await client.call("service/dnsupdate", { serviceName: ZONE, entityID: outs.entityId, value: "198.51.100.7" } as any);
    const viaDynamic = await d.read(id, outs);
    const viaPlugin = await pluginRead("DnsRecord", id, outs, inputs);
    expect(viaPlugin.outs).to.deep.equal(viaDynamic.props);
    expect(viaDynamic.props?.value).to.equal("198.51.100.7");
    // The dynamic protocol replaces the recorded inputs with what read returns: those keys alone.
    expect(viaDynamic.inputs).to.deep.include({ value: "198.51.100.7" });
    expect(viaPlugin.inputs).to.deep.equal({ ...inputs, ...viaDynamic.inputs });
    // Unchanged live: no new inputs on the dynamic door, the recorded ones on the plugin's.
    const again = await d.read(id, viaDynamic.props);
    expect(again).to.not.have.property("inputs");
    expect((await pluginRead("DnsRecord", id, viaPlugin.outs, viaPlugin.inputs)).inputs).to.deep.equal(viaPlugin.inputs);
  });

  it("refresh: a resource without inputsFromRead keeps its recorded inputs on both doors, and the next diff plans the drift back", async () => {
    const d = dynamic("MailAlias");
    const inputs = (await d.check({}, { serviceName: MAIL, name: "sales", targets: ["ada@example.com"] })).inputs;
    const { id, outs } = await d.create(inputs);
    await client.call("service/mailaliasupdate", { serviceName: MAIL, entityID: outs.entityId, target: ["eve@example.net"] } as any);
    const viaDynamic = await d.read(id, outs);
    const viaPlugin = await pluginRead("MailAlias", id, outs, inputs);
    expect(viaDynamic).to.not.have.property("inputs");
    expect(viaPlugin.inputs, "the recorded inputs, not the live targets").to.deep.equal(inputs);
    expect(viaPlugin.outs).to.deep.equal(viaDynamic.props);
    expect((await d.diff(id, viaDynamic.props!, inputs)).changes).to.equal(true);
    expect(await pluginDiff("MailAlias", viaPlugin.outs, viaPlugin.inputs, inputs)).to.deep.include({ changes: true, diffs: ["targets"] });
  });
});
