/**
 * sdk/rules DNS: the capability table, ttl and priority ranges, each type's value rules at both
 * strengths (what the API accepts, what the provider sends), and TXT strings of 255 bytes.
 */
import { expect } from "chai";
import {
  DNS_CAPABILITIES,
  DNS_TYPES,
  type DnsType,
  dashOrNumber,
  dnsName,
  dnsValueProblem,
  isDnsType,
  normaliseDnsValue,
  normalizePriority,
  normalizeTtl,
  normalizeTxt,
  normalizeValue,
  RuleError,
  TXT_MAX,
  TXT_STRING_BYTES,
  takesPriority,
  txtStrings,
} from "../../sdk/rules";

const ZONE = "example.com";

describe("rules: DNS capabilities", () => {
  it("lists the eight types; MX and SRV take a priority; CNAME and SRV never sit at the apex", () => {
    expect(DNS_TYPES).to.deep.equal(["A", "AAAA", "CNAME", "MX", "SRV", "TXT", "NS", "CAA"]);
    expect(DNS_TYPES.filter((t) => takesPriority(t))).to.deep.equal(["MX", "SRV"]);
    expect(DNS_TYPES.filter((t) => !DNS_CAPABILITIES.types[t].apex)).to.deep.equal(["CNAME", "SRV"]);
    expect(isDnsType("PTR")).to.equal(false);
    expect(takesPriority("PTR")).to.equal(false);
    expect(DNS_CAPABILITIES.txt.maxLength).to.equal(TXT_MAX);
  });
});

describe("rules: ttl and priority", () => {
  const { ttl, priority } = DNS_CAPABILITIES;
  const cases: [unknown, { min: number; max: number }, number | undefined | "NaN"][] = [
    [undefined, ttl, undefined],
    [null, ttl, undefined],
    ["", ttl, undefined],
    [" - ", ttl, undefined],
    [60, ttl, 60],
    ["604800", ttl, 604800],
    [" 300 ", ttl, 300],
    [59, ttl, "NaN"],
    [604801, ttl, "NaN"],
    ["3600s", ttl, "NaN"],
    [1.5, ttl, "NaN"],
    [0, priority, 0],
    [65535, priority, 65535],
    [65536, priority, "NaN"],
    [-1, priority, "NaN"],
  ];
  for (const [v, range, want] of cases) {
    it(`${JSON.stringify(v)} in ${range.min}..${range.max}: ${want}`, () => {
      const n = dashOrNumber(v, range);
      if (want === "NaN") expect(Number.isNaN(n)).to.equal(true);
      else expect(n).to.equal(want);
    });
  }

  it("the provider's fields name the range and the default", () => {
    expect(() => normalizeTtl(59)).to.throw(RuleError, 'ttl: 59 must be a whole number of seconds from 60 to 604800, or "-" for the default');
    expect(normalizeTtl("-")).to.equal(undefined);
    expect(normalizePriority("MX", undefined)).to.equal(priority.default);
    expect(normalizePriority("SRV", "0")).to.equal(0);
    expect(() => normalizePriority("MX", 65536)).to.throw(RuleError, /^priority: 65536 must be a whole number/);
    expect(() => normalizePriority("A", 10)).to.throw(RuleError, /^priority: only MX and SRV records take a priority/);
  });
});

/** Per type: [value, what the API accepts, what the provider sends (or a RegExp of its refusal)]. */
const VALUES: Record<DnsType, [string, boolean, string | RegExp][]> = {
  A: [
    ["192.0.2.1", true, "192.0.2.1"],
    [" 192.0.2.1 ", true, "192.0.2.1"],
    ["01.2.3.4", true, /not an IPv4 address for an A record/],
    ["256.1.1.1", false, /not an IPv4/],
    ["1.2.3", false, /not an IPv4/],
  ],
  AAAA: [
    ["2001:DB8:0::1", true, "2001:db8::1"],
    ["::FFFF:192.0.2.1", true, "::ffff:192.0.2.1"],
    ["192.0.2.1", false, /not an IPv6 address for an AAAA record/],
  ],
  CNAME: [
    ["Target.Example.NET.", true, "target.example.net"],
    ["café.example.com", true, "xn--caf-dma.example.com"],
    ["_x.example.com", true, "_x.example.com"],
    ["target", false, /not a full host name for a CNAME record; write it in full, e.g. target.example.com/],
    ["not a host!", false, /is not a host name for a CNAME record/],
  ],
  MX: [
    ["mail.example.com", true, "mail.example.com"],
    [".", false, /null MX/],
    ["mail..example.com", false, /is not a host name for a MX record/],
  ],
  SRV: [
    ["05 5060 SIP.example.com.", true, "5 5060 sip.example.com"],
    ["0 0 .", true, "0 0 ."],
    ["5 70000 sip.example.com", false, /weight port target/],
    ["10 5 5060 sip.example.com", false, /4 fields/],
  ],
  TXT: [
    ["v=spf1 -all", true, "v=spf1 -all"],
    ['"a" "b"', true, "ab"],
    ["two\nlines", false, /line breaks/],
    ["x".repeat(TXT_MAX + 1), false, /at most 4000 characters/],
  ],
  NS: [
    ["ns1.bücher.de.", true, "ns1.xn--bcher-kva.de"],
    ["ns1", false, /not a full host name for a NS record/],
  ],
  CAA: [
    ['0 issue "letsencrypt.org"', true, '0 issue "letsencrypt.org"'],
    ["0 ISSUE LetsEncrypt.org", false, '0 issue "letsencrypt.org"'],
    ['1 issue "x.org"', true, /CAA flag 1 is not supported; use 0 or 128/],
    ['0 tbs "x"', true, /CAA tag "tbs" is not supported/],
    ['0 iodef "sec@example.com"', true, /mailto:/],
  ],
};

