/**
 * DNS record normalisation at preview (sdk/rules/dns-records.ts, dns-values.ts): DNSControl's
 * cases (TXT lengths and characters, apex and wildcard, case, IDN, CAA, SRV null target), the
 * "-" defaults of dnslist, and agreement with the catalogue's dnscreate schema (what the API stores
 * is what the provider sends, so the next plan is empty).
 */
import { expect } from "chai";
import { getOperation } from "../../sdk/catalogue";
import {
  DNS_CAPABILITIES,
  DNS_TYPES as DNS_RECORD_TYPES,
  type DnsRecordInput,
  normalizeName,
  normalizeRecord,
  type NormalRecord,
  normalizeValue,
  normalizeZone,
  recordDiff,
  recordFromApi,
  relativeName,
} from "../../sdk/rules";

const ZONE = "example.com";
const rec = (r: Partial<DnsRecordInput>): ReturnType<typeof normalizeRecord> =>
  normalizeRecord({ serviceName: ZONE, name: "www", type: "A", value: "192.0.2.1", ...r });
const ok = (r: Partial<DnsRecordInput>): NormalRecord => {
  const out = rec(r);
  expect(out.failures, JSON.stringify(out.failures)).to.deep.equal([]);
  return out.record!;
};
const reasons = (r: Partial<DnsRecordInput>) => rec(r).failures.map((f) => f.reason);

describe("dns-record/normalize names", () => {
  it("resolves @, relative, fully qualified and trailing-dot names to the full host name", () => {
    for (const n of ["@", "example.com", "example.com.", " EXAMPLE.COM "]) expect(normalizeName(ZONE, n)).to.equal("example.com");
    for (const n of ["www", "WWW", "www.example.com", "www.example.com.", "Www.Example.Com."]) expect(normalizeName(ZONE, n)).to.equal("www.example.com");
    expect(normalizeName(ZONE, "a.b.c")).to.equal("a.b.c.example.com");
    expect(normalizeName(ZONE, "_acme-challenge")).to.equal("_acme-challenge.example.com");
  });

  it("accepts a wildcard only as the first label", () => {
    expect(normalizeName(ZONE, "*")).to.equal("*.example.com");
    expect(normalizeName(ZONE, "*.dev")).to.equal("*.dev.example.com");
    expect(() => normalizeName(ZONE, "a.*.dev")).to.throw(/name: .*first label/);
  });

  it("converts IDN labels to punycode, in the zone too", () => {
    expect(normalizeName(ZONE, "café")).to.equal("xn--caf-dma.example.com");
    expect(normalizeName(ZONE, "CAFÉ")).to.equal("xn--caf-dma.example.com");
    expect(normalizeName(normalizeZone("MÜNCHEN.de."), "www")).to.equal("www.xn--mnchen-3ya.de");
    expect(rec({ serviceName: "MÜNCHEN.de", name: "@" }).record?.name).to.equal("xn--mnchen-3ya.de");
  });

  it("refuses names outside the zone, empty names and bad labels, naming the field", () => {
    expect(() => normalizeName(ZONE, "www.other.org.")).to.throw('name: "www.other.org." is outside the zone example.com');
    expect(() => normalizeName(ZONE, "")).to.throw(/name: must not be empty; use "@"/);
    expect(() => normalizeName(ZONE, "-bad")).to.throw(/name: .*label "-bad"/);
    expect(() => normalizeName(ZONE, `${"a".repeat(64)}`)).to.throw(/1 to 63/);
    expect(() => normalizeName(ZONE, "a b")).to.throw(/name:/);
  });

  it("gives the relative name back for display", () => {
    expect(relativeName(ZONE, "example.com")).to.equal("@");
    expect(relativeName(ZONE, "*.dev.example.com")).to.equal("*.dev");
  });
});

