/**
 * SslCertificate through the real engine, with its DCV records made by DnsRecord resources of the
 * same program from the certificate's outputs (the two-step pattern: the order is submitted, a
 * refresh or the next up reports it issued). Also: an ambiguous ssl/create is looked up, not
 * resent; a name added in place; an outside change refresh detects and up repairs; a reissue for
 * a new key; destroy forgets the certificate. The issued PEM verifies against the emulator's CA.
 */
import { expect } from "chai";
import { createPublicKey, X509Certificate } from "node:crypto";
import type { SslState } from "../../provider/resources/ssl-certificate/schema";
import type { EngineStack } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { stateResources } from "../hardening/fault-harness";
import {
  checkStoredProviders,
  contactCreateParams,
  expectCleanRefresh,
  expectEmptyPlan,
  expectNoPlaintext,
  failureOf,
  type Harness,
  OWNER,
  outputsOf,
  startHarness,
  writeCalls,
} from "./harness";

/** One validation record as the state types it (its type is one DnsRecord takes). */
type ValidationRecord = SslState["validationRecords"][number];

const ZONE = "ssl-example.com";
const CN = `www.${ZONE}`;

describe("SslCertificate (engine lifecycle)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  let first = keyAndCsr(CN);
  // PositiveSSL Multi-Domain (emulator/data/ssl-products.ts): names can be added.
  const want: Record<string, any> = { productId: 103, csr: first.csr, privateKey: first.key, alternativeNames: [] as string[], adminContact: OWNER };
  const certs = async () => ((await h.client.call("ssl/list", {} as any)) as any).ssl as Record<string, any>[];
  const balance = async () => (await h.client.call("account/info")).balance as number;

  before(async () => {
    h = await startHarness();
    await h.client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    eng = await h.stack(async () => {
      const { DnsRecord, SslCertificate } = h.pkg();
      const cert = new SslCertificate("cert", want as any);
      // One DnsRecord per name: the CNAME the CA asks for (validationRecords, common name first).
      (want.alternativeNames as string[]).concat([CN]).forEach((_, i) => {
        const rec = cert.validationRecords.apply((r) => (r[i] ?? { name: "pending", type: "TXT", value: "pending" }) as ValidationRecord);
        new DnsRecord(`dcv${i}`, { serviceName: ZONE, name: rec.name, type: rec.type, value: rec.value });
      });
      return {
        id: cert.id,
        status: cert.status,
        certificate: cert.certificate,
        chain: cert.certificateChain,
        names: cert.alternativeNames,
        key: cert.privateKey,
      };
    });
  });
  after(async () => h?.close());

  const issuedBy = (pem: string, key: string) => {
    const x = new X509Certificate(pem);
    expect(x.verify(new X509Certificate(h.emu.caCert).publicKey), "signed by the emulator's CA").to.equal(true);
    expect(x.publicKey.export({ type: "spki", format: "der" }).equals(createPublicKey(key).export({ type: "spki", format: "der" }))).to.equal(true);
    return x;
  };

  it("orders once despite an ambiguous ssl/create, then is issued after the DCV record exists", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 3 });
    const before = await balance();
    // The order is applied but its answer is lost: the provider must find it, not order again.
    await h.emu.control.addFault({ action: "ssl/create", kind: "dropAfterApply" });
    const up = await eng.stack.up();
    expect(up.outputs.status.value).to.equal("process");
    expect(up.outputs.key.secret).to.equal(true);
    const listed = await certs();
    expect(listed).to.have.length(1);
    expect(up.outputs.id.value).to.equal(String(listed[0].certificateID));
    expect(before - (await balance())).to.be.closeTo(29.95, 0.001);
    const dns = ((await h.client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];
    expect(dns.filter((r) => r.type === "CNAME" && r.name.startsWith("_") && r.value.endsWith(".sectigo.com"))).to.have.length(1);

    // Step two: the clock moves, a refresh reports the certificate issued.
    await h.emu.control.advanceClock(120);
    await eng.stack.refresh();
    // Refresh updates the resource's outputs (the stack outputs wait for the next up).
    const out = outputsOf(eng, "cert");
    expect(out.status).to.equal("valid");
    const x = issuedBy(out.certificate, first.key);
    expect(x.subjectAltName).to.include(`DNS:${CN}`);
    expect(out.certificateChain).to.deep.equal([h.emu.caCert]);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd, first.key.split("\n")[5]]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(2);
  });

  it("adds a name in place (multidomainaddsan); the next up reports the reissued certificate", async () => {
    want.alternativeNames = [`API.${ZONE}.`];
    let up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 1, create: 1 });
    expect(up.outputs.status.value).to.equal("reissue");
    expect(up.outputs.names.value).to.deep.equal([`api.${ZONE}`]);
    up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 3, update: 1 });
    expect(up.outputs.status.value).to.equal("valid");
    expect(issuedBy(up.outputs.certificate.value, first.key).subjectAltName).to.include(`DNS:api.${ZONE}`);
    await expectEmptyPlan(eng);
  });

  it("detects a name added outside; removing it orders a new certificate (replace)", async () => {
    const id = Number((await eng.stack.outputs()).id.value);
    await h.client.call("ssl/multidomainaddsan", { certificateID: id, extraSAN: `extra.${ZONE}` } as any);
    await eng.stack.refresh();
    expect(outputsOf(eng, "cert").alternativeNames).to.deep.equal([`api.${ZONE}`, `extra.${ZONE}`]);
    // The DCV records' names are unknown until the new order exists: the preview counts them too.
    expect((await eng.stack.preview()).changeSummary.replace).to.be.greaterThanOrEqual(1);
    // A new order: with a new key here, so the CA asks for new DCV records (an order for the same
    // CSR could be validated by the old records before the provider ever reads its round).
    first = keyAndCsr(CN);
    want.csr = first.csr;
    want.privateKey = first.key;
    let up = await eng.stack.up();
    // The certificate, and both DCV records (new names for the new CSR).
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, replace: 3 });
    expect(up.outputs.names.value).to.deep.equal([`api.${ZONE}`]);
    expect(Number(up.outputs.id.value)).to.not.equal(id);
    expect(up.outputs.status.value).to.equal("process");
    up = await eng.stack.up();
    expect(up.outputs.status.value).to.equal("valid");
    issuedBy(up.outputs.certificate.value, first.key);
    // The old certificate is forgotten, not deleted (the API has no delete).
    expect((await certs()).map((c) => c.certificateID)).to.include(id);
    await expectEmptyPlan(eng);
  });

  it("reissues in place for a new key; the DCV records follow", async () => {
    const id = (await eng.stack.outputs()).id.value;
    first = keyAndCsr(CN);
    want.csr = first.csr;
    want.privateKey = first.key;
    let up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    expect(up.outputs.id.value).to.equal(id);
    expect(up.outputs.status.value).to.equal("reissue");
    up = await eng.stack.up();
    expect(up.outputs.status.value).to.equal("valid");
    issuedBy(up.outputs.certificate.value, first.key);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [first.key.split("\n")[5]]);
  });

  it("refuses a private key that does not belong to the CSR, at preview", async () => {
    const other = keyAndCsr(CN);
    const keep = want.privateKey;
    want.privateKey = other.key;
    const err = await eng.stack.preview().then(
      () => "",
      (e: Error) => e.message,
    );
    want.privateKey = keep;
    expect(err).to.include("privateKey: does not belong to the CSR");
    expect(err).to.not.include(other.key.split("\n")[5]);
  });

  it("generates the key and CSR from subject fields and waits for issue (waitFor issued, http validation)", async () => {
    const gen = await h.stack(async () => {
      const { SslCertificate } = h.pkg();
      const subject = {
        commonName: `Shop.${ZONE}`,
        organizationName: "Ejemplo SL",
        organizationalUnitName: "IT",
        countryName: "es",
        stateOrProvinceName: "Barcelona",
        localityName: "Barcelona",
        emailAddress: "it@ssl-example.com",
      };
      const c = new SslCertificate("gen", { productId: 101, subject, validationMethod: "http", adminContact: OWNER }, { customTimeouts: { create: "2m" } });
      return { status: c.status, certificate: c.certificate, key: c.privateKey, validations: c.validations, cn: c.commonName };
    });
    const up = await gen.stack.up();
    expect(up.outputs.status.value).to.equal("valid");
    expect(up.outputs.cn.value).to.equal(`shop.${ZONE}`);
    expect(up.outputs.validations.value[0]).to.include({ domainName: `shop.${ZONE}`, method: "http", validated: true });
    expect(up.outputs.key.secret).to.equal(true);
    const key = String(up.outputs.key.value);
    issuedBy(up.outputs.certificate.value, key);
    await expectEmptyPlan(gen);
    expectNoPlaintext(gen, [key.split("\n")[5], h.emu.apiPasswd]);
    expect((await gen.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 2 });
  });

  it("adopts an existing certificate by certificateId: no order, no write, an empty plan; a mismatch is refused; destroy forgets it", async () => {
    // A certificate ordered outside the program (the panel), issued, its key known only here.
    const local = keyAndCsr(`adopt.${ZONE}`);
    const admin = ((await h.client.call("contact/create", contactCreateParams(OWNER) as any)) as any).contactID as string;
    const ordered = ((await h.client.call("ssl/create", { csrData: local.csr, productID: 101, validationMethod: "http", adminContactID: admin } as any)) as any)
      .ssl;
    await h.emu.control.advanceClock(120);
    const id = ordered.certificateID as number;
    const adopt: Record<string, any> = { certificateId: id, productId: 103, commonName: `Adopt.${ZONE}`, privateKey: local.key };
    const eng2 = await h.stack(async () => {
      const { SslCertificate } = h.pkg();
      const c = new SslCertificate("adopted", adopt as any);
      return { id: c.id, status: c.status, certificate: c.certificate, csr: c.csr, names: c.alternativeNames };
    });
    const before = await balance();
    const count = (await certs()).length;
    await h.emu.control.counters({ reset: true });

    // What the program says must be the certificate's: another product would be a replace (an order) on the next plan.
    const refused = await eng2.stack.up().then(
      () => "",
      (e: Error) => e.message,
    );
    expect(refused).to.include(`cannot adopt certificate ${id}: productId is 103 but certificate ${id} is product 101`);
    adopt.productId = 101;
    const up = await eng2.stack.up();
    // The stack resource itself was made by the refused run.
    expect(up.summary.resourceChanges).to.deep.equal({ create: 1, same: 1 });
    expect(writeCalls((await h.emu.control.counters()).calls), "adopting writes nothing").to.deep.equal({});
    expect(await balance()).to.equal(before);
    expect(await certs()).to.have.length(count);
    expect(up.outputs.id.value).to.equal(String(id));
    expect(up.outputs.status.value).to.equal("valid");
    expect(up.outputs.names.value).to.deep.equal([]);
    // The API returns no CSR: none is recorded.
    expect(up.outputs.csr.value).to.equal("");
    issuedBy(up.outputs.certificate.value, local.key);
    await expectEmptyPlan(eng2);
    await expectCleanRefresh(eng2, 2);
    expectNoPlaintext(eng2, [local.key.split("\n")[5]]);

    // A key that is not the certificate's is refused before anything is recorded.
    const other = await h.stack(async () => {
      const { SslCertificate } = h.pkg();
      new SslCertificate("wrong-key", { certificateId: id, productId: 101, commonName: `adopt.${ZONE}`, privateKey: keyAndCsr(`adopt.${ZONE}`).key });
    });
    const wrong = await other.stack.up().then(
      () => "",
      (e: Error) => e.message,
    );
    expect(wrong).to.include(`privateKey does not belong to certificate ${id}`);

    // Destroy forgets it: the API has no certificate delete.
    await h.emu.control.counters({ reset: true });
    expect((await eng2.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect(writeCalls((await h.emu.control.counters()).calls)).to.deep.equal({});
    expect((await certs()).map((c) => c.certificateID)).to.include(id);
  });

  it("forgets the certificate on destroy (the API has no delete) and removes the DCV records", async () => {
    const n = (await certs()).length;
    const destroyed = await eng.stack.destroy();
    expect(destroyed.summary.resourceChanges).to.deep.equal({ delete: 4 });
    expect(await certs()).to.have.length(n);
    const dns = ((await h.client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];
    expect(dns.filter((r) => r.type === "CNAME" && r.name.startsWith("_"))).to.deep.equal([]);
    const state = await h.emu.control.getState(h.emu.apiUser);
    expect(Object.keys(state.certificates)).to.have.length(n);
  });

  it("SslCertificateValidation: a missing certificate is refused; a wait cut short is recorded and resumed; waiting writes nothing", async () => {
    const local = keyAndCsr(`wait.${ZONE}`);
    const admin = ((await h.client.call("contact/create", contactCreateParams(OWNER) as any)) as any).contactID as string;
    // Ordered outside the program, DNS validation: not issued until its CNAME exists.
    const ordered = ((await h.client.call("ssl/create", { csrData: local.csr, productID: 101, validationMethod: "dns", adminContactID: admin } as any)) as any)
      .ssl;
    const id = ordered.certificateID as number;
    const args: Record<string, any> = { certificateId: 424242 };
    const eng3 = await h.stack(async () => {
      const { SslCertificateValidation } = h.pkg();
      const v = new SslCertificateValidation("issued", args as any, { customTimeouts: { create: "2s", update: "1m" } });
      return { status: v.status, certificate: v.certificate };
    });
    await h.emu.control.counters({ reset: true });

    // Not in the account: a clear error naming the input, nothing recorded.
    expect(await failureOf(eng3.stack.up())).to.include("certificateId: certificate 424242 is not in this account");
    expect(stateResources(eng3)).to.not.have.property("issued");

    // Still in process when the wait (customTimeouts.create, 2 s) ends: recorded as it is, the next plan waits again.
    args.certificateId = id;
    expect(await failureOf(eng3.stack.up())).to.match(new RegExp(`certificate ${id} still process after \\d+s`));
    expect(stateResources(eng3).issued.outputs.status).to.equal("process");
    expect((await eng3.stack.preview()).changeSummary).to.deep.equal({ update: 1, same: 1 });
    expect(writeCalls((await h.emu.control.counters()).calls), "waiting writes nothing").to.deep.equal({});

    // The validation record published (as the program's DnsRecord would): the next up waits it out, PEM out, no key.
    const dcv = ((await h.client.call("ssl/getinfo", { certificateID: id, infoType: "validationStatus" } as any)) as any).validationData.dcv[`wait.${ZONE}`];
    const [host, , target] = String(dcv.checkvalue).split(" ");
    await h.client.call("service/dnscreate", { serviceName: ZONE, name: host, type: "CNAME", value: target } as any);
    await h.emu.control.advanceClock(120);
    await h.emu.control.counters({ reset: true });
    const up = await eng3.stack.up();
    expect(up.outputs.status.value).to.equal("valid");
    issuedBy(up.outputs.certificate.value, local.key);
    await expectEmptyPlan(eng3);
    expect(writeCalls((await h.emu.control.counters()).calls), "waiting writes nothing").to.deep.equal({});
  });
});
