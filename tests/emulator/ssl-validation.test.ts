/**
 * SSL domain control validation as the tests drive it (issue 22 item 2): dns passes only when the
 * CNAME is in the zone the domain's nameservers delegate to in the emulator (service/lookup.ts
 * resolveRecords), not in any hosted zone; http, https and mail are decided through the control API
 * (ssl/validation: approved, held, or for http/https fetched from a loopback server the test runs),
 * the timer (delays.sslValidationSec) only the default. Over HTTPS, as a client sees it.
 */
import { expect } from "chai";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { Ca, createCa } from "../../emulator/core/ca";
import { DEFAULT_DELAYS } from "../../emulator/core/clock";
import { EMULATOR_NAMESERVERS } from "../../emulator/data/products";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { CSR_SUBJECT, PERSON } from "../fixtures";
import { ADMIN } from "./ssl-fixture";

const OWNER = Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`ownerContact${k}`, v]));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => "succeeded",
    (e: Error) => e.message,
  );

function clientOf(emu: RunningEmulator): DonDominioClient {
  return new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
}
async function order(c: DonDominioClient, cn: string, validationMethod: string): Promise<number> {
  const csr = await c.call("ssl/csrcreate", { commonName: cn, ...CSR_SUBJECT } as never);
  const r = (await c.call("ssl/create", { ...ADMIN, csrData: (csr as any).csrData, productID: 101, validationMethod } as never)) as any;
  return r.ssl.certificateID;
}
async function dcvOf(c: DonDominioClient, id: number, name: string): Promise<any> {
  return ((await c.call("ssl/getinfo", { certificateID: id, infoType: "validationStatus" } as never)) as any).validationData.dcv[name];
}
const statusOf = async (c: DonDominioClient, id: number) => ((await c.call("ssl/getinfo", { certificateID: id } as never)) as any).status as string;

