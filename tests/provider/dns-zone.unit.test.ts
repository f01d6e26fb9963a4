/**
 * DnsZone's change set, safety rules, ignore rules and inputs, pure (provider/resources/dns-zone
 * mapping.ts and schema.ts): tables of cases, no engine, no network.
 */
import { expect } from "chai";
import type { ListedRecord } from "../../sdk/rules";
import { dnsRecordInputs } from "../../provider/resources/dns-record/schema";
import {
  finalZone,
  ignoredBy,
  managedView,
  planProblems,
  planZone,
  setZonePayload,
  useSetZone,
  verifyZone,
  type IgnoreRule,
  type ZonePlan,
  type ZoneRecord,
} from "../../provider/resources/dns-zone/mapping";
import { dnsZoneInputs } from "../../provider/resources/dns-zone/schema";

const Z = "zone.example";
let nextId = 1;
/** A live record as recordFromApi gives it: "www A 192.0.2.1 [ttl] [priority]". */
function live(spec: string): ListedRecord {
  const [name, type, value, ttl, priority] = spec.split(" ");
  const r: ListedRecord = { entityID: `SRV1-${nextId++}`, serviceName: Z, name: name === "@" ? Z : `${name}.${Z}`, type: type as ListedRecord["type"], value };
  if (ttl && ttl !== "-") r.ttl = Number(ttl);
  if (priority) r.priority = Number(priority);
  return r;
}
const want = (spec: string): ZoneRecord => {
  const { entityID: _id, serviceName: _z, ...r } = live(spec);
  return r;
};
const short = (r: ZoneRecord) => `${r.name === Z ? "@" : r.name.slice(0, -Z.length - 1)} ${r.type} ${r.value}${r.ttl !== undefined ? ` ${r.ttl}` : ""}`;
const summary = (p: ZonePlan) => ({
  creates: p.creates.map(short),
  modifies: p.modifies.map((m) => `${short(m.from)} -> ${short(m.to)}`),
  deletes: p.deletes.map(short),
  kept: p.kept.map(short),
});

