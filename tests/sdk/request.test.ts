import { expect } from "chai";
import { DonDominioClient } from "../../sdk";
import { answer, startServer, type TestServer } from "./server";

const domSum = { name: "example.com", status: "active", tld: "com", tsExpir: "2027-01-15", domainID: 42 };

/** Answers per path; the test server echoes the format the request asked for. */
const DATA: Record<string, unknown> = {
  "/tool/hello/": { ip: "127.0.0.1", lang: "en", version: "1.0.27" },
  "/account/info/": { clientName: "Ana", apiuser: "u", balance: 12.5, threshold: 5, currency: "EUR", ip: "127.0.0.1" },
  "/account/promos/": [{ promo: "P1", type: "domain", action: "create", price: 1.5, tsIni: "2025-01-01 00:00:00", tsEnd: "2025-12-31 23:59:59", tld: "com" }],
  "/account/zones/": {
    queryInfo: { page: 1, pageLength: 100, results: 1, total: 1 },
    zones: [{ tld: "com", tldtop: "com", authcodereq: true, create: { price: 9.5, years: "1,2,3" } }],
  },
  "/domain/getinfo/": {
    ...domSum,
    defaultNS: false,
    nameservers: [
      { order: 1, name: "ns1.example.net", ipv4: "192.0.2.1" },
      { order: 2, name: "ns2.example.net" },
    ],
  },
  "/domain/list/": { queryInfo: { page: 1, pageLength: 10, results: 0, total: 0 }, domains: [] },
  "/domain/updatenameservers/": domSum,
  "/domain/renew/": { billing: { total: 9.5, currency: "EUR" }, domains: [{ ...domSum, status: "renewed", renewPeriod: "1" }] },
  "/contact/getinfo/": {
    contactID: "ABC-12",
    contactType: "individual",
    firstName: "Ana",
    lastName: "Pérez",
    orgName: "",
    identNumber: "12345678Z",
    email: "ana@example.com",
    phone: "+34.931234567",
    address: "Calle 1",
    postalCode: "08001",
    city: "Barcelona",
    state: "Barcelona",
    country: "ES",
    verificationstatus: "verified",
    daaccepted: false,
  },
  "/service/dnscreate/": { dns: [{ entityID: "SRV1-2", name: "www.example.com", type: "A", ttl: "-", priority: "-", value: "192.0.2.7" }] },
  "/service/dnsdelete/": {},
  "/ssl/productgetinfo/": {
    productID: 7,
    productName: "Basic",
    brandName: "B",
    validationType: "dv",
    isMultiDomain: false,
    isWildcard: false,
    isTrial: false,
    numDomains: 1,
    keyLength: 2048,
    encryption: 256,
  },
};

