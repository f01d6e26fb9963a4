import { expect } from "chai";
import { Clock } from "../../emulator/core/clock";
import type { CertificateAuthority } from "../../emulator/core/context";
import { API_VERSION, type DispatchEnv, dispatch } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";
import { COUNTRIES } from "../../emulator/data/countries";
import type { DomainRecord } from "../../emulator/modules/domain/model";
import { EMULATOR_NAMESERVERS } from "../../emulator/modules/tool/dns";

const noCa: CertificateAuthority = {
  certPem: "",
  signCsr: () => {
    throw new Error("no CA in tool tests");
  },
};

type Data = Record<string, unknown>;

describe("tool module", () => {
  let env: DispatchEnv;
  let alice: AccountState;
  let bob: AccountState;
  const call = async (action: string, params: Record<string, string> = {}, account = alice) => dispatch(env, account, action, params, "203.0.113.7");
  const ok = async (action: string, params: Record<string, string> = {}, account = alice) => {
    const r = await call(action, params, account);
    expect(r.success, `${action}: ${r.messages.join(" ")}`).to.equal(true);
    return r.responseData as Data;
  };
  /** A hosted zone through the service module (a 104 here is a routing regression, not a reason to skip). */
  const hostZone = async (name: string) => {
    await ok("service/create", { serviceName: name, productkey: "basic" });
    await ok("service/dnscreate", { serviceName: name, name: `app.${name}`, type: "A", value: "192.0.2.55", ttl: "600" });
  };

  beforeEach(() => {
    alice = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1" });
    bob = newAccount({ apiuser: "bob", apipasswd: "pw-bob-1" });
    env = { world: newWorld([alice, bob]), clock: new Clock(), ca: noCa, random: new RandomSource(), modules, checkResponses: true };
  });

  describe("tool/hello", () => {
    it("answers the caller's ip, the language and the running version", async () => {
      expect(await ok("tool/hello")).to.deep.equal({ ip: "203.0.113.7", lang: "es", version: API_VERSION });
    });
  });

  describe("tool/idnconverter", () => {
    it("converts Unicode to punycode and back", async () => {
      expect(await ok("tool/idnconverter", { query: "españa.com" })).to.deep.equal({
        query: "españa.com",
        unicode: "españa.com",
        punycode: "xn--espaa-rta.com",
      });
      expect(await ok("tool/idnconverter", { query: "xn--espaa-rta.com" })).to.include({ unicode: "españa.com", punycode: "xn--espaa-rta.com" });
    });

    it("answers 101 naming query when it is missing", async () => {
      const r = await call("tool/idnconverter");
      expect(r.errorCode).to.equal(101);
      expect(r.messages.join(" ")).to.contain("query");
    });
  });

  describe("tool/domainsuggests", () => {
    it("suggests the same words every time, with availability per requested TLD", async () => {
      const a = await ok("tool/domainsuggests", { query: "Acme", language: "en", tlds: "com,tv" });
      const b = await ok("tool/domainsuggests", { query: "Acme", language: "en", tlds: "com,tv" });
      expect(a).to.deep.equal(b);
      const suggests = a.suggests as Record<string, Record<string, boolean>>;
      expect(suggests.acme).to.deep.equal({ com: true, tv: true });
      expect(Object.keys(suggests).length).to.be.greaterThan(3);
      for (const word of Object.keys(suggests)) expect(word).to.contain("acme");
    });

    it("reports a name held by any account as unavailable", async () => {
      bob.domains["5001"] = { domainID: 5001, name: "acme.com", punycode: "acme.com", tld: "com" } as unknown as DomainRecord;
      const suggests = (await ok("tool/domainsuggests", { query: "acme" })).suggests as Record<string, Record<string, boolean>>;
      expect(suggests.acme).to.deep.equal({ com: false, net: true });
    });

    it("reports names the domain module treats as registered elsewhere as unavailable", async () => {
      const suggests = (await ok("tool/domainsuggests", { query: "taken", tlds: "com" })).suggests as Record<string, Record<string, boolean>>;
      expect(Object.keys(suggests), "suggestions to judge").to.include("taken");
      for (const word of Object.keys(suggests)) expect(suggests[word], word).to.deep.equal({ com: false });
    });

    it("takes TLDs with a leading dot (as WHMCS gives them) and answers them without it", async () => {
      const suggests = (await ok("tool/domainsuggests", { query: "acme", tlds: ".com,.NET,com" })).suggests as Record<string, Record<string, boolean>>;
      expect(suggests.acme).to.deep.equal({ com: true, net: true });
    });

    it("offers the TLDs of the spec and of the vendor's SDK", async () => {
      const suggests = (await ok("tool/domainsuggests", { query: "acme", tlds: "com,net,tv,cc,es,org,info,biz,eu" })).suggests as Record<
        string,
        Record<string, boolean>
      >;
      expect(Object.keys(suggests.acme)).to.have.members(["com", "net", "tv", "cc", "es", "org", "info", "biz", "eu"]);
    });

    it("refuses other TLDs with 2002", async () => {
      const r = await call("tool/domainsuggests", { query: "acme", tlds: "com,xyz" });
      expect(r.errorCode).to.equal(2002);
      expect(r.messages.join(" ")).to.contain("xyz");
    });
  });

  describe("tool/gettable", () => {
    it("answers the country table for both spellings", async () => {
      const a = (await ok("tool/gettable", { tableType: "countries" })).items as { code: string; name: string }[];
      const b = (await ok("tool/gettable", { tableType: "country" })).items;
      expect(a).to.deep.equal(b);
      expect(a).to.have.length(COUNTRIES.length);
      const codes = a.map((c) => c.code);
      for (const code of ["ES", "FR", "DE", "IT", "PT", "SE", "US", "GB", "CA", "MX", "AR", "BR", "CN", "JP", "IN", "AU", "RU", "CH", "NO"])
        expect(codes).to.include(code);
      expect(a.find((c) => c.code === "ES")?.name).to.equal("Spain");
    });

    it("answers 105 for an unknown table", async () => {
      expect((await call("tool/gettable", { tableType: "currencies" })).errorCode).to.equal(105);
    });
  });

  describe("tool/dig", () => {
    it("answers NXDOMAIN for a name no hosted zone holds", async () => {
      const r = await ok("tool/dig", { query: "nowhere.example", type: "A", nameserver: "8.8.8.8" });
      expect(r).to.include({ query: "nowhere.example", nameserver: "8.8.8.8", type: "A" });
      expect(r.result).to.contain("status: NXDOMAIN");
      expect(r.result).to.not.contain("ANSWER SECTION");
    });

    it("answers records of a hosted zone", async () => {
      await hostZone("acme-dig.com");
      const r = await ok("tool/dig", { query: "app.acme-dig.com", type: "A", nameserver: EMULATOR_NAMESERVERS[0] });
      expect(r.result).to.contain("status: NOERROR");
      expect(r.result).to.match(/app\.acme-dig\.com\.\s+600\s+IN\s+A\s+192\.0\.2\.55/);
    });

    it("answers NOERROR without answers for a name that has no record of the type", async () => {
      await hostZone("acme-dig.com");
      const r = await ok("tool/dig", { query: "app.acme-dig.com", type: "AAAA", nameserver: EMULATOR_NAMESERVERS[0] });
      expect(r.result).to.contain("status: NOERROR");
      expect(r.result).to.contain("ANSWER: 0");
    });

    it("renders MX priority and TXT quotes, and takes Unicode queries", async () => {
      await hostZone("acme-dig.com");
      await ok("service/dnscreate", { serviceName: "acme-dig.com", name: "mx.acme-dig.com", type: "MX", value: "mail.example.net", priority: "20" });
      await ok("service/dnscreate", { serviceName: "acme-dig.com", name: "mx.acme-dig.com", type: "TXT", value: "hello world" });
      const mx = await ok("tool/dig", { query: "MX.acme-dig.com", type: "MX", nameserver: "ns1" });
      expect(mx.result).to.match(/IN\tMX\t20 mail\.example\.net\./);
      const any = await ok("tool/dig", { query: "mx.acme-dig.com", type: "ANY", nameserver: "ns1" });
      expect(any.result).to.contain('IN\tTXT\t"hello world"');
      const idn = await ok("tool/dig", { query: "ñandú.acme-dig.com", type: "A", nameserver: "ns1" });
      expect(idn.result).to.contain("xn--");
    });

    it("answers 105 for an unknown record type", async () => {
      expect((await call("tool/dig", { query: "a.example", type: "PTR", nameserver: "ns1.example" })).errorCode).to.equal(105);
    });
  });

  describe("tool/zonecheck", () => {
    it("fails with a report for a zone that is not hosted", async () => {
      const r = await ok("tool/zonecheck", { domain: "notthere.com", nameservers: EMULATOR_NAMESERVERS.join(",") });
      expect(r.nameservers).to.deep.equal([...EMULATOR_NAMESERVERS]);
      const result = r.result as { zonepass: boolean; report: string };
      expect(result.zonepass).to.equal(false);
      expect(result.report).to.contain("notthere.com");
    });

    it("passes a hosted zone on the emulator's nameservers and fails other nameservers", async () => {
      await hostZone("acme-zone.com");
      const good = (await ok("tool/zonecheck", { domain: "acme-zone.com", nameservers: EMULATOR_NAMESERVERS.join(",") })).result as Data;
      expect(good.zonepass).to.equal(true);
      const bad = (await ok("tool/zonecheck", { domain: "acme-zone.com", nameservers: `${EMULATOR_NAMESERVERS[0]},ns.other.net` })).result as Data;
      expect(bad.zonepass).to.equal(false);
      expect(bad.report).to.contain("ns.other.net");
    });

    it("needs at least 2 nameservers (105)", async () => {
      const r = await call("tool/zonecheck", { domain: "acme.com", nameservers: EMULATOR_NAMESERVERS[0] });
      expect(r.errorCode).to.equal(105);
      expect(r.messages.join(" ")).to.contain("nameservers");
    });
  });
});
