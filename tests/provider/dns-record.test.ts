/**
 * DnsRecord through the real engine against the emulator (issue 6): preview, up, no-op preview and
 * refresh, in-place update, replacement, drift made outside through the sdk and repaired, adopt,
 * destroy and the emulator's state afterwards; several records at one label, a long TXT, an IDN
 * name, and a zone of 120 records refreshed with one dnslist. Every step ends with an empty plan;
 * the state and every stored provider are scanned for the API password.
 * Run `npm run build` first.
 */
import { expect } from "chai";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { engineRuns } from "../harness/budget";
import { createEngineStack, type EngineStack, installPackage } from "../harness/engine";
import { checkStoredProviders, expectNoPlaintext } from "./harness";

type Args = Record<string, unknown>;
interface Want {
  key: string;
  args: Args;
}

const ZONE = "dns-life.example";
const LONG_TXT = `v=DKIM1; k=rsa; p=${"A".repeat(300)}`;

describe("DnsRecord through the engine", function () {
  this.timeout(engineRuns(22)); // the lifecycle test makes 19 runs
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let resourceModule: string;
  let wants: Want[] = [];

  const dnslist = async (zone = ZONE) => ((await client.call("service/dnslist", { serviceName: zone } as any)) as any).dns as Record<string, string>[];
  const program = async () => {
    const { DnsRecord } = require(resourceModule);
    const out: Record<string, unknown> = {};
    for (const w of wants) out[w.key] = new DnsRecord(w.key, w.args).id;
    return out;
  };
  const stackFor = async () =>
    createEngineStack({
      program,
      installPackage: false,
      config: {
        "dondominio:baseUrl": { value: emu.url },
        "dondominio:caCertFile": { value: emu.caFile },
        "dondominio:apiUser": { value: emu.apiUser },
        "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      },
    });
  const expectNoChanges = async (eng: EngineStack, count: number) => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: count + 1 });
  };

  before(async () => {
    resourceModule = join(installPackage(), "dist", "provider", "resources", "dns-record", "resource.js");
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    for (const serviceName of [ZONE, "bulk.example"]) await client.call("service/create", { serviceName, productkey: "redir" } as any);
  });
  after(async () => emu?.close());

  it("runs the lifecycle: create, no-op, update, replace, drift, adopt, destroy", async () => {
    const rec = (key: string, args: Args): Want => ({ key, args: { serviceName: ZONE, ...args } });
    wants = [
      rec("www", { name: "WWW", type: "A", value: "192.0.2.1", ttl: 300 }),
      rec("mx", { name: "@", type: "MX", value: "MX2.DNS-Life.example.", priority: "20" }),
      rec("long", { name: "_long", type: "TXT", value: `"${LONG_TXT.slice(0, 255)}" "${LONG_TXT.slice(255)}"` }),
      rec("multi1", { name: "multi", type: "TXT", value: "first" }),
      rec("multi2", { name: "multi.dns-life.example.", type: "TXT", value: '"second; with \\"quotes\\""' }),
      rec("multi3", { name: "multi", type: "A", value: "192.0.2.7" }),
      rec("idn", { name: "café", type: "AAAA", value: "2001:DB8:0:0::1" }),
      rec("wild", { name: "*.dev", type: "CNAME", value: "target.example.net." }),
      rec("srv", { name: "_imap._tcp", type: "SRV", value: "0 0 .", priority: 0 }),
      rec("caa", { name: "@", type: "CAA", value: "0 ISSUE LetsEncrypt.org" }),
    ];
    const eng = await stackFor();
    try {
      expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: wants.length + 1 });
      const up = await eng.stack.up();
      expect(up.summary.result).to.equal("succeeded");
      // The API password (stack config, secret) is nowhere in the state, nor in any stored provider.
      expectNoPlaintext(eng, [emu.apiPasswd]);
      expect(checkStoredProviders(eng, [emu.apiPasswd])).to.equal(wants.length);
      await expectNoChanges(eng, wants.length);
      expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: wants.length + 1 });
      await expectNoChanges(eng, wants.length);

      const zone = await dnslist();
      const at = (name: string, type: string) => zone.filter((r) => r.name === name && r.type === type);
      // Text over 255 bytes is stored as 255-byte strings, as DNS requires (DnsRecord README).
      expect(at("_long.dns-life.example", "TXT")[0].value).to.equal(`"${LONG_TXT.slice(0, 255)}" "${LONG_TXT.slice(255)}"`);
      expect(at("multi.dns-life.example", "TXT").map((r) => r.value)).to.have.members(["first", 'second; with "quotes"']);
      expect(at("xn--caf-dma.dns-life.example", "AAAA")[0].value).to.equal("2001:db8::1");
      expect(at("www.dns-life.example", "A").map((r) => [r.value, r.ttl])).to.deep.include(["192.0.2.1", "300"]);
      expect(at("dns-life.example", "CAA")[0].value).to.equal('0 issue "letsencrypt.org"');
      const wwwId = String(up.outputs.www.value);
      expect(wwwId).to.match(/^dns-life\.example\/SRV\d+-\d+$/);

      // In place: value and ttl (the id stays).
      wants[0] = rec("www", { name: "www", type: "A", value: "192.0.2.2", ttl: 600 });
      wants[2] = rec("long", { name: "_long", type: "TXT", value: LONG_TXT, ttl: 900 });
      let res = await eng.stack.up();
      expect(res.summary.resourceChanges).to.deep.equal({ same: wants.length - 1, update: 2 });
      expect(res.outputs.www.value).to.equal(wwwId);
      await expectNoChanges(eng, wants.length);
      // Back to the default ttl: leaving ttl out is a change too.
      wants[2] = rec("long", { name: "_long", type: "TXT", value: LONG_TXT });
      expect((await eng.stack.up()).summary.resourceChanges).to.deep.equal({ same: wants.length, update: 1 });
      expect((await dnslist()).find((r) => r.name === "_long.dns-life.example")?.ttl).to.equal("-");
      await expectNoChanges(eng, wants.length);

      // Replacement: a new name, and a retype away from CNAME (delete before create).
      wants[4] = rec("multi2", { name: "multi2", type: "TXT", value: '"second; with \\"quotes\\""' });
      wants[7] = rec("wild", { name: "*.dev", type: "A", value: "192.0.2.8" });
      res = await eng.stack.up();
      expect(res.summary.resourceChanges).to.deep.equal({ same: wants.length - 1, replace: 2 });
      await expectNoChanges(eng, wants.length);
      expect((await dnslist()).filter((r) => r.name === "*.dev.dns-life.example").map((r) => r.type)).to.deep.equal(["A"]);

      // Drift outside Pulumi: refresh sees it, up repairs it; a record deleted outside is recreated.
      const entity = wwwId.split("/")[1];
      await client.call("service/dnsupdate", { serviceName: ZONE, entityID: entity, value: "192.0.2.99", ttl: 3600 } as any);
      const multi1 = (await dnslist()).find((r) => r.value === "first")!;
      await client.call("service/dnsdelete", { serviceName: ZONE, entityID: multi1.entityID } as any);
      const refreshed = await eng.stack.refresh();
      expect(refreshed.summary.resourceChanges).to.deep.equal({ same: wants.length - 1, update: 1, delete: 1 });
      expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: wants.length - 1, update: 1, create: 1 });
      await eng.stack.up();
      await expectNoChanges(eng, wants.length);
      const repaired = await dnslist();
      expect(repaired.find((r) => r.entityID === entity)).to.include({ value: "192.0.2.2", ttl: "600" });
      expect(repaired.filter((r) => r.value === "first")).to.have.length(1);

      // Adopt: an identical record made outside is taken over, not duplicated; without adopt, a clear error.
      const made = (await client.call("service/dnscreate", { serviceName: ZONE, name: "adopted", type: "TXT", value: "hello" } as any)) as any;
      wants.push(rec("clash", { name: "adopted", type: "TXT", value: "hello" }));
      const failed = await eng.stack.up().then(
        () => "succeeded",
        (e: Error) => e.message,
      );
      expect(failed).to.match(/identical record already exists .*adopt: true/);
      wants[wants.length - 1] = rec("adopted", { name: "adopted", type: "TXT", value: "hello", ttl: 120, adopt: true });
      res = await eng.stack.up();
      expect(res.summary.resourceChanges).to.deep.equal({ same: wants.length, create: 1 });
      expect(res.outputs.adopted.value).to.equal(`${ZONE}/${made.dns[0].entityID}`);
      const adopted = (await dnslist()).filter((r) => r.name === "adopted.dns-life.example");
      expect(adopted.map((r) => [r.entityID, r.ttl])).to.deep.equal([[made.dns[0].entityID, "120"]]);
      await expectNoChanges(eng, wants.length);
      expectNoPlaintext(eng, [emu.apiPasswd]);
      expect(checkStoredProviders(eng, [emu.apiPasswd])).to.equal(wants.length);

      // Destroy: every managed record leaves the zone; the service's own records stay.
      const counted = wants.length;
      const destroyed = await eng.stack.destroy();
      expect(destroyed.summary.resourceChanges).to.deep.equal({ delete: counted + 1 });
      const left = await dnslist();
      expect(left.map((r) => r.name).filter((n) => /^(www|_long|multi|multi2|xn--|\*|_imap|adopted)/.test(n) && !n.startsWith("www."))).to.deep.equal([]);
      expect(left.filter((r) => ["192.0.2.2", "first", "hello", "2001:db8::1"].includes(r.value) || r.type === "CAA" || r.type === "SRV")).to.deep.equal([]);
      const state = await emu.control.getState(emu.apiUser);
      expect(state.services[ZONE].dns).to.have.length(left.length);
    } finally {
      await eng.dispose();
    }
  });

  it("plans and refreshes a zone of 120 records with one dnslist", async function () {
    this.timeout(engineRuns(5, 121));
    wants = Array.from({ length: 120 }, (_, i) => ({
      key: `h${i}`,
      args: { serviceName: "bulk.example", name: `h${i}`, type: i % 2 ? "A" : "TXT", value: i % 2 ? `198.51.100.${i}` : `token-${i}` },
    }));
    const eng = await stackFor();
    try {
      expect((await eng.stack.up()).summary.resourceChanges).to.deep.equal({ create: 121 });
      await emu.control.counters({ reset: true });
      await expectNoChanges(eng, 120);
      expect((await emu.control.counters()).totalCalls, "a preview makes no API call").to.equal(0);
      expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 121 });
      expect((await emu.control.counters()).calls).to.deep.equal({ "service/dnslist": 1 });
      await expectNoChanges(eng, 120);
      expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 121 });
      expect((await dnslist("bulk.example")).filter((r) => r.name.startsWith("h"))).to.deep.equal([]);
    } finally {
      await eng.dispose();
    }
  });
});