describe("sdk request shape", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer((req) => answer(req, DATA[req.path] ?? {}));
  });
  after(() => server.close());
  const client = (format: "json" | "xml" = "json") =>
    new DonDominioClient({ apiUser: "u-shape", apiPasswd: "pw-shape-1", baseUrl: server.url, allowInsecureHttp: true, outputFormat: format });
  const last = () => server.requests[server.requests.length - 1];

  describe("tool/hello", () => {
    it("POSTs a form to /tool/hello/ with the credentials in the body, not the URL", async () => {
      const r = await client().call("tool/hello");
      expect(r.version).to.equal("1.0.27");
      const req = last();
      expect(req.method).to.equal("POST");
      expect(req.url).to.equal("/tool/hello/");
      expect(req.headers["content-type"]).to.equal("application/x-www-form-urlencoded");
      expect(req.headers["user-agent"]).to.match(/^pulumi-dondominio\/\d+\.\d+\.\d+/);
      expect(req.form).to.deep.equal({ apiuser: "u-shape", apipasswd: "pw-shape-1", "output-format": "json" });
    });
  });

  describe("account/info", () => {
    it("returns typed account data", async () => {
      const r = await client().account.info();
      expect(last().path).to.equal("/account/info/");
      expect(r.balance).to.equal(12.5);
    });
  });

  describe("domain/getinfo", () => {
    it("sends the parsed parameters, defaults included", async () => {
      await client().domain.getinfo({ domain: "Example.COM" });
      expect(last().path).to.equal("/domain/getinfo/");
      expect(last().form).to.include({ domain: "example.com", infoType: "status" });
    });
  });

  describe("domain/list", () => {
    it("encodes booleans as 1/0, never as the string false", async () => {
      await client().call("domain/list", { renewable: false, pageLength: 10 });
      expect(last().form.renewable).to.equal("0");
      expect(last().body).not.to.contain("false");
      await client().call("domain/list", { renewable: true });
      expect(last().form.renewable).to.equal("1");
      expect(last().form).to.include({ page: "1", pageLength: "1000" });
    });
  });

  describe("domain/updatenameservers", () => {
    it("encodes arrays as comma lists", async () => {
      await client().domain.updatenameservers({ domainID: 42, nameservers: ["ns1.example.net", "ns2.example.net"] });
      expect(last().form).to.include({ domainID: "42", nameservers: "ns1.example.net,ns2.example.net" });
      expect(last().form).not.to.have.property("domain");
    });
  });

  describe("domain/renew", () => {
    it("encodes Dates as YYYY-MM-DD and omits undefined parameters", async () => {
      await client().domain.renew({ domain: "example.com", curExpDate: new Date(Date.UTC(2027, 0, 15)), period: undefined });
      expect(last().form.curExpDate).to.equal("2027-01-15");
      expect(last().form).not.to.have.property("period");
    });
  });

  describe("contact/getinfo", () => {
    it("posts to /contact/getinfo/ with contactID", async () => {
      const r = await client().contact.getinfo({ contactID: "abc-12" });
      expect(last().path).to.equal("/contact/getinfo/");
      expect(last().form.contactID).to.equal("ABC-12");
      expect(r.daaccepted).to.equal(false);
    });
  });

  describe("service/dnscreate", () => {
    it("posts the record fields", async () => {
      const r = await client().service.dnscreate({ serviceName: "example.com", name: "www.example.com", type: "A", value: "192.0.2.7" });
      expect(last().path).to.equal("/service/dnscreate/");
      expect(last().form).to.include({ serviceName: "example.com", name: "www.example.com", type: "A", value: "192.0.2.7" });
      expect(r.dns[0].entityID).to.equal("SRV1-2");
    });
  });

  describe("ssl/productgetinfo", () => {
    it("encodes numbers as text", async () => {
      await client().ssl.productgetinfo({ productID: 7 });
      expect(last().path).to.equal("/ssl/productgetinfo/");
      expect(last().form.productID).to.equal("7");
    });
  });

  describe("output formats", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["domain/getinfo", { domain: "example.com", infoType: "nameservers" }],
      ["account/zones", {}],
      ["account/promos", {}],
      ["contact/getinfo", { contactID: "ABC-12" }],
      ["service/dnsdelete", { serviceName: "example.com", entityID: "SRV1-2" }],
      ["ssl/productgetinfo", { productID: 7 }],
    ];
    for (const [name, params] of cases) {
      it(`${name}: json and xml give deep-equal results`, async () => {
        const viaJson = await client("json").call(name as "tool/hello", params as never);
        expect(last().form["output-format"]).to.equal("json");
        const viaXml = await client("xml").call(name as "tool/hello", params as never);
        expect(last().form["output-format"]).to.equal("xml");
        expect(viaXml).to.deep.equal(viaJson);
        // A real comparison, not two empty objects by accident (dnsdelete answers {} on purpose).
        if (name !== "service/dnsdelete") expect(Object.keys(viaJson as object).length).to.be.greaterThan(0);
      });
    }
  });

  describe("callEnvelope", () => {
    it("returns version and messages with the typed responseData", async () => {
      const s = await startServer((req) => answer(req, DATA["/tool/hello/"], { messages: ["Operation done correctly."] }));
      try {
        const c = new DonDominioClient({ apiUser: "u", apiPasswd: "p", baseUrl: s.url, allowInsecureHttp: true });
        const env = await c.callEnvelope("tool/hello");
        expect(env.version).to.equal("1.0.27");
        expect(env.messages).to.deep.equal(["Operation done correctly."]);
        expect(env.responseData.ip).to.equal("127.0.0.1");
      } finally {
        await s.close();
      }
    });
  });
});
