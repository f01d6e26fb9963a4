/**
 * challengeTarget (provider/acme/challenge.ts), the CNAME following AcmeCertificate (preview and
 * issue) and dondominio-acme share, over an in-memory ZoneSource: the zone by the longest suffix
 * (IDN zones compared as punycode), chains, the hop limit, loops, targets outside the account
 * (looked up outside when the caller can, refused otherwise), and targets that are no host name.
 * The engine and the CLI run the same code against the emulator (acme-cname.test.ts, hook.test.ts).
 */
import { expect } from "chai";
import { ChallengeTargetError, challengeTarget, MAX_CNAME_HOPS, type ZoneSource, zoneOf } from "../../provider/acme/challenge";
import { authorizationName, undeclaredIdentifier } from "../../provider/acme/identifiers";

function source(zones: string[], cnames: Record<string, string>, outside?: Record<string, string>): ZoneSource & { reads: number } {
  const src = {
    reads: 0,
    zones: async () => zones,
    cnameIn: async (_zone: string, name: string) => {
      src.reads++;
      return cnames[name];
    },
    outside: outside ? async (name: string) => outside[name] : undefined,
  };
  return src;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "followed",
    (e: Error) => `${e instanceof ChallengeTargetError ? "rule" : "other"}: ${e.message}`,
  );

describe("challengeTarget: where a challenge record goes", () => {
  it("the zone by the longest suffix; an IDN zone as punycode", () => {
    expect(zoneOf(["example.com", "shop.example.com"], "_acme-challenge.www.shop.example.com")).to.equal("shop.example.com");
    expect(zoneOf(["café.example"], "_acme-challenge.xn--caf-dma.example")).to.equal("café.example");
    expect(zoneOf(["example.com"], "_acme-challenge.notexample.com")).to.equal(undefined);
  });

  it("no CNAME: the name itself; a chain: its end, in another zone of the account", async () => {
    expect(await challengeTarget(source(["example.com"], {}), "_acme-challenge.example.com")).to.deep.equal({
      name: "_acme-challenge.example.com",
      zone: "example.com",
      chain: ["_acme-challenge.example.com"],
    });
    const chain = source(["example.com", "other.org"], { "_acme-challenge.a.example.com": "B.example.com.", "b.example.com": "_acme-challenge.other.org" });
    expect(await challengeTarget(chain, "_acme-challenge.a.example.com")).to.deep.equal({
      name: "_acme-challenge.other.org",
      zone: "other.org",
      chain: ["_acme-challenge.a.example.com", "b.example.com", "_acme-challenge.other.org"],
    });
  });

  it(`a loop fails naming it; a chain of more than ${MAX_CNAME_HOPS} CNAMEs fails, after ${MAX_CNAME_HOPS + 1} reads`, async () => {
    expect(
      await refusal(challengeTarget(source(["example.com"], { "a.example.com": "b.example.com", "b.example.com": "a.example.com" }), "a.example.com")),
    ).to.equal("rule: a.example.com: the CNAMEs loop (a.example.com -> b.example.com -> a.example.com): no TXT record can be written");
    const long: Record<string, string> = {};
    for (let i = 0; i < 50; i++) long[`n${i}.example.com`] = `n${i + 1}.example.com`;
    const src = source(["example.com"], long);
    expect(await refusal(challengeTarget(src, "n0.example.com"))).to.match(
      new RegExp(`^rule: n0.example.com: more than ${MAX_CNAME_HOPS} CNAMEs in a row \\(n0.example.com -> `),
    );
    expect(src.reads).to.equal(MAX_CNAME_HOPS + 1);
  });

  it("a target outside the account: refused naming the CNAME and its target, unless the caller looks it up (dondominio-acme's DNS) into a zone of the account", async () => {
    const cnames = { "_acme-challenge.example.com": "_acme-challenge.elsewhere.net" };
    expect(await refusal(challengeTarget(source(["example.com"], cnames), "_acme-challenge.example.com"))).to.equal(
      "rule: _acme-challenge.example.com is a CNAME to _acme-challenge.elsewhere.net (_acme-challenge.example.com -> _acme-challenge.elsewhere.net), and no zone of this account holds this name (the account's hosting services: example.com): the TXT record cannot be written there; point the CNAME at a name in one of these zones, or remove it",
    );
    const viaDns = source(["example.com"], cnames, { "_acme-challenge.elsewhere.net": "back.example.com" });
    expect((await challengeTarget(viaDns, "_acme-challenge.example.com")).name).to.equal("back.example.com");
    // A name outside the account with no CNAME anywhere.
    expect(await refusal(challengeTarget(source(["example.com"], {}, {}), "_acme-challenge.example.net"))).to.contain(
      "rule: _acme-challenge.example.net: no zone of this account holds this name",
    );
  });

  it("a CNAME target that is no host name is refused, quoted", async () => {
    expect(await refusal(challengeTarget(source(["example.com"], { "a.example.com": "not a name\n" }), "a.example.com"))).to.equal(
      'rule: a.example.com: the CNAME at a.example.com points to "not a name\\n", which is no host name',
    );
  });
});

describe("authorizations: only for declared names", () => {
  it("a wildcard is its base name with wildcard=true; case and IDN forms compare as punycode; other types are refused", () => {
    expect(authorizationName({ type: "dns", value: "Example.COM." }, true)).to.equal("*.example.com");
    expect(authorizationName({ type: "dns", value: "café.example.com" }, false)).to.equal("xn--caf-dma.example.com");
    const declared = ["*.example.com", "xn--caf-dma.example.com"];
    expect(undeclaredIdentifier({ type: "dns", value: "EXAMPLE.com" }, true, declared)).to.equal(undefined);
    expect(undeclaredIdentifier({ type: "dns", value: "café.example.com" }, undefined, declared)).to.equal(undefined);
    expect(undeclaredIdentifier({ type: "dns", value: "example.com" }, false, declared)).to.equal(
      '"example.com", a name this certificate does not declare (names: *.example.com, xn--caf-dma.example.com)',
    );
    expect(undeclaredIdentifier({ type: "ip", value: "192.0.2.1" }, false, declared)).to.contain('an identifier of type "ip"');
  });
});
