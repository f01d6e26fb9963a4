import { X509Certificate } from "node:crypto";
import { expect } from "chai";
import { ADMIN, type SslFixture, sslFixture } from "./ssl-fixture";

const DAY = 86_400;

/** Orders a certificate validated by http and lets the validation delay pass: status valid. */
async function issued(f: SslFixture, cn: string, params: Record<string, string> = {}): Promise<string> {
  const { csrData } = await f.csr(cn);
  const id = String((await f.order({ csrData, productID: "101", validationMethod: "http", ...params })).certificateID);
  f.advance(31);
  expect((await f.ok("ssl/getinfo", { certificateID: id })).status).to.equal("valid");
  return id;
}

const certOf = async (f: SslFixture, id: string) => new X509Certificate((await f.ok("ssl/getinfo", { certificateID: id, infoType: "ssldata" })).sslCert);

describe("ssl/list", () => {
  it("filters by productID, status, renewable and commonName, and pages", async () => {
    const f = sslFixture();
    await issued(f, "a.example.com");
    const { csrData } = await f.csr("b.example.com");
    await f.order({ csrData, productID: "103" }); // stays in process (dns, no record)
    const all = await f.ok("ssl/list");
    expect(all.queryInfo).to.include({ total: 2, results: 2 });
    expect((await f.ok("ssl/list", { status: "process" })).ssl.map((c: any) => c.commonName)).to.deep.equal(["b.example.com"]);
    expect((await f.ok("ssl/list", { productID: "101" })).ssl.map((c: any) => c.commonName)).to.deep.equal(["a.example.com"]);
    expect((await f.ok("ssl/list", { commonName: "B.EXAMPLE" })).ssl).to.have.length(1);
    expect((await f.ok("ssl/list", { renewable: "true" })).ssl).to.have.length(0);
    const multi = (await f.ok("ssl/list", { productID: "103" })).ssl[0];
    expect(multi.sanMaxDomains).to.equal(100);
    expect((await f.ok("ssl/list", { pageLength: "1", page: "2" })).ssl[0].commonName).to.equal("b.example.com");
  });
});

describe("ssl/renew", () => {
  it("only inside the renewal window; then a renew round, a charge and a new certificate with a later expiry", async () => {
    const f = sslFixture();
    const id = await issued(f, "renew.example.com");
    const first = await f.ok("ssl/getinfo", { certificateID: id });
    expect((await f.fails("ssl/renew", { certificateID: id }, 5000)).messages[0]).to.match(/not renewable/);
    f.advance(350 * DAY);
    expect((await f.ok("ssl/getinfo", { certificateID: id })).renewable).to.equal(true);
    const before = f.account.balance;
    const r = await f.ok("ssl/renew", { certificateID: id, validationMethod: "https" });
    expect(r.billing.total).to.equal(9.95);
    expect(f.account.balance).to.be.closeTo(before - 9.95, 1e-9);
    expect(r.ssl.status).to.equal("renew");
    // The same renewal again while it runs: renewed and charged again (no documented refusal).
    const again = await f.ok("ssl/renew", { certificateID: id, validationMethod: "https" });
    expect(again.billing.total).to.equal(9.95);
    expect(f.account.balance).to.be.closeTo(before - 2 * 9.95, 1e-9);
    const oldCert = await certOf(f, id); // the current certificate is still served while renewing
    f.advance(31);
    const after = await f.ok("ssl/getinfo", { certificateID: id });
    expect(after.status).to.equal("valid");
    expect(after.tsSubscriptionEnds, "both renewals' years").to.equal(
      `${Number(first.tsSubscriptionEnds.slice(0, 4)) + 2}${first.tsSubscriptionEnds.slice(4)}`,
    );
    expect((await certOf(f, id)).serialNumber).to.not.equal(oldCert.serialNumber);
  });

  it("a trial cannot be renewed; an expired certificate shows status expired", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("trial.example.com");
    const t = await f.ok("ssl/create", { ...ADMIN, csrData, productID: "107", validationMethod: "http" });
    expect(t.billing.total).to.equal(0);
    f.advance(31);
    const info = await f.ok("ssl/getinfo", { certificateID: String(t.ssl.certificateID) });
    expect(info.status).to.equal("valid");
    expect((Date.parse(info.tsExpir) - Date.parse(info.tsCreate)) / (DAY * 1000)).to.be.within(29, 31);
    f.advance(40 * DAY);
    const expired = await f.ok("ssl/getinfo", { certificateID: String(t.ssl.certificateID) });
    expect(expired).to.include({ status: "expired", renewable: false });
    await f.fails("ssl/renew", { certificateID: String(t.ssl.certificateID) }, 5000);
  });
});