describe("dns-record/normalize TXT", () => {
  // DNSControl's TXT lengths: around 255 (one DNS string) and its multiples.
  for (const n of [254, 255, 256, 509, 510, 511, 764, 765, 766]) {
    it(`keeps a TXT of ${n} characters whole, quoted or not, and split into 255-character strings`, () => {
      const text = "x".repeat(n - 3) + "end";
      expect(ok({ type: "TXT", value: text }).value).to.equal(text);
      expect(ok({ type: "TXT", value: `"${text}"` }).value).to.equal(text);
      const chunks = text
        .match(/.{1,255}/g)!
        .map((c) => `"${c}"`)
        .join(" ");
      expect(ok({ type: "TXT", value: chunks }).value).to.equal(text);
    });
  }

  it("refuses an empty TXT (the API reads an empty value as missing) and one over the limit", () => {
    expect(reasons({ type: "TXT", value: "" })[0]).to.match(/^value: an empty TXT record cannot be stored/);
    expect(reasons({ type: "TXT", value: '""' })[0]).to.match(/^value: an empty TXT/);
    const max = DNS_CAPABILITIES.txt.maxLength;
    expect(ok({ type: "TXT", value: "y".repeat(max) }).value).to.have.length(max);
    expect(reasons({ type: "TXT", value: "y".repeat(max + 1) })[0]).to.equal(`value: TXT text is at most ${max} characters (${max + 1} given)`);
  });

  it("handles quotes, backslashes, semicolons and whitespace", () => {
    expect(ok({ type: "TXT", value: '"say \\"hi\\""' }).value).to.equal('say "hi"');
    expect(ok({ type: "TXT", value: 'a "quoted" word' }).value).to.equal('a "quoted" word');
    expect(ok({ type: "TXT", value: '"back\\\\slash"' }).value).to.equal("back\\slash");
    expect(ok({ type: "TXT", value: "back\\slash" }).value).to.equal("back\\slash");
    expect(ok({ type: "TXT", value: "v=DKIM1; k=rsa; p=MIGf" }).value).to.equal("v=DKIM1; k=rsa; p=MIGf");
    expect(ok({ type: "TXT", value: "  inner   spaces kept  " }).value).to.equal("inner   spaces kept");
    expect(ok({ type: "TXT", value: '"a" "b"' }).value).to.equal("ab");
    expect(reasons({ type: "TXT", value: '" padded "' })[0]).to.match(/^value: TXT text must not begin or end with whitespace/);
    expect(reasons({ type: "TXT", value: '"open' })[0]).to.match(/^value: TXT text that starts with a quote/);
    expect(reasons({ type: "TXT", value: "two\nlines" })[0]).to.match(/line breaks/);
  });

  it("is idempotent on stored text", () => {
    for (const v of ["v=spf1 -all", 'a "b" c', "x\\y;z"])
      expect(normalizeValue(ZONE, "TXT", normalizeValue(ZONE, "TXT", v))).to.equal(normalizeValue(ZONE, "TXT", v));
  });
});

