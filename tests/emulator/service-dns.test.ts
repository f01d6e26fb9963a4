import { expect } from "chai";
import { TXT_MAX } from "../../sdk/rules";
import { EMULATOR_HOSTING_IP } from "../../emulator/data/products";
import { findZone, lookupRecords } from "../../emulator/modules/service/lookup";
import { withService } from "./service-fixture";

const S = { serviceName: "example.com" };
type Rec = { entityID: string; name: string; type: string; ttl: string; priority: string; value: string };
const zone64 = (records: unknown[]) => Buffer.from(JSON.stringify(records)).toString("base64");
const shape = (rs: Rec[]) => rs.map((r) => `${r.name} ${r.type} ${r.ttl} ${r.priority} ${r.value}`).sort();

describe("service/dnscreate", () => {
  it("takes full, relative and @ names and answers full names with '-' for default ttl/priority", async () => {
    const f = await withService();
    const acme = (await f.ok("service/dnscreate", { ...S, name: "_acme-challenge.example.com", type: "TXT", value: "tok-1" })).dns as Rec[];
    expect(acme).to.have.length(1);
    expect(acme[0]).to.deep.equal({ entityID: acme[0].entityID, name: "_acme-challenge.example.com", type: "TXT", ttl: "-", priority: "-", value: "tok-1" });
    expect((await f.ok("service/dnscreate", { ...S, name: "api", type: "A", value: "198.51.100.7", ttl: "300", priority: "5" })).dns[0]).to.include({
      name: "api.example.com",
      ttl: "300",
      priority: "-",
    });
    expect((await f.ok("service/dnscreate", { ...S, name: "@", type: "MX", value: "MX2.Example.org.", ttl: "-" })).dns[0]).to.include({
      name: "example.com",
      priority: "-",
      value: "mx2.example.org",
    });
    expect((await f.ok("service/dnscreate", { ...S, name: "*.example.com", type: "AAAA", value: "2001:DB8::1" })).dns[0]).to.include({
      name: "*.example.com",
      value: "2001:db8::1",
    });
    expect((await f.ok("service/dnscreate", { ...S, name: "_sip._tcp", type: "SRV", value: "5 5060 sip.example.com", priority: "20" })).dns[0]).to.include({
      priority: "20",
    });
    expect((await f.ok("service/dnscreate", { ...S, name: "@", type: "CAA", value: '0 ISSUE "letsencrypt.org"' })).dns[0].value).to.equal(
      '0 issue "letsencrypt.org"',
    );
  });

  it("treats a full punycode name under an IDN zone as inside the zone, like the relative name", async () => {
    const f = await withService("basic", "españa-idn.es");
    const zone = { serviceName: "españa-idn.es" };
    const relative = (await f.ok("service/dnscreate", { ...zone, name: "café", type: "A", value: "192.0.2.1" })).dns[0] as Rec;
    const full = (await f.ok("service/dnscreate", { ...zone, name: "café.xn--espaa-idn-o6a.es", type: "A", value: "192.0.2.2" })).dns[0] as Rec;
    expect(full.name).to.equal(relative.name);
    expect(full.name.split(".")).to.have.length(3);
    const apex = (await f.ok("service/dnscreate", { ...zone, name: "xn--espaa-idn-o6a.es", type: "TXT", value: "apex" })).dns[0] as Rec;
    expect(apex.name).to.equal("españa-idn.es");
    // The punycode spelling of the service name finds the same service (keyed by its Unicode name).
    const viaAscii = (await f.ok("service/dnslist", { serviceName: "xn--espaa-idn-o6a.es" })).dns as Rec[];
    expect(viaAscii.map((r) => r.entityID)).to.include.members([relative.entityID, full.entityID, apex.entityID]);
    await f.fails("service/create", { serviceName: "XN--ESPAA-IDN-O6A.ES", productkey: "basic" }, 4007);
    // Lookups (tool/dig, SSL DNS validation) find IDN names in either spelling.
    expect(
      lookupRecords(f.env.world, "café.españa-idn.es", "A")
        .map((a) => a.value)
        .sort(),
    ).to.deep.equal(["192.0.2.1", "192.0.2.2"]);
    expect(lookupRecords(f.env.world, "xn--caf-dma.xn--espaa-idn-o6a.es.", "A")).to.have.length(2);
    expect(findZone(f.env.world, "xn--caf-dma.xn--espaa-idn-o6a.es")?.serviceName).to.equal("españa-idn.es");
  });

  it("validates the value by type (105)", async () => {
    const f = await withService();
    const bad: [string, string][] = [
      ["A", "300.1.1.1"],
      ["A", "2001:db8::1"],
      ["AAAA", "192.0.2.1"],
      ["CNAME", "not a host"],
      ["MX", "single"],
      ["NS", "-bad-.example.com"],
      ["SRV", "5 sip.example.com"],
      ["SRV", "5 70000 sip.example.com"],
      ["CAA", "0 issue letsencrypt.org"],
      ["TXT", "x".repeat(TXT_MAX + 1)],
    ];
    for (const [type, value] of bad) await f.fails("service/dnscreate", { ...S, name: "t", type, value }, 105);
    await f.fails("service/dnscreate", { ...S, name: "t", type: "SOA", value: "x" }, 105);
    await f.fails("service/dnscreate", { ...S, name: "t", type: "A", value: "192.0.2.1", ttl: "abc" }, 105);
    await f.ok("service/dnscreate", { ...S, name: "t", type: "TXT", value: "x".repeat(TXT_MAX) });
  });

  it("allows several TXT at one name, refuses an identical record and a CNAME beside others (4004)", async () => {
    const f = await withService();
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge", type: "TXT", value: "apex" });
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge", type: "TXT", value: "wildcard" });
    await f.fails("service/dnscreate", { ...S, name: "_acme-challenge.example.com", type: "TXT", value: "apex" }, 4004);
    await f.fails("service/dnscreate", { ...S, name: "www", type: "CNAME", value: "example.com" }, 4004);
    await f.ok("service/dnscreate", { ...S, name: "cdn", type: "CNAME", value: "cdn.provider.net" });
    await f.fails("service/dnscreate", { ...S, name: "cdn", type: "TXT", value: "x" }, 4004);
    await f.fails("service/dnscreate", { serviceName: "nope.com", name: "a", type: "TXT", value: "x" }, 4001);
  });
});