describe("DnsZone change set (planZone)", () => {
  const cases: {
    title: string;
    live: string[];
    desired: string[];
    ignore?: IgnoreRule[];
    purge?: boolean;
    owned?: string[];
    expect: Partial<ReturnType<typeof summary>>;
  }[] = [
    {
      title: "adopt: live equals declared, nothing to do",
      live: ["www A 192.0.2.1", "@ MX mx.example.net - 10"],
      desired: ["@ MX mx.example.net - 10", "www A 192.0.2.1"],
      expect: { creates: [], modifies: [], deletes: [] },
    },
    {
      title: "ttl only: one dnsupdate",
      live: ["www A 192.0.2.1"],
      desired: ["www A 192.0.2.1 300"],
      expect: { modifies: ["www A 192.0.2.1 -> www A 192.0.2.1 300"], creates: [], deletes: [] },
    },
    {
      title: "a new value at one name and type: one dnsupdate, not delete + create",
      live: ["www A 192.0.2.1"],
      desired: ["www A 192.0.2.2"],
      expect: { modifies: ["www A 192.0.2.1 -> www A 192.0.2.2"], creates: [], deletes: [] },
    },
    {
      title: "A -> CNAME at one name: delete and create",
      live: ["www A 192.0.2.1"],
      desired: ["www CNAME other.example.net"],
      expect: { deletes: ["www A 192.0.2.1"], creates: ["www CNAME other.example.net"], modifies: [] },
    },
    {
      title: "purge: an extra record is deleted",
      live: ["www A 192.0.2.1", "old TXT x"],
      desired: ["www A 192.0.2.1"],
      expect: { deletes: ["old TXT x"], kept: [] },
    },
    {
      title: "purge false: an extra record stays",
      live: ["www A 192.0.2.1", "old TXT x"],
      desired: ["www A 192.0.2.1"],
      purge: false,
      expect: { deletes: [], kept: ["old TXT x"] },
    },
    {
      title: "purge false: a record declared before and dropped now is deleted",
      live: ["www A 192.0.2.1", "old TXT x"],
      desired: ["www A 192.0.2.1"],
      purge: false,
      owned: ["www A 192.0.2.1", "old TXT x"],
      expect: { deletes: ["old TXT x"] },
    },
    {
      title: "purge false: a value changed in the program is one dnsupdate",
      live: ["www A 192.0.2.1"],
      desired: ["www A 192.0.2.9"],
      purge: false,
      owned: ["www A 192.0.2.1"],
      expect: { modifies: ["www A 192.0.2.1 -> www A 192.0.2.9"] },
    },
    {
      title: "purge false: a record changed by someone else stays, the declared one is created",
      live: ["www A 192.0.2.7"],
      desired: ["www A 192.0.2.1"],
      purge: false,
      owned: ["www A 192.0.2.1"],
      expect: { creates: ["www A 192.0.2.1"], kept: ["www A 192.0.2.7"], modifies: [] },
    },
    {
      title: "ignored records stay under purge",
      live: ["_acme-challenge TXT tok1", "_acme-challenge.www TXT tok2", "www A 192.0.2.1"],
      desired: [],
      ignore: [{ name: "_acme-challenge*", type: ["TXT"] }],
      expect: { deletes: ["www A 192.0.2.1"], kept: ["_acme-challenge TXT tok1", "_acme-challenge.www TXT tok2"] },
    },
    {
      title: "undeclared apex NS records are never touched",
      live: ["@ NS ns1.example.net", "@ NS ns2.example.net", "www A 192.0.2.1"],
      desired: ["www A 192.0.2.1"],
      expect: { deletes: [], kept: ["@ NS ns1.example.net", "@ NS ns2.example.net"] },
    },
    {
      title: "declared apex NS: the set is managed",
      live: ["@ NS ns1.example.net", "@ NS ns2.example.net"],
      desired: ["@ NS ns1.example.net", "@ NS ns3.example.net"],
      expect: { modifies: ["@ NS ns2.example.net -> @ NS ns3.example.net"] },
    },
    {
      title: "several TXT at one name: only the one that changed",
      live: ["multi TXT a", "multi TXT b", "multi TXT c"],
      desired: ["multi TXT a", "multi TXT B2", "multi TXT c"],
      expect: { modifies: ["multi TXT b -> multi TXT B2"], creates: [], deletes: [] },
    },
  ];
  for (const c of cases) {
    it(c.title, () => {
      const p = planZone({
        zone: Z,
        live: c.live.map(live),
        desired: c.desired.map(want),
        ignore: c.ignore ?? [],
        purge: c.purge ?? true,
        owned: c.owned?.map(want),
      });
      const got = summary(p);
      for (const [k, v] of Object.entries(c.expect)) expect(got[k as keyof typeof got], k).to.deep.equal(v);
    });
  }

  it("a record another writer added since the plan's read is left alone (protect), unless declared", () => {
    const added = live("new TXT other-writer");
    const p = planZone({
      zone: Z,
      live: [live("www A 192.0.2.1"), added, live("x A 192.0.2.5")],
      desired: [want("x A 192.0.2.5")],
      ignore: [],
      purge: true,
      protect: (r) => r === added,
    });
    expect(summary(p)).to.deep.include({ deletes: ["www A 192.0.2.1"], kept: ["new TXT other-writer"] });
    const declared = planZone({ zone: Z, live: [added], desired: [want("new TXT other-writer")], ignore: [], purge: true, protect: () => true });
    expect(declared.same).to.have.length(1);
  });
});