describe("dns-record/normalize values", () => {
  it("validates A and canonicalises AAAA", () => {
    expect(ok({ value: " 192.0.2.1 " }).value).to.equal("192.0.2.1");
    expect(reasons({ value: "1.2.3" })).to.deep.equal(['value: "1.2.3" is not an IPv4 address for an A record']);
    expect(reasons({ value: "01.2.3.4" })[0]).to.match(/not an IPv4/);
    expect(ok({ type: "AAAA", value: "2001:0DB8:0000:0000:0000:0000:0000:0001" }).value).to.equal("2001:db8::1");
    expect(ok({ type: "AAAA", value: "2001:db8:0:0:1:0:0:1" }).value).to.equal("2001:db8::1:0:0:1");
    expect(ok({ type: "AAAA", value: "2001:db8::0:1" }).value).to.equal("2001:db8::1");
    expect(ok({ type: "AAAA", value: "2001:db8:0:1:1:1:1:1" }).value).to.equal("2001:db8:0:1:1:1:1:1");
    expect(ok({ type: "AAAA", value: "::" }).value).to.equal("::");
    expect(ok({ type: "AAAA", value: "::FFFF:192.0.2.1" }).value).to.equal("::ffff:192.0.2.1");
    expect(reasons({ type: "AAAA", value: "192.0.2.1" })).to.deep.equal(['value: "192.0.2.1" is not an IPv6 address for an AAAA record']);
  });

  it("lower-cases host targets, drops the trailing dot, converts IDN, refuses single labels", () => {
    expect(ok({ type: "CNAME", value: "Target.Example.NET." }).value).to.equal("target.example.net");
    expect(ok({ type: "MX", name: "@", value: "MAIL.example.com" }).value).to.equal("mail.example.com");
    expect(ok({ type: "NS", name: "sub", value: "ns1.bücher.de." }).value).to.equal("ns1.xn--bcher-kva.de");
    expect(ok({ type: "CNAME", value: "@" }).value).to.equal("example.com");
    expect(reasons({ type: "MX", value: "mail" })[0]).to.equal(
      'value: "mail" is not a full host name for a MX record; write it in full, e.g. mail.example.com',
    );
    expect(reasons({ type: "MX", value: "." })[0]).to.match(/null MX/);
    expect(reasons({ type: "CNAME", name: "@", value: "x.example.net" })).to.deep.equal(["name: a CNAME record cannot be at the zone apex (example.com)"]);
  });

  it("parses SRV weight port target, with the null target", () => {
    const srv = ok({ type: "SRV", name: "_sip._tcp", value: "05 5060 SIP.example.com.", priority: 20 });
    expect(srv).to.include({ value: "5 5060 sip.example.com", priority: 20, name: "_sip._tcp.example.com" });
    expect(ok({ type: "SRV", name: "_imap._tcp", value: "0 0 ." }).value).to.equal("0 0 .");
    expect(reasons({ type: "SRV", name: "_x._tcp", value: "10 5 5060 sip.example.com" })[0]).to.match(/4 fields; .*priority/);
    expect(reasons({ type: "SRV", name: "_x._tcp", value: "5 70000 sip.example.com" })[0]).to.match(/^value: .*weight port target/);
  });

  it("checks CAA flags and tags and quotes the value", () => {
    expect(ok({ type: "CAA", name: "@", value: "0 ISSUE LetsEncrypt.org" }).value).to.equal('0 issue "letsencrypt.org"');
    expect(ok({ type: "CAA", name: "@", value: '128 issuewild ";"' }).value).to.equal('128 issuewild ";"');
    expect(ok({ type: "CAA", name: "@", value: '0 issue "ca.example.net; account=123"' }).value).to.equal('0 issue "ca.example.net; account=123"');
    expect(ok({ type: "CAA", name: "@", value: '0 iodef "mailto:sec@example.com"' }).value).to.equal('0 iodef "mailto:sec@example.com"');
    expect(reasons({ type: "CAA", value: '1 issue "x.org"' })[0]).to.match(/^value: CAA flag 1 is not supported; use 0 or 128/);
    expect(reasons({ type: "CAA", value: '0 tbs "x"' })[0]).to.match(/^value: CAA tag "tbs" is not supported/);
    expect(reasons({ type: "CAA", value: '0 iodef "sec@example.com"' })[0]).to.match(/mailto:/);
    expect(reasons({ type: "CAA", value: "issue letsencrypt.org" })[0]).to.match(/flag tag/);
  });
});

