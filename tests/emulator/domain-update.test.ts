import { expect } from "chai";
import { type Fixture, fixture, ownerData } from "./domain-fixture";

describe("domain module: updates", () => {
  let f: Fixture;
  let id: string;
  beforeEach(async () => {
    f = fixture();
    id = String((await f.register("update-me.com")).domainID);
  });
  const info = (infoType = "status") => f.ok("domain/getinfo", { domainID: id, infoType });

  describe("domain/update", () => {
    it("sets the flags the TLD supports and refuses the others with 2201", async () => {
      await f.ok("domain/update", { domainID: id, updateType: "transferBlock", transferBlock: "1" });
      await f.ok("domain/update", { domainID: id, updateType: "whoisPrivacy", whoisPrivacy: "true" });
      expect(await info()).to.include({ transferBlock: true, whoisPrivacy: true });
      expect(await info(), ".com has no viewWhois").to.not.have.property("viewWhois");
      // The PHP SDK sends false as an empty field: absent means false (spec default).
      await f.ok("domain/update", { domainID: id, updateType: "transferBlock", transferBlock: "" });
      expect((await info()).transferBlock).to.equal(false);
      expect(await f.fails(2201, "domain/update", { domainID: id, updateType: "viewWhois", viewWhois: "true" })).to.include("viewWhois");
      const es = String((await f.register("sin-bloqueo.es")).domainID);
      expect(await f.fails(2201, "domain/update", { domainID: es, updateType: "transferBlock", transferBlock: "true" })).to.include(".es");
      await f.ok("domain/update", { domainID: es, updateType: "viewWhois", viewWhois: "true" });
    });

    it("answers only the flags the TLD has, in getinfo and in list items (spec: only TLDs that allow it)", async () => {
      await f.register("sin-bloqueo.es");
      const es = await f.ok("domain/getinfo", { domain: "sin-bloqueo.es", infoType: "status" });
      expect(es).to.include({ viewWhois: false });
      expect(es).to.not.have.any.keys("transferBlock", "whoisPrivacy");
      const items = (await f.ok("domain/list", { infoType: "status" })).domains as Record<string, unknown>[];
      const byName = Object.fromEntries(items.map((d) => [d.name, d]));
      expect(byName["sin-bloqueo.es"]).to.not.have.any.keys("transferBlock", "whoisPrivacy");
      expect(byName["sin-bloqueo.es"]).to.have.property("viewWhois");
      expect(byName["update-me.com"]).to.include({ transferBlock: false, whoisPrivacy: false });
      expect(byName["update-me.com"]).to.not.have.property("viewWhois");
    });

    it("refuses every change with 2202 under modifyBlock, except lifting the block", async () => {
      const r = await f.ok("domain/update", { domainID: id, updateType: "block", block: "true" });
      expect(r).to.include({ name: "update-me.com", status: "active" });
      expect((await info()).modifyBlock).to.equal(true);
      const changes: Record<string, string>[] = [
        { updateType: "renewalMode", renewalMode: "manual" },
        { updateType: "nameservers", nameservers: "default" },
        { updateType: "tag", tag: "x" },
      ];
      for (const params of changes) {
        expect(await f.fails(2202, "domain/update", { domainID: id, ...params })).to.include("modifyBlock");
      }
      await f.fails(2202, "domain/gluerecordcreate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.1" });
      await f.ok("domain/update", { domainID: id, updateType: "block" });
      await f.ok("domain/update", { domainID: id, updateType: "renewalMode", renewalMode: "manual" });
      expect((await info()).renewalMode).to.equal("manual");
    });

    it("answers 2201 while a registration is in process", async () => {
      const pending = await f.ok("domain/create", { domain: "still-pending.com", ...ownerData() });
      expect(await f.fails(2201, "domain/update", { domainID: String(pending.domains[0].domainID), updateType: "tag", tag: "a" })).to.include("register-init");
    });

    it("requires the parameter of the updateType (101) and sets tags", async () => {
      expect(await f.fails(101, "domain/update", { domainID: id, updateType: "renewalMode" })).to.include("renewalMode");
      await f.ok("domain/update", { domainID: id, updateType: "tag", tag: " web , client-a " });
      expect((await info()).tag).to.equal("web,client-a");
    });

    it("changes contacts and records every change in the history", async () => {
      const before = await info("contact");
      await f.ok("domain/update", { domainID: id, updateType: "contact", ...ownerData("tech", { FirstName: "Jordi", Email: "jordi@example.com" }) });
      const after = await info("contact");
      expect(after.contactTech.firstName).to.equal("Jordi");
      expect(after.contactOwner.contactID).to.equal(before.contactOwner.contactID);
      const h = await f.ok("domain/gethistory", { domainID: id });
      const last = h.history[h.history.length - 1];
      expect(last).to.include({ title: "Contacts update", user: "alice", ip: "127.0.0.1" });
      expect(last.ts).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
  });

  describe("domain/updatenameservers", () => {
    it("sets 2 to 7 servers, or default (the service's own servers)", async () => {
      await f.ok("domain/updatenameservers", { domainID: id, nameservers: "NS1.Example.net,ns2.example.net" });
      const ns = await f.ok("domain/getnameservers", { domainID: id });
      expect(ns.defaultNS).to.equal(false);
      expect(ns.nameservers).to.deep.equal([
        { order: 1, name: "ns1.example.net", ipv4: "", ipv6: "" },
        { order: 2, name: "ns2.example.net", ipv4: "", ipv6: "" },
      ]);
      expect(await f.fails(105, "domain/updatenameservers", { domainID: id, nameservers: "only-one.example.net" })).to.include("2 to 7");
      await f.ok("domain/updatenameservers", { domainID: id, nameservers: "default" });
      const def = await f.ok("domain/getnameservers", { domainID: id });
      expect(def.defaultNS).to.equal(true);
      expect(def.nameservers[0].name).to.equal("ns1.emulator.test");
    });
  });

  describe("domain/updatecontacts", () => {
    it("changes the owner to an existing contact and answers 3001 for an unknown one", async () => {
      const other = await f.ok("contact/create", {
        Type: "organization",
        FirstName: "John",
        LastName: "Smith",
        OrgName: "Acme Ltd",
        IdentNumber: "GB123",
        Email: "legal@acme.example",
        Phone: "+44.2071234567",
        Address: "1 High St",
        PostalCode: "SW1A 1AA",
        City: "London",
        State: "London",
        Country: "GB",
      });
      await f.ok("domain/updatecontacts", { domainID: id, ownerContactID: other.contactID });
      expect((await info("contact")).contactOwner.contactID).to.equal(other.contactID);
      await f.fails(3001, "domain/updatecontacts", { domainID: id, adminContactID: "NOP-1" });
    });
  });

  describe("domain/gluerecordcreate", () => {
    it("creates glue under the domain only (105), refuses duplicates, and feeds nameserver addresses", async () => {
      const r = await f.ok("domain/gluerecordcreate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.7", ipv6: "2001:db8::7" });
      expect(r.gluerecords).to.deep.equal([{ name: "ns1.update-me.com", ipv4: "198.51.100.7", ipv6: "2001:db8::7" }]);
      expect(await f.fails(105, "domain/gluerecordcreate", { domainID: id, name: "ns1.elsewhere.com", ipv4: "198.51.100.8" })).to.include("not under");
      await f.fails(2200, "domain/gluerecordcreate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.9" });
      await f.ok("domain/updatenameservers", { domainID: id, nameservers: "ns1.update-me.com,ns2.example.net" });
      expect((await f.ok("domain/getnameservers", { domainID: id })).nameservers[0]).to.include({ ipv4: "198.51.100.7", ipv6: "2001:db8::7" });
    });
  });

  describe("domain/gluerecordupdate", () => {
    it("replaces the addresses of an existing record and answers 2200 for an unknown one", async () => {
      await f.ok("domain/gluerecordcreate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.7", ipv6: "2001:db8::7" });
      const r = await f.ok("domain/gluerecordupdate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.70" });
      expect(r.gluerecords).to.deep.equal([{ name: "ns1.update-me.com", ipv4: "198.51.100.70" }]);
      await f.fails(2200, "domain/gluerecordupdate", { domainID: id, name: "ns9.update-me.com", ipv4: "198.51.100.70" });
    });
  });

  describe("domain/gluerecorddelete", () => {
    it("deletes a record unless it is in use as a nameserver", async () => {
      await f.ok("domain/gluerecordcreate", { domainID: id, name: "ns1.update-me.com", ipv4: "198.51.100.7" });
      await f.ok("domain/updatenameservers", { domainID: id, nameservers: "ns1.update-me.com,ns2.example.net" });
      expect(await f.fails(2200, "domain/gluerecorddelete", { domainID: id, name: "ns1.update-me.com" })).to.include("nameserver");
      await f.ok("domain/updatenameservers", { domainID: id, nameservers: "default" });
      expect((await f.ok("domain/gluerecorddelete", { domainID: id, name: "ns1.update-me.com" })).gluerecords).to.deep.equal([]);
      await f.fails(2200, "domain/gluerecorddelete", { domainID: id, name: "ns1.update-me.com" });
      expect((await f.ok("domain/getgluerecords", { domainID: id })).gluerecords).to.deep.equal([]);
    });
  });

  describe("domain/dnsseccreate", () => {
    const ds = { keytag: "12345", algorithm: "13", digesttype: "2", digest: "3c4e5a6b7d8f" };
    it("adds entries, activates DNSSEC and refuses duplicates", async () => {
      const r = await f.ok("domain/dnsseccreate", { domainID: id, ...ds });
      expect(r.dnssec).to.deep.equal({ active: true, entries: [{ keytag: 12345, algorithm: 13, digesttype: 2, digest: "3C4E5A6B7D8F" }] });
      await f.fails(2200, "domain/dnsseccreate", { domainID: id, ...ds, digest: "3C4E5A6B7D8F" });
      await f.fails(105, "domain/dnsseccreate", { domainID: id, ...ds, digest: "not-hex" });
    });
  });

  describe("domain/dnssecdelete", () => {
    const ds = { keytag: "12345", algorithm: "13", digesttype: "2", digest: "3C4E5A6B7D8F" };
    it("removes an entry and answers 2200 for an unknown one", async () => {
      await f.ok("domain/dnsseccreate", { domainID: id, ...ds });
      await f.fails(2200, "domain/dnssecdelete", { domainID: id, ...ds, keytag: "999" });
      // The PHP SDK sends `name` too: unknown parameters are ignored.
      const r = await f.ok("domain/dnssecdelete", { domainID: id, ...ds, name: "update-me.com" });
      expect(r.dnssec).to.deep.equal({ active: false, entries: [] });
      expect((await f.ok("domain/getdnssec", { domainID: id })).dnssec.active).to.equal(false);
    });
  });
});
