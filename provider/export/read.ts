/**
 * Reads an account for `dondominio-export`: every collection through the provider's Api (the sdk
 * client with its shared limiter, temporary blocks waited out, paged lists traversed once each:
 * provider/core/client.ts), into an AccountSnapshot that render.ts turns into a program. Only
 * read-only operations are called. Passwords the API returns (FTP, databases) are dropped here:
 * nothing after this module ever holds them.
 */
import { type ItemOf, toAscii, toUnicode } from "../../sdk";
import { type ListedRecord, normaliseNameserver, normaliseTags, recordFromApi } from "../../sdk/rules";
import type { Api } from "../core/client";

export interface DomainSnapshot {
  /** Unicode form, as Domain records it. */
  name: string;
  ascii: string;
  status: string;
  tsExpir: string;
  renewalMode?: string;
  transferBlock?: boolean;
  modifyBlock?: boolean;
  whoisPrivacy?: boolean;
  viewWhois?: boolean;
  tags: string[];
  nameservers?: string[] | "default";
  glue: { name: string; ipv4: string; ipv6?: string }[];
  dnssec: { keytag: number; algorithm: number; digesttype: number; digest: string }[];
  /** Why the DNSSEC entries were not read (a domain that is not active). */
  dnssecNote?: string;
}

export interface ServiceSnapshot {
  name: string;
  productKey: string;
  status: string;
  dns: ListedRecord[];
  mail: { name: string; usage: number; quotaMax: number }[];
  aliases: { name: string; targets: string[] }[];
  redirects: { origin: string; destination: string; type: string }[];
  ftp: { name: string; ftpPath: string }[];
  databases: { name: string; user: string; externalAccess: boolean }[];
  subdomains: { name: string; ftpPath: string; hasSsl: boolean }[];
}

export interface AccountSnapshot {
  contacts: { contactId: string; name: string; email: string; country: string }[];
  domains: DomainSnapshot[];
  services: ServiceSnapshot[];
  /** Names lower case, alternativeNames sorted (as SslCertificate records them); no key: the export never reads one. */
  certificates: { certificateId: number; commonName: string; status: string; productId: number; alternativeNames: string[] }[];
  /** Collections left out, and why (filters). */
  notes: string[];
}

export interface ReadOptions {
  /** Only these domains (any spelling); with any filter, contacts and certificates are left out. */
  domains?: readonly string[];
  /** Only these hosting services. */
  services?: readonly string[];
  /** A line per collection read (stderr in the command). */
  progress?: (line: string) => void;
}

/** A domain or service name as the provider records it (lower case Unicode); kept as given when it is no domain name. */
const unicodeOf = (name: string) => {
  try {
    return toUnicode(name.trim().toLowerCase());
  } catch {
    return name.trim().toLowerCase();
  }
};

function asciiOf(unicode: string): string {
  try {
    return toAscii(unicode);
  } catch {
    return unicode;
  }
}

