/**
 * examples/certificate applied and destroyed through the real engine, from the same index.ts users
 * run with `pulumi up` (tests/harness/engine.ts exampleProgram), against the embedded emulator: the order
 * for a CSR made here, its DNS validation record from the order's outputs, SslCertificateValidation
 * waiting for the issue and the subdomain installing it, all in one `up`. node:crypto checks the chain against the
 * emulator's CA and that the certificate is for the key made here, which the order never received.
 */
import { expect } from "chai";
import { createPrivateKey, X509Certificate } from "node:crypto";
import { getProduct } from "../../emulator/data/products";
import { findSslProduct } from "../../emulator/data/ssl-products";
import { exampleProgram } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, outputsOf, type Harness, startHarness } from "../provider/harness";

const DOMAIN = "certificate-test.com";
const HOST = `www.${DOMAIN}`;

describe("examples/certificate (engine)", function () {
  this.timeout(300_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  it("orders for a local CSR, validates through DNS, waits for the issue and installs it on the subdomain in one up, destroys", async () => {
    const local = keyAndCsr(HOST);
    const keyLine = local.key.split("\n")[5];
    const balance = async () => (await h.client.call("account/info")).balance as number;
    const zone = async () => ((await h.client.call("service/dnslist", { serviceName: DOMAIN } as any)) as any).dns as Record<string, string>[];
    const subdomains = async () => ((await h.client.call("service/subdomainlist", { serviceName: DOMAIN } as any)) as any).subdomain as Record<string, any>[];
    const before = await balance();
    const eng = await h.stack(exampleProgram("certificate"), {
      "certificate:domain": { value: DOMAIN },
      "certificate:csr": { value: local.csr },
      "certificate:privateKey": { value: local.key, secret: true },
    });

    // One up: the order, its validation record, the wait for the issue, the subdomain with the certificate.
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ create: 6 });
    expect(up.outputs.status.value).to.equal("valid");
    expect(up.outputs.sslInstalled.value).to.equal(true);
    const dcv = (await zone()).filter((r) => r.type === "CNAME" && r.name.startsWith("_"));
    expect(dcv, "the CNAME the CA asked for is published").to.have.length(1);
    expect(dcv[0].value).to.match(/\.sectigo\.com\.?$/);
    // Paid once each: the hosting service and the certificate (emulator price lists).
    const spent = getProduct("basic")!.price + findSslProduct(101)!.create!.create;
    expect(before - (await balance())).to.be.closeTo(spent, 0.001);

    // The order came back in process (waitFor "submitted"); the validation did the waiting, reading only.
    expect(outputsOf(eng, "cert").status, "the order returned before the issue").to.equal("process");
    const issued = outputsOf(eng, "issued");
    expect(issued.status).to.equal("valid");
    expect(Object.keys(issued)).to.not.include.members(["privateKey", "sslKey"]);
    expect(up.outputs.bundle.secret, "the bundle holds the key").to.equal(true);
    expect(up.outputs.certificate.secret).to.equal(false);
    await expectEmptyPlan(eng);

    const pem = String(up.outputs.certificate.value);
    const cert = new X509Certificate(pem);
    const ca = new X509Certificate(h.emu.caCert);
    expect(cert.verify(ca.publicKey), "signed by the emulator's CA").to.equal(true);
    expect(cert.checkIssued(ca), "issued by the emulator's CA").to.equal(true);
    expect(new X509Certificate(String(up.outputs.certificateChain.value)).fingerprint256).to.equal(ca.fingerprint256);
    expect(cert.subjectAltName).to.include(`DNS:${HOST}`);
    expect(cert.checkPrivateKey(createPrivateKey(local.key)), "the certificate is for the key made here").to.equal(true);
    const bundle = String(up.outputs.bundle.value);
    expect(bundle.includes(pem.trim()) && bundle.includes(local.key.trim()), "the bundle holds the certificate and the key").to.equal(true);

    // The key never went to the order: the API's certificate record holds no key.
    const account = await h.emu.control.getState(h.emu.apiUser);
    const record = account.certificates[String(up.outputs.certificateId.value)];
    expect(record.keyData, "keyData sent with the order").to.equal(undefined);
    expect(record.certKey).to.equal(undefined);
    // It went only to the subdomain that serves the certificate.
    const site = (await subdomains()).find((s) => s.name === HOST);
    // The hosting stores PEM with `\r` removed and trimmed (provider/resources/subdomain/README.md).
    const stored = (text: string) => text.replace(/\r\n/g, "\n").trim();
    expect(site?.ssl?.sslCert).to.equal(stored(pem));
    expect(site?.ssl?.sslKey === stored(local.key), "the installed key is the one made here").to.equal(true);

    expectNoPlaintext(eng, [h.emu.apiPasswd, keyLine]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd, keyLine])).to.equal(5);
    // The refresh records the order issued (waitFor "validation": only a refresh reads it again), and the plan stays empty.
    await expectCleanRefresh(eng, 6);
    expect(outputsOf(eng, "cert").status).to.equal("valid");
    await expectEmptyPlan(eng);

    // Destroy: deletes the record and the subdomain; forgets the certificate, its validation and the hosting (no delete in the API).
    const destroy = await eng.stack.destroy();
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 6 });
    expect((await zone()).filter((r) => r.type === "CNAME" && r.name.startsWith("_"))).to.deep.equal([]);
    expect((await subdomains()).map((s) => s.name)).to.not.include(HOST);
    const certs = ((await h.client.call("ssl/list", {} as any)) as any).ssl as Record<string, any>[];
    expect(certs.map((c) => String(c.certificateID))).to.include(String(up.outputs.certificateId.value));
  });
});