describe("ssl/getinfo", () => {
  it("a two-year subscription gets yearly certificates: tsExpir one year out, the next certificate when it runs out", async () => {
    const f = sslFixture();
    const id = await issued(f, "two.example.com", { period: "2" });
    const first = await f.ok("ssl/getinfo", { certificateID: id });
    const years = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / (365 * DAY * 1000));
    expect(years(first.tsCreate, first.tsExpir)).to.equal(1);
    expect(years(first.tsCreate, first.tsSubscriptionEnds)).to.equal(2);
    const oldSerial = (await certOf(f, id)).serialNumber;
    f.advance(367 * DAY);
    const next = await f.ok("ssl/getinfo", { certificateID: id });
    expect(next).to.include({ status: "valid", renewable: false, tsSubscriptionEnds: first.tsSubscriptionEnds });
    expect(next.tsExpir).to.equal(first.tsSubscriptionEnds);
    expect((await certOf(f, id)).serialNumber).to.not.equal(oldSerial);
  });

  it("validationStatus of an OV order reports the organization check beside the DCV", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("ov.example.com");
    const id = String((await f.order({ csrData, productID: "104" })).certificateID);
    const v = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "validationStatus" })).validationData;
    expect(v).to.include({ organizationValidationStatus: "inprocess", externalValidation: false });
    expect(Object.keys(v.dcv)).to.deep.equal(["ov.example.com"]);
  });
});

describe("ssl/reissue", () => {
  it("only when valid; a new CSR gives a new certificate for the new key after validation", async () => {
    const f = sslFixture();
    const id = await issued(f, "re.example.com");
    const old = await certOf(f, id);
    const other = await f.csr("other.example.com");
    expect((await f.fails("ssl/reissue", { certificateID: id, csrData: other.csrData }, 5000)).messages[0]).to.match(/re\.example\.com/);
    const fresh = await f.csr("re.example.com");
    const r = await f.ok("ssl/reissue", { certificateID: id, csrData: fresh.csrData, validationMethod: "http" });
    expect(r.ssl.status).to.equal("reissue");
    expect(r.billing.total).to.equal(0);
    await f.fails("ssl/reissue", { certificateID: id, csrData: fresh.csrData }, 5000); // not valid now
    f.advance(31);
    const data = await f.ok("ssl/getinfo", { certificateID: id, infoType: "ssldata" });
    const cert = new X509Certificate(data.sslCert);
    expect(cert.serialNumber).to.not.equal(old.serialNumber);
    expect(cert.publicKey.export({ type: "spki", format: "der" }).equals(old.publicKey.export({ type: "spki", format: "der" }))).to.equal(false);
    expect(data.sslKey).to.equal(fresh.keyData);
  });
});

describe("ssl/multidomainaddsan", () => {
  it("adds a name to a multi-domain certificate, charges sanPrice, revalidates and reissues", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("m.example.com");
    const id = String((await f.order({ csrData, productID: "103", validationMethod: "http" })).certificateID);
    f.advance(31);
    const r = await f.ok("ssl/multidomainaddsan", { certificateID: id, extraSAN: "extra.example.com", validationMethod: "http" });
    expect(r.billing.total).to.equal(9.95);
    expect(r.ssl).to.include({ status: "reissue" });
    expect(r.ssl.alternativeNames).to.deep.equal(["extra.example.com"]);
    await f.fails("ssl/multidomainaddsan", { certificateID: id, extraSAN: "extra.example.com" }, 5000);
    f.advance(31);
    expect((await certOf(f, id)).checkHost("extra.example.com")).to.equal("extra.example.com");
  });

  it("refuses single-name products, names beyond sanMaxDomains, and a short balance", async () => {
    const f = sslFixture();
    const single = await issued(f, "s.example.com");
    await f.fails("ssl/multidomainaddsan", { certificateID: single, extraSAN: "x.example.com" }, 5000);
    const { csrData } = await f.csr("full.example.com");
    const alts: Record<string, string> = {};
    for (let i = 1; i <= 99; i++) alts[`alt_name_${i}`] = `n${i}.example.com`;
    const id = String((await f.order({ csrData, productID: "103", ...alts })).certificateID);
    expect((await f.fails("ssl/multidomainaddsan", { certificateID: id, extraSAN: "one-more.example.com" }, 5000)).messages[0]).to.match(/sanMaxDomains/);
    const poor = sslFixture(40);
    const c = await poor.csr("p.example.com");
    const pid = String((await poor.order({ csrData: c.csrData, productID: "103" })).certificateID);
    poor.account.balance = 1;
    await poor.fails("ssl/multidomainaddsan", { certificateID: pid, extraSAN: "q.example.com" }, 1100);
    await f.fails("ssl/multidomainaddsan", { certificateID: "999", extraSAN: "q.example.com" }, 5001);
  });
});

