/**
 * sdk/rules mail-syntax.ts, url.ts, epp-contact.ts and host.ts's numeric TLD: address syntax of
 * RFC 5321/1035, redirect URL ports, EPP contact lengths (RFC 5733), IP addresses where a domain
 * name is expected.
 */
import { expect } from "chai";
import {
  EPP_PHONE,
  emailAddressProblem,
  eppLengthProblem,
  eppNameProblem,
  hostNameProblem,
  isHostName,
  mailLocalPartProblem,
  mailTargetProblem,
  redirectUrlProblem,
} from "../../sdk/rules";

describe("rules: e-mail addresses (RFC 5321, RFC 1035)", () => {
  const ok = ["ana@example.com", "a.b+tag@sub.example.co.uk", "o'brien@example.ie", "x@xn--espaa-rta.es", "ana@españa.es", `${"a".repeat(64)}@example.com`];
  for (const a of ok) it(`accepts ${a}`, () => expect(emailAddressProblem(a)).to.equal(undefined));
  const bad: [string, RegExp][] = [
    ["ana@", /the domain "": the name is empty/],
    ["ana.example.com", /no @/],
    ["@example.com", /local part \(before @\) is empty/],
    [".ana@example.com", /starts or ends with a dot/],
    ["ana.@example.com", /starts or ends with a dot/],
    ["an..a@example.com", /two dots in a row/],
    ["ana@example..com", /an empty label/],
    ["ana@.example.com", /an empty label/],
    ["ana@example.com.", /an empty label/],
    ["ana@-example.com", /LDH/],
    ["ana@example-.com", /LDH/],
    [`ana@${"a".repeat(64)}.com`, /a label holds at most 63/],
    [`${"a".repeat(65)}@example.com`, /65 octets; RFC 5321 allows at most 64/],
    [`${"a".repeat(60)}@${`${"b".repeat(60)}.`.repeat(3)}example.com`, /octets; an address holds at most 254/],
    ["ana@localhost", /at least 2 are needed/],
    ["ana@[192.0.2.1]", /address literal/],
    ["ana@192.0.2.1", /IP address/],
    ["a(b)@example.com", /does not allow unquoted/],
    ["ana maria@example.com", /whitespace/],
  ];
  for (const [a, rule] of bad) it(`refuses ${JSON.stringify(a).slice(0, 60)}: ${rule.source}`, () => expect(emailAddressProblem(a)).to.match(rule));

  it("mailbox local parts keep their character set and follow the dot-string rule", () => {
    expect(mailLocalPartProblem("info.sales")).to.equal(undefined);
    expect(mailLocalPartProblem(".info")).to.match(/starts or ends with a dot/);
    expect(mailLocalPartProblem("info.")).to.match(/starts or ends with a dot/);
    expect(mailLocalPartProblem("in..fo")).to.match(/two dots in a row/);
    expect(mailLocalPartProblem("Info")).to.match(/lower-case letters/);
  });
  it("alias targets: RFC 5321 addresses, one per entry", () => {
    expect(mailTargetProblem("a@example.org")).to.equal(undefined);
    expect(mailTargetProblem("a@example..org")).to.match(/empty label/);
    expect(mailTargetProblem("a,b@example.org")).to.match(/comma/);
  });
});

describe("rules: redirect URLs (port, host)", () => {
  const ok = [
    "https://example.org/",
    "http://example.org:8080/x?y=1",
    "https://example.org:65535",
    "https://192.0.2.1:1/",
    "https://[2001:db8::1]:443/a",
    "https://münchen.de/",
  ];
  for (const u of ok) it(`accepts ${u}`, () => expect(redirectUrlProblem(u)).to.equal(undefined));
  const bad: [string, RegExp][] = [
    ["https://example.org:65536/", /the port 65536 is out of range: a TCP port is 1 to 65535/],
    ["https://example.org:0/", /the port 0 is out of range/],
    ["https://example.org:99999999999/", /out of range/],
    ["https://example.org:http/", /the port "http" must be a number from 1 to 65535/],
    ["https://example.org:/", /the port "" must be a number/],
    ["https://example.org:-1/", /must be a number/],
    ["https://[2001:db8::zz]/", /is not an IPv6 address/],
    ["https://user:pw@example.org/", /user name or password/],
    ["https://exa..mple.org/", /empty label/],
    ["https://example/", /at least 2 are needed/],
    ["ftp://example.org/", /must be an http:\/\/ or https:\/\/ URL/],
    ["https:///path", /the host is missing/],
  ];
  for (const [u, rule] of bad) it(`refuses ${u}: ${rule.source}`, () => expect(redirectUrlProblem(u)).to.match(rule));
});

describe("rules: a domain name is never an IP address", () => {
  for (const v of ["192.0.2.1", "10.0.0.1", "2001:db8::1", "[2001:db8::1]", "1.2.3.4."]) {
    it(`${v} is refused naming the rule`, () =>
      expect(hostNameProblem(v.replace(/\.$/, ""), { minLabels: 2 })).to.match(/IP address; a domain name is expected/));
  }
  it("a numeric last label is refused (RFC 3696 2); numeric inner labels are fine", () => {
    expect(hostNameProblem("example.123", { minLabels: 2 })).to.match(/last label "123" is all digits/);
    expect(isHostName("192.0.2.1", 2)).to.equal(false);
    expect(isHostName("123.example.com", 2)).to.equal(true);
    expect(hostNameProblem("3com.com", { minLabels: 2 })).to.equal(undefined);
  });
});

describe("rules: EPP contact lengths (RFC 5733)", () => {
  it("postal code: 16 characters at most", () => {
    expect(eppLengthProblem("postalCode", "1".repeat(16))).to.equal(undefined);
    expect(eppLengthProblem("postalCode", "1".repeat(17))).to.match(/17 characters; the registries' EPP contact pc holds at most 16 \(RFC 5733\)/);
  });
  it("street, city, state, org, names: 255 characters (not bytes) at most", () => {
    for (const f of ["address", "city", "state", "orgName", "firstName", "lastName"] as const) {
      expect(eppLengthProblem(f, "ñ".repeat(255)), f).to.equal(undefined);
      expect(eppLengthProblem(f, "x".repeat(256)), f).to.match(/256 characters; .* at most 255 \(RFC 5733\)/);
    }
  });
  it("first and last name together: 255 at most", () => {
    expect(eppNameProblem("a".repeat(127), "b".repeat(127))).to.equal(undefined);
    expect(eppNameProblem("a".repeat(200), "b".repeat(100))).to.match(/together are 301 characters/);
  });
  it("phone: E.164 as EPP writes it (1-3 digits of country code, at most 14 digits)", () => {
    for (const p of ["+34.931234567", "+1.2025550123", "+7.4951234567", `+999.${"1".repeat(14)}`]) expect(EPP_PHONE.test(p), p).to.equal(true);
    for (const p of ["+3456.931234567", `+34.${"1".repeat(15)}`, "+34.123", "34.931234567"]) expect(EPP_PHONE.test(p), p).to.equal(false);
  });
});