describe("service/dnslist", () => {
  it("filters like certbot hooks: substring of the full name, then deletes what it found", async () => {
    const f = await withService();
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge.example.com", type: "TXT", value: "apex-token" });
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge.example.com", type: "TXT", value: "wild-token" });
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge.shop.example.com", type: "TXT", value: "shop-token" });
    const found = (await f.ok("service/dnslist", { ...S, filter: "_acme-challenge" })).dns as Rec[];
    expect(found.map((r) => r.value).sort()).to.deep.equal(["apex-token", "shop-token", "wild-token"]);
    const exact = (await f.ok("service/dnslist", { ...S, filter: "_acme-challenge.example.com" })).dns as Rec[];
    expect(exact).to.have.length(2);
    for (const r of found) await f.ok("service/dnsdelete", { ...S, entityID: r.entityID });
    expect((await f.ok("service/dnslist", { ...S, filter: "_acme-challenge" })).dns).to.deep.equal([]);
    expect((await f.ok("service/dnslist", S)).queryInfo.total).to.be.greaterThan(0);
  });

  it("filters by type and value and pages", async () => {
    const f = await withService();
    const ns = (await f.ok("service/dnslist", { ...S, filterType: "ns" })).dns as Rec[];
    expect(ns.map((r) => r.type)).to.deep.equal(["NS", "NS"]);
    const byValue = (await f.ok("service/dnslist", { ...S, filterValue: EMULATOR_HOSTING_IP })).dns as Rec[];
    expect(byValue.every((r) => r.type === "A")).to.equal(true);
    const total = (await f.ok("service/dnslist", S)).queryInfo.total as number;
    const p2 = await f.ok("service/dnslist", { ...S, pageLength: "2", page: "2" });
    expect(p2.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: Math.min(2, total - 2), total });
    await f.fails("service/dnslist", { ...S, filterType: "SOA" }, 105);
  });
});

describe("service/dnsupdate, service/dnsgetinfo, service/dnsdelete", () => {
  it("changes value, ttl and priority only; omitted ttl keeps, '-' resets", async () => {
    const f = await withService();
    const mx = (await f.ok("service/dnscreate", { ...S, name: "@", type: "MX", value: "mx1.example.org", ttl: "600", priority: "20" })).dns[0] as Rec;
    const up = (await f.ok("service/dnsupdate", { ...S, entityID: mx.entityID, value: "mx9.example.org", name: "other", type: "A" })).dns[0] as Rec;
    expect(up).to.deep.equal({ ...mx, value: "mx9.example.org" });
    const reset = (await f.ok("service/dnsupdate", { ...S, entityID: mx.entityID, value: "mx9.example.org", ttl: "-", priority: "-" })).dns[0] as Rec;
    expect(reset).to.include({ ttl: "-", priority: "-" });
    expect((await f.ok("service/dnsgetinfo", { ...S, entityID: mx.entityID })).dns[0]).to.deep.equal(reset);
    await f.fails("service/dnsupdate", { ...S, entityID: mx.entityID, value: "192.0.2.1 not a host" }, 105);
    await f.ok("service/dnsdelete", { ...S, entityID: mx.entityID });
    await f.fails("service/dnsgetinfo", { ...S, entityID: mx.entityID }, 4002);
    await f.fails("service/dnsupdate", { ...S, entityID: mx.entityID, value: "mx1.example.org" }, 4002);
  });
});

