/**
 * sdk/rules dnssec.ts (IANA registries, RFC 8624), php.ts, csr-key.ts and cname-alone.ts: the
 * rules of DS numbers, PHP versions per product, CSR key lengths and a CNAME alone at its name.
 */
import { expect } from "chai";
import { cnameAloneProblem, csrKeyProblem, dsAlgorithmProblem, dsDigestTypeProblem, hasWebSpace, phpVersionProblem } from "../../sdk/rules";

describe("rules: DS algorithm numbers (IANA, RFC 8624)", () => {
  for (const a of [8, 13, 14, 15, 16, 253, 254]) it(`${a} is accepted`, () => expect(dsAlgorithmProblem(a)).to.equal(undefined));
  const refused: [number, RegExp][] = [
    [0, /0 is reserved .*CDS.* IANA DNSSEC Algorithm Numbers registry/],
    [2, /\(DH\) is not a zone-signing algorithm in the IANA/],
    [4, /4 is reserved in the IANA/],
    [9, /9 is reserved/],
    [11, /11 is reserved/],
    [20, /20 is unassigned/],
    [200, /200 is reserved/],
    [252, /INDIRECT/],
    [255, /255 is reserved/],
    [1, /1 \(RSAMD5\) MUST NOT be used to sign zones \(RFC 8624 section 3.1\)/],
    [3, /3 \(DSA\) MUST NOT .*RFC 8624/],
    [6, /6 \(DSA-NSEC3-SHA1\) MUST NOT/],
    [12, /12 \(ECC-GOST\) MUST NOT/],
  ];
  for (const [a, rule] of refused) it(`${a} is refused: ${rule.source}`, () => expect(dsAlgorithmProblem(a)).to.match(rule));
  it("an adopted DS is judged by the registry only: RFC 8624's MUST NOT does not remove what the registry holds", () => {
    expect(dsAlgorithmProblem(1, true)).to.equal(undefined);
    expect(dsAlgorithmProblem(4, true)).to.match(/reserved/);
  });
});

describe("rules: DS digest types (IANA, RFC 8624)", () => {
  for (const t of [2, 4, 5, 6]) it(`${t} is accepted`, () => expect(dsDigestTypeProblem(t)).to.equal(undefined));
  it("0 reserved, 7 unassigned (IANA DS RR Type Digest Algorithms); 1 SHA-1 and 3 GOST MUST NOT (RFC 8624 3.3)", () => {
    expect(dsDigestTypeProblem(0)).to.match(/0 is reserved in the IANA DS RR Type Digest Algorithms registry/);
    expect(dsDigestTypeProblem(7)).to.match(/7 is unassigned in the IANA DS RR Type Digest Algorithms registry/);
    expect(dsDigestTypeProblem(1)).to.match(/1 \(SHA-1\) MUST NOT be used to make a DS record \(RFC 8624 section 3.3\)/);
    expect(dsDigestTypeProblem(3)).to.match(/3 \(GOST R 34.11-94\) MUST NOT/);
    expect(dsDigestTypeProblem(1, true)).to.equal(undefined);
  });
});

describe("rules: PHP versions", () => {
  it("products without web space take none", () => {
    for (const k of ["redir", "mail", "mailplus", "mailpro"]) {
      expect(hasWebSpace(k)).to.equal(false);
      expect(phpVersionProblem(k, "8.2")).to.match(new RegExp(`a ${k} service has no web space, so no PHP version`));
    }
    expect(phpVersionProblem("basic", "8.2")).to.equal(undefined);
  });
  it("a version is major.minor and one of those offered", () => {
    expect(phpVersionProblem("basic", "8")).to.match(/must be a PHP version such as 8.2/);
    expect(phpVersionProblem("basic", "8.0", ["7.4", "8.2"])).to.match(/8.0 is not offered; available: 7.4, 8.2/);
    expect(phpVersionProblem("basic", "8.2", ["7.4", "8.2"])).to.equal(undefined);
  });
});

describe("rules: CSR key length", () => {
  it("a key shorter than the product's keyLength is refused; unknown sizes (non-RSA) are left to the CA", () => {
    expect(csrKeyProblem(1024, 2048, "PositiveSSL (101)")).to.match(
      /the CSR's RSA key has 1024 bits; PositiveSSL \(101\) needs at least 2048 \(ssl\/productlist keyLength/,
    );
    expect(csrKeyProblem(2048, 2048)).to.equal(undefined);
    expect(csrKeyProblem(4096, 2048)).to.equal(undefined);
    expect(csrKeyProblem(undefined, 2048)).to.equal(undefined);
  });
});

describe("rules: a CNAME holds its name alone", () => {
  const zone = [
    { name: "www.example.com", type: "A", value: "192.0.2.1" },
    { name: "alias.example.com", type: "CNAME", value: "target.example.net." },
  ];
  it("a CNAME where other data is, and other data where a CNAME is, are refused naming RFC 1034", () => {
    expect(cnameAloneProblem({ name: "www.example.com", type: "CNAME" }, zone)).to.match(
      /a CNAME at www.example.com cannot share its name .* holds A 192.0.2.1 there \(RFC 1034 3.6.2/,
    );
    expect(cnameAloneProblem({ name: "alias.example.com", type: "TXT" }, zone)).to.match(
      /alias.example.com holds a CNAME .*: a TXT record cannot sit beside it \(RFC 1034/,
    );
  });
  it("other names, the same type, and data beside data are fine", () => {
    expect(cnameAloneProblem({ name: "shop.example.com", type: "CNAME" }, zone)).to.equal(undefined);
    expect(cnameAloneProblem({ name: "www.example.com", type: "AAAA" }, zone)).to.equal(undefined);
    expect(cnameAloneProblem({ name: "alias.example.com", type: "CNAME" }, zone)).to.equal(undefined);
  });
});
