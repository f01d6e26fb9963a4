/**
 * What exists before the table's first step, made outside the program through the API (as a user's
 * account would hold it): the services the entities live in, two contacts, an active domain to
 * adopt, two certificates an SslCertificateValidation waits for, the key material the program
 * hands over, and the ACME CA (pebble, resolving through the emulator's DNS) when it can be had.
 * The balance is read last: every step's money is counted from it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../emulator";
import { Ca, createCa } from "../../emulator/core/ca";
import type { DonDominioClient } from "../../sdk";
import { ensureTool, type Pebble, startPebble } from "../acme/pebble";
import { keyAndCsr, PERSON } from "../fixtures";
import type { Fixture, World } from "./model";

/** Redirect & Parking: a DNS zone and nothing else. */
export const DNS = "lc-dns.example";
export const ZONE = "lc-zone.example";
/** A DnsZone replaced onto another service. */
export const ZONE2 = "lc-zone2.example";
/** Hosting Mini: mailboxes, aliases and redirects (Redirect & Parking allows one redirect, not a replacement beside it). */
export const WEB = "lc-web.example";
/** Hosting Basic: FTP accounts, databases, subdomains; SITE2 takes a database replaced onto another service. */
export const SITE = "lc-site.example";
export const SITE2 = "lc-site2.example";
/** The zone the ACME names are validated in. */
export const ACME_ZONE = "lc-acme.com";
/** Adopted by the program (registered outside); its glue records and DNSSEC entries are the program's. */
export const DOMAIN = "lc-adopted.com";
/** Registered by the program (paid), then replaced by another registration (paid). */
export const REG = "lc-reg.com";
export const REG2 = "lc-reg2.com";
/** Bought by the program (paid), then replaced by another service (paid). */
export const HOST = "lc-host.com";
export const HOST2 = "lc-host2.com";
/** The program's SslCertificate. */
export const SSL_CN = "www.lc-ssl.com";
export const PW1 = "Lc-first-secret-9";
export const PW2 = "Lc-second-secret-9";
export const BAD_PW = "short pw";

export interface Outside {
  fixture: Fixture;
  close(): Promise<void>;
}

/** Why the ACME rows cannot run here (pebble not buildable), or undefined. */
export function acmeSkip(): string | undefined {
  return ensureTool("ensure-pebble.sh").skip;
}

export async function setup(client: DonDominioClient, emu: RunningEmulator): Promise<Outside> {
  const call = (op: string, params: Record<string, unknown>) => client.call(op as never, params as never) as Promise<any>;
  for (const [serviceName, productkey] of [
    [DNS, "redir"],
    [ZONE, "redir"],
    [ZONE2, "redir"],
    [WEB, "mini"],
    [SITE, "basic"],
    [SITE2, "basic"],
    [ACME_ZONE, "redir"],
  ])
    await call("service/create", { serviceName, productkey });
  const c = await call("contact/create", { ...PERSON, FirstName: "Eva", LastName: "Ruiz", Email: "eva@example.com" });
  const c2 = await call("contact/create", { ...PERSON, FirstName: "Leo", LastName: "Vidal", Email: "leo@example.com" });
  await call("domain/create", { domain: DOMAIN, ownerContactID: c.contactID });
  // Past the registration: the domain is active before the program sees it.
  await emu.control.advanceClock(60);
  // Two certificates of the account, validated by http (the emulator passes it a second after the order).
  const order = async (csrData: string) =>
    (await call("ssl/create", { csrData, productID: 101, validationMethod: "http", adminContactID: c.contactID })).ssl.certificateID as number;
  const certBCsr = keyAndCsr("b.lc-ssl.com").csr;
  const certA = await order(keyAndCsr("a.lc-ssl.com").csr);
  const certB = await order(certBCsr);
  const ca = new Ca(createCa());
  const [site, site2] = [ca.issueServerCert([`blog.${SITE}`]), ca.issueServerCert([`blog.${SITE}`])];
  const [first, second] = [keyAndCsr(SSL_CN), keyAndCsr(SSL_CN)];
  let pebble: Pebble | undefined;
  const work = mkdtempSync(join(tmpdir(), "lifecycle-acme-"));
  const tool = emu.dnsPort === undefined ? { skip: "no DNS server" } : ensureTool("ensure-pebble.sh");
  if (!tool.skip) pebble = await startPebble(tool.bin as string, emu.dnsPort as number, work);
  const fixture: Fixture = {
    contactId: c.contactID,
    contact2Id: c2.contactID,
    certA,
    certB,
    certBCsr,
    tls: {
      csr: first.csr,
      key: first.key,
      cert2Csr: second.csr,
      cert2Key: second.key,
      siteCert: site.certPem,
      siteKey: site.keyPem,
      siteChain: ca.certPem,
      site2Cert: site2.certPem,
      site2Key: site2.keyPem,
    },
    ...(pebble
      ? {
          acme: {
            directory: pebble.directory,
            // The same CA by another name (its TLS certificate is for localhost and 127.0.0.1): another directoryUrl, which replaces.
            directoryAlt: pebble.directory.replace("127.0.0.1", "localhost"),
            caCert: pebble.tlsCa,
            dnsServer: `127.0.0.1:${emu.dnsPort}`,
          },
        }
      : {}),
    balance: 0,
  };
  fixture.balance = (await call("account/info", {})).balance;
  return {
    fixture,
    async close() {
      await pebble?.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A service's entities of one family, as the API lists them. */
export const list = async (w: World, op: string, serviceName: string, member: string) =>
  (((await w.client.call(op as never, { serviceName } as never)) as any)[member] ?? []) as Record<string, any>[];

/** The entity id the state records for a row. */
export const entity = (w: World, key: string) => String(w.outputs(key)?.entityId);

/** A secret the emulator holds, named rather than shown: PW1, PW2 or other. */
export const named = (secret: unknown) => (secret === PW1 ? "PW1" : secret === PW2 ? "PW2" : secret === undefined ? undefined : "other");
