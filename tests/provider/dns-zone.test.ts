/**
 * DnsZone through the real engine against one emulator (issue 12 item 1): the lifecycle matrix
 * (preview, up, no-change preview, clean refresh, in-place change, drift made through the API and
 * repaired, adopt, destroy, secret scan), ignore rules and purge true/false against records added
 * through the API beside the program, A -> CNAME -> A at one name, the threshold and apex NS
 * refusals with 0 API writes, service/dnssetzone for a large first apply (calls counted, printed
 * beside per-record calls) and the race: a record another writer adds between the plan's read and
 * the write survives. Run `npm run build` first.
 */
import { expect } from "chai";
import { filesUnder, scanFiles, total } from "../hardening/secret-scan";
import { engineRuns } from "../harness/budget";
import {
  checkStoredProviders,
  countCalls,
  expectCleanRefresh,
  expectEmptyPlan,
  expectNoPlaintext,
  failureOf as failure,
  type Harness,
  startHarness,
  writeCalls,
} from "./harness";

type Rec = { name: string; type: string; value: string; ttl?: number; priority?: number };
type ZoneArgs = { serviceName: string; records: Rec[]; [k: string]: unknown };

const LIFE = "zone-life.example";
const BIG = "zone-big.example";
const BULK = "zone-bulk.example";
const PER = "zone-per.example";

