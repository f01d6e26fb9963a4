import { expect } from "chai";
import { addYears } from "../../emulator/core/clock";
import { DAY, type Fixture, fixture, ownerData } from "./domain-fixture";

describe("domain module: reads and lifecycle", () => {
  let f: Fixture;
  beforeEach(() => {
    f = fixture();
  });

  describe("domain/list", () => {
    it("filters by name, word, tld, status, tag, owner, renewalMode and renewable", async () => {
      const a = await f.register("alpha-shop.com");
      await f.register("beta-shop.es");
      await f.register("gamma-blog.com");
      await f.ok("domain/update", { domainID: String(a.domainID), updateType: "tag", tag: "client-a,web" });
      await f.ok("domain/update", { domainID: String(a.domainID), updateType: "renewalMode", renewalMode: "letexpire" });
      await f.ok("domain/create", { domain: "delta-pending.com", ...ownerData() });
      const names = async (params: Record<string, string>) => (await f.ok("domain/list", params)).domains.map((d: { name: string }) => d.name);
      expect(await names({})).to.deep.equal(["alpha-shop.com", "beta-shop.es", "delta-pending.com", "gamma-blog.com"]);
      expect(await names({ domain: "beta-shop.es" })).to.deep.equal(["beta-shop.es"]);
      expect(await names({ word: "shop" })).to.deep.equal(["alpha-shop.com", "beta-shop.es"]);
      expect(await names({ tld: ".com", status: "active" })).to.deep.equal(["alpha-shop.com", "gamma-blog.com"]);
      expect(await names({ tag: "web" })).to.deep.equal(["alpha-shop.com"]);
      expect(await names({ renewalMode: "letexpire" })).to.deep.equal(["alpha-shop.com"]);
      const owner = (await f.ok("domain/getinfo", { domainID: String(a.domainID), infoType: "contact" })).contactOwner.contactID;
      expect(await names({ owner })).to.deep.equal(["alpha-shop.com"]);
      expect(await names({ renewable: "true" })).to.deep.equal([]);
      await f.advance(320 * DAY); // within 60 days of expiry
      expect(await names({ renewable: "1" })).to.deep.equal(["alpha-shop.com", "beta-shop.es", "delta-pending.com", "gamma-blog.com"]);
    });

    it("pages with queryInfo and adds the data of infoType to each item", async () => {
      for (const n of ["p1", "p2", "p3", "p4", "p5"]) await f.ok("domain/create", { domain: `${n}-paged.com`, ...ownerData() });
      const page2 = await f.ok("domain/list", { pageLength: "2", page: "2" });
      expect(page2.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: 2, total: 5 });
      expect(page2.domains.map((d: { name: string }) => d.name)).to.deep.equal(["p3-paged.com", "p4-paged.com"]);
      const last = await f.ok("domain/list", { pageLength: "2", page: "3" });
      expect(last.queryInfo.results).to.equal(1);
      const withNs = await f.ok("domain/list", { infoType: "nameservers", pageLength: "1" });
      expect(withNs.domains[0].nameservers[0].name).to.equal("parking1.dondominio.net");
      const withStatus = await f.ok("domain/list", { infoType: "status", pageLength: "1" });
      expect(withStatus.domains[0]).to.include({ renewalMode: "autorenew", modifyBlock: false });
    });
  });

  describe("domain/getinfo", () => {
    it("answers every infoType, and 2008 for unknown domains", async () => {
      const d = await f.register("info-all.com");
      const id = String(d.domainID);
      const status = await f.ok("domain/getinfo", { domain: "info-all.com" });
      expect(status).to.include({ domainID: d.domainID, status: "active", authcodeCheck: true, serviceAssociated: false, transferStatus: "" });
      expect(status.ownerverification).to.be.oneOf(["inprocess", "verified"]);
      expect((await f.ok("domain/getinfo", { domainID: id, infoType: "contact" })).contactBilling.email).to.equal("marta@example.com");
      expect((await f.ok("domain/getinfo", { domainID: id, infoType: "authcode" })).authcode).to.match(/^.{16}$/);
      expect((await f.ok("domain/getinfo", { domainID: id, infoType: "gluerecords" })).gluerecords).to.deep.equal([]);
      expect((await f.ok("domain/getinfo", { domainID: id, infoType: "dnssec" })).dnssec).to.deep.equal({ active: false, entries: [] });
      expect((await f.ok("domain/getinfo", { domainID: id, infoType: "service" })).service).to.equal(undefined);
      await f.ok("service/create", { serviceName: "info-all.com", productkey: "redir" });
      const svc = await f.ok("domain/getinfo", { domainID: id, infoType: "service" });
      expect(svc.service).to.include({ name: "info-all.com", productkey: "redir" });
      await f.fails(2008, "domain/getinfo", { domain: "not-mine.com" });
      await f.fails(2008, "domain/getinfo", { domainID: id }, f.bob);
      await f.fails(2008, "domain/getinfo", { domainID: id, domain: "other-name.com" });
      expect(await f.fails(101, "domain/getinfo", {})).to.include("domain or domainID");
    });
  });

  describe("domain/getauthcode", () => {
    it("returns the authcode of an active domain and refuses it while the registration is pending (2005)", async () => {
      const pending = await f.ok("domain/create", { domain: "code-later.com", ...ownerData() });
      const id = String(pending.domains[0].domainID);
      await f.fails(2005, "domain/getauthcode", { domainID: id });
      await f.advance(f.clock.delays.registerInitSec + f.clock.delays.registerPendingSec);
      const r = await f.ok("domain/getauthcode", { domainID: id });
      expect(r.authcode).to.be.a("string").with.length.greaterThan(11);
      expect(r.name).to.equal("code-later.com");
    });
  });

  describe("domain/getnameservers", () => {
    it("lists the parking servers with their addresses after create", async () => {
      const d = await f.register("ns-view.com");
      const r = await f.ok("domain/getnameservers", { domainID: String(d.domainID) });
      expect(r.defaultNS).to.equal(false);
      expect(r.nameservers[1]).to.deep.equal({ order: 2, name: "parking2.dondominio.net", ipv4: "203.0.113.11", ipv6: "" });
    });
  });

  describe("domain/getgluerecords", () => {
    it("lists the glue records", async () => {
      const d = await f.register("glue-view.com");
      await f.ok("domain/gluerecordcreate", { domainID: String(d.domainID), name: "ns1.glue-view.com", ipv4: "198.51.100.3" });
      expect((await f.ok("domain/getgluerecords", { domain: "glue-view.com" })).gluerecords).to.deep.equal([
        { name: "ns1.glue-view.com", ipv4: "198.51.100.3" },
      ]);
    });
  });

  describe("domain/getdnssec", () => {
    it("lists the DNSSEC entries", async () => {
      const d = await f.register("ds-view.com");
      await f.ok("domain/dnsseccreate", { domainID: String(d.domainID), keytag: "1", algorithm: "8", digesttype: "2", digest: "ab" });
      expect((await f.ok("domain/getdnssec", { domain: "ds-view.com" })).dnssec.entries).to.have.length(1);
    });
  });

  describe("domain/whois", () => {
    it("answers for the caller's domains only (2006 otherwise) and hides the owner under whoisPrivacy", async () => {
      const d = await f.register("whois-me.com");
      const r = await f.ok("domain/whois", { domain: "whois-me.com" });
      expect(r.domain).to.equal("whois-me.com");
      expect(r.whoisData).to.include("Domain Name: WHOIS-ME.COM").and.include("Marta García");
      await f.ok("domain/update", { domainID: String(d.domainID), updateType: "whoisPrivacy", whoisPrivacy: "1" });
      expect((await f.ok("domain/whois", { domain: "whois-me.com" })).whoisData)
        .to.include("REDACTED")
        .and.not.include("García");
      await f.fails(2006, "domain/whois", { domain: "whois-me.com" }, f.bob);
      await f.fails(2006, "domain/whois", { domain: "google.com" });
    });
  });

  describe("domain/resendverificationmail", () => {
    it("confirms the mail to the owner contact", async () => {
      const d = await f.register("verify-me.com");
      const r = await f.call("domain/resendverificationmail", { domainID: String(d.domainID) });
      expect(r.success).to.equal(true);
      expect(r.responseData).to.include({ name: "verify-me.com", status: "active" });
      expect(r.messages[0]).to.include("owner contact");
    });
  });

  describe("domain/gethistory", () => {
    it("pages the history, oldest first", async () => {
      const d = await f.register("history.com");
      const id = String(d.domainID);
      for (const t of ["a", "b", "c"]) await f.ok("domain/update", { domainID: id, updateType: "tag", tag: t });
      const all = await f.ok("domain/gethistory", { domainID: id });
      expect(all.queryInfo.total).to.equal(5);
      expect(all.history.map((h: { title: string }) => h.title)).to.deep.equal([
        "Registration requested",
        "Registration completed",
        "Tag update",
        "Tag update",
        "Tag update",
      ]);
      const p2 = await f.ok("domain/gethistory", { domainID: id, pageLength: "2", page: "2" });
      expect(p2.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: 2, total: 5 });
      expect(p2.history[1].message).to.include('"b"');
    });
  });

  describe("domain/listdeleted", () => {
    it("walks an expired domain through renewgrace, redemption, pendingdelete and deletion", async () => {
      const d = await f.register("let-it-go.com");
      const id = String(d.domainID);
      await f.ok("domain/update", { domainID: id, updateType: "renewalMode", renewalMode: "manual" });
      const expiry = Date.parse(`${d.tsExpir}T00:00:00Z`) + DAY * 1000;
      const goTo = async (daysAfterExpiry: number) => {
        f.clock.advance((expiry + daysAfterExpiry * DAY * 1000 - f.clock.nowMs()) / 1000);
        await f.call("tool/hello");
      };
      await goTo(1);
      expect(await f.ok("domain/getinfo", { domainID: id })).to.include({ status: "expired-renewgrace", renewable: true });
      await goTo(31);
      expect((await f.ok("domain/getinfo", { domainID: id })).status).to.equal("expired-redemption");
      await f.fails(2101, "domain/renew", { domainID: id, curExpDate: d.tsExpir });
      await goTo(61);
      expect((await f.ok("domain/getinfo", { domainID: id })).status).to.equal("expired-pendingdelete");
      await goTo(66);
      await f.fails(2008, "domain/getinfo", { domainID: id });
      const del = await f.ok("domain/listdeleted", {});
      expect(del.queryInfo.total).to.equal(1);
      expect(del.domains[0]).to.include({ name: "let-it-go.com", tld: "com", domainID: d.domainID, info: "Expired and not renewed" });
      // The name is free again.
      expect((await f.ok("domain/check", { domain: "let-it-go.com" })).domains[0].available).to.equal(true);
    });

    it("pages the deleted domains", async () => {
      for (const n of ["d1", "d2", "d3"]) {
        const d = await f.register(`${n}-gone.com`, {});
        await f.ok("domain/update", { domainID: String(d.domainID), updateType: "renewalMode", renewalMode: "manual" });
      }
      await f.advance(500 * DAY);
      const p = await f.ok("domain/listdeleted", { pageLength: "2", page: "2" });
      expect(p.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: 1, total: 3 });
    });

    it("renews autorenew domains at expiry when the balance allows, else lets them expire", async () => {
      const d = await f.register("auto-renewed.com");
      const before = f.alice.balance;
      await f.advance(370 * DAY);
      const info = await f.ok("domain/getinfo", { domainID: String(d.domainID) });
      expect(info).to.include({ status: "active", tsExpir: addYears(d.tsExpir, 1) });
      expect(f.alice.balance).to.equal(Math.round((before - 11.95) * 100) / 100);
      f.alice.balance = 0;
      await f.advance(370 * DAY);
      expect((await f.ok("domain/getinfo", { domainID: String(d.domainID) })).status).to.equal("expired-renewgrace");
    });
  });
});
