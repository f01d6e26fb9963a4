/** sdk/rules/host.ts: labels, host names (LDH and DNS), domain names in both forms, the catalogue field. */
import { expect } from "chai";
import { DNS_LABEL, domainForms, domainName, hostNameProblem, isDnsHost, isDnsName, isHostName, isIpLiteral, LDH_LABEL } from "../../sdk/rules";

describe("rules: labels", () => {
  const labels: [string, boolean, boolean][] = [
    // label, LDH, DNS (with "_")
    ["www", true, true],
    ["a", true, true],
    ["0", true, true],
    ["a-b", true, true],
    ["a--b", true, true],
    ["-a", false, false],
    ["a-", false, false],
    ["_acme-challenge", false, true],
    ["_", false, true],
    ["a_", false, true],
    ["A", false, false], // labels are compared lower case
    ["*", false, false],
    ["", false, false],
    ["a".repeat(63), true, true],
    ["a".repeat(64), false, false],
    ["café", false, false],
  ];
  for (const [l, ldh, dns] of labels) {
    it(`${JSON.stringify(l)}: LDH ${ldh}, DNS ${dns}`, () => {
      expect(LDH_LABEL.test(l)).to.equal(ldh);
      expect(DNS_LABEL.test(l)).to.equal(dns);
    });
  }
});

describe("rules: host names", () => {
  it("LDH host names need their labels and at most 253 characters", () => {
    expect(isHostName("example.com", 2)).to.equal(true);
    expect(isHostName("localhost")).to.equal(true);
    expect(isHostName("localhost", 2)).to.equal(false);
    expect(isHostName("_dmarc.example.com")).to.equal(false);
    expect(isHostName(`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`)).to.equal(true); // 253
    expect(isHostName(`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`)).to.equal(false); // 254
  });

  it("DNS host names take _ labels; record names take * as the first label only", () => {
    expect(isDnsHost("_sip._tcp.example.com")).to.equal(true);
    expect(isDnsHost("mail")).to.equal(false);
    expect(isDnsHost("mail", 1)).to.equal(true);
    expect(isDnsName("*.dev.example.com")).to.equal(true);
    expect(isDnsName("*.dev.example.com", false)).to.equal(false);
    expect(isDnsName("a.*.example.com")).to.equal(false);
  });

  const problems: [string, number, RegExp | undefined][] = [
    ["example.com", 2, undefined],
    ["españa.es", 2, undefined],
    ["xn--espaa-rta.es", 2, undefined],
    ["", 1, /empty/],
    ["a..b.com", 1, /empty label/],
    ["a b.com", 1, /whitespace/],
    ["localhost", 2, /1 label; at least 2/],
    ["-a.com", 1, /LDH/],
    ["_a.com", 1, /LDH/],
    [`${"a".repeat(64)}.com`, 1, /at most 63/],
    ["💩.com", 2, /holds "💩" \(U\+1F4A9\), which IDNA2008 does not allow/],
    ["xn--zz.com", 2, /"xn--zz" is not valid punycode \(RFC 3492\)/],
    ["a\u200db.com", 2, /U\+200D/],
  ];
  for (const [name, min, want] of problems) {
    it(`hostNameProblem(${JSON.stringify(name)}): ${want ?? "none"}`, () => {
      const p = hostNameProblem(name, { minLabels: min });
      if (want) expect(p).to.match(want);
      else expect(p).to.equal(undefined);
    });
  }

  it("gives both forms of a domain name and refuses non-names", () => {
    expect(domainForms("España.ES.")).to.deep.equal({ unicode: "españa.es", ascii: "xn--espaa-rta.es" });
    expect(domainForms("xn--mnchen-3ya.de")).to.deep.equal({ unicode: "münchen.de", ascii: "xn--mnchen-3ya.de" });
    expect(() => domainForms("localhost")).to.throw(/"localhost" is not a domain name such as example.com/);
    expect(() => domainForms("ab--cd.com")).to.throw(/third and fourth/);
  });

  it("knows IP literals", () => {
    for (const v of ["192.0.2.1", "2001:db8::1", "[2001:db8::1]", " 192.0.2.1. "]) expect(isIpLiteral(v), v).to.equal(true);
    for (const v of ["ns1.example.com", "1.2.3", ""]) expect(isIpLiteral(v), v).to.equal(false);
  });

  it("the catalogue's domain field keeps the form given, or converts to ASCII when asked", () => {
    expect(domainName().parse(" España.ES. ")).to.equal("españa.es");
    expect(domainName({ ascii: true }).parse("España.ES")).to.equal("xn--espaa-rta.es");
    expect(domainName().safeParse("localhost").success).to.equal(false);
    expect(domainName().safeParse("not a domain").success).to.equal(false);
  });
});
