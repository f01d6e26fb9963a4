/** sdk/rules/domain.ts: nameservers (normalisation, 2 to 7, special words), the statuses that refuse changes, tags. */
import { expect } from "chai";
import {
  desiredNameservers,
  isModifiable,
  MODIFIABLE_STATUSES,
  NAMESERVER_WORDS,
  nameserverCountProblem,
  nameservers,
  normaliseNameserver,
  normaliseNameservers,
  normaliseTags,
} from "../../sdk/rules";

describe("rules: nameservers", () => {
  it("normalises one server: lower case, no trailing dot, IDN in punycode", () => {
    expect(normaliseNameserver(" NS1.Example.NET. ")).to.equal("ns1.example.net");
    expect(normaliseNameserver("ns1.bücher.de")).to.equal("ns1.xn--bcher-kva.de");
    expect(normaliseNameservers(["NS1.a.net", "ns2.a.net."])).to.deep.equal(["ns1.a.net", "ns2.a.net"]);
    expect(normaliseNameservers(["Parking"], NAMESERVER_WORDS.create)).to.deep.equal(["parking"]);
    expect(normaliseNameservers(["KeepNS"], NAMESERVER_WORDS.transfer)).to.deep.equal(["keepns"]);
    expect(normaliseNameservers(["default"], NAMESERVER_WORDS.update)).to.deep.equal(["default"]);
  });

  it("counts 2 to 7 and names the special words", () => {
    expect(nameserverCountProblem(2)).to.equal(undefined);
    expect(nameserverCountProblem(7)).to.equal(undefined);
    expect(nameserverCountProblem(1, NAMESERVER_WORDS.update)).to.equal('1 given, the API needs 2 to 7 (or "default")');
    expect(nameserverCountProblem(8)).to.equal("8 given, the API needs 2 to 7");
  });

  it("the catalogue's field takes a comma string or a list, or one special word", () => {
    const f = nameservers(NAMESERVER_WORDS.create);
    expect(f.parse("ns1.a.net, ns2.a.net")).to.deep.equal(["ns1.a.net", "ns2.a.net"]);
    expect(f.parse(["Parking"])).to.deep.equal(["Parking"]);
    expect(f.safeParse(["ns1.a.net"]).error?.issues[0]?.message).to.equal('1 given, the API needs 2 to 7 (or "parking")');
    expect(f.safeParse(["ns1.a.net", "not a host"]).error?.issues[0]?.message).to.equal('"not a host" is not a host name');
    expect(nameservers([], 2, 13).safeParse(Array.from({ length: 13 }, (_, i) => `ns${i}.a.net`)).success).to.equal(true);
  });

  it("the provider's field: different host names, never IP addresses, or default", () => {
    const f = desiredNameservers();
    expect(f.parse(["NS1.example.net.", "ns2.bücher.de"])).to.deep.equal(["ns1.example.net", "ns2.xn--bcher-kva.de"]);
    expect(f.parse("ns1.example.net, ns2.example.net")).to.deep.equal(["ns1.example.net", "ns2.example.net"]);
    // The service's own servers: one normal form, a list (what a typed SDK can give: issue 29), from either spelling.
    expect(f.parse([" Default "])).to.deep.equal(["default"]);
    expect(f.parse(" Default ")).to.deep.equal(["default"]);
    const why = (v: unknown) => f.safeParse(v).error?.issues[0]?.message;
    expect(why(["ns1.example.net"])).to.equal('1 given, the API needs 2 to 7 (or ["default"] for the service\'s own)');
    expect(why(["default", "ns2.example.net"])).to.match(/"default" is not a host name/);
    expect(why(["ns1.example.net", "NS1.example.net."])).to.match(/ns1\.example\.net is given twice/);
    expect(why(["192.0.2.1", "ns2.example.net"])).to.match(/is an IP address; a nameserver is given by its host name/);
    expect(why(["ns1..example.net", "ns2.example.net"])).to.match(/an empty label/);
  });
});

describe("rules: statuses that refuse changes", () => {
  for (const s of ["active", "renewed", "expired-renewgrace"]) it(`${s} accepts changes`, () => expect(isModifiable(s)).to.equal(true));
  for (const s of [
    "register-init",
    "register-pending",
    "transfer-init",
    "transfer-pending",
    "inactive",
    "expired-redemption",
    "expired-pendingdelete",
    "register-cancel",
  ]) {
    it(`${s} refuses them`, () => expect(isModifiable(s)).to.equal(false));
  }
  it("is one set", () => expect([...MODIFIABLE_STATUSES]).to.have.members(["active", "renewed", "expired-renewgrace"]));
});

describe("rules: tags", () => {
  it("trims, drops empty ones and duplicates, sorts", () => {
    expect(normaliseTags(" web, prod,,web ")).to.deep.equal(["prod", "web"]);
    expect(normaliseTags(["b", " a", "b"])).to.deep.equal(["a", "b"]);
    expect(normaliseTags(undefined)).to.deep.equal([]);
  });
});
