import { createPrivateKey, createPublicKey } from "node:crypto";
import { expect } from "chai";
import forge from "node-forge";
import { sslFixture } from "./ssl-fixture";

describe("ssl/csrcreate", () => {
  it("generates a real RSA key and a CSR for the subject, answering the key as keyData and csrKey", async () => {
    const f = sslFixture();
    const d = await f.ok("ssl/csrcreate", {
      commonName: "www.example.com",
      organizationName: "Ejemplo Señal SL",
      organizationalUnitName: "IT",
      countryName: "es",
      stateOrProvinceName: "Málaga",
      localityName: "Málaga",
      emailAddress: "it@example.com",
    });
    expect(d.keyData).to.equal(d.csrKey);
    const csr = forge.pki.certificationRequestFromPem(d.csrData);
    expect(csr.verify()).to.equal(true);
    const csrSpki = createPublicKey(forge.pki.publicKeyToPem(csr.publicKey!)).export({ type: "spki", format: "der" });
    const keySpki = createPublicKey(createPrivateKey(d.keyData)).export({ type: "spki", format: "der" });
    expect(csrSpki.equals(keySpki)).to.equal(true);
    expect(d).to.include({ commonName: "www.example.com", organizationName: "Ejemplo Señal SL", countryName: "ES", localityName: "Málaga" });
    // The decoder reads back what was generated, accents included.
    const back = await f.ok("ssl/csrdecode", { csrData: d.csrData });
    expect(back).to.include({ commonName: "www.example.com", stateOrProvinceName: "Málaga", organizationalUnitName: "IT", emailAddress: "it@example.com" });
  });

  it("requires every subject field (101)", async () => {
    const f = sslFixture();
    await f.fails("ssl/csrcreate", { commonName: "www.example.com" }, 101);
  });
});

describe("ssl/csrdecode", () => {
  it("refuses text that is not a CSR in PEM form (5000) with a message naming csrData", async () => {
    const f = sslFixture();
    const r = await f.fails("ssl/csrdecode", { csrData: "hello" }, 5000);
    expect(r.messages[0])
      .to.match(/csrData/)
      .and.match(/BEGIN CERTIFICATE REQUEST/);
    const garbled = "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----";
    expect((await f.fails("ssl/csrdecode", { csrData: garbled }, 5000)).messages[0]).to.match(/could not be decoded/);
  });
});

describe("ssl/productlist", () => {
  it("lists the products with filters and paging", async () => {
    const f = sslFixture();
    const all = await f.ok("ssl/productlist");
    expect(all.queryInfo.total).to.equal(all.products.length).and.be.greaterThan(5);
    const wild = await f.ok("ssl/productlist", { wildcard: "1" });
    expect(wild.products.length).to.be.greaterThan(0);
    expect(wild.products.every((p: any) => p.isWildcard === true)).to.equal(true);
    const ev = await f.ok("ssl/productlist", { validationType: "ev", multidomain: "true" });
    expect(ev.products.map((p: any) => p.validationType)).to.deep.equal(["ev"]);
    expect(ev.products[0]).to.have.property("sanMaxDomains");
    expect(ev.products[0]).to.have.property("sanPrice");
    const trial = (await f.ok("ssl/productlist", { trial: "1" })).products;
    expect(trial).to.have.length(1);
    expect(trial[0]).to.have.property("trialPeriod");
    expect(trial[0]).to.not.have.property("create");
    const page2 = await f.ok("ssl/productlist", { pageLength: "2", page: "2" });
    expect(page2.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: 2, total: all.queryInfo.total });
    expect(page2.products[0].productID).to.equal(all.products[2].productID);
  });
});

describe("ssl/productgetinfo", () => {
  it("answers one product, and 5000 for an unknown productID", async () => {
    const f = sslFixture();
    const first = (await f.ok("ssl/productlist")).products[0];
    expect(await f.ok("ssl/productgetinfo", { productID: String(first.productID) })).to.deep.equal(first);
    expect((await f.fails("ssl/productgetinfo", { productID: "999999" }, 5000)).messages[0]).to.match(/999999/);
  });
});