describe("service/dnsdeleteall and service/dnsrestore", () => {
  it("empties the zone, then restores exactly the defaults of a new service", async () => {
    const f = await withService();
    const defaults = shape((await f.ok("service/dnslist", S)).dns);
    await f.ok("service/dnscreate", { ...S, name: "extra", type: "TXT", value: "x" });
    expect(await f.ok("service/dnsdeleteall", S)).to.deep.equal({});
    expect((await f.ok("service/dnslist", S)).dns).to.deep.equal([]);
    expect(await f.ok("service/dnsrestore", S)).to.deep.equal({});
    expect(shape((await f.ok("service/dnslist", S)).dns)).to.deep.equal(defaults);
  });
});

describe("service/dnssetzone", () => {
  it("replaces the zone from base64 JSON and reads back the same records", async () => {
    const f = await withService();
    const records = [
      { name: "example.com", type: "A", ttl: "-", priority: "-", value: "203.0.113.5" },
      { name: "www", type: "CNAME", ttl: 300, priority: "", value: "example.com" },
      { name: "@", type: "MX", ttl: "-", priority: 5, value: "mx.example.net" },
      { name: "@", type: "TXT", ttl: "-", priority: "-", value: 'v=spf1 include:"x" -all' },
    ];
    expect(await f.ok("service/dnssetzone", { ...S, dnsZoneData: zone64(records) })).to.deep.equal({});
    expect(shape((await f.ok("service/dnslist", S)).dns)).to.deep.equal(
      [
        "example.com A - - 203.0.113.5",
        "www.example.com CNAME 300 - example.com",
        "example.com MX - 5 mx.example.net",
        'example.com TXT - - v=spf1 include:"x" -all',
      ].sort(),
    );
    // Round trip: what dnslist answers can be sent back unchanged.
    const listed = (await f.ok("service/dnslist", S)).dns as Rec[];
    await f.ok("service/dnssetzone", { ...S, dnsZoneData: zone64(listed.map(({ entityID: _, ...r }) => r)) });
    expect(shape((await f.ok("service/dnslist", S)).dns)).to.deep.equal(shape(listed));
  });

  it("refuses data that is not base64 JSON of an array, or a bad record, and keeps the zone (105)", async () => {
    const f = await withService();
    const before = shape((await f.ok("service/dnslist", S)).dns);
    await f.fails("service/dnssetzone", { ...S, dnsZoneData: "%%%not-base64%%%" }, 105);
    await f.fails("service/dnssetzone", { ...S, dnsZoneData: Buffer.from('{"name":"a"}').toString("base64") }, 105);
    await f.fails("service/dnssetzone", { ...S, dnsZoneData: zone64([{ name: "a", type: "A", value: "not-ip" }]) }, 105);
    await f.fails(
      "service/dnssetzone",
      {
        ...S,
        dnsZoneData: zone64([
          { name: "a", type: "A", value: "192.0.2.1" },
          { name: "a", type: "A", value: "192.0.2.1" },
        ]),
      },
      4004,
    );
    expect(shape((await f.ok("service/dnslist", S)).dns)).to.deep.equal(before);
  });
});

describe("service DNS lookup (emulator/modules/service/lookup.ts)", () => {
  it("finds the zone of a host and answers its records with default ttl and MX priority", async () => {
    const f = await withService();
    await f.ok("service/dnscreate", { ...S, name: "_acme-challenge", type: "TXT", value: "tok" });
    expect(findZone(f.env.world, "_acme-challenge.Example.com.")?.serviceName).to.equal("example.com");
    expect(findZone(f.env.world, "example.org")).to.equal(undefined);
    const txt = lookupRecords(f.env.world, "_acme-challenge.example.com", "TXT");
    expect(txt).to.have.length(1);
    expect(txt[0].value).to.equal("tok");
    expect(txt[0].ttl).to.be.a("number");
    const mx = lookupRecords(f.env.world, "example.com", "MX");
    expect(mx[0]).to.include({ priority: 10, value: "mail.example.com" });
    expect(lookupRecords(f.env.world, "example.com", "ANY").map((r) => r.type)).to.include.members(["A", "MX", "TXT", "NS"]);
    expect(lookupRecords(f.env.world, "nothing.example.com", "A")).to.deep.equal([]);
  });
});
