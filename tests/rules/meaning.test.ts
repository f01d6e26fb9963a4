/**
 * The rules of issue 27 ("invalid input that still passes preview") in sdk/rules, one describe per
 * file: DNS meaning (dns-meaning.ts, mail-auth.ts, CAA parameters), registry policy (special-use.ts,
 * idn-policy.ts, nameservers and the middle dot of idn.ts), contact data (countries.ts, phone.ts,
 * postal-code.ts, contact-data.ts), loops (loops.ts) and certificates (cert-names.ts). Each rule
 * has a case it refuses and a case it lets through (no false positive for the valid neighbour).
 */
import { expect } from "chai";
import {
  aliasRingProblem,
  aliasSelfProblem,
  certNameProblem,
  contactDataProblems,
  contactDataWarnings,
  countryCodeProblem,
  dkimFindings,
  dmarcFindings,
  idnaLabelProblem,
  inDomainNameservers,
  type MeaningRecord,
  mixedScriptProblem,
  normalizeCaa,
  normalizeDesiredRecord,
  phoneNumberProblem,
  postalCodeProblem,
  recordMeaning,
  redirectRingProblem,
  redirectSelfProblem,
  registrationReservedProblem,
  registryNameProblem,
  spfFindings,
  subjectLengthProblem,
  unresolvableHostProblem,
  validationMethodProblem,
  zoneMeaning,
} from "../../sdk/rules";

const Z = "example.com";
const rec = (name: string, type: string, value: string): MeaningRecord => ({ name: name === "@" ? Z : `${name}.${Z}`, type, value });
/** zoneMeaning of `focus` among `records` (focus included), with CNAMEs looked up in them. */
function meaning(focus: MeaningRecord, records: MeaningRecord[]) {
  const all = [...records, focus];
  return zoneMeaning(focus, { zone: Z, records: all, cnameAt: (n) => all.find((r) => r.name === n && r.type === "CNAME")?.value, where: "test", whole: true });
}
const rules = (fs: { rule: string; severity: string }[], severity: "error" | "warning") => fs.filter((f) => f.severity === severity).map((f) => f.rule);