describe("rules: DNS values per type", () => {
  for (const type of DNS_TYPES) {
    for (const [value, api, provider] of VALUES[type]) {
      it(`${type} ${JSON.stringify(value.slice(0, 40))}: API ${api ? "accepts" : "refuses"}; provider ${provider instanceof RegExp ? "refuses" : `sends ${provider.slice(0, 30)}`}`, () => {
        const problem = dnsValueProblem(type, value);
        if (api) expect(problem, "the API accepts it").to.equal(undefined);
        else expect(problem, "the API refuses it").to.be.a("string");
        if (provider instanceof RegExp) {
          expect(() => normalizeValue(ZONE, type, value)).to.throw(RuleError, provider);
        } else {
          const sent = normalizeValue(ZONE, type, value);
          expect(sent).to.equal(provider);
          // What the provider sends, the API accepts and stores unchanged (no perpetual diff).
          if (type !== "TXT" || Buffer.byteLength(sent) <= TXT_STRING_BYTES) {
            expect(dnsValueProblem(type, sent), `API accepts ${sent}`).to.equal(undefined);
            expect(normaliseDnsValue(type, sent)).to.equal(sent);
          }
        }
      });
    }
  }

  it("the API's messages name the type and the rule", () => {
    expect(dnsValueProblem("A", "x")).to.equal("an A value must be an IPv4 address");
    expect(dnsValueProblem("MX", "mail")).to.equal("a MX value must be a full host name such as mail.example.com");
    expect(dnsValueProblem("TXT", "y".repeat(TXT_MAX + 1))).to.equal(`a TXT value is at most ${TXT_MAX} characters (${TXT_MAX + 1} given)`);
  });
});

describe("rules: TXT strings of 255 bytes", () => {
  const parts = (s: string) => (s.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((p) => p.slice(1, -1).replace(/\\(.)/g, "$1"));

  it("keeps up to 255 bytes as one unquoted string and splits longer text into quoted strings", () => {
    expect(txtStrings("x".repeat(255))).to.equal("x".repeat(255));
    const split = txtStrings("x".repeat(256));
    expect(split).to.equal(`"${"x".repeat(255)}" "x"`);
    expect(normalizeTxt(split)).to.equal("x".repeat(256));
  });

  it("cuts between characters: a multi-byte character at the boundary goes whole into the next string", () => {
    // 254 ASCII bytes then "é" (2 bytes): 256 bytes; the é would straddle byte 255.
    const text = `${"a".repeat(254)}é${"b".repeat(10)}`;
    const p = parts(txtStrings(text));
    expect(p.map((x) => Buffer.byteLength(x))).to.deep.equal([254, 12]);
    expect(p.join("")).to.equal(text);
    // 4-byte characters (emoji) never split either.
    const emoji = "😀".repeat(100); // 400 bytes
    const q = parts(txtStrings(emoji));
    expect(q.every((x) => Buffer.byteLength(x) <= TXT_STRING_BYTES)).to.equal(true);
    expect(q.join("")).to.equal(emoji);
    expect(q[0]).to.have.length(63 * 2); // 63 emoji = 252 bytes
  });

  it("escapes quotes and backslashes, and joining the split form gives the text back", () => {
    const text = `${'say "hi" \\ '.repeat(30)}end`;
    const split = txtStrings(text);
    expect(split.startsWith('"')).to.equal(true);
    expect(normalizeTxt(split)).to.equal(text);
    expect(parts(split).join("")).to.equal(text);
  });
});

describe("rules: record names (catalogue field)", () => {
  it("takes @, relative, full and IDN names; * only first and only where allowed", () => {
    expect(dnsName().parse("@")).to.equal("@");
    expect(dnsName().parse("WWW.Example.com.")).to.equal("www.example.com");
    expect(dnsName().parse("_acme-challenge")).to.equal("_acme-challenge");
    expect(dnsName().parse("café")).to.equal("xn--caf-dma");
    expect(dnsName().parse("*.dev")).to.equal("*.dev");
    expect(dnsName(false).safeParse("*.dev").success).to.equal(false);
    expect(dnsName().safeParse("a.*.dev").success).to.equal(false);
    expect(dnsName().safeParse("-bad").error?.issues[0]?.message).to.equal('must be a host name, "@" for the apex or *.name');
  });
});
