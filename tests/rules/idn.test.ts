/** sdk/rules/idn.ts: names between Unicode and ASCII on node:url (UTS #46), and the IDNA2008 checks. */
import { expect } from "chai";
import {
  asciiOrSelf,
  cleanHost,
  IdnaError,
  idnaLabelProblem,
  idnaProblem,
  isIdn,
  sameDomain,
  toAscii,
  toUnicode,
  tryAscii,
  unicodeOrSelf,
} from "../../sdk/rules";

describe("rules: IDN conversion", () => {
  const ascii: [string, string][] = [
    ["example.com", "example.com"],
    ["EXAMPLE.Com.", "example.com"],
    ["  www.example.com  ", "www.example.com"],
    ["España.ES", "xn--espaa-rta.es"],
    ["españa.es.", "xn--espaa-rta.es"],
    ["XN--ESPAA-RTA.ES", "xn--espaa-rta.es"],
    ["MÜNCHEN.de", "xn--mnchen-3ya.de"],
    ["_acme-challenge.example.com", "_acme-challenge.example.com"],
    ["_sip._tcp.bücher.de", "_sip._tcp.xn--bcher-kva.de"],
    ["*.example.com", "*.example.com"],
    ["*.café.com", "*.xn--caf-dma.com"],
    ["straße.de", "xn--strae-oqa.de"], // non-transitional: ß stays
    ["e\u0301.com", "xn--9ca.com"], // NFC first
    ["café\u3002com", "xn--caf-dma.com"], // ideographic full stop separates labels
    // ASCII names are only lower-cased: no URL host parsing (digits stay digits, odd characters stay).
    ["123", "123"],
    ["1.2.3", "1.2.3"],
    ["café.123", "xn--caf-dma.123"],
    ["a b.com", "a b.com"],
    ["a..b", "a..b"],
  ];
  for (const [given, want] of ascii) it(`toAscii(${JSON.stringify(given)}) = ${want}`, () => expect(toAscii(given)).to.equal(want));

  const unicode: [string, string][] = [
    ["xn--espaa-rta.es", "españa.es"],
    ["XN--ESPAA-RTA.ES.", "españa.es"],
    ["España.ES", "españa.es"],
    ["_acme-challenge.xn--caf-dma.com", "_acme-challenge.café.com"],
    ["*.example.com", "*.example.com"],
    ["123", "123"],
  ];
  for (const [given, want] of unicode) it(`toUnicode(${JSON.stringify(given)}) = ${want}`, () => expect(toUnicode(given)).to.equal(want));

  it("refuses what cannot be converted with an IdnaError naming the label and the rule", () => {
    const refused: [string, RegExp][] = [
      ["a\u200db.com", /label "a\u200db" holds \(U\+200D\)/],
      ["\u0301a.com", /starts with a combining mark/],
      ["café b.com", /cannot be written in ASCII|IDNA/],
      ["café/x.com", /label "café\/x" holds "\/" \(U\+002F\)/],
    ];
    for (const [name, rule] of refused) {
      expect(() => toAscii(name), name).to.throw(IdnaError, rule);
      expect(tryAscii(name), name).to.equal(undefined);
      expect(asciiOrSelf(name), name).to.equal(cleanHost(name));
    }
    expect(() => toUnicode("xn--zz.com")).to.throw(IdnaError, /label "xn--zz" is not valid punycode \(RFC 3492\)/);
    expect(() => toUnicode("xn--a.com")).to.throw(IdnaError, /not valid punycode/);
    expect(unicodeOrSelf("XN--ZZ.com.")).to.equal("xn--zz.com");
  });

  it("compares names whichever form each side uses", () => {
    expect(sameDomain("España.es.", "xn--espaa-rta.ES")).to.equal(true);
    expect(sameDomain("espana.es", "españa.es")).to.equal(false);
    expect(isIdn("xn--espaa-rta.es")).to.equal(true);
    expect(isIdn("españa.es")).to.equal(true);
    expect(isIdn("example.com")).to.equal(false);
  });
});

describe("rules: IDNA2008 label checks", () => {
  const cases: [string, RegExp | undefined][] = [
    ["example", undefined],
    ["xn--caf-dma", undefined],
    ["xn--zz", /"xn--zz" is not valid punycode \(RFC 3492\)/],
    ["xn--a", /not valid punycode/],
    ["xn--ls8h", /holds "💩" \(U\+1F4A9\), which IDNA2008 does not allow/],
    ["xn--e28h", /IDNA2008 does not allow/],
    ["ab--cd", undefined],
  ];
  for (const [label, want] of cases) {
    it(`${label}: ${want ?? "valid"}`, () => {
      const p = idnaLabelProblem(label);
      if (want) expect(p).to.match(want);
      else expect(p).to.equal(undefined);
    });
  }
  it("refuses R-LDH labels only when asked (registrable names)", () => {
    expect(idnaLabelProblem("ab--cd", { reserved: true })).to.match(/third and fourth positions/);
    expect(idnaProblem("www.xn--zz.example.com")).to.match(/xn--zz/);
    expect(idnaProblem("*.www.example.com")).to.equal(undefined);
  });
});