describe("dns-record/normalize ttl, priority and type", () => {
  it("reads '-' and absence as the default, checks ranges", () => {
    expect(ok({ ttl: "-" }).ttl).to.equal(undefined);
    expect(ok({ ttl: "3600" }).ttl).to.equal(3600);
    expect(reasons({ ttl: 30 })).to.deep.equal(['ttl: 30 must be a whole number of seconds from 60 to 604800, or "-" for the default']);
    expect(ok({ type: "MX", value: "mx.example.com" }).priority).to.equal(DNS_CAPABILITIES.priority.default);
    expect(ok({ type: "MX", value: "mx.example.com", priority: "-" }).priority).to.equal(10);
    expect(ok({ type: "MX", value: "mx.example.com", priority: 0 }).priority).to.equal(0);
    expect(reasons({ priority: 5 })[0]).to.match(/^priority: only MX and SRV records take a priority/);
    expect(ok({ type: "aaaa", value: "::1" }).type).to.equal("AAAA");
    expect(reasons({ type: "PTR" })[0]).to.match(/^type: "PTR" is not a supported record type/);
  });

  it("collects every failure at once", () => {
    expect(rec({ serviceName: "nodot", type: "A", value: "x", ttl: 1 }).failures.map((f) => f.property)).to.have.members(["serviceName", "ttl"]);
    expect(rec({ value: "x", ttl: 1, priority: 3 }).failures.map((f) => f.property)).to.deep.equal(["value", "ttl", "priority"]);
  });
});

describe("dns-record/normalize against dnslist", () => {
  it("reads dnslist items with '-' defaults and compares equal to the desired record", () => {
    const desired = ok({ type: "MX", name: "@", value: "Mail.Example.com." });
    const read = recordFromApi(ZONE, { entityID: "SRV1-2", name: "example.com", type: "MX", ttl: "-", priority: "-", value: "mail.example.com" });
    expect(read.entityID).to.equal("SRV1-2");
    expect(recordDiff(desired, read)).to.deep.equal([]);
    const aaaa = recordFromApi(ZONE, { entityID: "SRV1-3", name: "WWW.example.com", type: "AAAA", ttl: "300", priority: "-", value: "2001:DB8:0::1" });
    expect(recordDiff(ok({ type: "AAAA", value: "2001:db8::1", ttl: 300 }), aaaa)).to.deep.equal([]);
    expect(
      recordDiff(
        ok({ ttl: 300 }),
        recordFromApi(ZONE, { entityID: "SRV1-4", name: "www.example.com", type: "A", ttl: "600", priority: "0", value: "192.0.2.1" }),
      ),
    ).to.deep.equal(["ttl"]);
  });

  it("keeps stored TXT text as read (no unquoting) and odd values as they are", () => {
    expect(recordFromApi(ZONE, { entityID: "S", name: "example.com", type: "TXT", value: '"quoted"' }).value).to.equal('"quoted"');
    expect(recordFromApi(ZONE, { entityID: "S", name: "example.com", type: "A", value: "junk" }).value).to.equal("junk");
  });

  it("produces values the catalogue's dnscreate accepts unchanged", () => {
    const create = getOperation("service/dnscreate");
    expect(create, "service/dnscreate in the catalogue").to.not.equal(undefined);
    const samples: Partial<DnsRecordInput>[] = [
      { type: "A", name: "@" },
      { type: "AAAA", value: "2001:DB8::0:1" },
      { type: "CNAME", name: "*.dev", value: "Target.example.net." },
      { type: "MX", name: "@", value: "mx.bücher.de" },
      { type: "SRV", name: "_sip._tcp", value: "5 5060 ." },
      { type: "TXT", name: "_dmarc", value: '"v=DMARC1; p=none"' },
      { type: "TXT", value: "z".repeat(766) },
      { type: "NS", name: "sub", value: "ns1.example.net" },
      { type: "CAA", name: "@", value: "0 issue letsencrypt.org" },
      { type: "A", name: "café", ttl: 604800 },
    ];
    for (const s of samples) {
      const r = ok(s);
      const parsed = create!.params.safeParse({
        serviceName: r.serviceName,
        name: r.name,
        type: r.type,
        value: r.value,
        ttl: r.ttl ?? "-",
        priority: r.priority ?? "-",
      });
      expect(parsed.success, `${JSON.stringify(s)}: ${parsed.error?.message}`).to.equal(true);
      const out = parsed.data as Record<string, unknown>;
      expect([out.name, out.value]).to.deep.equal([r.name, r.value]);
    }
    expect(DNS_RECORD_TYPES).to.have.length(8);
  });
});
