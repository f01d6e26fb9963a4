/**
 * An SSL order whose DNS validation record sits in the wrong zone (issue 22 item 4), through the
 * real engine: the domain is delegated to nameservers outside DonDominio while the program puts
 * the CNAME in the zone hosted here. The emulator's CA sees only the zone the domain delegates to
 * (emulator/modules/service/lookup.ts resolveRecords), so SslCertificateValidation's wait runs out
 * and reports it, recorded as it is; the next up waits again and orders nothing; once the domain
 * is delegated to DonDominio's nameservers the certificate is issued. One ssl/create over the whole
 * story, one certificate price spent. Run `npm run build` first.
 */
import { expect } from "chai";
import { findSslProduct } from "../../emulator/data/ssl-products";
import type { EngineStack } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { contactCreateParams, countCalls, expectEmptyPlan, failureOf, type Harness, OWNER, outputsOf, startHarness, writeCalls } from "./harness";

const DOMAIN = "ssl-wrong-zone.com";
const CN = `www.${DOMAIN}`;

describe("SslCertificate validated by DNS with the record in the wrong zone (engine, SslCertificateValidation)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  const balance = async () => Number((await h.client.call("account/info")).balance);

  before(async () => {
    h = await startHarness();
    // The domain is registered here, delegated elsewhere; a hosting zone for it exists here too.
    const owner = (await h.client.call("contact/create", contactCreateParams(OWNER) as never)) as { contactID: string };
    await h.client.call("domain/create", {
      domain: DOMAIN,
      ownerContactID: owner.contactID,
      nameservers: ["ns1.elsewhere-dns.example", "ns2.elsewhere-dns.example"],
    } as never);
    await h.emu.control.advanceClock(60);
    await h.client.call("service/create", { serviceName: DOMAIN, productkey: "redir" } as never);
    const local = keyAndCsr(CN);
    eng = await h.stack(async () => {
      const { DnsRecord, SslCertificate, SslCertificateValidation } = h.pkg();
      const cert = new SslCertificate("cert", { productId: 101, csr: local.csr, validationMethod: "dns", waitFor: "validation", adminContact: OWNER });
      const r = cert.validationRecords.apply((l) => l[0] ?? { name: "_dcv-none", type: "TXT" as const, value: "validated before it was read" });
      const dcv = new DnsRecord("dcv", { serviceName: DOMAIN, name: r.name, type: r.type, value: r.value });
      const issued = new SslCertificateValidation(
        "issued",
        { certificateId: cert.certificateId, validationRecordIds: [dcv.id] },
        { customTimeouts: { create: "4s", update: "4s" } },
      );
      return { status: issued.status };
    });
  });
  after(async () => h?.close());

  it("reports the wait run out, orders nothing again, and issues once the domain delegates to the zone", async () => {
    const price = findSslProduct(101)!.create!.create;
    const start = await balance();

    // 1. The order and its record: the CA does not see the record (the domain delegates elsewhere).
    const first = await countCalls(h, () => failureOf(eng.stack.up()));
    expect(first.result).to.match(
      /still process after \d+s: recorded as it is; the next `pulumi up` keeps waiting \(check that the validation records are published/,
    );
    expect(writeCalls(first.calls)).to.deep.equal({ "ssl/create": 1, "service/dnscreate": 1 });
    const certificateId = Number(outputsOf(eng, "cert").certificateId);
    const zone = ((await h.client.call("service/dnslist", { serviceName: DOMAIN, filterType: "CNAME" } as never)) as any).dns;
    expect(zone.map((x: { name: string }) => x.name)).to.have.length(1);
    expect(outputsOf(eng, "issued")).to.include({ status: "process" });
    const spent = Math.round((start - (await balance())) * 100);
    expect(spent).to.equal(Math.round(price * 100));

    // 2. Another up: it waits again and reports it again; nothing is ordered or written.
    const second = await countCalls(h, () => failureOf(eng.stack.up()));
    expect(second.result).to.match(/certificate \d+ still process after \d+s/);
    expect(writeCalls(second.calls)).to.deep.equal({});

    // 3. The domain delegated to DonDominio's nameservers (what the user fixes at the registrar):
    //    the CA sees the record, the next up finds the certificate issued, still one order.
    await h.client.call("domain/updatenameservers", { domain: DOMAIN, nameservers: ["default"] } as never);
    const third = await countCalls(h, () => eng.stack.up());
    expect(writeCalls(third.calls)).to.deep.equal({});
    expect(outputsOf(eng, "issued")).to.include({ status: "valid" });
    expect(String(outputsOf(eng, "issued").certificate)).to.include("BEGIN CERTIFICATE");
    expect(((await h.client.call("ssl/getinfo", { certificateID: certificateId } as never)) as any).status).to.equal("valid");
    expect(Math.round((start - (await balance())) * 100)).to.equal(spent);
    await expectEmptyPlan(eng);
  });
});
