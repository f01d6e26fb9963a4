/**
 * The function table (issue 31 item 5): the cases every door runs against the seeded account
 * (seed.ts), as data: a function's arguments, what its result must hold (or the failure's text),
 * and exactly the API calls it may make (the fewest: one per page; none for refused arguments).
 * Like the lifecycle table (tests/lifecycle/), it covers the registry: every registered function
 * has, for each kind, a case or the reason the kind does not apply (coverage.unit.test.ts).
 */
import { expect } from "chai";
import { FUNCTIONS } from "../../provider/function-registry";
import { TLDS } from "../../emulator/data/tlds";
import { SSL_PRODUCTS } from "../../emulator/data/ssl-products";
import { BULK_ZONE, DOMAIN, LONG_TXT, type Seeded, WEB } from "./seed";

export const KINDS = ["read", "paging", "missing", "bad args"] as const;
export type Kind = (typeof KINDS)[number];
export type Args = Record<string, unknown>;
type Result = Record<string, any>;

export interface FunctionCase {
  /** Printed after the door's name: `plugin (YAML): getDomains: every domain, past one page`. */
  name: string;
  fn: string;
  kind: Kind;
  args(s: Seeded): Args;
  /** read and paging: what the result holds. */
  check?(result: Result, s: Seeded): void;
  /** missing and bad args: text the failure shows (the engine's output holds it). */
  error?(s: Seeded): string;
  /** Exactly these API calls, by operation ({} for arguments refused before any call). */
  calls: Record<string, number>;
  /** Result members that must be secret outputs (encrypted in the state, `[secret]` in `stack output`). */
  secret?: string[];
}

/** Kinds that do not apply to a function, with the reason (coverage reads them). */
export const NOT_APPLICABLE: Record<string, Partial<Record<Kind, string>>> = {
  checkDomain: {
    paging: "one name per call: nothing to page",
    missing: "a name registered elsewhere is an answer (available: false), which the read case checks",
  },
  getAccount: {
    paging: "one object",
    missing: "the account always exists (bad credentials fail the provider's configuration)",
    "bad args": "takes no argument (an unknown one is refused before any call: functions.unit.test.ts)",
  },
  getTldPrices: {
    paging: `the API offers fewer TLDs than a page holds (the emulator ${TLDS.length}); the paging is the one every list shares (getDomains' case)`,
  },
  getDomain: { paging: "one object" },
  getDomains: { missing: "a list: no domain passing the filters is an answer, not a missing object" },
  getContact: { paging: "one object" },
  getContacts: { missing: "a list: no contact passing the filters is an answer, not a missing object" },
  getHostingService: { paging: "one object" },
  getHostingServices: { missing: "a list: no service passing the filters is an answer, not a missing object" },
  getSslCertificate: { paging: "one object" },
  getSslProducts: {
    paging: `the API sells fewer products than a page holds (the emulator ${SSL_PRODUCTS.length}); the paging is the one every list shares`,
    missing: "a list: no product passing the filters is an answer, not a missing object",
  },
};

const names = (list: Result[]) => list.map((x) => x.name);