describe("DnsZone safety rules (planProblems)", () => {
  const zoneOf = (n: number) => Array.from({ length: n }, (_, i) => `h${i} A 192.0.2.${i + 1}`);
  const cases: { title: string; live: string[]; desired: string[]; ratio?: number; ns?: boolean; refused: RegExp | null }[] = [
    {
      title: "20 records, 7 deleted and 2 updated: refused with the counts",
      live: zoneOf(20),
      desired: [...zoneOf(20).slice(0, 9), "h9 A 198.51.100.1", "h10 A 198.51.100.2", ...zoneOf(20).slice(11, 13)],
      refused: /would delete 7 and update 2 of 20 records \(45% > 30%\); raise maxChangeRatio for this run to allow it/,
    },
    { title: "20 records, 6 deleted: 30% is not more than 30%", live: zoneOf(20), desired: zoneOf(14), refused: null },
    { title: "a raised ratio allows it", live: zoneOf(20), desired: zoneOf(5), ratio: 0.8, refused: null },
    { title: "9 records: no threshold", live: zoneOf(9), desired: [], refused: null },
    { title: "10 records, all deleted: refused", live: zoneOf(10), desired: [], refused: /would delete 10 and update 0 of 10 records \(100% > 30%\)/ },
    {
      title: "apex NS changed: refused",
      live: ["@ NS ns1.example.net"],
      desired: ["@ NS ns2.example.net"],
      refused: /NS records at the apex of zone\.example.*update ns1\.example\.net -> ns2\.example\.net.*allowApexNsChanges: true/,
    },
    { title: "apex NS added: refused", live: [], desired: ["@ NS ns9.example.net"], refused: /create ns9\.example\.net/ },
    { title: "apex NS changed with allowApexNsChanges", live: ["@ NS ns1.example.net"], desired: ["@ NS ns2.example.net"], ns: true, refused: null },
    { title: "NS below the apex is no delegation change", live: [], desired: ["sub NS ns1.example.net"], refused: null },
  ];
  for (const c of cases) {
    it(c.title, () => {
      const p = planZone({ zone: Z, live: c.live.map(live), desired: c.desired.map(want), ignore: [], purge: true });
      const problems = planProblems(Z, p, { maxChangeRatio: c.ratio ?? 0.3, allowApexNsChanges: c.ns ?? false }).map(([, r]) => r);
      if (c.refused) expect(problems.join("\n")).to.match(c.refused);
      else expect(problems).to.deep.equal([]);
    });
  }

  it("a CNAME beside a record that stays (ignored or unmanaged) is refused at preview", () => {
    const p = planZone({ zone: Z, live: [live("www TXT keep-me")], desired: [want("www CNAME target.example.net")], ignore: [], purge: false });
    expect(planProblems(Z, p, { maxChangeRatio: 0.3, allowApexNsChanges: false })[0][1]).to.match(/www would hold a CNAME beside other records \(TXT keep-me/);
  });
});

describe("DnsZone ignore rules (ignoredBy)", () => {
  const cases: [IgnoreRule, string, boolean][] = [
    [{ name: "_acme-challenge*" }, "_acme-challenge TXT t", true],
    [{ name: "_acme-challenge*" }, "_acme-challenge.www TXT t", true],
    [{ name: "_acme-challenge.zone.example" }, "_acme-challenge TXT t", true],
    [{ name: "_acme-challenge" }, "_acme-challenge.www TXT t", false],
    [{ name: "@" }, "@ TXT t", true],
    [{ name: "*.dev" }, "a.dev A 192.0.2.1", true],
    [{ name: "h?" }, "h1 A 192.0.2.1", true],
    [{ name: "h?" }, "h10 A 192.0.2.1", false],
    [{ type: ["TXT"] }, "www A 192.0.2.1", false],
    [{ type: ["TXT", "A"] }, "www A 192.0.2.1", true],
    [{ value: "google-site-verification=*" }, "@ TXT Google-Site-Verification=abc", true],
    [{ name: "www", value: "192.0.2.*" }, "www A 198.51.100.1", false],
  ];
  for (const [rule, rec, hit] of cases) {
    it(`${JSON.stringify(rule)} ${hit ? "matches" : "does not match"} ${rec}`, () => {
      expect(ignoredBy(Z, [rule], want(rec)) >= 0).to.equal(hit);
    });
  }
});

describe("DnsZone dnssetzone rule and payload", () => {
  const zoneOf = (n: number) => Array.from({ length: n }, (_, i) => `h${i} A 192.0.2.${(i % 250) + 1}`).map((s, i) => s.replace(/^h\d+/, `h${i}`));
  it("per-record calls for small changes, dnssetzone for a large first apply, never with bulk never", () => {
    const small = planZone({ zone: Z, live: [], desired: zoneOf(19).map(want), ignore: [], purge: true });
    const large = planZone({ zone: Z, live: [], desired: zoneOf(300).map(want), ignore: [], purge: true });
    expect(useSetZone(small, "auto")).to.equal(false);
    expect(useSetZone(large, "auto")).to.equal(true);
    expect(useSetZone(large, "never")).to.equal(false);
  });

  it("the payload is the final zone: kept records as listed and every declared record; the read-back checks it", () => {
    const kept = live("_acme-challenge TXT tok 120");
    const p = planZone({
      zone: Z,
      live: [kept, live("old A 192.0.2.9")],
      desired: [want("www A 192.0.2.1 300"), want("@ MX mx.example.net - 20")],
      ignore: [{ name: "_acme-challenge" }],
      purge: true,
    });
    const sent = finalZone(p, [want("www A 192.0.2.1 300"), want("@ MX mx.example.net - 20")]);
    expect(setZonePayload(Z, sent)).to.deep.equal([
      { name: `_acme-challenge.${Z}`, type: "TXT", ttl: 120, priority: "-", value: "tok" },
      { name: `www.${Z}`, type: "A", ttl: 300, priority: "-", value: "192.0.2.1" },
      { name: Z, type: "MX", ttl: "-", priority: 20, value: "mx.example.net" },
    ]);
    const back = [live("_acme-challenge TXT tok 120"), live("www A 192.0.2.1 300"), live("@ MX mx.example.net - 20"), live("newer TXT someone")];
    expect(verifyZone(sent, back).missing).to.deep.equal([]);
    expect(verifyZone(sent, back).newer.map(short)).to.deep.equal(["newer TXT someone"]);
    expect(verifyZone(sent, back.slice(1)).missing.map(short)).to.deep.equal(["_acme-challenge TXT tok 120"]);
  });
});

describe("DnsZone managed view (refresh)", () => {
  it("recorded records as live, in recorded order; extras under purge; ignored and undeclared apex NS never", () => {
    const rec = [want("www A 192.0.2.1 300"), want("mail A 192.0.2.2")];
    const l = [live("@ NS ns1.example.net"), live("mail A 192.0.2.2"), live("www A 192.0.2.1 600"), live("_acme-challenge TXT t"), live("extra TXT x")];
    expect(managedView(Z, rec, l, [{ name: "_acme-challenge" }], true).map(short)).to.deep.equal(["www A 192.0.2.1 600", "mail A 192.0.2.2", "extra TXT x"]);
    expect(managedView(Z, rec, l, [{ name: "_acme-challenge" }], false).map(short)).to.deep.equal(["www A 192.0.2.1 600", "mail A 192.0.2.2"]);
  });
});

describe("DnsZone inputs (check)", () => {
  const base = { serviceName: "Zone.Example", records: [] as unknown[] };
  const fails = (args: object) => {
    const r = dnsZoneInputs.safeParse(args);
    expect(r.success, "refused").to.equal(false);
    return r.error?.issues.map((i) => `${i.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}: ${i.message}`) ?? [];
  };

  it("normalises every record with DnsRecord's rules (one rule set) and fills the defaults", () => {
    const given = [
      { name: "WWW", type: "a", value: "192.0.2.1", ttl: 300 },
      { name: "@", type: "MX", value: "MX.zone.example." },
      { name: "dkim", type: "TXT", value: "x".repeat(300) },
    ];
    const r = dnsZoneInputs.parse({ ...base, records: given });
    expect(r).to.deep.include({ serviceName: "zone.example", purge: true, maxChangeRatio: 0.3, allowApexNsChanges: false, bulk: "auto", ignore: [] });
    for (const [i, g] of given.entries()) {
      const { serviceName: _z, ...one } = dnsRecordInputs.parse({ serviceName: "zone.example", ...g });
      expect(r.records[i]).to.deep.equal(one);
    }
  });

  const refusals: [string, object, RegExp][] = [
    [
      "a bad value, named by its position",
      {
        records: [
          { name: "a", type: "A", value: "192.0.2.1" },
          { name: "b", type: "A", value: "1.2.3" },
        ],
      },
      /^\.records\[1\]\.value: .*IPv4/,
    ],
    ["a CNAME pointing to an IP address", { records: [{ name: "c", type: "CNAME", value: "192.0.2.1" }] }, /^\.records\[0\]\.value: .*never to an IP address/],
    ["an empty label", { records: [{ name: "www..", type: "A", value: "192.0.2.1" }] }, /^\.records\[0\]\.name: .*empty label/],
    [
      "duplicates",
      {
        records: [
          { name: "a", type: "TXT", value: "x" },
          { name: "a.zone.example.", type: "txt", value: "x" },
        ],
      },
      /^\.records\[1\]: the same record as records\[0\]/,
    ],
    [
      "a CNAME beside another record",
      {
        records: [
          { name: "a", type: "CNAME", value: "t.example.net" },
          { name: "a", type: "TXT", value: "x" },
        ],
      },
      /^\.records\[0\]\.type: a CNAME at a cannot sit beside other records there \(TXT\)/,
    ],
    [
      "a record both declared and ignored",
      { records: [{ name: "_acme-challenge", type: "TXT", value: "x" }], ignore: [{ name: "_acme*" }] },
      /^\.records\[0\]: _acme-challenge TXT is matched by ignore\[0\]/,
    ],
    ["an ignore rule with nothing to match", { ignore: [{}] }, /^\.ignore\[0\]: an ignore rule needs a name, a type or a value/],
    ["an ignore rule with an unknown type", { ignore: [{ type: ["TXT", "SPF"] }] }, /^\.ignore\[0\]\.type: "SPF" is not a record type/],
    ["a ratio over 1", { maxChangeRatio: 1.5 }, /^\.maxChangeRatio: must be from 0 to 1/],
    ["an unknown bulk mode", { bulk: "always" }, /^\.bulk: must be "auto"/],
  ];
  for (const [title, args, msg] of refusals) {
    it(`refuses ${title}`, () => {
      expect(fails({ ...base, ...args }).join("\n")).to.match(msg);
    });
  }
});
