/** Pure mappings to and from the API's shapes (no engine, no network). */
import { expect } from "chai";
import { type ApiContact, contactDataFromApi, contactToApi } from "../../provider/resources/contact/mapping";
import { restate } from "../../provider/resources/domain/live";
import { acquireParams, contactsToApi, type DomainInfo, type LiveDomain, stateFromApi } from "../../provider/resources/domain/mapping";
import { settingsToChange, updateCall, withContacts, withWritten } from "../../provider/resources/domain/settings";
import { domainInputs } from "../../provider/resources/domain/schema";
import { type LiveService, serviceChanges, serviceStateFromApi } from "../../provider/resources/hosting-service/mapping";
import { hostingInputs } from "../../provider/resources/hosting-service/schema";

/** An API answer with only the members a case is about (the catalogue types every member). */
const answer = <T>(members: object) => members as T;

const ORG = {
  contactType: "organization",
  firstName: "Eva",
  lastName: "Ruiz",
  orgName: "Ruiz SL",
  identNumber: "B1",
  email: "e@x.es",
  phone: "+34.911111111",
  address: "A",
  postalCode: "28001",
  city: "C",
  state: "S",
  country: "ES",
};

describe("contact mapping", () => {
  it("maps camelCase to contact/create names and to prefixed CONTACTS names", () => {
    expect(contactToApi(ORG)).to.include({ Type: "organization", FirstName: "Eva", OrgName: "Ruiz SL", Country: "ES" });
    expect(contactToApi({ ...ORG, contactType: "individual" })).to.not.have.property("OrgName");
    expect(contactToApi(ORG, "admin")).to.include({ adminContactType: "organization", adminContactOrgName: "Ruiz SL" });
  });
  it("reads the API's Contact object with the input rules (empty orgName dropped, country upper case)", () => {
    expect(
      contactDataFromApi(answer<ApiContact>({ contactType: "individual", firstName: " Ana ", orgName: "", country: "es", phone: "+34.931 234 567" })),
    ).to.deep.equal({ contactType: "individual", firstName: "Ana", country: "ES", phone: "+34.931234567" });
  });
});