export const CASES: readonly FunctionCase[] = [
  // ---- checkDomain: asked once per name and process, so each run asks a name of its own (the seed's token).
  {
    name: "checkDomain: a free name, its yearly price",
    fn: "checkDomain",
    kind: "read",
    args: (s) => ({ name: `fn-free-${s.token}.com` }),
    check: (r, s) =>
      expect(r).to.deep.equal({
        name: `fn-free-${s.token}.com`,
        punycode: `fn-free-${s.token}.com`,
        tld: "com",
        available: true,
        premium: false,
        price: 11.95,
        currency: "EUR",
      }),
    calls: { "domain/check": 1 },
  },
  {
    name: "checkDomain: a name registered elsewhere",
    fn: "checkDomain",
    kind: "read",
    args: (s) => ({ name: `fn-taken-${s.token}.com` }),
    check: (r) => expect(r.available).to.equal(false),
    calls: { "domain/check": 1 },
  },
  {
    name: "checkDomain: not a domain name, refused before any call",
    fn: "checkDomain",
    kind: "bad args",
    args: () => ({ name: "not a domain" }),
    error: () => "checkDomain: name: must be a domain name such as example.com",
    calls: {},
  },
  // ---- getAccount
  {
    name: "getAccount: balance, threshold and currency as numbers and text",
    fn: "getAccount",
    kind: "read",
    args: () => ({}),
    check: (r, s) => expect(r).to.deep.equal({ clientName: "Function Table S.L.", apiUser: s.apiUser, balance: s.balance, threshold: 50, currency: "EUR" }),
    calls: { "account/info": 1 },
  },
  // ---- getTldPrices
  {
    name: "getTldPrices: every TLD in one call (pageLength 1000, not the API's default 100)",
    fn: "getTldPrices",
    kind: "read",
    args: () => ({}),
    check: (r) => {
      expect(r.tlds.map((t: Result) => t.tld)).to.deep.equal(TLDS.map((t) => t.tld));
      const info = r.tlds.find((t: Result) => t.tld === "info");
      expect(info.create).to.deep.equal({ price: 3.95, years: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], inPromo: true });
    },
    calls: { "account/zones": 1 },
  },
  {
    name: "getTldPrices: one TLD, spelled with a dot and in capitals",
    fn: "getTldPrices",
    kind: "read",
    args: () => ({ tld: ".COM" }),
    check: (r) =>
      expect(r.tlds).to.deep.equal([
        {
          tld: "com",
          tldTop: "com",
          authcodeReq: true,
          create: { price: 11.95, years: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], inPromo: false },
          renew: { price: 11.95, years: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], inPromo: false },
          transfer: { price: 10.95, years: [1], inPromo: false },
        },
      ]),
    calls: { "account/zones": 1 },
  },
  {
    name: "getTldPrices: a TLD the API does not offer fails naming it",
    fn: "getTldPrices",
    kind: "missing",
    args: () => ({ tld: "zzz" }),
    error: () => "getTldPrices: TLD .zzz is not offered (account/zones listed none)",
    calls: { "account/zones": 1 },
  },
  {
    name: "getTldPrices: not a TLD, refused before any call",
    fn: "getTldPrices",
    kind: "bad args",
    args: () => ({ tld: "no tld!" }),
    error: () => "getTldPrices: tld: must be a TLD such as com or com.es",
    calls: {},
  },
  // ---- getDomain
  {
    name: "getDomain: status, ISO dates, nameservers, contacts' ids, tags; no authcode unasked",
    fn: "getDomain",
    kind: "read",
    args: () => ({ name: DOMAIN }),
    check: (r, s) => {
      expect(r).to.include({
        name: DOMAIN,
        punycode: DOMAIN,
        tld: "com",
        status: "active",
        renewalMode: "autorenew",
        serviceAssociated: true,
        defaultNS: false,
      });
      expect(r.domainId).to.be.a("number");
      expect(r.tsExpir).to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.nameservers).to.deep.equal(["ns1.example.net", "ns2.example.net"]);
      expect(r.contacts).to.deep.equal({ owner: s.ownerId, admin: s.ownerId, tech: s.otherId, billing: s.ownerId });
      expect(r.tags).to.deep.equal(["prod", "web"]);
      expect(r).to.not.have.property("authcode");
    },
    calls: { "domain/getinfo": 3 },
  },
  {
    name: "getDomain: the authcode when asked, as a secret",
    fn: "getDomain",
    kind: "read",
    args: () => ({ name: DOMAIN, authcode: true }),
    check: (r, s) => expect(r.authcode).to.equal(s.authcode),
    calls: { "domain/getinfo": 4 },
    secret: ["authcode"],
  },
  {
    name: "getDomain: a domain not in the account fails naming it, after one call",
    fn: "getDomain",
    kind: "missing",
    args: () => ({ name: "fn-not-mine.com" }),
    error: () => "getDomain: domain fn-not-mine.com does not exist in this account (domain/getinfo answered error 2008)",
    calls: { "domain/getinfo": 1 },
  },
  {
    name: "getDomain: not a domain name, refused before any call",
    fn: "getDomain",
    kind: "bad args",
    args: () => ({ name: "-bad-.com" }),
    error: () => "getDomain: name: must be a domain name such as example.com",
    calls: {},
  },
  // ---- getDomains
  {
    name: "getDomains: every domain, past one page (two calls)",
    fn: "getDomains",
    kind: "paging",
    args: () => ({}),
    check: (r, s) => {
      expect(r.domains).to.have.length(s.counts.domains);
      expect(new Set(names(r.domains)).size).to.equal(s.counts.domains);
      expect(names(r.domains)).to.include(DOMAIN).and.include("fn-bulk-1000.org");
      const d = r.domains.find((x: Result) => x.name === DOMAIN);
      expect(d).to.include({ status: "active", renewable: false, renewalMode: "autorenew" });
      expect(d.tags).to.deep.equal(["prod", "web"]);
    },
    calls: { "domain/list": 2 },
  },
  {
    name: "getDomains: filtered by TLD on the API's side (one call)",
    fn: "getDomains",
    kind: "read",
    args: () => ({ tld: ".com" }),
    check: (r) => expect(names(r.domains)).to.deep.equal([DOMAIN]),
    calls: { "domain/list": 1 },
  },
  {
    name: "getDomains: an unknown status, refused before any call",
    fn: "getDomains",
    kind: "bad args",
    args: () => ({ status: "alive" }),
    error: () => "getDomains: status: must be one of register-init",
    calls: {},
  },
  // ---- getContact
  {
    name: "getContact: one contact's data",
    fn: "getContact",
    kind: "read",
    args: (s) => ({ contactId: s.ownerId }),
    check: (r, s) =>
      expect(r).to.include({ contactId: s.ownerId, contactType: "individual", firstName: "Ada", lastName: "Lovelace", country: "ES", daAccepted: false }),
    calls: { "contact/getinfo": 1 },
  },
  {
    name: "getContact: a contact not in the account fails naming it",
    fn: "getContact",
    kind: "missing",
    args: () => ({ contactId: "ZZZ-99999" }),
    error: () => "getContact: contact ZZZ-99999 does not exist in this account (contact/getinfo answered error 3001)",
    calls: { "contact/getinfo": 1 },
  },
  {
    name: "getContact: not a contact id, refused before any call",
    fn: "getContact",
    kind: "bad args",
    args: () => ({ contactId: "nope" }),
    error: () => "getContact: contactId: must be a contact id such as ABC-12345",
    calls: {},
  },
  // ---- getContacts
  {
    name: "getContacts: every contact, past one page (two calls)",
    fn: "getContacts",
    kind: "paging",
    args: () => ({}),
    check: (r, s) => {
      expect(r.contacts).to.have.length(s.counts.contacts);
      expect(r.contacts.map((c: Result) => c.contactId))
        .to.include(s.ownerId)
        .and.include("BLK-901000");
    },
    calls: { "contact/list": 2 },
  },
  {
    name: "getContacts: filtered by e-mail on the API's side (one call)",
    fn: "getContacts",
    kind: "read",
    args: () => ({ email: "leo@example.com" }),
    check: (r, s) =>
      expect(r.contacts).to.deep.equal([
        {
          contactId: s.otherId,
          contactType: "individual",
          contactName: "Leo Vidal",
          identNumber: "12345678Z",
          email: "leo@example.com",
          country: "ES",
          verificationStatus: "inprocess",
          daAccepted: false,
        },
      ]),
    calls: { "contact/list": 1 },
  },
  {
    name: "getContacts: a country that is no code, refused before any call",
    fn: "getContacts",
    kind: "bad args",
    args: () => ({ country: "Spain" }),
    error: () => "getContacts: country: must be a two-letter country code such as ES",
    calls: {},
  },
  // ---- getHostingService
  {
    name: "getHostingService: product, status, dates",
    fn: "getHostingService",
    kind: "read",
    args: () => ({ name: WEB }),
    check: (r) => {
      expect(r).to.include({ name: WEB, type: "Hosting Mini", productKey: "mini", status: "active", renewable: false, renewalMode: "autorenew" });
      expect(r.tsCreate).to.match(/^\d{4}-\d{2}-\d{2}$/);
    },
    calls: { "service/getinfo": 1 },
  },
  {
    name: "getHostingService: a service not in the account fails naming it",
    fn: "getHostingService",
    kind: "missing",
    args: () => ({ name: "fn-no-service.com" }),
    error: () => "getHostingService: hosting service fn-no-service.com does not exist in this account (service/getinfo answered error 4001)",
    calls: { "service/getinfo": 1 },
  },
  {
    name: "getHostingService: not a domain name, refused before any call",
    fn: "getHostingService",
    kind: "bad args",
    args: () => ({ name: "no name" }),
    error: () => "getHostingService: name: ",
    calls: {},
  },
  // ---- getHostingServices
  {
    name: "getHostingServices: every service, past one page (two calls)",
    fn: "getHostingServices",
    kind: "paging",
    args: () => ({}),
    check: (r, s) => {
      expect(r.services).to.have.length(s.counts.services);
      expect(names(r.services)).to.include(WEB).and.include(BULK_ZONE);
    },
    calls: { "service/list": 2 },
  },
  {
    name: "getHostingServices: filtered by TLD on the API's side (one call)",
    fn: "getHostingServices",
    kind: "read",
    args: () => ({ tld: "net" }),
    check: (r) =>
      expect(r.services).to.deep.equal([
        { name: BULK_ZONE, type: "Hosting Corporate", productKey: "corporate", status: "active", tsExpir: r.services[0].tsExpir },
      ]),
    calls: { "service/list": 1 },
  },
  {
    name: "getHostingServices: an unknown status, refused before any call",
    fn: "getHostingServices",
    kind: "bad args",
    args: () => ({ status: "running" }),
    error: () => "getHostingServices: status: must be one of init, active, inactive, renewed, renewable",
    calls: {},
  },
  // ---- getDnsRecords
  {
    name: "getDnsRecords: a zone of more records than a page (two calls), ttl as a number",
    fn: "getDnsRecords",
    kind: "paging",
    args: () => ({ serviceName: BULK_ZONE }),
    check: (r, s) => {
      expect(r.serviceName).to.equal(BULK_ZONE);
      expect(r.records).to.have.length(s.counts.bulkRecords);
      expect(r.records[7]).to.deep.equal({
        entityId: "SRV990000-700007",
        name: `host-0007.${BULK_ZONE}`,
        relativeName: "host-0007",
        type: "A",
        value: "198.51.100.7",
        ttl: 600,
      });
    },
    calls: { "service/dnslist": 2 },
  },
  {
    name: "getDnsRecords: one name, narrowed on the API's side (one call)",
    fn: "getDnsRecords",
    kind: "read",
    args: () => ({ serviceName: BULK_ZONE, name: "host-0999" }),
    check: (r) => expect(r.records.map((x: Result) => x.name)).to.deep.equal([`host-0999.${BULK_ZONE}`]),
    calls: { "service/dnslist": 1 },
  },
  {
    name: "getDnsRecords: the apex TXT as its text (quoted strings joined)",
    fn: "getDnsRecords",
    kind: "read",
    args: () => ({ serviceName: WEB, name: "@", type: "TXT" }),
    check: (r) => {
      // The service's default records include an apex TXT too (emulator/modules/service: SPF).
      for (const x of r.records) expect(x).to.include({ name: WEB, relativeName: "@", type: "TXT" });
      expect(r.records.map((x: Result) => x.value)).to.include(LONG_TXT);
    },
    calls: { "service/dnslist": 1 },
  },
  {
    name: "getDnsRecords: a zone not in the account fails naming it",
    fn: "getDnsRecords",
    kind: "missing",
    args: () => ({ serviceName: "fn-no-zone.com" }),
    error: () => "getDnsRecords: zone fn-no-zone.com does not exist in this account (service/dnslist answered error 4001)",
    calls: { "service/dnslist": 1 },
  },
  {
    name: "getDnsRecords: an unsupported type, refused before any call",
    fn: "getDnsRecords",
    kind: "bad args",
    args: () => ({ serviceName: WEB, type: "SPF" }),
    error: () => 'getDnsRecords: type: "SPF" is not a supported record type',
    calls: {},
  },
  // ---- getMailBoxes
  {
    name: "getMailBoxes: more mailboxes than a page (two calls), usage as a number",
    fn: "getMailBoxes",
    kind: "paging",
    args: () => ({ serviceName: BULK_ZONE }),
    check: (r, s) => {
      expect(r.mailBoxes).to.have.length(s.counts.bulkMailBoxes);
      expect(r.mailBoxes[1000]).to.include({ entityId: "SRV990000-801000", name: `box1000@${BULK_ZONE}`, usage: 1000 });
    },
    calls: { "service/maillist": 2 },
  },
  {
    name: "getMailBoxes: a service's addresses, never a password",
    fn: "getMailBoxes",
    kind: "read",
    args: () => ({ serviceName: WEB }),
    check: (r) => {
      expect(names(r.mailBoxes)).to.deep.equal([`info@${WEB}`, `sales@${WEB}`]);
      expect(Object.keys(r.mailBoxes[0]).sort()).to.deep.equal(["entityId", "name", "quotaMax", "usage"]);
    },
    calls: { "service/maillist": 1 },
  },
  {
    name: "getMailBoxes: a service not in the account fails naming it",
    fn: "getMailBoxes",
    kind: "missing",
    args: () => ({ serviceName: "fn-no-mail.com" }),
    error: () => "getMailBoxes: service fn-no-mail.com does not exist in this account (service/maillist answered error 4001)",
    calls: { "service/maillist": 1 },
  },
  {
    name: "getMailBoxes: not a domain name, refused before any call",
    fn: "getMailBoxes",
    kind: "bad args",
    args: () => ({ serviceName: "no name" }),
    error: () => "getMailBoxes: serviceName: ",
    calls: {},
  },
  // ---- getSslCertificate
  {
    name: "getSslCertificate: an issued certificate with its PEM and chain",
    fn: "getSslCertificate",
    kind: "read",
    args: (s) => ({ certificateId: s.certificateId }),
    check: (r, s) => {
      expect(r).to.include({ certificateId: s.certificateId, commonName: `www.${DOMAIN}`, status: "valid", productId: 101 });
      expect(r.certificate).to.match(/^-----BEGIN CERTIFICATE-----/);
      expect(r.certificateChain).to.be.an("array").that.is.not.empty;
      expect(JSON.stringify(r)).to.not.include("PRIVATE KEY");
    },
    calls: { "ssl/getinfo": 2 },
  },
  {
    name: "getSslCertificate: a certificate not in the account fails naming it",
    fn: "getSslCertificate",
    kind: "missing",
    args: () => ({ certificateId: 999999 }),
    error: () => "getSslCertificate: SSL certificate 999999 does not exist in this account (ssl/getinfo answered error 5001)",
    calls: { "ssl/getinfo": 1 },
  },
  {
    name: "getSslCertificate: id 0, refused before any call",
    fn: "getSslCertificate",
    kind: "bad args",
    args: () => ({ certificateId: 0 }),
    error: () => "getSslCertificate: certificateId: must be at least 1",
    calls: {},
  },
  // ---- getSslProducts
  {
    name: "getSslProducts: filtered on the API's side, prices as numbers and years as lists",
    fn: "getSslProducts",
    kind: "read",
    args: () => ({ validationType: "dv", wildcard: false, multiDomain: false }),
    check: (r) => {
      const want = SSL_PRODUCTS.filter((p) => p.validationType === "dv" && !p.isWildcard && !p.isMultiDomain).map((p) => p.productID);
      expect(r.products.map((p: Result) => p.productId)).to.deep.equal(want);
      expect(r.products.find((p: Result) => p.productId === 101).create).to.deep.equal({ price: 9.95, years: [1, 2], inPromo: false });
    },
    calls: { "ssl/productlist": 1 },
  },
  {
    name: "getSslProducts: an unknown validation type, refused before any call",
    fn: "getSslProducts",
    kind: "bad args",
    args: () => ({ validationType: "xv" }),
    error: () => "getSslProducts: validationType: must be one of dv, ov, ev",
    calls: {},
  },
];