describe("rules: what DNS records mean (dns-meaning.ts)", () => {
  it("an SRV's name is _service._proto (RFC 2782, RFC 6335 5.1)", () => {
    expect(rules(recordMeaning(Z, rec("sip", "SRV", "5 5060 sip.example.net")), "error")[0]).to.match(/_service\._proto.*RFC 2782/);
    expect(rules(recordMeaning(Z, rec("_sip.tcp", "SRV", "5 5060 sip.example.net")), "error")[0]).to.match(/_service\._proto/);
    expect(rules(recordMeaning(Z, rec("_averyveryverylongname._tcp", "SRV", "5 5060 sip.example.net")), "error")[0]).to.match(/RFC 6335 5\.1/);
    expect(recordMeaning(Z, rec("_sip._tcp", "SRV", "5 5060 sip.example.net"))).to.deep.equal([]);
    expect(recordMeaning(Z, rec("_imaps._tcp.mail", "SRV", "0 993 imap.example.net"))).to.deep.equal([]);
  });
  it("a CNAME to itself, and targets under names the public DNS never answers (RFC 6761, 6762, 7686)", () => {
    expect(rules(recordMeaning(Z, rec("www", "CNAME", `www.${Z}`)), "error")[0]).to.match(/to itself loops/);
    expect(rules(recordMeaning(Z, rec("www", "CNAME", "printer.local")), "error")[0]).to.match(/\.local .*RFC 6762/);
    expect(rules(recordMeaning(Z, rec("@", "MX", "mx.example.invalid")), "error")[0]).to.match(/\.invalid/);
    expect(rules(recordMeaning(Z, rec("_x._tcp", "SRV", "1 80 site.onion")), "error")[0]).to.match(/RFC 7686/);
    // Documentation and test names resolve in test set-ups (the emulator's own nameservers are .test).
    expect(recordMeaning(Z, rec("www", "CNAME", "target.example"))).to.deep.equal([]);
    expect(recordMeaning(Z, rec("sub", "NS", "ns1.emulator.test"))).to.deep.equal([]);
  });
  it("a CNAME loop across records, found from the record that closes it", () => {
    const a = rec("a", "CNAME", `b.${Z}`);
    expect(rules(meaning(rec("b", "CNAME", `a.${Z}`), [a]), "error")[0]).to.match(/CNAMEs loop: b\.example\.com -> a\.example\.com -> b\.example\.com/);
    expect(rules(meaning(rec("b", "CNAME", `c.${Z}`), [a]), "error")).to.deep.equal([]);
  });
  it("NS to a CNAME is an error; MX and SRV to a CNAME are warnings, found from either end (RFC 2181 10.3)", () => {
    const alias = rec("mail", "CNAME", "mx.example.net");
    expect(rules(meaning(rec("sub", "NS", `mail.${Z}`), [alias]), "error")[0]).to.match(/never an alias \(RFC 2181 10\.3\)/);
    expect(rules(meaning(rec("@", "MX", `mail.${Z}`), [alias]), "warning")[0]).to.match(/RFC 5321 5\.1/);
    expect(rules(meaning(alias, [rec("@", "MX", `mail.${Z}`)]), "warning")[0]).to.match(/MX example\.com points to mail\.example\.com/);
    expect(rules(meaning(rec("@", "MX", `mail.${Z}`), [rec("mail", "A", "192.0.2.1")]), "warning")).to.deep.equal([]);
  });
  it("records at or below a delegation are never answered (RFC 1034 4.2.1); its glue is", () => {
    const ns = rec("sub", "NS", `ns1.sub.${Z}`);
    expect(rules(meaning(rec("_acme-challenge.sub", "TXT", "x"), [ns]), "error")[0]).to.match(/below sub, which NS records delegate/);
    expect(rules(meaning(rec("sub", "A", "192.0.2.1"), [ns]), "error")[0]).to.match(/is at sub/);
    expect(rules(meaning(rec("ns1.sub", "A", "192.0.2.53"), [ns]), "error")).to.deep.equal([]);
    expect(rules(meaning(ns, [rec("app.sub", "A", "192.0.2.5")]), "error")[0]).to.match(/delegating sub hides A app\.sub/);
    expect(rules(meaning(rec("other", "A", "192.0.2.1"), [ns]), "error")).to.deep.equal([]);
  });
  it("two SPF records at one name, targets in the zone with nothing there, NS at a wildcard: warnings", () => {
    expect(rules(meaning(rec("@", "TXT", "v=spf1 mx -all"), [rec("@", "TXT", "v=spf1 a -all")]), "warning")[0]).to.match(/two SPF records.*RFC 7208/);
    expect(rules(meaning(rec("@", "TXT", "v=spf1 mx -all"), [rec("@", "TXT", "google-site-verification=x")]), "warning")).to.deep.equal([]);
    expect(rules(meaning(rec("docs", "CNAME", `nothing.${Z}`), []), "warning")[0]).to.match(/NXDOMAIN/);
    expect(rules(meaning(rec("docs", "CNAME", `nothing.${Z}`), [rec("*", "A", "192.0.2.1")]), "warning")).to.deep.equal([]);
    expect(rules(meaning(rec("@", "MX", `mx.${Z}`), [rec("mx", "TXT", "x")]), "warning")[0]).to.match(/no A or AAAA record/);
    expect(rules(recordMeaning(Z, rec("*.dev", "NS", "ns1.example.net")), "warning")[0]).to.match(/RFC 4592/);
  });
  it("the record rule refuses through normalizeDesiredRecord (DnsRecord and DnsZone)", () => {
    const r = normalizeDesiredRecord({ serviceName: Z, name: "www", type: "CNAME", value: "WWW.example.com." });
    expect(r.failures.map((f) => f.reason)[0]).to.match(/^value: a CNAME from www\.example\.com to itself/);
  });
});

