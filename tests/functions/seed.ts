/**
 * The account the function table reads (tests/functions/cases.ts): a few objects made through the
 * API as a user's account holds them (two contacts, an active domain with its own nameservers, tags
 * and a hosting service, DNS records of every kind including a TXT split into quoted strings,
 * mailboxes, an issued certificate), and, seeded straight into the emulator's state through its
 * control API, more of each list than one page holds (the functions ask 1000 a page, the most the
 * API's pageLength takes: sdk/catalogue/fields.ts page()), so that every paged list needs a second
 * page: 1001 contacts, domains and services, and a zone of 1001 records and 1001 mailboxes.
 * Bulk ids live in ranges the API's own counters never reach (emulator/core/state.ts nextId).
 */
import { randomBytes } from "node:crypto";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { AccountState } from "../../emulator/core/state";
import type { ContactRecord } from "../../emulator/modules/contact/model";
import type { DomainRecord } from "../../emulator/modules/domain/model";
import type { MailRecord, ServiceRecord, ZoneRecord } from "../../emulator/modules/service/model";
import { DonDominioClient, type OperationName } from "../../sdk";
import { keyAndCsr, PERSON } from "../fixtures";

/** The page the functions ask for; every bulk list is one longer. */
export const PAGE = 1000;
export const BULK = PAGE + 1;
/** The domain read in detail (registered through the API, then changed). */
export const DOMAIN = "fn-read.com";
/** Its hosting service (Hosting Mini): records and mailboxes made through the API. */
export const WEB = DOMAIN;
/** A zone and a mail service of BULK records and BULK mailboxes (seeded). */
export const BULK_ZONE = "fn-bulk.net";
/** A TXT text over 255 bytes: the API stores it as quoted strings (sdk/rules txtStrings). */
export const LONG_TXT = `v=DKIM1; k=rsa; p=${"A".repeat(300)}`;
export const MAIL_PASSWORD = "Fn-table-secret-9";

export interface Seeded {
  emu: RunningEmulator;
  /** The account the table reads (the seed's own, beside the emulator's demo account). */
  apiUser: string;
  apiPasswd: string;
  /** Unique to this seeding: checkDomain answers once per name and process, so each run asks names of its own. */
  token: string;
  /** The account's balance once seeded (nothing the functions do moves it). */
  balance: number;
  client: DonDominioClient;
  /** The contacts made through the API: the domain's owner and another one. */
  ownerId: string;
  otherId: string;
  /** The certificate ordered through the API, issued. */
  certificateId: number;
  /** The domain's authcode, as the API keeps it (to find it in outputs and state). */
  authcode: string;
  /** Counts the API lists, for the paging cases. */
  counts: { contacts: number; domains: number; services: number; bulkRecords: number; bulkMailBoxes: number };
}

const pad = (n: number) => String(n).padStart(4, "0");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function bulkContact(n: number, now: number): ContactRecord {
  return {
    contactID: `BLK-${900000 + n}`,
    contactType: "individual",
    firstName: "Bulk",
    lastName: `Contact ${pad(n)}`,
    orgName: "",
    identNumber: "12345678Z",
    email: `bulk${pad(n)}@example.com`,
    phone: "+34.931234567",
    address: "Carrer Major 1",
    postalCode: "08001",
    city: "Barcelona",
    state: "Barcelona",
    country: "ES",
    verificationstatus: "verified",
    daaccepted: false,
    tsCreateMs: now,
  };
}

function bulkDomain(n: number, now: number, owner: string): DomainRecord {
  const name = `fn-bulk-${pad(n)}.org`;
  return {
    domainID: 500000 + n,
    name,
    punycode: name,
    tld: "org",
    status: "active",
    statusSinceMs: now,
    tsCreate: day(now),
    tsExpir: day(now + 3 * 365 * 86_400_000),
    period: 3,
    premium: false,
    renewalMode: "autorenew",
    modifyBlock: false,
    transferBlock: false,
    whoisPrivacy: false,
    viewWhois: false,
    tag: n % 2 ? "odd" : "",
    transferStatus: "",
    authcode: `Bulk-code-${n}-x9`,
    defaultNS: false,
    nameservers: ["parking"],
    contacts: { owner, admin: owner, tech: owner, billing: owner },
    gluerecords: [],
    dnssec: [],
    history: [],
    tldData: {},
  };
}

function bulkService(id: number, name: string, now: number, productkey: ServiceRecord["productkey"] = "redir"): ServiceRecord {
  return {
    id,
    name,
    productkey,
    status: "active",
    tsCreate: day(now),
    tsExpir: day(now + 2 * 365 * 86_400_000),
    renewalMode: "autorenew",
    phpVersion: "",
    parking: false,
    ftp: [],
    ddbb: [],
    subdomain: [],
    redirect: [],
    mail: [],
    mailalias: [],
    dns: [],
  };
}

