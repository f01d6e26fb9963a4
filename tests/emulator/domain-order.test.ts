import { expect } from "chai";
import { getOperation } from "../../sdk/catalogue";
import { addYears, ymd } from "../../emulator/core/clock";
import { type Fixture, fixture, ownerData } from "./domain-fixture";

describe("domain module: orders", () => {
  let f: Fixture;
  beforeEach(() => {
    f = fixture();
  });

  describe("domain/check", () => {
    it("reports a free name as available with the TLD's yearly price", async () => {
      const r = await f.ok("domain/check", { domain: "my-shop.com" });
      expect(r.domains).to.deep.equal([
        { name: "my-shop.com", punycode: "my-shop.com", tld: "com", available: true, premium: false, price: 11.95, currency: "EUR" },
      ]);
    });

    it("reports names held by any account or registered elsewhere as taken", async () => {
      await f.ok("domain/create", { domain: "bobs-place.com", ...ownerData() }, f.bob);
      for (const name of ["bobs-place.com", "google.com", "alreadytaken.net"]) {
        const r = await f.ok("domain/check", { domain: name });
        expect(r.domains[0].available, name).to.equal(false);
      }
    });

    it("flags premium names with a higher price", async () => {
      const r = await f.ok("domain/check", { domain: "abc.com" });
      expect(r.domains[0].premium).to.equal(true);
      expect(r.domains[0].price).to.be.greaterThan(11.95);
    });

    it("converts IDN names and answers 2002 for an unknown TLD", async () => {
      const r = await f.ok("domain/check", { domain: "españa-tienda.es" });
      expect(r.domains[0].punycode).to.match(/^xn--/);
      expect(r.domains[0].name).to.equal("españa-tienda.es");
      expect(await f.fails(2002, "domain/check", { domain: "example.zzz" })).to.include(".zzz");
    });
  });

  describe("domain/checkfortransfer", () => {
    it("allows names registered elsewhere and explains refusals", async () => {
      const ok = await f.ok("domain/checkfortransfer", { domain: "taken-shop.com" });
      expect(ok.domains[0]).to.include({ transferavail: true, price: 10.95 });
      expect(ok.domains[0].transfermsg).to.deep.equal([]);
      const free = await f.ok("domain/checkfortransfer", { domain: "never-registered.com" });
      expect(free.domains[0].transferavail).to.equal(false);
      expect(free.domains[0].transfermsg[0]).to.include("not registered");
      const aero = await f.ok("domain/checkfortransfer", { domain: "taken.aero" });
      expect(aero.domains[0].transfermsg[0]).to.include(".aero");
    });
  });

  describe("domain/create", () => {
    it("charges, answers register-init with an empty tsExpir, and becomes active through the ticker", async () => {
      const r = await f.ok("domain/create", { domain: "flow-test.com", period: "2", ...ownerData() });
      expect(r.billing).to.deep.equal({ total: 23.9, currency: "EUR" });
      expect(f.alice.balance).to.equal(5000 - 23.9);
      const d = r.domains[0];
      expect(d).to.include({ name: "flow-test.com", status: "register-init", tld: "com", tsExpir: "", period: 2 });
      const id = String(d.domainID);
      f.clock.advance(f.clock.delays.registerInitSec);
      expect((await f.ok("domain/getinfo", { domainID: id })).status).to.equal("register-pending");
      f.clock.advance(f.clock.delays.registerPendingSec);
      const info = await f.ok("domain/getinfo", { domainID: id });
      expect(info.status).to.equal("active");
      expect(info.tsCreate).to.equal(ymd(f.clock.nowMs()));
      expect(info.tsExpir).to.equal(addYears(info.tsCreate, 2));
      const ns = await f.ok("domain/getnameservers", { domainID: id });
      expect(ns.nameservers.map((n: { name: string }) => n.name)).to.deep.equal(["parking1.dondominio.net", "parking2.dondominio.net"]);
    });

    it("uses the TLD's minimum period by default and refuses periods the TLD does not offer", async () => {
      expect((await f.ok("domain/create", { domain: "default-period.com", ...ownerData() })).domains[0].period).to.equal(1);
      expect(
        await f.fails(105, "domain/create", {
          domain: "two-years.ru",
          period: "2",
          ...ownerData(),
          ownerDateOfBirth: "1980-01-02",
          ruIssuer: "MVD",
          ruIssuerDate: "2000-01-01",
        }),
      ).to.include("allowed: 1");
    });

    it("answers 2010 for taken names, 2011 for premium names without premium=true, 2001 for subdomains", async () => {
      expect(await f.fails(2010, "domain/create", { domain: "google.com", ...ownerData() })).to.include("checkfortransfer");
      expect(await f.fails(2011, "domain/create", { domain: "xyz.com", ...ownerData() })).to.include("premium=true");
      const r = await f.ok("domain/create", { domain: "xyz.com", premium: "true", ...ownerData() });
      expect(r.billing.total).to.be.greaterThan(100);
      expect(await f.fails(2001, "domain/create", { domain: "www.sub-name.com", ...ownerData() })).to.include("registrable");
      expect(await f.fails(2001, "domain/create", { domain: "münchen.org", ...ownerData() })).to.include("IDN");
    });

    it("answers 1100 on a short balance and leaves no domain nor contact behind", async () => {
      f.alice.balance = 5;
      expect(await f.fails(1100, "domain/create", { domain: "too-expensive.com", ...ownerData() })).to.include("Insufficient balance");
      expect(f.alice.domains).to.deep.equal({});
      expect(f.alice.contacts).to.deep.equal({});
      expect(f.alice.balance).to.equal(5);
    });

    it("needs the owner, answers 3001 for unknown contact ids, and defaults admin/tech/billing to the owner", async () => {
      expect(await f.fails(101, "domain/create", { domain: "no-owner.com" })).to.include("ownerContactID");
      await f.fails(3001, "domain/create", { domain: "ghost-owner.com", ownerContactID: "GHO-404" });
      const r = await f.ok("domain/create", { domain: "contacts-default.com", ...ownerData() });
      const c = await f.ok("domain/getinfo", { domainID: String(r.domains[0].domainID), infoType: "contact" });
      expect(c.contactOwner.firstName).to.equal("Marta");
      for (const role of ["contactAdmin", "contactTech", "contactBilling"]) expect(c[role].contactID).to.equal(c.contactOwner.contactID);
      expect(Object.keys(f.alice.contacts)).to.have.length(1);
    });

    it("checks the TLD-specific parameters (101 naming the parameter)", async () => {
      expect(await f.fails(101, "domain/create", { domain: "flights.aero", ...ownerData() })).to.include("aeroId");
      await f.ok("domain/create", { domain: "flights.aero", aeroId: "ID-1", aeroPass: "s3cret-pass", ...ownerData() });
      expect(await f.fails(101, "domain/create", { domain: "cultura.cat", ...ownerData() })).to.include("domainIntendedUse");
      expect(await f.fails(101, "domain/create", { domain: "adult-site.xxx", xxxClass: "membership", ...ownerData() })).to.include("xxxId");
      expect(await f.fails(101, "domain/create", { domain: "moskva.ru", ...ownerData() })).to.include("ruIssuer");
      // An organization owner needs no birth date for .ru.
      await f.ok("domain/create", { domain: "firma.ru", ...ownerData("owner", { Type: "organization", OrgName: "OOO Firma" }) });
    });

    it("lets the client reject a missing TLD-specific parameter before sending (catalogue schema)", () => {
      const params = getOperation("domain/create")?.params;
      const base = {
        domain: "vins.cat",
        ownerContactType: "individual",
        ownerContactFirstName: "A",
        ownerContactLastName: "B",
        ownerContactIdentNumber: "1",
        ownerContactEmail: "a@b.cat",
        ownerContactPhone: "+34.931234567",
        ownerContactAddress: "x",
        ownerContactPostalCode: "1",
        ownerContactCity: "c",
        ownerContactState: "s",
        ownerContactCountry: "ES",
      };
      const bad = params?.safeParse(base);
      expect(bad?.success).to.equal(false);
      expect(bad?.error?.issues.map((i) => i.path.join("."))).to.deep.equal(["domainIntendedUse"]);
      expect(params?.safeParse({ ...base, domainIntendedUse: "Catalan wines" }).success).to.equal(true);
    });

    it("checks owner-type rules after resolving an ownerContactID", async () => {
      const contact = await f.ok("contact/create", {
        Type: "individual",
        FirstName: "Ivan",
        LastName: "Petrov",
        IdentNumber: "X1",
        Email: "ivan@example.com",
        Phone: "+7.4951234567",
        Address: "Tverskaya 1",
        PostalCode: "125009",
        City: "Moscow",
        State: "Moscow",
        Country: "RU",
      });
      const msg = await f.fails(101, "domain/create", { domain: "ivan.fi", ownerContactID: contact.contactID });
      expect(msg).to.include("ownerDateOfBirth");
      await f.ok("domain/create", { domain: "ivan.fi", ownerContactID: contact.contactID, ownerDateOfBirth: "19800102" });
    });

    it("accepts IDN names on TLDs that allow them", async () => {
      const r = await f.ok("domain/create", { domain: "españa.es", ...ownerData() });
      expect(r.domains[0].name).to.equal("españa.es");
      const byPuny = await f.ok("domain/getinfo", { domain: "xn--espaa-rta.es" });
      expect(byPuny.domainID).to.equal(r.domains[0].domainID);
    });
  });

  describe("domain/transfer", () => {
    const transferTime = () => f.clock.delays.transferInitSec + f.clock.delays.transferPendingSec;

    it("moves transfer-init -> transfer-pending -> active with transferStatus init -> queued -> completed", async () => {
      const r = await f.ok("domain/transfer", { domain: "taken-incoming.com", authcode: "Good-Code-123", ...ownerData() });
      expect(r.billing).to.deep.equal({ total: 10.95, currency: "EUR" });
      const id = String(r.domains[0].domainID);
      expect((await f.ok("domain/getinfo", { domainID: id })).transferStatus).to.equal("init");
      await f.advance(f.clock.delays.transferInitSec);
      expect(await f.ok("domain/getinfo", { domainID: id })).to.include({ status: "transfer-pending", transferStatus: "queued" });
      await f.advance(f.clock.delays.transferPendingSec);
      const info = await f.ok("domain/getinfo", { domainID: id });
      expect(info).to.include({ status: "active", transferStatus: "completed" });
      expect(info.tsExpir).to.equal(addYears(info.tsCreate, 1));
    });

    it("cancels on a wrong authcode and transferrestart with a new one completes it", async () => {
      const r = await f.ok("domain/transfer", { domain: "taken-wrong.com", authcode: "wrong-code", ...ownerData() });
      const id = String(r.domains[0].domainID);
      await f.fails(2012, "domain/transferrestart", { domainID: id });
      await f.advance(transferTime());
      expect(await f.ok("domain/getinfo", { domainID: id })).to.include({ status: "transfer-cancel", transferStatus: "cancelled" });
      const restarted = await f.ok("domain/transferrestart", { domainID: id, authcode: "Right-Code-456" });
      expect(restarted.status).to.equal("transfer-init");
      await f.advance(transferTime());
      expect((await f.ok("domain/getinfo", { domainID: id })).status).to.equal("active");
    });

    it("takes a domain from another account with its authcode; the loser sees it in listdeleted", async () => {
      const bobs = await f.register("bob-owned.com", { nameservers: "ns1.bob-dns.net,ns2.bob-dns.net" }, f.bob);
      const code = (await f.ok("domain/getauthcode", { domainID: String(bobs.domainID) }, f.bob)).authcode;
      const r = await f.ok("domain/transfer", { domain: "bob-owned.com", authcode: code, nameservers: "keepns", ...ownerData() });
      await f.advance(transferTime());
      const info = await f.ok("domain/getinfo", { domainID: String(r.domains[0].domainID) });
      expect(info.status).to.equal("active");
      expect(info.tsExpir).to.equal(addYears(bobs.tsExpir, 1));
      const ns = await f.ok("domain/getnameservers", { domainID: String(r.domains[0].domainID) });
      expect(ns.nameservers.map((n: { name: string }) => n.name)).to.deep.equal(["ns1.bob-dns.net", "ns2.bob-dns.net"]);
      await f.fails(2008, "domain/getinfo", { domainID: String(bobs.domainID) }, f.bob);
      const gone = await f.ok("domain/listdeleted", {}, f.bob);
      expect(gone.domains[0]).to.include({ name: "bob-owned.com", info: "Transferred out to another registrar" });
    });

    it("refuses unregistered names (2012), own names and locked names (2005), and needs the authcode (101)", async () => {
      await f.fails(2012, "domain/transfer", { domain: "nobody-has-this.com", authcode: "abcdefgh", ...ownerData() });
      await f.register("mine-already.com");
      await f.fails(2005, "domain/transfer", { domain: "mine-already.com", authcode: "abcdefgh", ...ownerData() });
      const locked = await f.register("locked-at-bob.com", {}, f.bob);
      await f.ok("domain/update", { domainID: String(locked.domainID), updateType: "transferBlock", transferBlock: "true" }, f.bob);
      expect(await f.fails(2005, "domain/transfer", { domain: "locked-at-bob.com", authcode: "abcdefgh", ...ownerData() })).to.include("transferBlock");
      expect(await f.fails(101, "domain/transfer", { domain: "taken-needs-code.com", ...ownerData() })).to.include("authcode");
    });

    it("checks the .jobs websites on transfer and answers 1100 when short", async () => {
      expect(await f.fails(101, "domain/transfer", { domain: "taken.jobs", authcode: "abcdefgh", ...ownerData() })).to.include("jobsOwnerWebsite");
      f.alice.balance = 1;
      await f.fails(1100, "domain/transfer", { domain: "taken-short.com", authcode: "abcdefgh", ...ownerData() });
    });
  });

  describe("domain/renew", () => {
    it("renews with the right curExpDate: renewed, then active with the new tsExpir", async () => {
      const d = await f.register("renew-me.com");
      const before = f.alice.balance;
      const r = await f.ok("domain/renew", { domainID: String(d.domainID), curExpDate: d.tsExpir.replace(/-/g, ""), period: "2" });
      expect(r.billing.total).to.equal(23.9);
      expect(f.alice.balance).to.equal(Math.round((before - 23.9) * 100) / 100);
      expect(r.domains[0]).to.include({ status: "renewed", tsExpir: addYears(d.tsExpir, 2), renewPeriod: "2" });
      // The same request again is refused by curExpDate (the documented guard); a renewal with the
      // new date is renewed and charged again, also while the first is in process.
      await f.fails(2100, "domain/renew", { domainID: String(d.domainID), curExpDate: d.tsExpir.replace(/-/g, ""), period: "2" });
      const again = await f.ok("domain/renew", { domainID: String(d.domainID), curExpDate: addYears(d.tsExpir, 2) });
      expect(again.domains[0]).to.include({ status: "renewed", tsExpir: addYears(d.tsExpir, 3) });
      expect(f.alice.balance).to.equal(Math.round((before - 23.9 - 11.95) * 100) / 100);
      await f.advance(f.clock.delays.renewSec);
      expect(await f.ok("domain/getinfo", { domainID: String(d.domainID) })).to.include({ status: "active", tsExpir: addYears(d.tsExpir, 3) });
    });

    it("answers 2100 for a wrong curExpDate and 2101 past the 10-year limit", async () => {
      const d = await f.register("renew-wrong.com");
      expect(await f.fails(2100, "domain/renew", { domainID: String(d.domainID), curExpDate: "2001-01-01" })).to.include(d.tsExpir);
      await f.fails(2101, "domain/renew", { domainID: String(d.domainID), curExpDate: d.tsExpir, period: "10" });
      f.alice.balance = 0;
      await f.fails(1100, "domain/renew", { domainID: String(d.domainID), curExpDate: d.tsExpir });
    });
  });
});