describe("rules: SPF, DMARC and DKIM records (mail-auth.ts)", () => {
  it("SPF: syntax errors, unknown mechanisms and more than 10 lookups are permerrors (RFC 7208 4.6)", () => {
    expect(spfFindings("v=spf1 include:_spf.example.net ip4:192.0.2.0/24 ip6:2001:db8::/32 a mx:mail.example.com/24 -all")).to.deep.equal({
      errors: [],
      warnings: [],
    });
    expect(spfFindings("v=spf1 ip4:192.0.2.300 -all").errors[0]).to.match(/not an IPv4 address/);
    expect(spfFindings("v=spf1 ip4:192.0.2.0/33 -all").errors[0]).to.match(/0 to 32/);
    expect(spfFindings("v=spf1 include:example -all").errors[0]).to.match(/domain-end/);
    expect(spfFindings("v=spf1 ipv4:192.0.2.1 -all").errors[0]).to.match(/"ipv4" is not an SPF mechanism/);
    expect(spfFindings("v=spf1 include -all").errors[0]).to.match(/needs ":<domain>"/);
    expect(spfFindings("v=spf1 redirect=a.example.com redirect=b.example.com").errors[0]).to.match(/redirect= appears 2 times/);
    const eleven = `v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:s${i}.example.com`).join(" ")} -all`;
    expect(spfFindings(eleven).errors[0]).to.match(/11 terms that look up DNS.*RFC 7208 4\.6\.4/);
    expect(spfFindings(`v=spf1 ${Array.from({ length: 10 }, (_, i) => `include:s${i}.example.com`).join(" ")} -all`).errors).to.deep.equal([]);
    expect(spfFindings("v=spf1 exists:%{i}.spf.example.com -all").errors).to.deep.equal([]);
  });
  it("SPF warnings: ptr, +all, terms after all", () => {
    const w = spfFindings("v=spf1 ptr +all mx").warnings;
    expect(w.join("\n"))
      .to.match(/ptr mechanism SHOULD NOT/)
      .and.match(/passes mail from any server/)
      .and.match(/mx after "\+all" is never evaluated/);
  });
  it("DMARC: v=DMARC1 first, p required (RFC 7489 6.3)", () => {
    expect(dmarcFindings("v=DMARC1; p=quarantine; rua=mailto:d@example.com; pct=50").errors).to.deep.equal([]);
    expect(dmarcFindings("v=DMARC1; rua=mailto:d@example.com").errors[0]).to.match(/p= is missing/);
    expect(dmarcFindings("p=none; v=DMARC1").errors[0]).to.match(/must begin with "v=DMARC1"/);
    expect(dmarcFindings("v=DMARC1; p=block").errors[0]).to.match(/p=block is not a policy/);
    expect(dmarcFindings("v=DMARC1; p=none; pct=150").errors[0]).to.match(/pct=150/);
    expect(dmarcFindings("v=DMARC1; p=none; rua=d@example.com").errors[0]).to.match(/not a URI/);
  });
  it("DKIM: p= required and base64, v=DKIM1 first, a known k= (RFC 6376 3.6.1)", () => {
    expect(dkimFindings("v=DKIM1; k=rsa; p=MIIBIjANBgkq").errors).to.deep.equal([]);
    expect(dkimFindings("v=DKIM1; k=rsa").errors[0]).to.match(/p= is missing/);
    expect(dkimFindings("v=DKIM1; p=not*base64").errors[0]).to.match(/not base64/);
    expect(dkimFindings("v=DKIM1; k=dsa; p=AAAA").errors[0]).to.match(/k=dsa/);
  });
  it("CAA issue parameters are tag=value (RFC 8659 4.2)", () => {
    expect(normalizeCaa('0 issue "letsencrypt.org; validationmethods=dns-01"')).to.equal('0 issue "letsencrypt.org; validationmethods=dns-01"');
    expect(() => normalizeCaa('0 issue "letsencrypt.org; accounturi"')).to.throw(/not tag=value \(RFC 8659 4\.2\)/);
  });
});

describe("rules: registry policy (special-use.ts, idn-policy.ts, nameservers)", () => {
  it("special-use names are no registrations (RFC 6761, 6762, 7686, 8375, 2606)", () => {
    for (const n of ["shop.test", "printer.local", "x.localhost", "a.invalid", "site.onion", "router.home.arpa", "x.internal", "mine.example"])
      expect(registrationReservedProblem(n), n).to.match(/special-use name/);
    expect(registrationReservedProblem("example.com")).to.match(/RFC 2606/);
    expect(registrationReservedProblem("example-shop.com")).to.equal(undefined);
    expect(unresolvableHostProblem("ns1.emulator.test")).to.equal(undefined);
    expect(unresolvableHostProblem("ns1.corp.internal")).to.match(/never answers/);
  });
  it("one script per label, with the mixes a language writes (UTS #39 5.2)", () => {
    expect(mixedScriptProblem("pаypal")).to.match(/mixes scripts \(Latin, Cyrillic\)/);
    expect(mixedScriptProblem("日本語ドメイン")).to.equal(undefined);
    expect(mixedScriptProblem("한국어漢字")).to.equal(undefined);
    expect(mixedScriptProblem("straße-2")).to.equal(undefined);
  });
  it("the .es family takes ESNIC's letters and 3 (2 for third level) characters; .cat puntCAT's; .eu Latin, Greek, Cyrillic", () => {
    expect(registryNameProblem("españa.es")).to.equal(undefined);
    expect(registryNameProblem("col·legi.es")).to.equal(undefined);
    expect(registryNameProblem("straße.es")).to.match(/"ß" .* is not a letter \.es names take/);
    expect(registryNameProblem("ab.es")).to.match(/at least 3/);
    expect(registryNameProblem("ab.com.es")).to.equal(undefined);
    expect(registryNameProblem("a.com.es")).to.match(/at least 2/);
    expect(registryNameProblem("niño.cat")).to.match(/not a letter \.cat names take/);
    expect(registryNameProblem("ca·sa.cat")).to.match(/middle dot/);
    expect(registryNameProblem("καλημέρα.eu")).to.equal(undefined);
    expect(registryNameProblem("שלום.eu")).to.match(/Hebrew.*EURid/);
    expect(registryNameProblem("straße.com")).to.equal(undefined);
  });
  it("the middle dot only in l·l (RFC 5892 A.3)", () => {
    expect(idnaLabelProblem("xn--collegi-xma")).to.equal(undefined);
    expect(idnaLabelProblem("xn--casa-6ha")).to.match(/middle dot/);
  });
  it("nameservers under the domain itself", () => {
    expect(inDomainNameservers("example.com", ["ns1.example.com", "NS2.example.net.", "example.com"])).to.deep.equal(["ns1.example.com", "example.com"]);
  });
});

describe("rules: contact data (countries.ts, phone.ts, postal-code.ts, contact-data.ts)", () => {
  it("ISO 3166 codes, with the right one for UK", () => {
    expect(countryCodeProblem("ES")).to.equal(undefined);
    expect(countryCodeProblem("UK")).to.match(/use GB/);
    expect(countryCodeProblem("XX")).to.match(/not an ISO 3166 country code the API knows \(tool\/gettable/);
  });
  it("E.164: an assigned country code, 15 digits at most, the national plans' shapes", () => {
    for (const ok of [
      "+34.931234567",
      "+34.600000000",
      "+351.912345678",
      "+33.612345678",
      "+1.2025550123",
      "+44.2071234567",
      "+7.4951234567",
      "+39.0612345678",
      "+52.5512345678",
    ])
      expect(phoneNumberProblem(ok), ok).to.equal(undefined);
    expect(phoneNumberProblem("+999.123456789")).to.match(/not a country code ITU-T assigned/);
    expect(phoneNumberProblem("+34.93123456")).to.match(/9 digits starting with 5 to 9/);
    expect(phoneNumberProblem("+33.0612345678")).to.match(/drop the leading 0.*\+33\.612345678/);
    expect(phoneNumberProblem("+1.202555012")).to.match(/10 digits/);
    expect(phoneNumberProblem("+351.12345678901234")).to.match(/at most 15/);
  });
  it("postal codes by country (UPU), Spain's province prefix 01 to 52", () => {
    for (const [c, ok] of [
      ["ES", "08001"],
      ["ES", "52001"],
      ["PT", "1000-001"],
      ["FR", "75001"],
      ["FR", "97110"],
      ["DE", "10115"],
      ["IT", "00184"],
      ["GB", "SW1A 1AA"],
      ["GB", "sw1a1aa"],
      ["US", "20500-0003"],
      ["MX", "06000"],
      ["AR", "C1425DKD"],
      ["NL", "1012 AB"],
      ["RU", "125009"],
      ["JP", "anything: not judged"],
    ])
      expect(postalCodeProblem(c, ok), `${c} ${ok}`).to.equal(undefined);
    for (const [c, bad] of [
      ["ES", "53001"],
      ["ES", "8001"],
      ["PT", "1000"],
      ["FR", "7500"],
      ["GB", "12345"],
      ["US", "2050"],
      ["AR", "ABC"],
    ])
      expect(postalCodeProblem(c, bad), `${c} ${bad}`).to.match(/is not a postal code of/);
  });
  it("field against field: a Spanish resident's NIF letter; warnings for a phone of another country and an e-mail that cannot be delivered", () => {
    expect(contactDataProblems({ country: "ES", identNumber: "12345678A" })[0]).to.deep.include({ field: "identNumber" });
    expect(contactDataProblems({ country: "PT", identNumber: "12345678A", postalCode: "1000-001" })).to.deep.equal([]);
    expect(contactDataWarnings({ country: "ES", phone: "+33.612345678" })[0].rule).to.match(/\+33 is not ES's country code \(\+34\)/);
    expect(contactDataWarnings({ email: "ana@mail.invalid" })[0].rule).to.match(/never delivered/);
    expect(contactDataWarnings({ country: "ES", phone: "+34.931234567", email: "ana@example.com" })).to.deep.equal([]);
  });
});

describe("rules: loops (loops.ts)", () => {
  it("an alias to itself, a ring of aliases (RFC 5321 6.3)", () => {
    expect(aliasSelfProblem("a@example.com", ["b@example.net", "A@EXAMPLE.COM"])).to.match(/among its own targets/);
    expect(aliasSelfProblem("a@example.com", ["b@example.net"])).to.equal(undefined);
    const graph: Record<string, string[]> = { "a@x.com": ["b@x.com"], "b@x.com": ["c@y.com"], "c@y.com": ["a@x.com", "out@z.com"] };
    expect(aliasRingProblem("a@x.com", (a) => graph[a], "test")).to.match(/a@x\.com -> b@x\.com -> c@y\.com -> a@x\.com/);
    expect(aliasRingProblem("a@x.com", (a) => ({ ...graph, "c@y.com": ["out@z.com"] })[a], "test")).to.equal(undefined);
  });
  it("a redirect to its own host, a ring of redirects (RFC 9110 15.4)", () => {
    expect(redirectSelfProblem("blog.example.com", "https://BLOG.example.com./x")).to.match(/the redirect's own origin/);
    expect(redirectSelfProblem("blog.example.com", "https://www.example.com/blog")).to.equal(undefined);
    const to: Record<string, string> = { "a.example.com": "b.example.com", "b.example.com": "a.example.com" };
    expect(redirectRingProblem("a.example.com", (h) => to[h], "test")).to.match(/a\.example\.com -> b\.example\.com -> a\.example\.com/);
  });
});

describe("rules: certificates (cert-names.ts: CA/B Forum BR, RFC 5280)", () => {
  it("names a CA issues", () => {
    expect(certNameProblem("www.example.com")).to.equal(undefined);
    expect(certNameProblem("*.example.com")).to.equal(undefined);
    expect(certNameProblem("intranet.local")).to.match(/internal name.*BR 4\.2\.2/);
    expect(certNameProblem("192.0.2.1")).to.match(/IP address/);
    expect(certNameProblem("w*.example.com")).to.match(/whole leftmost label/);
    expect(certNameProblem("*.*.example.com")).to.match(/whole leftmost label/);
    expect(certNameProblem("*.com")).to.match(/public suffix.*BR 3\.2\.2\.6/);
    expect(certNameProblem("*.com.es", (a) => a === "com.es")).to.match(/public suffix/);
    expect(subjectLengthProblem("commonName", `${"a".repeat(60)}.example.com`)).to.match(/at most 64 \(RFC 5280/);
  });
  it("what a validation method proves, who may approve (BR 3.2.2.4.4, .18, .19)", () => {
    expect(validationMethodProblem("http", ["*.example.com"])).to.match(/cannot prove control of the wildcard/);
    expect(validationMethodProblem("dns", ["*.example.com"])).to.equal(undefined);
    expect(validationMethodProblem("root@example.com", ["www.example.com"])).to.match(/admin@, administrator@/);
    expect(validationMethodProblem("admin@other.com", ["www.example.com"])).to.match(/must be the name's own or a parent/);
    expect(validationMethodProblem("hostmaster@shop.example.com", ["www.shop.example.com"])).to.equal(undefined);
    expect(validationMethodProblem("admin@com.es", ["www.shop.com.es"], (a) => a === "com.es")).to.match(/public suffix/);
  });
});
