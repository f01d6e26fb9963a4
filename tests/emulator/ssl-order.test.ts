import { createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import { expect } from "chai";
import forge from "node-forge";
import { readStoreZip } from "../../emulator/modules/ssl/zip";
import { ADMIN, type SslFixture, sslFixture, testCa } from "./ssl-fixture";

const spkiOfKey = (pem: string) => createPublicKey(createPrivateKey(pem)).export({ type: "spki", format: "der" });

/** Makes the dns DCV of every pending name pass: a hosting service for the domain and the CNAME. */
async function publishDcv(f: SslFixture, certificateID: number, serviceName: string): Promise<void> {
  if (!f.account.services[serviceName]) await f.ok("service/create", { serviceName, productkey: "basic" });
  const v = await f.ok("ssl/getinfo", { certificateID: String(certificateID), infoType: "validationStatus" });
  for (const e of Object.values(v.validationData.dcv) as any[]) {
    if (e.validated || e.method !== "dns") continue;
    const [name, type, value] = String(e.checkvalue).split(/\s+/);
    expect(type).to.equal("CNAME");
    await f.ok("service/dnscreate", { serviceName, name, type, value });
  }
}

describe("ssl/create", () => {
  it("dns flow: csrcreate -> create -> CNAME in a hosted zone -> valid; the certificate verifies against the CA", async () => {
    const f = sslFixture();
    const { csrData, keyData } = await f.csr("example.com");
    const before = f.account.balance;
    const ordered = await f.ok("ssl/create", { ...ADMIN, csrData, productID: "101" });
    expect(ordered.billing).to.deep.equal({ total: 9.95, currency: "EUR" });
    expect(f.account.balance).to.be.closeTo(before - 9.95, 1e-9);
    const id = String(ordered.ssl.certificateID);
    expect(ordered.ssl).to.include({ status: "process", commonName: "example.com", tsExpir: "" });

    const v = await f.ok("ssl/getinfo", { certificateID: id, infoType: "validationStatus" });
    const dcv = v.validationData.dcv["example.com"];
    expect(dcv).to.include({ validated: false, method: "dns", domainName: "example.com" });
    expect(dcv.checkvalue).to.match(/^_[0-9a-f]{32}\.example\.com CNAME [0-9a-f]{32}\.[0-9a-f]{32}\.sectigo\.com$/);
    // Without the record nothing happens, however long one waits.
    f.advance(3600);
    expect((await f.ok("ssl/getinfo", { certificateID: id })).status).to.equal("process");
    await f.fails("ssl/getinfo", { certificateID: id, infoType: "ssldata" }, 5000);

    await publishDcv(f, Number(id), "example.com");
    const info = await f.ok("ssl/getinfo", { certificateID: id });
    expect(info.status).to.equal("valid");
    expect(info.tsExpir).to.match(/^\d{4}-\d{2}-\d{2}$/);
    await f.fails("ssl/getinfo", { certificateID: id, infoType: "validationStatus" }, 5000);

    const data = await f.ok("ssl/getinfo", { certificateID: id, infoType: "ssldata" });
    const cert = new X509Certificate(data.sslCert);
    const root = new X509Certificate(testCa().certPem);
    expect(cert.verify(root.publicKey)).to.equal(true);
    expect(cert.checkHost("example.com")).to.equal("example.com");
    expect(cert.publicKey.export({ type: "spki", format: "der" }).equals(spkiOfKey(keyData))).to.equal(true);
    expect(data.sslKey).to.equal(keyData); // the key from csrcreate is known
    expect(data.sslCertChain).to.deep.equal([testCa().certPem]);
    expect(data.fingerprint.SHA256).to.equal(cert.fingerprint256);
    expect(data.fingerprint.SHA1).to.equal(cert.fingerprint);
    expect(data.fingerprint.MD5).to.match(/^([0-9A-F]{2}:){15}[0-9A-F]{2}$/);
  });

  it("http flow: validates after clock.delays.sslValidationSec; files come as pem, der, p7b, pfx and zip", async () => {
    const f = sslFixture();
    const { csrData, keyData } = await f.csr("shop.example.org");
    const id = String(
      (await f.order({ csrData, productID: "103", validationMethod: "http", alt_name_1: "www.example.org", alt_validation_1: "https" })).certificateID,
    );
    const v = await f.ok("ssl/getinfo", { certificateID: id, infoType: "validationStatus" });
    expect(v.validationData.dcv["shop.example.org"].checkvalue.link).to.match(/^http:\/\/shop\.example\.org\/\.well-known\/pki-validation\/[0-9A-F]{32}\.txt$/);
    expect(v.validationData.dcv["www.example.org"].method).to.equal("https");
    f.advance(10);
    expect((await f.ok("ssl/getinfo", { certificateID: id })).status).to.equal("process");
    f.advance(25);
    const info = await f.ok("ssl/getinfo", { certificateID: id });
    expect(info).to.include({ status: "valid", numDomains: 2 });
    expect(info.alternativeNames).to.deep.equal(["www.example.org"]);

    const pem = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "pem" })).content;
    expect(pem).to.include({ base64encoded: false, name: "shop.example.org.pem" });
    const leaf = new X509Certificate(pem.data);
    expect(leaf.checkHost("www.example.org")).to.equal("www.example.org");
    expect(pem.data).to.include(testCa().certPem.trim());

    const der = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "der" })).content;
    expect(new X509Certificate(Buffer.from(der.data, "base64")).fingerprint256).to.equal(leaf.fingerprint256);

    const p7b = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "p7b" })).content;
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(Buffer.from(p7b.data, "base64").toString("binary"))) as forge.pkcs7.PkcsSignedData;
    expect(p7.certificates).to.have.length(2);

    const pfx = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "pfx", pfxpass: "s3cret-pass" })).content;
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(pfx.data, "base64").toString("binary")), "s3cret-pass");
    const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]!;
    const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]!;
    expect(certBags).to.have.length(2);
    const pfxKeyPem = forge.pki.privateKeyToPem(keyBag[0].key!);
    expect(spkiOfKey(pfxKeyPem).equals(spkiOfKey(keyData))).to.equal(true);
    expect(() => forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(pfx.data, "base64").toString("binary")), "wrong")).to.throw();

    const zip = (await f.ok("ssl/getinfo", { certificateID: id, infoType: "zip" })).content;
    const files = readStoreZip(Buffer.from(zip.data, "base64"));
    expect(files.map((x) => x.name)).to.deep.equal(["shop.example.org.crt", "shop.example.org.ca-bundle"]);
    expect(files.every((x) => x.crcOk)).to.equal(true);
    expect(new X509Certificate(files[0].data).fingerprint256).to.equal(leaf.fingerprint256);
  });

  it("without a known key: no sslKey and no pfx; keyData that does not match the CSR is refused", async () => {
    const f = sslFixture();
    const other = sslFixture(); // another account generated it: its key must not leak here
    const { csrData } = await other.csr("nokey.example.net");
    const mismatch = (await f.csr("nokey.example.net")).keyData;
    expect((await f.fails("ssl/create", { ...ADMIN, csrData, productID: "101", keyData: mismatch }, 5000)).messages[0]).to.match(/does not belong/);
    const id = String((await f.order({ csrData, productID: "101", validationMethod: "admin@example.net" })).certificateID);
    f.advance(31);
    const data = await f.ok("ssl/getinfo", { certificateID: id, infoType: "ssldata" });
    expect(data).to.not.have.property("sslKey");
    await f.fails("ssl/getinfo", { certificateID: id, infoType: "pfx", pfxpass: "x" }, 5000);
  });

  it("refuses bad orders without charging: CSR, product, period, wildcard, names, approver, contacts", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("example.com");
    const wild = (await f.csr("*.example.com")).csrData;
    const before = f.account.balance;
    await f.fails("ssl/create", { ...ADMIN, csrData: "not a csr", productID: "101" }, 5000);
    await f.fails("ssl/create", { ...ADMIN, csrData, productID: "4242" }, 5000);
    expect((await f.fails("ssl/create", { ...ADMIN, csrData, productID: "101", period: "3" }, 5000)).messages[0]).to.match(/period/);
    expect((await f.fails("ssl/create", { ...ADMIN, csrData: wild, productID: "101" }, 5000)).messages[0]).to.match(/wildcard/);
    await f.fails("ssl/create", { ...ADMIN, csrData, productID: "101", alt_name_1: "www.example.com" }, 5000);
    const many: Record<string, string> = {};
    for (let i = 1; i <= 100; i++) many[`alt_name_${i}`] = `h${i}.example.com`;
    expect((await f.fails("ssl/create", { ...ADMIN, csrData, productID: "103", ...many }, 5000)).messages[0]).to.match(/sanMaxDomains/);
    expect((await f.fails("ssl/create", { ...ADMIN, csrData, productID: "101", validationMethod: "root@example.com" }, 5000)).messages[0]).to.match(/approver/);
    await f.fails("ssl/create", { ...ADMIN, csrData, productID: "101", alt_name_1: "bad name!" }, 105);
    await f.fails("ssl/create", { csrData, productID: "101" }, 101);
    await f.fails("ssl/create", { csrData, productID: "101", adminContactID: "NOPE-1" }, 3001);
    expect(f.account.balance).to.equal(before);
    expect(Object.keys(f.account.certificates)).to.have.length(0);
  });

  it("answers 1100 when the balance is short, and orders nothing", async () => {
    const f = sslFixture(50);
    const { csrData } = await f.csr("example.com");
    expect((await f.fails("ssl/create", { ...ADMIN, csrData, productID: "105" }, 1100)).messages[0]).to.match(/99\.95/);
    expect(f.account.balance).to.equal(50);
    expect((await f.ok("ssl/list")).ssl).to.have.length(0);
  });

  it("charges per year and per name beyond numDomains; wildcard products take wildcard names", async () => {
    const f = sslFixture();
    const { csrData } = await f.csr("example.com");
    const r = await f.ok("ssl/create", {
      ...ADMIN,
      csrData,
      productID: "103",
      period: "2",
      alt_name_1: "a.example.com",
      alt_name_2: "b.example.com",
      alt_name_3: "c.example.com",
    });
    expect(r.billing.total).to.be.closeTo((29.95 + 9.95) * 2, 1e-9);
    const wild = (await f.csr("*.example.com")).csrData;
    const w = await f.order({ csrData: wild, productID: "102" });
    expect(w.commonName).to.equal("*.example.com");
    await f.fails("ssl/getvalidationemails", { commonName: "bad name" }, 105);
  });
});

describe("ssl/getinfo", () => {
  it("answers 5001 for a certificate that does not exist", async () => {
    const f = sslFixture();
    expect((await f.fails("ssl/getinfo", { certificateID: "424242" }, 5001)).messages[0]).to.match(/424242/);
  });
});
