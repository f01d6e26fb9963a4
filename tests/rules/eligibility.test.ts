/** sdk/rules es-identity.ts and tld-eligibility.ts: Spanish identity numbers' check characters, who may hold .es, .nom.es, .org.es, .eu, .fr. */
import { expect } from "chai";
import { cifControlDigit, nifLetter, ownerEligibilityProblems, spanishId } from "../../sdk/rules";

describe("rules: Spanish identity numbers (NIF, NIE, CIF)", () => {
  it("the NIF letter is the number mod 23 in TRWAGMYFPDXBNJZSQVHLCKE", () => {
    expect(nifLetter("12345678")).to.equal("Z"); // 12345678 mod 23 = 14
    expect(nifLetter("00000000")).to.equal("T");
    expect(nifLetter("00000022")).to.equal("E");
    expect(nifLetter("87654321")).to.equal("X");
  });
  it("the company NIF (CIF) control digit: odd positions doubled and digit-summed, even ones added, 10 minus the last digit", () => {
    expect(cifControlDigit("1234567")).to.equal(4); // 2+6+1+5 (1,3,5,7 doubled) + 2+4+6 = 26 -> 4
    expect(cifControlDigit("0000000")).to.equal(0);
  });
  const cases: [string, string, boolean][] = [
    ["12345678Z", "NIF", true],
    ["12345678-z", "NIF", true],
    ["12.345.678 Z", "NIF", true],
    ["12345678A", "NIF", false],
    ["X1234567L", "NIE", true], // 01234567 mod 23 = 19 -> L
    ["Y1234567X", "NIE", true], // 11234567 mod 23 = 10 -> X
    ["Z1234567R", "NIE", true], // 21234567 mod 23 = 1 -> R
    ["X1234567T", "NIE", false],
    ["K1234567L", "NIF", true],
    ["B12345674", "CIF", true],
    ["ESB12345674", "CIF", true],
    ["B12345678", "CIF", false],
    ["A1234567D", "CIF", false], // A-kind controls are digits
    ["P1234567D", "CIF", true], // P-kind controls are letters: 4 -> D
    ["P12345674", "CIF", false],
    ["G12345674", "CIF", true], // either for G
    ["G1234567D", "CIF", true],
  ];
  for (const [raw, kind, ok] of cases) {
    it(`${raw}: ${kind}, ${ok ? "valid" : "wrong check character"}`, () => {
      const id = spanishId(raw);
      expect(id?.kind).to.equal(kind);
      if (ok) expect(id?.problem).to.equal(undefined);
      else expect(id?.problem).to.match(/is wrong/);
    });
  }
  it("other shapes (passports, foreign numbers) are not judged", () => {
    for (const v of ["AB1234567", "GB123", "1", "PASSPORT-99", "123456789"]) expect(spanishId(v), v).to.equal(undefined);
  });
});

describe("rules: who may hold a TLD (owner eligibility)", () => {
  const es = { contactType: "individual", country: "ES", identNumber: "12345678Z" };
  const fields = (d: string, o: object) => ownerEligibilityProblems(d, o).map((p) => p.field);

  it("a valid Spanish owner may hold every .es domain but .org.es", () => {
    for (const d of ["a.es", "a.com.es", "a.nom.es", "españa.es".replace("ñ", "n")]) expect(ownerEligibilityProblems(d, es), d).to.deep.equal([]);
    expect(fields("a.org.es", es)).to.deep.equal(["contactType"]);
  });
  it(".es: a NIF with the wrong letter names the rule and the right letter", () => {
    const [p] = ownerEligibilityProblems("tienda.es", { ...es, identNumber: "12345678A" });
    expect(p.field).to.equal("identNumber");
    expect(p.rule).to.match(/NIF's letter is wrong: 12345678 mod 23 gives Z, not A \(ESNIC/);
  });
  it(".es: a wrong NIE letter, a wrong CIF control, a CIF on an individual, no Spanish number for an owner in Spain", () => {
    expect(ownerEligibilityProblems("a.com.es", { ...es, identNumber: "X1234567T" })[0].rule).to.match(/NIE's letter is wrong/);
    expect(ownerEligibilityProblems("a.es", { contactType: "organization", country: "ES", identNumber: "B12345678" })[0].rule).to.match(
      /control character is wrong: B1234567 needs 4/,
    );
    expect(ownerEligibilityProblems("a.es", { ...es, identNumber: "B12345674" })[0].rule).to.match(
      /is a company's NIF \(CIF\); an individual owner gives a personal NIF or NIE/,
    );
    expect(ownerEligibilityProblems("a.es", { ...es, identNumber: "AB123456" })[0].rule).to.match(/an owner in Spain is identified by a NIF or NIE/);
  });
  it(".es: a foreign owner with a passport is fine; with a Spanish-shaped number it must be right", () => {
    expect(ownerEligibilityProblems("a.es", { contactType: "individual", country: "GB", identNumber: "GB123" })).to.deep.equal([]);
    expect(fields("a.es", { contactType: "individual", country: "FR", identNumber: "X1234567T" })).to.deep.equal(["identNumber"]);
  });
  it(".nom.es is for individuals only, .org.es for organisations", () => {
    const org = { contactType: "organization", country: "ES", identNumber: "B12345674" };
    expect(ownerEligibilityProblems("ana.nom.es", org)[0].rule).to.match(/\.nom\.es domains are for individuals only/);
    expect(ownerEligibilityProblems("ong.org.es", org)).to.deep.equal([]);
  });
  it(".eu: an owner in the EU or EEA; .fr: the same and Switzerland", () => {
    for (const c of ["ES", "DE", "IS", "LI", "NO"]) expect(fields("a.eu", { ...es, country: c }), c).to.deep.equal([]);
    for (const c of ["US", "GB", "CH"])
      expect(ownerEligibilityProblems("a.eu", { country: c })[0].rule, c).to.match(/\.eu domains need an owner residing or established in the EU.*EURid/);
    expect(fields("a.fr", { country: "CH" })).to.deep.equal([]);
    expect(ownerEligibilityProblems("a.fr", { country: "US" })[0].rule).to.match(/AFNIC/);
  });
  it("TLDs without such rules are not judged", () => {
    expect(ownerEligibilityProblems("a.com", { contactType: "organization", country: "US", identNumber: "12345678A" })).to.deep.equal([]);
    expect(ownerEligibilityProblems("a.es.com", { identNumber: "12345678A" })).to.deep.equal([]);
  });
});