/** Every way the table falls short of the registry. Empty when whole. */
export function coverageProblems(fns = FUNCTIONS.map((f) => f.name), cases = CASES): string[] {
  const problems: string[] = [];
  for (const c of cases) if (!fns.includes(c.fn)) problems.push(`case "${c.name}": ${c.fn} is not in the function registry`);
  for (const fn of Object.keys(NOT_APPLICABLE)) if (!fns.includes(fn)) problems.push(`NOT_APPLICABLE names ${fn}, which is not in the registry`);
  for (const fn of fns)
    for (const kind of KINDS) {
      const covered = cases.some((c) => c.fn === fn && c.kind === kind);
      const reason = NOT_APPLICABLE[fn]?.[kind];
      if (!covered && !reason) problems.push(`${fn}: no ${kind} case and no reason it does not apply (NOT_APPLICABLE)`);
      if (covered && reason) problems.push(`${fn}: a ${kind} case and a reason it does not apply`);
    }
  return problems;
}

/**
 * The cases of `kinds` that run in one engine run together, in rounds: each function at most once a
 * round (its calls are counted apart because no two functions use the same operation), so a round
 * is one `up` (reads) or one failing `preview` (failures) of a program holding every function once.
 */
export function rounds(cases = CASES, kinds: readonly Kind[] = ["read", "paging"]): FunctionCase[][] {
  const out: FunctionCase[][] = [];
  for (const c of cases.filter((x) => kinds.includes(x.kind))) {
    const round = out.find((r) => !r.some((x) => x.fn === c.fn));
    if (round) round.push(c);
    else out.push([c]);
  }
  return out;
}
