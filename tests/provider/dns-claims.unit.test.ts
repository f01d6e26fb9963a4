/**
 * The DNS claims registry (provider/dns/dns-claims.ts) under Pulumi's mocks, without the engine:
 * which claims conflict, after normalisation, and how a refusal shows (thrown from the constructor
 * for plain values, the claim Outputs of the run failing for values that are Outputs).
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { claimDnsRecords, DnsOverlapError } from "../../provider/dns/dns-claims";

const ZONE = "example.com";
const rec = (name: string) => ({ kind: "DnsRecord" as const, name });
const zone = (name: string) => ({ kind: "DnsZone" as const, name });

/** How a claim Output settled: "ok" or the error's message. */
const settled = (o: pulumi.Output<unknown>) =>
  (o as unknown as { promise(): Promise<unknown> }).promise().then(
    () => "ok",
    (e: Error) => e.message,
  );

describe("DNS claims (program side)", () => {
  beforeEach(() => {
    // A new mock monitor per test: a new run, with no claims.
    pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs });
  });

  it("lets one resource hold several records at a name and type, and DnsRecords with different values", async () => {
    const a = claimDnsRecords(zone("main"), ZONE, [
      { name: "www", type: "A" },
      { name: "www", type: "A" },
    ]);
    const b = claimDnsRecords(rec("rr1"), ZONE, [{ name: "rr", type: "A", value: "192.0.2.1" }]);
    const c = claimDnsRecords(rec("rr2"), ZONE, [{ name: "rr.example.com.", type: "a", value: "192.0.2.2" }]);
    expect(await Promise.all([a, b, c].map(settled))).to.deep.equal(["ok", "ok", "ok"]);
  });

  it("refuses the same record in two DnsRecords, compared normalised, from the second constructor", async () => {
    const first = claimDnsRecords(rec("a"), ZONE, [{ name: "dup", type: "TXT", value: "same text" }]);
    expect(() => claimDnsRecords(rec("b"), "EXAMPLE.com.", [{ name: "DUP.example.com.", type: "txt", value: '"same text"' }]))
      .to.throw(DnsOverlapError)
      .with.property(
        "message",
        'DnsRecord "a" and DnsRecord "b" both manage the same record TXT dup.example.com same text; the zone holds it once: keep one of them',
      );
    // The first resource of the pair is refused too: neither registers.
    expect(await settled(first)).to.include('DnsRecord "a" and DnsRecord "b"');
  });

  it("refuses a DnsZone and a DnsRecord, and two DnsZones, at one name and type (IDN names in Unicode)", () => {
    claimDnsRecords(rec("www"), ZONE, [{ name: "www", type: "A", value: "192.0.2.1" }]);
    expect(() => claimDnsRecords(zone("main"), ZONE, [{ name: "www", type: "A" }])).to.throw(
      'DnsRecord "www" and DnsZone "main" both manage A www.example.com; manage each name and type in one resource',
    );
    pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name, state: a.inputs }), call: (a) => a.inputs });
    claimDnsRecords(zone("one"), "xn--espaa-rta.com", [{ name: "xn--caf-dma", type: "MX" }]);
    expect(() => claimDnsRecords(zone("two"), "españa.com", [{ name: "café", type: "MX" }])).to.throw(
      'DnsZone "one" and DnsZone "two" both manage MX café.españa.com; manage each name and type in one resource',
    );
  });

  it("claims Output inputs when they resolve: every claim of the run fails, the earlier declared named first", async () => {
    const other = claimDnsRecords(rec("other"), ZONE, [{ name: "other", type: "A", value: "192.0.2.9" }]);
    const r = claimDnsRecords(
      rec("app"),
      pulumi.output(ZONE).apply((z) => z),
      [{ name: pulumi.output("app"), type: "A", value: "192.0.2.1" }],
    );
    const z = claimDnsRecords(zone("main"), pulumi.output(ZONE), [{ name: "app", type: "A" }]);
    const message = 'DnsRecord "app" and DnsZone "main" both manage A app.example.com; manage each name and type in one resource';
    expect(await Promise.all([other, r, z].map(settled))).to.deep.equal([message, message, message]);
  });

  it("leaves records the rules refuse to check, and starts afresh in a new run", async () => {
    const bad = claimDnsRecords(rec("bad"), "not a zone", [{ name: "www", type: "A", value: "192.0.2.1" }]);
    const badType = claimDnsRecords(rec("badType"), ZONE, [{ name: "www", type: "SPF", value: "v=spf1" }]);
    claimDnsRecords(rec("x"), ZONE, [{ name: "x", type: "A", value: "192.0.2.1" }]);
    expect(await Promise.all([bad, badType].map(settled))).to.deep.equal(["ok", "ok"]);
    pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name, state: a.inputs }), call: (a) => a.inputs });
    expect(await settled(claimDnsRecords(rec("y"), ZONE, [{ name: "x", type: "A", value: "192.0.2.1" }]))).to.equal("ok");
  });
});
