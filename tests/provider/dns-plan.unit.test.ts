/**
 * DNSControl-style plan lines (provider/dns/dns-plan.ts, issue 12 item 2), without the engine: the
 * line of every record type from a DnsRecord's inputs as the program writes them (normalised by its
 * check), IDN names, TXT over 255 bytes, the default ttl, a value unknown at preview; and which line
 * DnsRecord's check, diff and delete print, once each.
 */
import { expect } from "chai";
import { fakeCaller, setCallerFactoryForTests } from "../../provider/core/client";
import { resetStackConfig, setStackConfig } from "../../provider/core/config";
import { type DnsChange, dnsPlanLine, reportDnsPlan, resetDnsPlanForTests } from "../../provider/dns/dns-plan";
import { UNKNOWN } from "../../provider/core/frame";
import { setLogSinkForTests } from "../../provider/core/log";
import * as crud from "../../provider/resources/dns-record/crud";
import type { NormalRecord } from "../../sdk/rules";

const ZONE = "example.com";
const T255 = "a".repeat(250) + "ñ".repeat(2) + "b"; // 255 bytes: one string
const T300 = `v=DKIM1; k=rsa; p=${"Q".repeat(282)}`; // 300 bytes: two strings

/** Raw DnsRecord inputs -> the "+ CREATE" line its check prints. */
const CASES: [string, Record<string, unknown>, string][] = [
  ["A with a ttl", { name: "www", type: "A", value: "192.0.2.1", ttl: 300 }, "+ CREATE A www.example.com 192.0.2.1 ttl=300"],
  ["AAAA, canonical, default ttl", { name: "v6", type: "aaaa", value: "2001:DB8:0::1" }, "+ CREATE AAAA v6.example.com 2001:db8::1 ttl=default"],
  ["CNAME at a wildcard", { name: "*.dev", type: "CNAME", value: "Target.Example.NET." }, "+ CREATE CNAME *.dev.example.com target.example.net. ttl=default"],
  ["MX at the apex", { name: "@", type: "MX", value: "mx1.example.com", priority: 20, ttl: 3600 }, "+ CREATE MX example.com 20 mx1.example.com. ttl=3600"],
  ["MX, default priority", { name: "@", type: "MX", value: "mx2.example.com." }, "+ CREATE MX example.com 10 mx2.example.com. ttl=default"],
  [
    "SRV",
    { name: "_sip._tcp", type: "SRV", value: "5 5060 SIP.example.com", priority: 0 },
    "+ CREATE SRV _sip._tcp.example.com 0 5 5060 sip.example.com. ttl=default",
  ],
  ["SRV, no service", { name: "_imap._tcp", type: "SRV", value: "0 0 .", ttl: 600 }, "+ CREATE SRV _imap._tcp.example.com 10 0 0 . ttl=600"],
  ["NS", { name: "sub", type: "NS", value: "ns1.example.net" }, "+ CREATE NS sub.example.com ns1.example.net. ttl=default"],
  ["CAA", { name: "@", type: "CAA", value: "0 ISSUE LetsEncrypt.org" }, '+ CREATE CAA example.com 0 issue "letsencrypt.org" ttl=default'],
  ["TXT", { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=none", ttl: 3600 }, '+ CREATE TXT _dmarc.example.com "v=DMARC1; p=none" ttl=3600'],
  [
    "TXT with quotes and a backslash",
    { name: "q", type: "TXT", value: '"say \\"hi\\" \\\\ ok"' },
    '+ CREATE TXT q.example.com "say \\"hi\\" \\\\ ok" ttl=default',
  ],
  ["TXT of 255 bytes: one string", { name: "t255", type: "TXT", value: T255 }, `+ CREATE TXT t255.example.com "${T255}" ttl=default`],
  [
    "TXT of 300 bytes: strings of 255 bytes",
    { name: "s1._domainkey", type: "TXT", value: T300 },
    `+ CREATE TXT s1._domainkey.example.com "${T300.slice(0, 255)}" "${T300.slice(255)}" ttl=default`,
  ],
  ["IDN name, in Unicode", { name: "CAFÉ", type: "A", value: "192.0.2.9" }, "+ CREATE A café.example.com 192.0.2.9 ttl=default"],
  [
    "IDN target, in punycode as a zone file",
    { name: "shop", type: "CNAME", value: "bücher.example" },
    "+ CREATE CNAME shop.example.com xn--bcher-kva.example. ttl=default",
  ],
  [
    "IDN zone given in punycode",
    { serviceName: "xn--espaa-rta.com", name: "xn--caf-dma", type: "A", value: "192.0.2.3" },
    "+ CREATE A café.españa.com 192.0.2.3 ttl=default",
  ],
  ["value unknown at preview", { name: "vm", type: "A", value: UNKNOWN, ttl: 300 }, "+ CREATE A vm.example.com (known after apply) ttl=300"],
  ["MX target unknown at preview", { name: "@", type: "MX", value: UNKNOWN, priority: 5 }, "+ CREATE MX example.com 5 (known after apply) ttl=default"],
];

describe("DNS plan lines", () => {
  let lines: string[] = [];
  let calls: string[] = [];
  before(() => {
    setStackConfig((k) => ({ "dondominio:apiUser": "plan-test", "dondominio:apiPasswd": "fake-password" })[k]);
    setLogSinkForTests((_level, message) => lines.push(message));
    setCallerFactoryForTests(() =>
      fakeCaller(async (operation) => {
        calls.push(operation);
        if (operation === "service/dnsdelete") return {};
        throw new Error(`unexpected call ${operation}`);
      }),
    );
  });
  after(() => {
    resetStackConfig();
    setLogSinkForTests(undefined);
    setCallerFactoryForTests(undefined);
  });
  beforeEach(() => {
    lines = [];
    calls = [];
    resetDnsPlanForTests();
  });

  /** What DnsRecord's check makes of raw inputs (failing the test on a refusal). */
  const checked = async (raw: Record<string, unknown>) => {
    const r = await crud.check({}, { serviceName: ZONE, ...raw });
    expect(r.failures, JSON.stringify(raw)).to.equal(undefined);
    return r.inputs;
  };

  for (const [what, raw, line] of CASES) {
    it(`check of a new record prints its line: ${what}`, async () => {
      await checked(raw);
      expect(lines).to.deep.equal([line]);
    });
  }

  it("writes the three shapes the CI renderer parses", () => {
    const mx = (priority: number): NormalRecord => ({ serviceName: ZONE, name: ZONE, type: "MX", value: "mx1.example.com", priority, ttl: 3600 });
    const changes: [DnsChange, string][] = [
      [
        { op: "create", record: { serviceName: ZONE, name: "_dmarc.example.com", type: "TXT", value: "v=DMARC1; p=none", ttl: 3600 } },
        '+ CREATE TXT _dmarc.example.com "v=DMARC1; p=none" ttl=3600',
      ],
      [
        { op: "delete", record: { serviceName: ZONE, name: "old.example.com", type: "A", value: "192.0.2.1" } },
        "- DELETE A old.example.com 192.0.2.1 ttl=default",
      ],
      [{ op: "modify", from: mx(10), to: mx(20) }, "± MODIFY MX example.com 10 mx1.example.com. ttl=3600 -> 20 mx1.example.com. ttl=3600"],
    ];
    for (const [c, line] of changes) expect(dnsPlanLine(c)).to.equal(line);
  });

  it("shows TXT read from the API as the API publishes it: quoted strings as stored, other text as one string", () => {
    const txt = (value: string): DnsChange => ({ op: "delete", record: { serviceName: ZONE, name: "t.example.com", type: "TXT", value } });
    expect(dnsPlanLine(txt('"part one" "part two"'))).to.equal('- DELETE TXT t.example.com "part one" "part two" ttl=default');
    // An old unquoted record over 255 bytes: published as one (too long) string, shown so.
    expect(dnsPlanLine(txt("x".repeat(300)))).to.equal(`- DELETE TXT t.example.com "${"x".repeat(300)}" ttl=default`);
    expect(dnsPlanLine(txt('"not" closed'))).to.equal('- DELETE TXT t.example.com "\\"not\\" closed" ttl=default');
  });

  it("prints each line once per process and per resource key", () => {
    const c: DnsChange = { op: "create", record: { serviceName: ZONE, name: "www.example.com", type: "A", value: "192.0.2.1" } };
    reportDnsPlan("DnsZone main", [c, c]);
    reportDnsPlan("DnsZone main", [c]);
    reportDnsPlan("DnsZone other", [c]);
    expect(lines).to.deep.equal(["+ CREATE A www.example.com 192.0.2.1 ttl=default", "+ CREATE A www.example.com 192.0.2.1 ttl=default"]);
  });

  it("DnsRecord: check of a recorded resource prints nothing; a refused one prints nothing", async () => {
    const old = await checked({ name: "www", type: "A", value: "192.0.2.1" });
    lines = [];
    await crud.check(old, { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.2" });
    const bad = await crud.check({}, { serviceName: ZONE, name: "www", type: "A", value: "192.0.2" });
    expect(bad.failures).to.have.length(1);
    expect(lines).to.deep.equal([]);
  });

  it("DnsRecord: diff prints a modify, a replacement as delete then create, nothing when equal; delete prints its line", async () => {
    const state = { ...(await checked({ name: "@", type: "MX", value: "mx1.example.com", priority: 10, ttl: 3600 })), entityId: "SRV1-1", relativeName: "@" };
    lines = [];
    const news = await checked({ name: "@", type: "MX", value: "mx1.example.com", priority: 20, ttl: 3600 });
    lines = [];
    expect((await crud.diff("example.com/SRV1-1", state, news)).changes).to.equal(true);
    expect((await crud.diff("example.com/SRV1-1", state, news)).changes).to.equal(true);
    expect(lines).to.deep.equal(["± MODIFY MX example.com 10 mx1.example.com. ttl=3600 -> 20 mx1.example.com. ttl=3600"]);

    lines = [];
    const same = await checked({ name: "@", type: "MX", value: "MX1.example.com.", priority: 10, ttl: 3600 });
    lines = [];
    expect((await crud.diff("example.com/SRV1-1", state, same)).changes).to.equal(false);
    expect(lines).to.deep.equal([]);

    // The engine checks the new inputs against the old ones (no line), then diffs.
    const moved = (await crud.check(state, { serviceName: ZONE, name: "mail", type: "MX", value: "mx1.example.com", priority: 10, ttl: 3600 })).inputs;
    expect(lines).to.deep.equal([]);
    const d = await crud.diff("example.com/SRV1-1", state, moved);
    expect(d.replaces).to.deep.equal(["name"]);
    // The engine checks a replacement again without its old inputs: the same create line, not printed again.
    await crud.check({}, { serviceName: ZONE, name: "mail", type: "MX", value: "mx1.example.com", priority: 10, ttl: 3600 });
    // The apply deletes the old record: its line was printed by the diff already. (The checks above
    // read the live zone for the CNAME rule, provider/resources/dns-record/facts.ts: only the delete counts.)
    calls = [];
    await crud.delete("example.com/SRV1-1", state);
    expect(calls).to.deep.equal(["service/dnsdelete"]);
    expect(lines).to.deep.equal(["- DELETE MX example.com 10 mx1.example.com. ttl=3600", "+ CREATE MX mail.example.com 10 mx1.example.com. ttl=3600"]);
  });

  it("DnsRecord: a value unknown at preview shows as not known in a modify", async () => {
    const state = { ...(await checked({ name: "vm", type: "A", value: "192.0.2.1" })), entityId: "SRV1-2", relativeName: "vm" };
    lines = [];
    // With an unknown value check leaves the inputs as given (frame.ts), so the name is written in full here.
    const news = (await crud.check(state, { serviceName: ZONE, name: "vm.example.com", type: "A", value: UNKNOWN })).inputs;
    await crud.diff("example.com/SRV1-2", state, news);
    expect(lines).to.deep.equal(["± MODIFY A vm.example.com 192.0.2.1 ttl=default -> (known after apply) ttl=default"]);
  });

  it("DnsRecord: destroying a record prints its delete line", async () => {
    const state = { ...(await checked({ name: "old", type: "A", value: "192.0.2.1" })), entityId: "SRV1-3", relativeName: "old" };
    lines = [];
    await crud.delete("example.com/SRV1-3", state);
    expect(lines).to.deep.equal(["- DELETE A old.example.com 192.0.2.1 ttl=default"]);
  });
});
