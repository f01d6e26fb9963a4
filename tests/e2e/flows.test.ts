/**
 * End-to-end flows through the sdk client over real HTTPS: each state of a domain's life, hosting
 * quotas, an SSL certificate verified with node:crypto against the emulator's CA, dynamic DNS.
 * Clock delays are the emulator defaults (emulator/core/clock.ts DEFAULT_DELAYS).
 */
import { X509Certificate, createPublicKey } from "node:crypto";
import { expect } from "chai";
import { DEFAULT_DELAYS } from "../../emulator/core/clock";
import { type DynDnsFormat, updateDynamicDns } from "../../sdk";
import { apiError, CSR_SUBJECT, contactBlock, type E2e, expectSpecReply, PERSON, startE2e } from "./helpers";

const D = DEFAULT_DELAYS;

describe("e2e flows through the client", function () {
  this.timeout(30_000);
  let e: E2e;
  let contactID: string;
  const status = async (domain: string) => (await e.client.call("domain/getinfo", { domain })).status;

  before(async () => {
    e = await startE2e();
    contactID = (await e.client.call("contact/create", { ...PERSON })).contactID;
  });
  after(async () => {
    await e?.close();
  });

  describe("domain/create", () => {
    it("goes register-init -> register-pending -> active as the clock advances, with tsExpir = tsCreate + period", async () => {
      const params = { domain: "flow-register.com", period: 2, ...contactBlock("owner") };
      const r = await e.client.call("domain/create", params);
      // The raw reply against the reference's facts for domain/create (tests/fixtures/spec-shapes.ts).
      expectSpecReply(e.lastReply("json", "domain/create"), "json", "domain/create", params);
      expect(r.domains[0]).to.include({ name: "flow-register.com", status: "register-init", tsExpir: "" });
      expect(r.billing.total).to.be.greaterThan(0);
      await e.emu.control.advanceClock(D.registerInitSec);
      expect(await status("flow-register.com")).to.equal("register-pending");
      await e.emu.control.advanceClock(D.registerPendingSec);
      const info = await e.client.call("domain/getinfo", { domainID: r.domains[0].domainID });
      expect(info.status).to.equal("active");
      const created = new Date(`${info.tsCreate}T00:00:00Z`);
      created.setUTCFullYear(created.getUTCFullYear() + 2);
      expect(info.tsExpir).to.equal(created.toISOString().slice(0, 10));
    });
  });

  describe("domain/transfer", () => {
    it("transfers in a name registered elsewhere: transfer-init -> transfer-pending -> active", async () => {
      const name = "flow-taken-in.com";
      expect((await e.client.call("domain/check", { domain: name })).domains[0].available).to.equal(false);
      const r = await e.client.call("domain/transfer", { domain: name, authcode: "Good-Code-77", ownerContactID: contactID });
      expect(r.domains[0].status).to.equal("transfer-init");
      await e.emu.control.advanceClock(D.transferInitSec);
      expect(await status(name)).to.equal("transfer-pending");
      await e.emu.control.advanceClock(D.transferPendingSec);
      const info = await e.client.call("domain/getinfo", { domain: name, infoType: "status" });
      expect(info.status).to.equal("active");
      expect(info.tsExpir).to.match(/^\d{4}-\d{2}-\d{2}$/);
    });

    it("a wrong authcode ends in transfer-cancel; domain/transferrestart with the right one completes it", async () => {
      const name = "flow-taken-retry.com";
      await e.client.call("domain/transfer", { domain: name, authcode: "wrong-one", ownerContactID: contactID });
      await e.emu.control.advanceClock(D.transferInitSec);
      const cancelled = await e.client.call("domain/getinfo", { domain: name });
      expect(cancelled.status).to.equal("transfer-cancel");
      expect(cancelled.transferStatus).to.equal("cancelled");
      // A second transfer order is refused and points at transferrestart.
      const again = await apiError(() => e.client.call("domain/transfer", { domain: name, authcode: "Good-Code-78", ownerContactID: contactID }));
      expect(again.messages.join(" ")).to.include("transferrestart");
      const restarted = await e.client.call("domain/transferrestart", { domain: name, authcode: "Good-Code-78" });
      expect(restarted.status).to.equal("transfer-init");
      await e.emu.control.advanceClock(D.transferInitSec + D.transferPendingSec);
      expect(await status(name)).to.equal("active");
    });
  });

  describe("domain/renew", () => {
    it("renews with curExpDate: renewed, then active with tsExpir one year later; the balance drops by the billing total", async () => {
      const name = "flow-register.com";
      const before = await e.client.call("domain/getinfo", { domain: name });
      const balanceBefore = (await e.client.call("account/info")).balance;
      const r = await e.client.call("domain/renew", { domain: name, curExpDate: before.tsExpir, period: 1 });
      expect(r.domains[0].status).to.equal("renewed");
      const next = new Date(`${before.tsExpir}T00:00:00Z`);
      next.setUTCFullYear(next.getUTCFullYear() + 1);
      expect(r.domains[0].tsExpir).to.equal(next.toISOString().slice(0, 10));
      const balanceAfter = (await e.client.call("account/info")).balance;
      expect(r.billing.total).to.be.greaterThan(0);
      expect(Math.round((balanceBefore - balanceAfter) * 100)).to.equal(Math.round(r.billing.total * 100));
      expect(await status(name)).to.equal("renewed");
      await e.emu.control.advanceClock(D.renewSec);
      const after = await e.client.call("domain/getinfo", { domain: name });
      expect(after.status).to.equal("active");
      expect(after.tsExpir).to.equal(r.domains[0].tsExpir);
      // The old date no longer renews: curExpDate must be the current tsExpir.
      const stale = await apiError(() => e.client.call("domain/renew", { domain: name, curExpDate: before.tsExpir }));
      expect(stale.errorCode).to.equal(2100);
    });
  });

  describe("service/create", () => {
    it("creates sub-resources up to the product's quota; one more is DonDominioApiError kind quota (4003)", async () => {
      const serviceName = "flow-mini.com";
      await e.client.call("service/create", { serviceName, productkey: "mini" });
      const res = (await e.client.call("service/getinfo", { serviceName, infoType: "resources" })).resources!;
      expect(res.ftp.max).to.be.greaterThan(0);
      for (let i = 0; i < res.ftp.max; i++)
        await e.client.call("service/ftpcreate", { serviceName, name: `user${i}`, ftpPath: `/site${i}`, password: "Quota-Pass-1" });
      await e.client.call("service/mailcreate", { serviceName, name: "hello", password: "Quota-Pass-1" });
      await e.client.call("service/dnscreate", { serviceName, name: "app", type: "AAAA", value: "2001:db8::1" });
      const err = await apiError(() => e.client.call("service/ftpcreate", { serviceName, name: "one-too-many", ftpPath: "/x", password: "Quota-Pass-1" }));
      expect(err.kind).to.equal("quota");
      expect(err.errorCode).to.equal(4003);
      expect(err.message).to.include("quota");
      expect((await e.client.call("service/ftplist", { serviceName })).ftp).to.have.length(res.ftp.max);
    });
  });

  describe("ssl/create", () => {
    it("csrcreate -> create (dns) -> the DCV CNAME via service/dnscreate -> issued certificate verified by node:crypto", async () => {
      const cn = "flow-secure.com";
      await e.client.call("service/create", { serviceName: cn, productkey: "basic" });
      const csr = await e.client.call("ssl/csrcreate", { commonName: cn, ...CSR_SUBJECT });
      const keyPem = csr.keyData ?? csr.csrKey;
      expect(keyPem).to.include("PRIVATE KEY");
      const order = await e.client.call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "dns", adminContactID: contactID });
      const certificateID = order.ssl.certificateID;
      expect(order.ssl.status).to.equal("process");

      const v = await e.client.call("ssl/getinfo", { certificateID, infoType: "validationStatus" });
      const dcv = v.validationData!.dcv[cn];
      expect(dcv).to.include({ method: "dns", validated: false });
      const [host, type, target] = String(dcv.checkvalue).split(" ");
      expect(type).to.equal("CNAME");
      // Without the record, time alone does not validate a dns name.
      await e.emu.control.advanceClock(3600);
      expect((await e.client.call("ssl/getinfo", { certificateID })).status).to.equal("process");
      await e.client.call("service/dnscreate", { serviceName: cn, name: host, type: "CNAME", value: target });
      await e.emu.control.advanceClock(D.sslValidationSec);

      const data = await e.client.call("ssl/getinfo", { certificateID, infoType: "ssldata" });
      expect(data.status).to.equal("valid");
      const cert = new X509Certificate(data.sslCert!);
      const ca = new X509Certificate(e.emu.caCert);
      expect(cert.verify(ca.publicKey)).to.equal(true);
      expect(cert.checkIssued(ca)).to.equal(true);
      const spki = (k: ReturnType<typeof createPublicKey>) => k.export({ type: "spki", format: "der" }).toString("hex");
      expect(spki(cert.publicKey)).to.equal(spki(createPublicKey(keyPem!)));
      expect(cert.checkHost(cn)).to.equal(cn);
      expect(cert.checkHost("other-name.com")).to.equal(undefined);
      expect(data.sslCertChain!.map((p) => new X509Certificate(p).fingerprint256)).to.include(ca.fingerprint256);
      expect(data.fingerprint!.SHA256.replace(/:/g, "").toUpperCase()).to.equal(cert.fingerprint256.replace(/:/g, ""));
    });
  });

  describe("dynamic DNS (updateDynamicDns)", () => {
    const serviceName = "flow-home.com";
    const host = `home.${serviceName}`;
    const update = (format: DynDnsFormat, extra: { key?: string; host?: string; ip?: string } = {}) =>
      updateDynamicDns({ user: e.emu.apiUser, key: e.emu.dyndnsKey, host, baseUrl: e.emu.dyndnsUrl, caCert: e.emu.caCert, format, lang: "en", ...extra });

    before(async () => {
      await e.client.call("service/create", { serviceName, productkey: "redir" });
      await e.client.call("service/dnscreate", { serviceName, name: "home", type: "A", value: "192.0.2.1" });
    });

    (["json", "xml", "plain"] as const).forEach((format, i) => {
      it(`${format}: changes, leaves unchanged, refuses a wrong key and an unknown host; dnslist shows the address`, async () => {
        const ip = `198.51.100.${10 + i}`;
        const changed = await update(format, { ip });
        expect(changed).to.include({ success: true, updated: true, value: ip, type: "A" });
        const same = await update(format, { ip });
        expect(same).to.include({ success: true, updated: false });

        const wrongKey = `not-the-key-${format}`;
        const refused = await update(format, { ip: "203.0.113.9", key: wrongKey });
        expect(refused.success).to.equal(false);
        expect(refused.messages.length).to.be.greaterThan(0);
        const shown = JSON.stringify(refused);
        expect(shown).to.not.include(wrongKey);
        expect(shown).to.not.include(e.emu.dyndnsKey);

        const unknown = await update(format, { host: `nowhere.${serviceName}`, ip: "203.0.113.9" });
        expect(unknown.success).to.equal(false);
        expect(unknown.messages.join(" ")).to.match(/does not exist/);

        const records = (await e.client.call("service/dnslist", { serviceName, filter: host, filterType: "A" })).dns;
        expect(records.map((r) => [r.name, r.value])).to.deep.equal([[host, ip]]);
      });
    });
  });
});