/** Reads everything the export declares; one traversal per collection (per service for its families). */
export async function readAccount(api: Api, options: ReadOptions = {}): Promise<AccountSnapshot> {
  const say = options.progress ?? (() => undefined);
  const filtered = Boolean(options.domains?.length || options.services?.length);
  const wantDomains = options.domains?.length ? new Set(options.domains.map(unicodeOf)) : undefined;
  const wantServices = options.services?.length ? new Set(options.services.map(unicodeOf)) : filtered ? new Set<string>() : undefined;
  // --domain also takes the domain's own hosting service, when it has one.
  for (const d of wantDomains ?? []) wantServices?.add(d);
  const notes: string[] = [];

  let contacts: AccountSnapshot["contacts"] = [];
  if (filtered) notes.push("contacts: not exported with --domain/--service (a contact may serve domains left out)");
  else {
    const list = await api.listAll("contact/list", {});
    contacts = list
      .map((c) => ({ contactId: c.contactID, name: c.contactName, email: c.email, country: c.country }))
      .sort((a, b) => a.contactId.localeCompare(b.contactId));
    say(`contacts: ${contacts.length}`);
  }

  const pick = <T extends { name: string }>(items: T[]) => (wantDomains ? items.filter((d) => wantDomains.has(unicodeOf(d.name))) : items);
  const [status, ns, glue] = await Promise.all([
    api.listAll("domain/list", { infoType: "status" }),
    api.listAll("domain/list", { infoType: "nameservers" }),
    api.listAll("domain/list", { infoType: "gluerecords" }),
  ]);
  const nsOf = new Map(ns.map((d) => [unicodeOf(d.name), d]));
  const glueOf = new Map(glue.map((d) => [unicodeOf(d.name), d]));
  const domains: DomainSnapshot[] = [];
  for (const d of pick(status)) {
    const key = unicodeOf(d.name);
    const n = nsOf.get(key);
    const nameservers = n
      ? n.defaultNS
        ? ("default" as const)
        : [...(n.nameservers ?? [])].sort((a, b) => a.order - b.order).map((x) => normaliseNameserver(x.name))
      : undefined;
    domains.push({
      name: key,
      ascii: asciiOf(key),
      status: d.status,
      tsExpir: d.tsExpir,
      renewalMode: d.renewalMode,
      transferBlock: d.transferBlock,
      modifyBlock: d.modifyBlock,
      whoisPrivacy: d.whoisPrivacy,
      viewWhois: d.viewWhois,
      tags: d.tag ? normaliseTags(d.tag) : [],
      nameservers: nameservers && (nameservers === "default" || nameservers.length) ? nameservers : undefined,
      glue: (glueOf.get(key)?.gluerecords ?? []).map((g) => ({ name: g.name, ipv4: g.ipv4, ...(g.ipv6 ? { ipv6: g.ipv6 } : {}) })),
      dnssec: [],
    });
  }
  domains.sort((a, b) => a.ascii.localeCompare(b.ascii));
  for (const want of wantDomains ?? []) if (!domains.some((d) => d.name === want)) notes.push(`--domain ${want}: not in this account`);
  say(`domains: ${domains.length} (${status.length} in the account; status, nameservers and glue records: one list each)`);

  // DNSSEC is no list infoType: one getinfo per active domain.
  let dnssecReads = 0;
  await Promise.all(
    domains.map(async (d) => {
      if (d.status !== "active") {
        d.dnssecNote = `DNSSEC entries not read: the domain is ${d.status}`;
        return;
      }
      const info = await api.call("domain/getinfo", { domain: d.ascii, infoType: "dnssec" });
      dnssecReads++;
      d.dnssec = (info.dnssec?.entries ?? []).map((e) => ({ keytag: e.keytag, algorithm: e.algorithm, digesttype: e.digesttype, digest: e.digest }));
    }),
  );
  say(`dnssec: ${domains.reduce((n, d) => n + d.dnssec.length, 0)} entries (${dnssecReads} domains read)`);

  const listed = await api.listAll("service/list", {});
  const services: ServiceSnapshot[] = [];
  for (const s of listed) {
    const name = unicodeOf(s.name);
    if (wantServices && !wantServices.has(name)) continue;
    services.push(await readService(api, name, s, say));
  }
  services.sort((a, b) => asciiOf(a.name).localeCompare(asciiOf(b.name)));
  for (const want of options.services ?? [])
    if (!services.some((x) => x.name === unicodeOf(want))) notes.push(`--service ${unicodeOf(want)}: not in this account`);
  say(`services: ${services.length} (${listed.length} in the account)`);

  let certificates: AccountSnapshot["certificates"] = [];
  if (filtered) notes.push("certificates: not exported with --domain/--service");
  else {
    const list = await api.listAll("ssl/list", {});
    certificates = list
      .map((c) => ({
        certificateId: c.certificateID,
        commonName: c.commonName.toLowerCase(),
        status: c.status,
        productId: c.productID,
        alternativeNames: c.alternativeNames.map((n) => n.toLowerCase()).sort(),
      }))
      .sort((a, b) => a.certificateId - b.certificateId);
    say(`certificates: ${certificates.length}`);
  }
  return { contacts, domains, services, certificates, notes };
}

async function readService(api: Api, name: string, s: ItemOf<"service/list">, say: (line: string) => void): Promise<ServiceSnapshot> {
  const serviceName = s.name;
  // A family the service's product lacks is refused (notAllowed): nothing of it to export.
  const list = <F extends "dns" | "mail" | "mailalias" | "redirect" | "ftp" | "ddbb" | "subdomain">(family: F) =>
    (api.listAll(`service/${family}list`, { serviceName } as never) as Promise<ItemOf<`service/${F}list`>[]>).catch((err: unknown) => {
      if ((err as { kind?: string })?.kind !== "notAllowed") throw err;
      return [] as ItemOf<`service/${F}list`>[];
    });
  const [dns, mail, aliases, redirects, ftp, ddbb, subdomains] = await Promise.all([
    list("dns"),
    list("mail"),
    list("mailalias"),
    list("redirect"),
    list("ftp"),
    list("ddbb"),
    list("subdomain"),
  ]);
  const out: ServiceSnapshot = {
    name,
    productKey: s.productkey,
    status: s.status,
    dns: dns.map((r) => recordFromApi(name, r)),
    mail: mail.map((m) => ({ name: m.name, usage: m.usage, quotaMax: m.quotaMax })),
    aliases: aliases.map((a) => ({ name: a.name, targets: [...a.target] })),
    redirects: redirects.map((r) => ({ origin: r.origin, destination: r.destination, type: r.type })),
    // The passwords ftplist and ddbblist return are dropped here: never copied into the program.
    ftp: ftp.map((f) => ({ name: f.name.toLowerCase(), ftpPath: f.ftpPath })),
    databases: ddbb.map((d) => ({ name: d.name, user: d.user, externalAccess: d.externalAccess })),
    subdomains: subdomains.map((x) => ({ name: x.name, ftpPath: x.ftpPath, hasSsl: x.ssl !== undefined && x.ssl.sslCert !== "" })),
  };
  say(
    `${name}: ${out.dns.length} DNS records, ${out.mail.length} mailboxes, ${out.aliases.length} aliases, ${out.redirects.length} redirects, ${out.ftp.length} FTP accounts, ${out.databases.length} databases, ${out.subdomains.length} subdomains`,
  );
  return out;
}