describe("domain mapping", () => {
  // Not example.com itself: RFC 2606 reserves it, and the schema refuses its registration (issue 27).
  const inputs = domainInputs.parse({ name: "shop-example.com", contacts: { owner: "GAR-1", admin: ORG }, nameservers: ["ns1.a.net", "ns2.a.net"], period: 2 });
  it("builds domain/create with CONTACTS, nameservers and period; transfer keeps nameservers by default", () => {
    const c = acquireParams(inputs, "shop-example.com");
    expect(c.op).to.equal("domain/create");
    expect(c.params).to.include({ domain: "shop-example.com", ownerContactID: "GAR-1", adminContactOrgName: "Ruiz SL", period: 2 });
    const t = acquireParams(
      domainInputs.parse({ name: "shop-example.com", registration: "transfer", authcode: "x", contacts: { owner: "GAR-1" } }),
      "shop-example.com",
    );
    expect(t).to.deep.include({ op: "domain/transfer" });
    expect(t.params).to.include({ nameservers: "keepns", authcode: "x" });
    // ["default"] (the service's own servers): nothing sent on create (the API's parking), keepns on transfer, the word on update.
    const byDefault = { name: "shop-example.com", nameservers: ["default"], contacts: { owner: "GAR-1" } };
    expect(acquireParams(domainInputs.parse(byDefault), "shop-example.com").params).to.not.have.property("nameservers");
    expect(acquireParams(domainInputs.parse({ ...byDefault, registration: "transfer" }), "shop-example.com").params).to.include({ nameservers: "keepns" });
    expect(updateCall("nameservers", domainInputs.parse(byDefault), "shop-example.com").params).to.deep.equal({
      domain: "shop-example.com",
      nameservers: ["default"],
    });
  });
  it("maps getinfo answers to outputs: nameservers in order, default servers, contacts by id or by data", () => {
    const s = stateFromApi(
      answer<LiveDomain>({
        status: { name: "example.com", status: "active", tld: "com", domainID: 7, tsExpir: "2027-01-01", tsCreate: "", tag: "b,a", whoisPrivacy: true },
        nameservers: {
          defaultNS: false,
          nameservers: [
            { order: 2, name: "NS2.a.net" },
            { order: 1, name: "ns1.a.net." },
          ],
        },
        contact: { contactOwner: { contactID: "GAR-1" }, contactAdmin: { contactID: "RUI-2", ...ORG } },
      }),
      inputs,
    );
    expect(s).to.deep.include({ punycode: "example.com", domainId: 7, tags: ["a", "b"], whoisPrivacy: true, nameservers: ["ns1.a.net", "ns2.a.net"] });
    expect(s.tsCreate).to.equal(undefined);
    expect(s.contacts).to.deep.equal({ owner: "GAR-1", admin: ORG });
    expect(
      stateFromApi(answer<LiveDomain>({ status: { name: "example.com", status: "active" }, nameservers: { defaultNS: true } }), inputs).nameservers,
    ).to.deep.equal(["default"]);
  });
  it("finds the settings to change and builds their update calls", () => {
    const want = domainInputs.parse({ name: "example.com", registration: "adopt", modifyBlock: true, tags: ["x"], contacts: { tech: "GAR-9" } });
    const { settings, roles } = settingsToChange(want, { modifyBlock: false, tags: ["x"], contacts: { owner: "GAR-1", tech: "GAR-1" } } as never);
    expect(settings).to.deep.equal(["contacts", "modifyBlock"]);
    expect(roles).to.deep.equal(["tech"]);
    expect(updateCall("modifyBlock", want, "example.com").params).to.deep.equal({ domain: "example.com", updateType: "block", block: true });
    expect(updateCall("contacts", want, "example.com", roles)).to.deep.equal({
      op: "domain/updatecontacts",
      params: { domain: "example.com", techContactID: "GAR-9" },
    });
    expect(contactsToApi({ owner: "A-1" }, ["admin"])).to.deep.equal({});
  });
  const LIVE = answer<LiveDomain>({
    status: {
      name: "example.com",
      status: "active",
      tld: "com",
      domainID: 7,
      tsExpir: "2027-01-01",
      tsCreate: "2024-01-01",
      renewable: true,
      renewalMode: "autorenew",
      modifyBlock: false,
      transferBlock: true,
      whoisPrivacy: false,
      viewWhois: false,
      tag: "b,a",
      ownerverification: "verified",
      transferStatus: "",
    },
    nameservers: {
      defaultNS: false,
      nameservers: [
        { order: 1, name: "ns1.a.net" },
        { order: 2, name: "ns2.a.net" },
      ],
    },
    contact: { contactOwner: { contactID: "GAR-1", verificationstatus: "verified" }, contactAdmin: { contactID: "RUI-2", ...ORG } },
    authcode: "code",
  });
  it("restates a recorded state for new inputs exactly as a read would give it", () => {
    const managed = { ...inputs, exposeAuthcode: true };
    const recorded = { ...stateFromApi(LIVE, managed), pendingSettings: { tags: ["x"] } };
    expect(restate(recorded, managed)).to.deep.equal(stateFromApi(LIVE, managed));
    // Other inputs (onDestroy set, contacts and nameservers no longer managed, authcode asked for).
    const other = domainInputs.parse({ name: "example.com", registration: "adopt", onDestroy: "letexpire", exposeAuthcode: true, renewalMode: "manual" });
    const { contact: _c, nameservers: _n, ...unmanaged } = LIVE;
    expect(restate(stateFromApi(LIVE, { ...inputs, exposeAuthcode: true }), other)).to.deep.equal(stateFromApi(unmanaged, other));
  });
  it("takes a write's reply (DOMSUM) and the value written instead of reading again", () => {
    const before = stateFromApi(LIVE, inputs);
    const want = { ...inputs, nameservers: ["ns3.b.net", "ns4.b.net"], renewalMode: "manual" as const };
    const reply = answer<DomainInfo>({ name: "example.com", status: "active", tld: "com", domainID: 7, tsExpir: "2028-01-01" });
    const after = withWritten(withWritten(before, want, "nameservers", reply), want, "renewalMode", reply);
    const read = answer<LiveDomain>({
      ...LIVE,
      status: { ...LIVE.status, tsExpir: "2028-01-01", renewalMode: "manual" },
      nameservers: {
        defaultNS: false,
        nameservers: [
          { order: 1, name: "ns3.b.net" },
          { order: 2, name: "ns4.b.net" },
        ],
      },
    });
    expect(after).to.deep.equal(stateFromApi(read, want));
    expect(withWritten(before, want, "renewalMode", undefined)).to.deep.equal({ ...before, renewalMode: "manual" });
  });
  it("reads contacts back after a contact change, with the owner's verification status", () => {
    const before = stateFromApi(LIVE, inputs);
    const info = answer<DomainInfo>({
      name: "example.com",
      status: "active",
      tld: "com",
      domainID: 7,
      tsExpir: "2027-01-01",
      contactOwner: { contactID: "NEW-3", verificationstatus: "inprocess" },
      contactAdmin: { contactID: "RUI-2", ...ORG },
    });
    const want = { ...inputs, contacts: { ...inputs.contacts, owner: "NEW-3" } };
    const read = answer<LiveDomain>({ ...LIVE, status: { ...LIVE.status, ownerverification: "inprocess" }, contact: info });
    expect(withContacts(before, info, want)).to.deep.equal(stateFromApi(read, want));
  });
});

describe("hosting service mapping", () => {
  it("reads status, PHP and parking answers, and orders the changes with the upgrade first", () => {
    const want = hostingInputs.parse({ name: "Example.com", productKey: "advanced", phpVersion: "8.3", parking: true });
    const s = serviceStateFromApi(
      answer<LiveService>({
        status: { name: "example.com", productkey: "basic", type: "Hosting Basic", status: "active", renewalMode: "autorenew" },
        php: { php: { version: "8.2" } },
        parking: { parking: { enabled: false } },
      }),
      want,
    );
    expect(s).to.deep.include({ productKey: "basic", phpVersion: "8.2", parking: false, renewalMode: "autorenew" });
    expect(serviceChanges(want, s)).to.deep.equal(["productKey", "phpVersion", "parking"]);
  });
});
