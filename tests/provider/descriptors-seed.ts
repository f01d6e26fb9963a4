/**
 * An account in the emulator holding an object of every resource the export discovers, in the
 * states it must handle: domains active, pending registration, expired and IDN (with glue records
 * and a DNSSEC entry), a hosting service per zone with records of every type DnsRecord takes,
 * mailboxes, an alias, redirects, FTP accounts, databases, subdomains, and an issued SSL
 * certificate. Seeded through the API (the same calls every time), with no engine.
 */
import type { RunningEmulator } from "../../emulator";
import { DonDominioClient, type OperationName } from "../../sdk";

const DAY = 86_400;
export const SEED_PASSWORD = "Seed-Pass-1234";
/** The hosting services seeded (one IDN), each with a zone. */
export const SEED_ZONES = ["alpha-adopt.com", "café-adopt.com"];

/** Delays of the emulator the seed expects: a registration stays pending for an hour of its clock. */
export const SEED_DELAYS = { registerInitSec: 3600, registerPendingSec: 60, sslValidationSec: 5 };

export async function seedEveryResource(emu: RunningEmulator): Promise<void> {
  const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
  const call = (op: OperationName, params: Record<string, unknown>) => client.call(op, params as never) as Promise<any>;
  const owner = (
    await call("contact/create", {
      Type: "individual",
      FirstName: "Ada",
      LastName: "Lovelace",
      IdentNumber: "12345678Z",
      Email: "ada@example.com",
      Phone: "+34.931234567",
      Address: "Carrer de Mallorca 1",
      PostalCode: "08001",
      City: "Barcelona",
      State: "Barcelona",
      Country: "ES",
    })
  ).contactID as string;
  // Expired: registered, made manual, then a year and more passes.
  await call("domain/create", { domain: "lapsed-adopt.com", ownerContactID: owner });
  await emu.control.advanceClock(2 * 3600);
  await call("domain/update", { domain: "lapsed-adopt.com", updateType: "renewalMode", renewalMode: "manual" });
  await emu.control.advanceClock(367 * DAY);
  for (const d of SEED_ZONES) await call("domain/create", { domain: d, ownerContactID: owner });
  await emu.control.advanceClock(2 * 3600);
  const main = SEED_ZONES[0];
  await call("domain/update", { domain: main, updateType: "transferBlock", transferBlock: true });
  await call("domain/update", { domain: main, updateType: "tag", tag: "prod,web" });
  await call("domain/gluerecordcreate", { domain: main, name: `ns1.${main}`, ipv4: "192.0.2.53" });
  await call("domain/gluerecordcreate", { domain: main, name: `ns2.${main}`, ipv4: "192.0.2.54", ipv6: "2001:db8::54" });
  await call("domain/updatenameservers", { domain: main, nameservers: [`ns1.${main}`, `ns2.${main}`] });
  await call("domain/dnsseccreate", {
    domain: main,
    keytag: 12345,
    algorithm: 13,
    digesttype: 2,
    digest: "2bb183af5f22588179a53b0a98631fad1a292118a8a1c8a9ccdf1c1d0e8a8ab0",
  });
  // Still being registered (the delays are an hour: the test never reaches them).
  await call("domain/create", { domain: "pending-adopt.org", ownerContactID: owner });

  for (const [z, zone] of SEED_ZONES.entries()) {
    await call("service/create", { serviceName: zone, productkey: z ? "basic" : "professional", period: 1 });
    for (const r of [
      { name: "app", type: "A", value: `192.0.2.${10 + z}`, ttl: 3600 },
      { name: "app", type: "AAAA", value: "2001:db8::10" },
      { name: "docs", type: "CNAME", value: `app.${zone}` },
      { name: "@", type: "MX", value: "mx2.mail.example.net", priority: 20 },
      { name: "_sip._tcp", type: "SRV", value: "5 5060 sip.example.net", priority: 10 },
      { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=quarantine" },
      { name: "sub", type: "NS", value: "ns1.example.org" },
      { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
    ])
      await call("service/dnscreate", { serviceName: zone, ...r });
    await call("service/mailcreate", { serviceName: zone, name: "info", password: SEED_PASSWORD });
    await call("service/mailaliascreate", { serviceName: zone, name: "sales", target: [`info@${zone}`, "ada@example.com"] });
    await call("service/redirectcreate", { serviceName: zone, origin: "old", destination: "https://www.example.org/new", type: z ? "302" : "301" });
    await call("service/ftpcreate", { serviceName: zone, name: `deploy${z}`, ftpPath: "/public", password: SEED_PASSWORD });
    await call("service/ddbbcreate", { serviceName: zone, password: SEED_PASSWORD, ...(z ? { externalAccess: true } : {}) });
    await call("service/subdomaincreate", { serviceName: zone, name: "blog", ftpPath: "/blog" });
  }
  // An issued certificate (http validation completes by itself once the clock moves).
  const csr = await call("ssl/csrcreate", {
    commonName: `www.${main}`,
    organizationName: "Adopt S.L.",
    organizationalUnitName: "IT",
    countryName: "ES",
    stateOrProvinceName: "Barcelona",
    localityName: "Barcelona",
    emailAddress: "it@example.com",
  });
  await call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "http", adminContactID: owner });
  await emu.control.advanceClock(60);
}