describe("DnsZone through the engine", function () {
  this.timeout(engineRuns(24)); // the lifecycle test makes 21 runs, the large zone's 12
  let h: Harness;
  let zones: Record<string, ZoneArgs> = {};
  /** DnsRecords beside the zones (names a zone ignores). */
  let singles: Record<string, Rec & { serviceName: string }> = {};

  const program = async () => {
    const { DnsZone, DnsRecord } = h.pkg() as any;
    const out: Record<string, unknown> = {};
    for (const [key, args] of Object.entries(zones)) out[key] = new DnsZone(key, args).id;
    for (const [key, args] of Object.entries(singles)) out[key] = new DnsRecord(key, args).id;
    return out;
  };
  const dnslist = async (zone: string) =>
    ((await h.client.call("service/dnslist", { serviceName: zone, pageLength: 1000 } as any)) as any).dns as {
      entityID: string;
      name: string;
      type: string;
      value: string;
      ttl: string;
      priority: string;
    }[];
  /** "www A 192.0.2.1" lines of the live zone (relative names, sorted). */
  const lines = async (zone: string) =>
    (await dnslist(zone))
      .map((r) => `${r.name === zone ? "@" : r.name.slice(0, -zone.length - 1)} ${r.type} ${r.value}${r.ttl !== "-" ? ` ttl=${r.ttl}` : ""}`)
      .sort();
  const api = (op: string, params: Record<string, unknown>) => h.client.call(op as any, params as any) as Promise<any>;
  const counted = <T>(f: () => Promise<T>) => countCalls(h, f);

  before(async () => {
    h = await startHarness();
    for (const serviceName of [LIFE, BIG, BULK, PER]) await api("service/create", { serviceName, productkey: "redir" });
  });
  after(async () => h?.close());

  it("runs the lifecycle: preview, up, no-op, refresh, in place, ignore and purge, drift, A -> CNAME -> A, destroy", async () => {
    const base: Rec[] = [
      { name: "www", type: "A", value: "192.0.2.1", ttl: 300 },
      { name: "@", type: "MX", value: "MX.zone-life.example.", priority: 20 },
      { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=none" },
      { name: "*.dev", type: "CNAME", value: "target.example.net." },
      { name: "alias", type: "A", value: "192.0.2.50" },
      { name: "@", type: "CAA", value: "0 ISSUE LetsEncrypt.org" },
    ];
    const ignore = [{ name: "_acme-challenge*", type: "TXT" }];
    zones = { life: { serviceName: LIFE, records: base, ignore } };
    const eng = await h.stack(program);
    // The emulator's new zone: @, www and mail A, @ MX, @ TXT (SPF), two @ NS.
    expect(await lines(LIFE)).to.have.length(7);

    // Preview reads the zone (free) and writes nothing.
    const pre = await counted(() => eng.stack.preview());
    expect(pre.result.changeSummary).to.deep.equal({ create: 2 });
    expect(writeCalls(pre.calls)).to.deep.equal({});
    // The plan lines (provider/dns/dns-plan.ts), among the diagnostics: 3 deletes (purge), 2 in place, 4 creates.
    const planLines = pre.result.stdout.split("Diagnostics:")[1]?.match(/\[dondominio\] [-+±] .*/g) ?? [];
    expect(planLines).to.have.length(9);
    expect(planLines).to.include('[dondominio] - DELETE TXT zone-life.example "v=spf1 a mx ~all" ttl=default');
    expect(planLines).to.include("[dondominio] ± MODIFY MX zone-life.example 10 mail.zone-life.example. ttl=default -> 20 mx.zone-life.example. ttl=default");

    // Up: the default A/MX/TXT records go (purge), www changes in place, the new ones come; NS stays (undeclared apex NS).
    const up = await counted(() => eng.stack.up());
    expect(up.result.summary.result).to.equal("succeeded");
    expect(writeCalls(up.calls)).to.deep.equal({ "service/dnsdelete": 3, "service/dnsupdate": 2, "service/dnscreate": 4 });
    expect(await lines(LIFE)).to.deep.equal(
      [
        '@ CAA 0 issue "letsencrypt.org"',
        "@ MX mx.zone-life.example",
        "@ NS ns1.emulator.test",
        "@ NS ns2.emulator.test",
        "*.dev CNAME target.example.net",
        "_dmarc TXT v=DMARC1; p=none",
        "alias A 192.0.2.50",
        "www A 192.0.2.1 ttl=300",
      ].sort(),
    );
    expect(String(up.result.outputs.life.value)).to.equal(LIFE);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng, 2);
    await expectEmptyPlan(eng);

    // Secrets: the API password is nowhere in the state, the stored provider or the backend's files.
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(1);
    const scan = scanFiles(filesUnder(eng.backendDir), [{ kind: "api password", value: h.emu.apiPasswd }], eng.backendDir);
    expect(total(scan.counts), "api password in the backend's files").to.equal(0);

    // In place: a ttl, a value and a new record: one dnsupdate each, one dnscreate.
    zones.life.records = [
      ...base.slice(0, 4),
      { name: "alias", type: "A", value: "192.0.2.51", ttl: 600 },
      base[5],
      { name: "new", type: "AAAA", value: "2001:DB8::1" },
    ];
    const change = await counted(() => eng.stack.up());
    expect(change.result.summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
    expect(writeCalls(change.calls)).to.deep.equal({ "service/dnsupdate": 1, "service/dnscreate": 1 });
    expect(await lines(LIFE)).to.include.members(["alias A 192.0.2.51 ttl=600", "new AAAA 2001:db8::1"]);
    await expectEmptyPlan(eng);

    // Records added through the API beside the program: an ignored one never shows; an unmanaged one is drift under purge.
    await api("service/dnscreate", { serviceName: LIFE, name: "_acme-challenge", type: "TXT", value: "token-1" });
    await api("service/dnscreate", { serviceName: LIFE, name: "_acme-challenge.www", type: "TXT", value: "token-2" });
    await api("service/dnscreate", { serviceName: LIFE, name: "extra", type: "TXT", value: "made in the panel" });
    // Drift: a declared record changed and another deleted through the API.
    const live = await dnslist(LIFE);
    const www = live.find((r) => r.name === `www.${LIFE}`)!;
    await api("service/dnsupdate", { serviceName: LIFE, entityID: www.entityID, value: "192.0.2.99", ttl: 3600 });
    await api("service/dnsdelete", { serviceName: LIFE, entityID: live.find((r) => r.type === "CAA")!.entityID });
    const refreshed = await eng.stack.refresh();
    expect(refreshed.summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
    const preview = await eng.stack.preview();
    expect(preview.changeSummary).to.deep.equal({ same: 1, update: 1 });
    const repair = await counted(() => eng.stack.up());
    expect(writeCalls(repair.calls)).to.deep.equal({ "service/dnsupdate": 1, "service/dnscreate": 1, "service/dnsdelete": 1 });
    await expectEmptyPlan(eng);
    const repaired = await lines(LIFE);
    expect(repaired).to.include.members([
      "www A 192.0.2.1 ttl=300",
      '@ CAA 0 issue "letsencrypt.org"',
      "_acme-challenge TXT token-1",
      "_acme-challenge.www TXT token-2",
    ]);
    expect(repaired.filter((l) => l.startsWith("extra") || l.includes("192.0.2.99"))).to.deep.equal([]);

    // Drift seen without a refresh: the preview reads the live zone itself.
    await api("service/dnscreate", { serviceName: LIFE, name: "extra2", type: "A", value: "192.0.2.77" });
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: 1, update: 1 });

    // purge false: records made outside stay, and are no drift.
    zones.life.purge = false;
    await eng.stack.up();
    await api("service/dnscreate", { serviceName: LIFE, name: "other", type: "TXT", value: "someone else's" });
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng, 2);
    expect(await lines(LIFE)).to.include.members(["extra2 A 192.0.2.77", "other TXT someone else's"]);

    // A -> CNAME -> A at one name: the old record goes before the new one (a CNAME holds its name alone).
    const at = async (name: string) => (await lines(LIFE)).filter((l) => l.startsWith(`${name} `));
    zones.life.records = zones.life.records.map((r) => (r.name === "alias" ? { name: "alias", type: "CNAME", value: "www.zone-life.example." } : r));
    await eng.stack.up();
    expect(await at("alias")).to.deep.equal(["alias CNAME www.zone-life.example"]);
    await expectEmptyPlan(eng);
    zones.life.records = zones.life.records.map((r) => (r.name === "alias" ? { name: "alias", type: "A", value: "192.0.2.52" } : r));
    await eng.stack.up();
    expect(await at("alias")).to.deep.equal(["alias A 192.0.2.52"]);
    await expectEmptyPlan(eng);

    // Destroy: the declared records go; ignored, unmanaged and the apex NS records stay.
    const destroyed = await counted(() => eng.stack.destroy());
    expect(destroyed.result.summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect(writeCalls(destroyed.calls)).to.deep.equal({ "service/dnsdelete": zones.life.records.length });
    expect(await lines(LIFE)).to.deep.equal(
      [
        "@ NS ns1.emulator.test",
        "@ NS ns2.emulator.test",
        "_acme-challenge TXT token-1",
        "_acme-challenge.www TXT token-2",
        "extra2 A 192.0.2.77",
        "other TXT someone else's",
      ].sort(),
    );
  });
  it("adopts a zone that already matches with 0 writes; refuses the threshold and apex NS changes at preview with 0 writes", async () => {
    const declared: Rec[] = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? { name: `h${i}`, type: "A", value: `198.51.100.${i}` } : { name: `t${i}`, type: "TXT", value: `token ${i}` },
    );
    const ns = ["ns1.emulator.test", "ns2.emulator.test"].map((value) => ({ name: "@", type: "NS", value, ttl: "-", priority: "-" }));
    const zoneData = [...declared.map((r) => ({ ...r, ttl: "-", priority: "-" })), ...ns];
    await api("service/dnssetzone", { serviceName: BIG, dnsZoneData: Buffer.from(JSON.stringify(zoneData)).toString("base64") });
    zones = { big: { serviceName: BIG, records: declared } };
    const eng = await h.stack(program);

    const adopt = await counted(() => eng.stack.up());
    expect(adopt.result.summary.resourceChanges).to.deep.equal({ create: 2 });
    expect(writeCalls(adopt.calls), "adopting a zone that already matches writes nothing").to.deep.equal({});
    await expectEmptyPlan(eng);

    // 7 deleted and 2 changed of 22 live records (41% > 30%): refused at preview, and by up, before any write.
    const before = await lines(BIG);
    zones.big.records = [...declared.slice(0, 11), { ...declared[11], value: "198.51.100.200" }, { ...declared[12], value: "changed" }];
    const refusal = /would delete 7 and update 2 of 22 records \(41% > 30%\); raise maxChangeRatio for this run to allow it/;
    const pre = await counted(() => failure(eng.stack.preview()));
    expect(pre.result).to.match(refusal);
    expect(writeCalls(pre.calls)).to.deep.equal({});
    const up = await counted(() => failure(eng.stack.up()));
    expect(up.result).to.match(refusal);
    expect(writeCalls(up.calls)).to.deep.equal({});
    expect(await lines(BIG)).to.deep.equal(before);
    // Raised for this run: applied record by record.
    zones.big.maxChangeRatio = 0.5;
    const raised = await counted(() => eng.stack.up());
    expect(writeCalls(raised.calls)).to.deep.equal({ "service/dnsdelete": 7, "service/dnsupdate": 2 });
    await expectEmptyPlan(eng);

    // The apex NS records: declaring them is fine while they match; a change is refused unless allowed.
    zones.big.records = [...zones.big.records, { name: "@", type: "NS", value: "ns1.emulator.test" }, { name: "@", type: "NS", value: "ns2.emulator.test" }];
    expect(writeCalls((await counted(() => eng.stack.up())).calls)).to.deep.equal({});
    zones.big.records = [...zones.big.records.slice(0, -1), { name: "@", type: "NS", value: "ns3.example.net" }];
    const nsRefused = await counted(() => failure(eng.stack.preview()));
    expect(nsRefused.result).to.match(
      /would change the NS records at the apex of zone-big\.example, the zone's delegation \(update ns2\.emulator\.test -> ns3\.example\.net\); set allowApexNsChanges: true/,
    );
    expect(writeCalls(nsRefused.calls)).to.deep.equal({});
    expect(await lines(BIG)).to.include.members(["@ NS ns1.emulator.test", "@ NS ns2.emulator.test"]);
  });

  it("applies a large first zone with one dnssetzone that keeps ignored records; another writer's records survive the races", async () => {
    const many = (n: number, tag = ""): Rec[] =>
      Array.from({ length: n }, (_, i) =>
        i % 2
          ? { name: `h${i}`, type: "A", value: `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` }
          : { name: `t${i}`, type: "TXT", value: `token ${i}${tag}` },
      );
    await api("service/dnscreate", { serviceName: BULK, name: "_acme-challenge", type: "TXT", value: "keep-me" });
    zones = { bulk: { serviceName: BULK, records: many(300), ignore: [{ name: "_acme-challenge" }] } };
    const eng = await h.stack(program);
    const first = await counted(() => eng.stack.up());
    expect(writeCalls(first.calls)).to.deep.equal({ "service/dnssetzone": 1 });
    const live = await lines(BULK);
    expect(live).to.have.length(303);
    expect(live).to.include.members(["_acme-challenge TXT keep-me", "@ NS ns1.emulator.test", "t0 TXT token 0", "h299 A 198.51.1.50"]);
    await expectEmptyPlan(eng);

    // Race 1: another writer adds a record right after the plan's read. The apply's re-read sees the
    // zone changed: no dnssetzone, record by record, the newcomer left alone (purge or not).
    const changed = (records: Rec[], n: number, tag: string) =>
      records.map((r, i) => (i < n * 2 && r.type === "TXT" ? { ...r, value: `${r.value}${tag}` } : r));
    zones.bulk.records = changed(many(300), 30, " v2");
    await h.emu.control.addFault({
      action: "service/dnslist",
      kind: "callAfter",
      count: 5,
      sideAction: "service/dnscreate",
      sideParams: { serviceName: BULK, name: "racer", type: "TXT", value: "other writer" },
    });
    const race = await counted(() => eng.stack.up());
    await h.emu.control.clearFaults();
    expect(writeCalls(race.calls)).to.deep.equal({ "service/dnsupdate": 30 });
    expect(race.result.stdout).to.match(/the zone changed since the plan's read/);
    expect(await lines(BULK)).to.include.members(["racer TXT other writer", "_acme-challenge TXT keep-me", "t0 TXT token 0 v2"]);

    // Race 2: another writer adds a record right after the dnssetzone: the read-back keeps it (newer).
    zones.bulk.records = changed(many(300), 40, " v3");
    zones.bulk.ignore = [{ name: "_acme-challenge" }, { name: "racer" }, { name: "late" }];
    await h.emu.control.addFault({
      action: "service/dnssetzone",
      kind: "callAfter",
      sideAction: "service/dnscreate",
      sideParams: { serviceName: BULK, name: "late", type: "TXT", value: "after the write" },
    });
    const late = await counted(() => eng.stack.up());
    await h.emu.control.clearFaults();
    expect(writeCalls(late.calls)).to.deep.equal({ "service/dnssetzone": 1 });
    expect(late.result.stdout).to.match(/1 record\(s\) written by another client since the zone was replaced were kept/);
    expect(await lines(BULK)).to.include.members(["late TXT after the write", "racer TXT other writer", "_acme-challenge TXT keep-me", "t0 TXT token 0 v3"]);
    await expectEmptyPlan(eng);

    // A DnsRecord beside the zone (at a name the zone ignores): the next dnssetzone renumbers every
    // record it keeps; the refresh follows the record to its new entityID, and nothing is planned.
    zones.bulk.ignore = [{ name: "_acme-challenge" }, { name: "racer" }, { name: "late" }, { name: "pinned" }];
    singles = { pinned: { serviceName: BULK, name: "pinned", type: "TXT", value: "a DnsRecord of the same program" } };
    const pinnedUp = await eng.stack.up();
    const pinnedId = pinnedUp.outputs.pinned.value as string;
    zones.bulk.records = changed(many(300), 40, " v4");
    const renumber = await counted(() => eng.stack.up());
    expect(writeCalls(renumber.calls)).to.deep.equal({ "service/dnssetzone": 1 });
    const moved = (await dnslist(BULK)).find((r) => r.name === `pinned.${BULK}`);
    expect(`${BULK}/${moved?.entityID}`).to.not.equal(pinnedId);
    const refreshed = await eng.stack.refresh();
    expect(refreshed.summary.resourceChanges).to.not.have.property("delete");
    expect(JSON.parse(eng.readStateFile()).checkpoint.latest.resources.find((r: { urn: string }) => r.urn.endsWith("::pinned")).id).to.equal(
      `${BULK}/${moved?.entityID}`,
    );
    await expectEmptyPlan(eng);
    singles = {};
    const unpinned = await counted(() => eng.stack.up());
    expect(writeCalls(unpinned.calls)).to.deep.equal({ "service/dnsdelete": 1 });

    // The same first apply of 300 records record by record (bulk: "never"), for the numbers.
    zones.per = { serviceName: PER, records: many(300), bulk: "never" };
    const per = await counted(() => eng.stack.up());
    expect(writeCalls(per.calls)).to.deep.equal({ "service/dnscreate": 300, "service/dnsdelete": 5 });
    console.log(
      `      first apply of 300 records: dnssetzone ${JSON.stringify(first.calls)} (${Object.values(first.calls).reduce((a, b) => a + b, 0)} calls); ` +
        `per-record ${JSON.stringify(per.calls)} (${Object.values(per.calls).reduce((a, b) => a + b, 0)} calls)`,
    );
    const destroyed = await counted(() => eng.stack.destroy());
    expect(writeCalls(destroyed.calls)).to.deep.equal({ "service/dnssetzone": 1, "service/dnsdelete": 300 });
    expect(await lines(BULK)).to.deep.equal(
      ["@ NS ns1.emulator.test", "@ NS ns2.emulator.test", "_acme-challenge TXT keep-me", "late TXT after the write", "racer TXT other writer"].sort(),
    );
    expect(await lines(PER)).to.deep.equal(["@ NS ns1.emulator.test", "@ NS ns2.emulator.test"]);
  });
});
