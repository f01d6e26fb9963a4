/**
 * Restart keeps state: an emulator on a fixed data directory is given state through the client,
 * closed, and started again on the same directory; credentials, CA, clock offset and every record
 * are still there, and pending states carry on from where they were.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { DEFAULT_DELAYS } from "../../emulator/core/clock";
import { DonDominioClient, updateDynamicDns } from "../../sdk";
import { CSR_SUBJECT, DAY, type E2e, PERSON, startE2e } from "./helpers";

describe("e2e: restart on the same data directory", function () {
  this.timeout(30_000);
  const dataDir = mkdtempSync(join(tmpdir(), "dondominio-e2e-restart-"));
  let first: E2e | undefined;
  let second: E2e | undefined;

  after(async () => {
    await first?.close();
    await second?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps credentials, CA, clock and state; a client with the same credentials works", async () => {
    first = await startE2e({ dataDir });
    const { client, emu } = first;
    const contact = await client.call("contact/create", { ...PERSON });
    const active = await client.call("domain/create", { domain: "restart-active.com", ownerContactID: contact.contactID });
    await emu.control.advanceClock(DEFAULT_DELAYS.registerInitSec + DEFAULT_DELAYS.registerPendingSec);
    // Left in register-init on purpose: it must finish after the restart.
    await client.call("domain/create", { domain: "restart-pending.com", ownerContactID: contact.contactID });
    await client.call("service/create", { serviceName: "restart-active.com", productkey: "basic" });
    const record = (await client.call("service/dnscreate", { serviceName: "restart-active.com", name: "home", type: "A", value: "192.0.2.44" })).dns[0];
    const csr = await client.call("ssl/csrcreate", { commonName: "restart-active.com", ...CSR_SUBJECT });
    const cert = (await client.call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "http", adminContactID: contact.contactID })).ssl;
    const clock = await emu.control.advanceClock(30 * DAY);
    const domainBefore = await client.call("domain/getinfo", { domainID: active.domains[0].domainID });
    const sslBefore = await client.call("ssl/getinfo", { certificateID: cert.certificateID, infoType: "ssldata" });
    const infoBefore = await client.call("account/info");
    const creds = { apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, caCert: emu.caCert };
    await first.close();
    first = undefined;

    second = await startE2e({ dataDir });
    expect({ apiUser: second.emu.apiUser, apiPasswd: second.emu.apiPasswd, dyndnsKey: second.emu.dyndnsKey, caCert: second.emu.caCert }).to.deep.equal(creds);
    // The old CA file and the old credentials are enough for a new client (the port may differ).
    const again = new DonDominioClient({ apiUser: creds.apiUser, apiPasswd: creds.apiPasswd, baseUrl: second.emu.url, caCert: creds.caCert });

    const info = await again.call("account/info");
    expect(info.balance).to.equal(infoBefore.balance);
    expect((await again.call("contact/getinfo", { contactID: contact.contactID })).email).to.equal(PERSON.Email);
    const domainAfter = await again.call("domain/getinfo", { domainID: active.domains[0].domainID });
    expect(domainAfter).to.deep.equal(domainBefore);
    // The clock offset survived: advancing it again adds to the old offset.
    const clockAfter = await second.emu.control.advanceClock(1);
    expect(clockAfter.offsetSeconds).to.equal(clock.offsetSeconds + 1);
    // The pending registration carries on: 30 days passed before the restart.
    expect((await again.call("domain/getinfo", { domain: "restart-pending.com" })).status).to.equal("active");
    const dns = (await again.call("service/dnslist", { serviceName: "restart-active.com", filterType: "A" })).dns;
    expect(dns.find((r) => r.entityID === record.entityID)?.value).to.equal("192.0.2.44");
    const sslAfter = await again.call("ssl/getinfo", { certificateID: cert.certificateID, infoType: "ssldata" });
    expect(sslAfter.sslCert).to.equal(sslBefore.sslCert);
    expect(sslAfter.status).to.equal("valid");

    // The dynamic DNS key kept in emulator.json still works.
    const dyn = await updateDynamicDns({ user: creds.apiUser, key: creds.dyndnsKey, host: "home.restart-active.com", ip: "198.51.100.44", baseUrl: second.emu.dyndnsUrl, caCert: creds.caCert });
    expect(dyn).to.include({ success: true, updated: true, value: "198.51.100.44" });
  });
});