/** A loopback web server answering the validation file for `name` (other hosts and paths: 404). */
async function fileServer(name: string, path: string, body: string, tls?: { cert: string; key: string }): Promise<{ url: string; close(): Promise<void> }> {
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const ok = req.headers.host === name && req.url === path;
    res.writeHead(ok ? 200 : 404, { "content-type": "text/plain" }).end(ok ? body : "not here");
  };
  const server = tls ? https.createServer({ cert: tls.cert, key: tls.key }, handler) : http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `${tls ? "https" : "http"}://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe("emulator: SSL validation by the delegated zone and on request (control API ssl/validation)", () => {
  describe("dns: the zone the domain's nameservers delegate to", () => {
    let emu: RunningEmulator;
    let c: DonDominioClient;
    before(async () => {
      emu = await startEmulator();
      c = clientOf(emu);
    });
    after(() => emu?.close());

    it("does not see the CNAME while the domain is on parking or outside nameservers; sees it once they are the emulator's", async () => {
      const domain = "delegated-example.com";
      await c.call("domain/create", { domain, ...OWNER } as never);
      await emu.control.advanceClock(10);
      await c.call("service/create", { serviceName: domain, productkey: "basic" } as never);
      const id = await order(c, `www.${domain}`, "dns");
      const [host, , target] = String((await dcvOf(c, id, `www.${domain}`)).checkvalue).split(/\s+/);
      await c.call("service/dnscreate", { serviceName: domain, name: host, type: "CNAME", value: target } as never);
      // The record is in a hosted zone, but the domain is delegated to the parking servers.
      await emu.control.advanceClock(3600);
      expect(await statusOf(c, id)).to.equal("process");
      await c.call("domain/updatenameservers", { domain, nameservers: "ns1.elsewhere-dns.example,ns2.elsewhere-dns.example" } as never);
      await emu.control.advanceClock(3600);
      expect(await statusOf(c, id)).to.equal("process");
      expect((await dcvOf(c, id, `www.${domain}`)).validated).to.equal(false);
      // Delegated to the emulator's own nameservers: the hosted zone answers, the CA sees the record.
      await c.call("domain/updatenameservers", { domain, nameservers: "default" } as never);
      expect(await statusOf(c, id)).to.equal("valid");
    });

    it("does not see it while the registration is still pending (the name is delegated nowhere)", async () => {
      const domain = "pending-dcv-example.com";
      await c.call("service/create", { serviceName: domain, productkey: "basic" } as never);
      await c.call("domain/create", { domain, nameservers: EMULATOR_NAMESERVERS.join(","), ...OWNER } as never);
      await emu.control.transitionDomain(emu.apiUser, domain, { status: "register-pending", hold: true });
      const id = await order(c, domain, "dns");
      const [host, , target] = String((await dcvOf(c, id, domain)).checkvalue).split(/\s+/);
      await c.call("service/dnscreate", { serviceName: domain, name: host, type: "CNAME", value: target } as never);
      await emu.control.advanceClock(60);
      expect(await statusOf(c, id)).to.equal("process");
      await emu.control.transitionDomain(emu.apiUser, domain, { status: "active" });
      expect(await statusOf(c, id)).to.equal("valid");
    });

    it("refuses to decide a dns name on request (409): the record decides", async () => {
      const id = await order(c, "dns-only-example.net", "dns");
      expect(await failure(emu.control.decideSslValidation(emu.apiUser, id, { domainName: "dns-only-example.net" }))).to.match(
        /HTTP 409: .*dns-only-example\.net is validated by dns: the CNAME in the zone its domain is delegated to decides/,
      );
      expect(await failure(emu.control.decideSslValidation(emu.apiUser, id))).to.match(/HTTP 409: .*no name left to validate by http, https or mail/);
    });
  });

  describe("http, https and mail with the timer off (delays.sslValidationSec < 0)", () => {
    let emu: RunningEmulator;
    let c: DonDominioClient;
    before(async () => {
      emu = await startEmulator({ delays: { sslValidationSec: -1 } });
      c = clientOf(emu);
    });
    after(() => emu?.close());

    it("mail and http stay in process however long, until a request approves them", async () => {
      const mail = await order(c, "mail-approve-example.com", "admin@mail-approve-example.com");
      const web = await order(c, "web-approve-example.com", "http");
      await emu.control.advanceClock(30 * 86_400);
      expect(await statusOf(c, mail)).to.equal("process");
      expect(await statusOf(c, web)).to.equal("process");
      const r = await emu.control.decideSslValidation(emu.apiUser, mail);
      expect(r).to.deep.include({ status: "valid", decisions: [{ domainName: "mail-approve-example.com", method: "mail", validated: true }] });
      await emu.control.decideSslValidation(emu.apiUser, web, { domainName: "web-approve-example.com" });
      expect(await statusOf(c, web)).to.equal("valid");
    });

    it("http: fetched from a loopback server with the name as Host; wrong contents are reported and not validated", async () => {
      const cn = "fetch-example.com";
      const id = await order(c, cn, "http");
      const check = (await dcvOf(c, id, cn)).checkvalue;
      const path = `/.well-known/pki-validation/${check.file}`;
      const wrong = await fileServer(cn, path, "something else");
      try {
        const r = await emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: wrong.url });
        expect(r.status).to.equal("process");
        expect(r.decisions[0]).to.include({ domainName: cn, validated: false });
        expect(r.decisions[0].reason).to.include("answered other contents than the checkvalue asks for");
      } finally {
        await wrong.close();
      }
      const right = await fileServer(cn, path, `${check.contents}\r\n`);
      try {
        const r = await emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: right.url });
        expect(r).to.deep.include({ status: "valid", decisions: [{ domainName: cn, method: "http", validated: true }] });
      } finally {
        await right.close();
      }
    });

    it("https: fetched over TLS verified against the CA the test gives (server name = the validated name)", async () => {
      const cn = "tls-fetch-example.com";
      const id = await order(c, cn, "https");
      const check = (await dcvOf(c, id, cn)).checkvalue;
      const ca = new Ca(createCa());
      const leaf = ca.issueServerCert([cn]);
      const server = await fileServer(cn, `/.well-known/pki-validation/${check.file}`, check.contents, { cert: leaf.certPem, key: leaf.keyPem });
      try {
        // Without the CA the certificate is not trusted: not validated, and why.
        const untrusted = await emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: server.url });
        expect(untrusted.decisions[0].validated).to.equal(false);
        expect(untrusted.decisions[0].reason).to.match(/failed: .*(self[- ]signed|unable to verify|certificate)/i);
        const r = await emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: server.url, caCert: ca.certPem });
        expect(r.status).to.equal("valid");
      } finally {
        await server.close();
      }
    });

    it("refuses fetchFrom outside loopback or over the other scheme (400), and unknown certificates (404)", async () => {
      const id = await order(c, "refuse-fetch-example.com", "http");
      expect(await failure(emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: "http://192.0.2.7:8080" }))).to.match(
        /HTTP 400: .*192\.0\.2\.7 is not a loopback address/,
      );
      expect(await failure(emu.control.decideSslValidation(emu.apiUser, id, { fetchFrom: "https://127.0.0.1:1" }))).to.match(
        /HTTP 400: .*the CA fetches a http name over http, not https/,
      );
      expect(await failure(emu.control.decideSslValidation(emu.apiUser, 999_999))).to.match(/HTTP 404: .*999999 not found/);
      expect(await statusOf(c, id)).to.equal("process");
    });
  });

  describe("default timer", () => {
    let emu: RunningEmulator;
    let c: DonDominioClient;
    before(async () => {
      emu = await startEmulator();
      c = clientOf(emu);
    });
    after(() => emu?.close());

    it("passes http by itself after sslValidationSec; a held name does not, until a resent mail or a request", async () => {
      const web = await order(c, "timer-example.com", "http");
      await emu.control.advanceClock(DEFAULT_DELAYS.sslValidationSec);
      expect(await statusOf(c, web)).to.equal("valid");
      const mail = await order(c, "held-example.com", "admin@held-example.com");
      const held = await emu.control.decideSslValidation(emu.apiUser, mail, { approve: false });
      expect(held.decisions).to.deep.equal([{ domainName: "held-example.com", method: "mail", validated: false, reason: "held" }]);
      await emu.control.advanceClock(3600);
      expect(await statusOf(c, mail)).to.equal("process");
      await c.call("ssl/resendvalidationmail", { certificateID: mail, commonName: "held-example.com" } as never);
      await emu.control.advanceClock(DEFAULT_DELAYS.sslValidationSec);
      expect(await statusOf(c, mail)).to.equal("valid");
    });
  });
});