describe("ssl/getvalidationemails", () => {
  it("answers the five approver addresses of the domain, plus dns/http/https when asked", async () => {
    const f = sslFixture();
    const plain = await f.ok("ssl/getvalidationemails", { commonName: "www.shop.example.com" });
    expect(plain.valMethods).to.deep.equal(["admin", "administrator", "hostmaster", "postmaster", "webmaster"].map((a) => `${a}@example.com`));
    const all = await f.ok("ssl/getvalidationemails", { commonName: "www.example.com", includeAlternativeMethods: "1" });
    expect(all.valMethods.slice(-3)).to.deep.equal(["dns", "http", "https"]);
  });
});

describe("ssl/changevalidationmethod", () => {
  it("changes the method and checkvalue of one name while validating; refused once valid", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("cv.example.com");
    const id = String((await f.order({ csrData, productID: "101" })).certificateID);
    const r = await f.ok("ssl/changevalidationmethod", { certificateID: id, commonName: "cv.example.com", validationMethod: "webmaster@example.com" });
    expect(r.validationData.dcv["cv.example.com"]).to.include({ method: "mail", checkvalue: "webmaster@example.com" });
    // The vendor PHP SDK sends the method as includeAlternativeMethods.
    const viaSdk = await f.ok("ssl/changevalidationmethod", { certificateID: id, commonName: "cv.example.com", includeAlternativeMethods: "dns" });
    expect(viaSdk.validationData.dcv["cv.example.com"].method).to.equal("dns");
    await f.fails("ssl/changevalidationmethod", { certificateID: id, commonName: "nope.example.com", validationMethod: "dns" }, 5000);
    await f.ok("ssl/changevalidationmethod", { certificateID: id, commonName: "cv.example.com", validationMethod: "http" });
    f.advance(31);
    await f.fails("ssl/changevalidationmethod", { certificateID: id, commonName: "cv.example.com", validationMethod: "dns" }, 5000);
  });
});

describe("ssl/resendvalidationmail", () => {
  it("only for e-mail validation in status process; restarts the approval delay", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("mail.example.com");
    const id = String((await f.order({ csrData, productID: "101", validationMethod: "admin@example.com" })).certificateID);
    f.advance(20);
    const r = await f.ok("ssl/resendvalidationmail", { certificateID: id, commonName: "mail.example.com" });
    expect(r).to.deep.equal({ certificateID: Number(id), commonName: "mail.example.com", email: "admin@example.com" });
    f.advance(20); // 40 s after the order but 20 s after the resend: still waiting
    expect((await f.ok("ssl/getinfo", { certificateID: id })).status).to.equal("process");
    f.advance(11);
    expect((await f.ok("ssl/getinfo", { certificateID: id })).status).to.equal("valid");
    await f.fails("ssl/resendvalidationmail", { certificateID: id, commonName: "mail.example.com" }, 5000);
    const dnsOrder = await f.csr("d.example.com");
    const did = String((await f.order({ csrData: dnsOrder.csrData, productID: "101" })).certificateID);
    expect((await f.fails("ssl/resendvalidationmail", { certificateID: did, commonName: "d.example.com" }, 5000)).messages[0]).to.match(/dns/);
  });
});
