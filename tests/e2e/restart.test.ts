/**
 * Restart keeps state: an emulator on a fixed data directory is given state through the client,
 * closed, and started again on the same directory; credentials, CA, clock offset and every record
 * are still there, and pending states carry on from where they were: a registration and a transfer
 * started before the restart are still pending after it, and complete as the clock advances then.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { Delays } from "../../emulator/core/clock";
import { DonDominioClient, updateDynamicDns } from "../../sdk";
import { CSR_SUBJECT, DAY, type E2e, PERSON, startE2e } from "./helpers";

/**
 * Registration and transfer steps long enough (in emulator clock seconds) that real time alone never
 * moves them during the test; the clock is advanced explicitly. Both starts use the same delays.
 */
const DELAYS: Partial<Delays> = { registerInitSec: 600, registerPendingSec: 600, transferInitSec: 600, transferPendingSec: 600 };

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
    first = await startE2e({ dataDir, delays: DELAYS });
    const { client, emu } = first;
    const contact = await client.call("contact/create", { ...PERSON });
    const active = await client.call("domain/create", { domain: "restart-active.com", ownerContactID: contact.contactID });
    await emu.control.advanceClock(DELAYS.registerInitSec! + DELAYS.registerPendingSec!);
    expect((await client.call("domain/getinfo", { domain: "restart-active.com" })).status).to.equal("active");
    await client.call("service/create", { serviceName: "restart-active.com", productkey: "basic" });
    const record = (await client.call("service/dnscreate", { serviceName: "restart-active.com", name: "home", type: "A", value: "192.0.2.44" })).dns[0];
    const csr = await client.call("ssl/csrcreate", { commonName: "restart-active.com", ...CSR_SUBJECT });
    const cert = (await client.call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "http", adminContactID: contact.contactID })).ssl;
    const clock = await emu.control.advanceClock(30 * DAY);
    // Started after the last clock move, so still pending when the emulator stops: they must
    // finish after the restart.
    const pending = (await client.call("domain/create", { domain: "restart-pending.com", period: 2, ownerContactID: contact.contactID })).domains[0];
    expect(pending.status).to.equal("register-init");
    const transfer = (await client.call("domain/transfer", { domain: "restart-taken-in.com", authcode: "Good-Code-55", ownerContactID: contact.contactID }))
      .domains[0];
    expect(transfer.status).to.equal("transfer-init");
    const domainBefore = await client.call("domain/getinfo", { domainID: active.domains[0].domainID });
    const sslBefore = await client.call("ssl/getinfo", { certificateID: cert.certificateID, infoType: "ssldata" });
    const infoBefore = await client.call("account/info");
    const creds = { apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, caCert: emu.caCert };
    await first.close();
    first = undefined;

    second = await startE2e({ dataDir, delays: DELAYS });
    expect({ apiUser: second.emu.apiUser, apiPasswd: second.emu.apiPasswd, dyndnsKey: second.emu.dyndnsKey, caCert: second.emu.caCert }).to.deep.equal(creds);
    // The old CA file and the old credentials are enough for a new client (the port may differ).
    const again = new DonDominioClient({ apiUser: creds.apiUser, apiPasswd: creds.apiPasswd, baseUrl: second.emu.url, caCert: creds.caCert });
    const status = async (domain: string) => (await again.call("domain/getinfo", { domain })).status;

    const info = await again.call("account/info");
    expect(info.balance).to.equal(infoBefore.balance);
    expect((await again.call("contact/getinfo", { contactID: contact.contactID })).email).to.equal(PERSON.Email);
    const domainAfter = await again.call("domain/getinfo", { domainID: active.domains[0].domainID });
    expect(domainAfter).to.deep.equal(domainBefore);
    // Still pending across the restart, where they were.
    expect(await status("restart-pending.com")).to.equal("register-init");
    expect(await status("restart-taken-in.com")).to.equal("transfer-init");
    // The clock offset survived: advancing it again adds to the old offset.
    const clockAfter = await second.emu.control.advanceClock(1);
    expect(clockAfter.offsetSeconds).to.equal(clock.offsetSeconds + 1);
    // The pending transitions carry on from where they were, step by step, on the restarted emulator.
    await second.emu.control.advanceClock(DELAYS.registerInitSec!);
    expect(await status("restart-pending.com")).to.equal("register-pending");
    expect(await status("restart-taken-in.com")).to.equal("transfer-pending");
    await second.emu.control.advanceClock(DELAYS.registerPendingSec!);
    const registered = await again.call("domain/getinfo", { domain: "restart-pending.com" });
    expect(registered.status).to.equal("active");
    expect(registered.domainID).to.equal(pending.domainID);
    const created = new Date(`${registered.tsCreate}T00:00:00Z`);
    created.setUTCFullYear(created.getUTCFullYear() + 2);
    expect(registered.tsExpir).to.equal(created.toISOString().slice(0, 10));
    const transferred = await again.call("domain/getinfo", { domain: "restart-taken-in.com", infoType: "status" });
    expect(transferred).to.include({ status: "active", transferStatus: "completed" });
    // Nothing was charged twice by finishing after the restart.
    expect((await again.call("account/info")).balance).to.equal(infoBefore.balance);

    const dns = (await again.call("service/dnslist", { serviceName: "restart-active.com", filterType: "A" })).dns;
    expect(dns.find((r) => r.entityID === record.entityID)?.value).to.equal("192.0.2.44");
    const sslAfter = await again.call("ssl/getinfo", { certificateID: cert.certificateID, infoType: "ssldata" });
    expect(sslAfter.sslCert).to.equal(sslBefore.sslCert);
    expect(sslAfter.status).to.equal("valid");

    // The dynamic DNS key kept in emulator.json still works.
    const dyn = await updateDynamicDns({
      user: creds.apiUser,
      key: creds.dyndnsKey,
      host: "home.restart-active.com",
      ip: "198.51.100.44",
      baseUrl: second.emu.dyndnsUrl,
      caCert: creds.caCert,
    });
    expect(dyn).to.include({ success: true, updated: true, value: "198.51.100.44" });
  });
});