/** The bulk lists, as account state (the emulator starts with it: a seed this size is more than its control API takes). */
function bulkAccount(apiuser: string, apipasswd: string, now: number): Partial<AccountState> {
  const contacts: Record<string, ContactRecord> = {};
  const domains: Record<string, DomainRecord> = {};
  const services: Record<string, ServiceRecord> = {};
  for (let n = 0; n < BULK; n++) {
    const c = bulkContact(n, now);
    contacts[c.contactID] = c;
    const d = bulkDomain(n, now, c.contactID);
    domains[String(d.domainID)] = d;
    // BULK services in all: BULK_ZONE and BULK - 1 others.
    if (n < BULK - 1) {
      const s = bulkService(900000 + n, `fn-svc-${pad(n)}.org`, now);
      services[s.name] = s;
    }
  }
  const zone = bulkService(990000, BULK_ZONE, now, "corporate");
  zone.dns = Array.from(
    { length: BULK },
    (_, n): ZoneRecord => ({ entityID: `SRV990000-${700000 + n}`, name: `host-${pad(n)}.${BULK_ZONE}`, type: "A", ttl: 600, value: `198.51.100.${n % 250}` }),
  );
  zone.mail = Array.from(
    { length: BULK },
    (_, n): MailRecord => ({ entityID: `SRV990000-${800000 + n}`, name: `box${pad(n)}@${BULK_ZONE}`, password: MAIL_PASSWORD, usage: n }),
  );
  services[zone.name] = zone;
  return {
    apiuser,
    apipasswd,
    clientName: "Function Table S.L.",
    balance: 5000,
    threshold: 50,
    currency: "EUR",
    contacts,
    domains,
    services,
  } as Partial<AccountState>;
}

/** Starts an emulator holding the seeded account and returns what the cases read (close `emu` after). */
export async function startSeeded(): Promise<Seeded> {
  const apiUser = "fntable";
  const apiPasswd = randomBytes(12).toString("base64url").replace(/^-/, "x");
  const emu = await startEmulator({ seed: { accounts: [bulkAccount(apiUser, apiPasswd, Date.now()) as AccountState] } });
  const client = new DonDominioClient({ apiUser, apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
  const call = (op: OperationName, params: Record<string, unknown>) => client.call(op, params as never) as Promise<any>;
  const owner = (await call("contact/create", { ...PERSON, FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com" })).contactID as string;
  const other = (await call("contact/create", { ...PERSON, FirstName: "Leo", LastName: "Vidal", Email: "leo@example.com" })).contactID as string;
  await call("domain/create", { domain: DOMAIN, ownerContactID: owner, techContactID: other });
  await emu.control.advanceClock(2 * 3600);
  await call("service/create", { serviceName: WEB, productkey: "mini" });
  await call("domain/update", { domain: DOMAIN, updateType: "tag", tag: "prod,web" });
  await call("domain/updatenameservers", { domain: DOMAIN, nameservers: ["ns1.example.net", "ns2.example.net"] });
  for (const r of [
    { name: "www", type: "A", value: "192.0.2.80", ttl: 3600 },
    { name: "@", type: "MX", value: "mx1.example.net", priority: 5 },
    { name: "@", type: "TXT", value: `"${LONG_TXT.slice(0, 255)}" "${LONG_TXT.slice(255)}"` },
    { name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' },
  ])
    await call("service/dnscreate", { serviceName: WEB, ...r });
  for (const name of ["info", "sales"]) await call("service/mailcreate", { serviceName: WEB, name, password: MAIL_PASSWORD });
  // An issued certificate: http validation passes by itself once the emulator's clock moves.
  const certificateId = (await call("ssl/create", { csrData: keyAndCsr(`www.${DOMAIN}`).csr, productID: 101, validationMethod: "http", adminContactID: owner }))
    .ssl.certificateID as number;
  await emu.control.advanceClock(60);
  const authcode = (await call("domain/getauthcode", { domain: DOMAIN })).authcode as string;
  const total = async (op: OperationName, params: Record<string, unknown> = {}) => (await call(op, { ...params, pageLength: 1 })).queryInfo.total as number;
  return {
    emu,
    apiUser,
    apiPasswd,
    client,
    token: randomBytes(4).toString("hex"),
    balance: (await call("account/info", {})).balance as number,
    ownerId: owner,
    otherId: other,
    certificateId,
    authcode,
    counts: {
      contacts: await total("contact/list"),
      domains: await total("domain/list"),
      services: await total("service/list"),
      bulkRecords: await total("service/dnslist", { serviceName: BULK_ZONE }),
      bulkMailBoxes: await total("service/maillist", { serviceName: BULK_ZONE }),
    },
  };
}
