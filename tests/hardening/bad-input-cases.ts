/**
 * Invalid inputs for every resource, as data (DNSControl's style: one row per case). Each row is a
 * valid base input with one thing wrong, the field the error must name, the rule it must state,
 * and, for secret inputs, the value that must never appear in the error. `engine` marks the rows
 * that also run through a real `pulumi preview` (a representative subset); every row runs through
 * the installed provider's check(). `prime` lists valid inputs of the same resource that are checked
 * first in the same provider process (a program adding several objects at once).
 *
 * The emulator holds the fixtures `setUpFixtures` makes: a Mini hosting service whose FTP account,
 * database, subdomain and mailbox quotas are full and whose alias quota has one place left, a
 * Professional service (for a downgrade on adopt), an individual contact (for .ru rules through an
 * owner id) and a registered domain.
 */
import forge from "node-forge";
import type { DonDominioClient } from "../../sdk";
import { OWNER } from "../provider/harness";

export type ResourceName =
  | "Contact"
  | "Domain"
  | "HostingService"
  | "DnsRecord"
  | "MailBox"
  | "MailAlias"
  | "Redirect"
  | "FtpAccount"
  | "Database"
  | "Subdomain"
  | "GlueRecord"
  | "DnssecKey"
  | "SslCertificate"
  | "DnsZone"
  | "SslCertificateValidation";

/** The directory of each resource under dist/provider/resources/. */
export const CRUD_DIR: Record<ResourceName, string> = {
  Contact: "contact",
  Domain: "domain",
  HostingService: "hosting-service",
  DnsRecord: "dns-record",
  MailBox: "mail-box",
  MailAlias: "mail-alias",
  Redirect: "redirect",
  FtpAccount: "ftp-account",
  Database: "database",
  Subdomain: "subdomain",
  GlueRecord: "glue-record",
  DnssecKey: "dnssec-key",
  SslCertificate: "ssl-certificate",
  DnsZone: "dns-zone",
  SslCertificateValidation: "ssl-certificate-validation",
};

export interface BadInput {
  resource: ResourceName;
  /** What is wrong, in a few words (the test's title). */
  what: string;
  /** Overrides of the resource's valid base input (undefined removes a key). */
  set: Record<string, unknown>;
  /** The field the error names (its reason starts with "<field>: "). */
  field: string;
  /** The rule the error states. */
  rule: RegExp;
  /** Secret value that must not appear in the error. */
  secret?: string;
  /** Previous inputs (a change to an existing resource); check() path only. */
  olds?: Record<string, unknown>;
  /** Valid inputs checked first, in the same process. */
  prime?: Record<string, unknown>[];
  /** Valid inputs of other resources checked first, in the same process (a program declaring them before). */
  primeWith?: { resource: ResourceName; inputs: Record<string, unknown> }[];
  /**
   * A warning, not a refusal (issue 27: it works but is wrong): check passes and prints the rule,
   * and refuses it with dondominio:strict. The field and rule are the warning's.
   */
  warn?: true;
  /** Also run through a real `pulumi preview`. */
  engine?: boolean;
}

export { OWNER };
const ORG = { ...OWNER, contactType: "organization", orgName: "Ejemplo SL", identNumber: "B12345678", country: "FR" };

/** Services made by setUpFixtures. */
export const FULL = "quota-example.com";
export const PRO = "pro-example.com";
/** A registered domain of the account (adopt works; a new registration of it is refused). */
export const OWNED = "owned-example.com";
/**
 * A redirect service whose live zone holds what the DNS meaning cases judge against (setUpFixtures):
 * a CNAME ring's first half, CNAMEs where NS and MX targets point, a delegation of sub, a record
 * under team, an SPF record at the apex.
 */
export const MEANING = "meaning-example.com";

const SUBJECT = {
  commonName: "www.cert-example.com",
  organizationName: "Ejemplo SL",
  organizationalUnitName: "IT",
  countryName: "ES",
  stateOrProvinceName: "Barcelona",
  localityName: "Barcelona",
  emailAddress: "admin@cert-example.com",
};
const HEX64 = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90";
const PW = "Good-Pass-123";

/** A valid input of each resource (each passes check, see the test). */
export const BASE: Record<ResourceName, Record<string, unknown>> = {
  Contact: OWNER,
  Domain: { name: "good-example.com", contacts: { owner: OWNER } },
  HostingService: { name: "new-hosting-example.com", productKey: "basic" },
  DnsRecord: { serviceName: "example.com", name: "www", type: "A", value: "192.0.2.1" },
  MailBox: { serviceName: "example.com", name: "info", password: PW },
  MailAlias: { serviceName: "example.com", name: "sales", targets: ["a@example.org"] },
  Redirect: { serviceName: "example.com", origin: "blog", destination: "https://example.org/", type: "301" },
  FtpAccount: { serviceName: "example.com", name: "deploy", ftpPath: "/www", password: PW },
  Database: { serviceName: "example.com", password: PW },
  Subdomain: { serviceName: "example.com", name: "blog", ftpPath: "/blog" },
  GlueRecord: { domain: OWNED, name: "ns1", ipv4: "192.0.2.53" },
  DnssecKey: { domain: OWNED, keytag: 12345, algorithm: 13, digesttype: 2, digest: HEX64 },
  SslCertificate: { productId: 101, subject: SUBJECT, adminContact: OWNER },
  DnsZone: { serviceName: "dnszone-example.com", records: [{ name: "www", type: "A", value: "192.0.2.1" }] },
  SslCertificateValidation: { certificateId: "$CERTIFICATE" },
};

const AERO = { aeroId: "AERO-1", aeroPass: "Aero-Pass-1" };

/** A signed CSR for www.cert-example.com whose RSA key has `bits` bits (the products ask for 2048). */
export function csrWithKey(bits: number, commonName = "www.cert-example.com"): string {
  const keys = forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 });
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = keys.publicKey;
  csr.setSubject([{ name: "commonName", value: commonName }]);
  csr.sign(keys.privateKey, forge.md.sha256.create());
  return forge.pki.certificationRequestToPem(csr);
}
const CSR_1024 = csrWithKey(1024);
const CSR_512 = csrWithKey(512);
/** A Spanish organisation whose company NIF (CIF) is right (B1234567 -> control 4). */
const ES_ORG = { ...OWNER, contactType: "organization", orgName: "Ejemplo SL", identNumber: "B12345674" };

export const CASES: BadInput[] = [
  // ---------- Contact ----------
  { resource: "Contact", what: "phone without the dot", set: { phone: "+34931234567" }, field: "phone", rule: /must be \+CC\.NUMBER/ },
  { resource: "Contact", what: "phone with letters", set: { phone: "+34.93ABC123" }, field: "phone", rule: /must be \+CC\.NUMBER/ },
  {
    resource: "Contact",
    what: "country XX (two letters, no such country)",
    set: { country: "XX" },
    field: "country",
    rule: /not an ISO 3166 country code the API knows \(tool\/gettable/,
    engine: true,
  },
  { resource: "Contact", what: "country of three letters", set: { country: "ESP" }, field: "country", rule: /two-letter country code/ },
  { resource: "Contact", what: "e-mail without domain", set: { email: "ana@" }, field: "email", rule: /must be an e-mail address/ },
  { resource: "Contact", what: "unknown contact type", set: { contactType: "company" }, field: "contactType", rule: /must be one of individual, organization/ },
  {
    resource: "Contact",
    what: "organization without orgName",
    set: { contactType: "organization" },
    field: "orgName",
    rule: /required when contactType is organization/,
  },
  { resource: "Contact", what: "individual with orgName", set: { orgName: "X SL" }, field: "orgName", rule: /only allowed when contactType is organization/ },
  { resource: "Contact", what: "identNumber missing", set: { identNumber: undefined }, field: "identNumber", rule: /required/ },
  { resource: "Contact", what: "blank first name", set: { firstName: "   " }, field: "firstName", rule: /must not be empty/ },
  {
    resource: "Contact",
    what: "malformed contactId",
    set: { ...Object.fromEntries(Object.keys(OWNER).map((k) => [k, undefined])), contactId: "abc" },
    field: "contactId",
    rule: /must be a contact id such as ABC-12345/,
  },
  {
    resource: "Contact",
    what: "contactId and data together",
    set: { contactId: "GAR-1" },
    field: "firstName",
    rule: /leave out the contact data when contactId adopts/,
  },
  {
    resource: "Contact",
    what: "adopting a contact that does not exist",
    set: { ...Object.fromEntries(Object.keys(OWNER).map((k) => [k, undefined])), contactId: "NOPE-999999" },
    field: "contactId",
    rule: /does not exist in this account \(contact\/getinfo answered 3001\)/,
  },

  // ---------- Domain ----------
  { resource: "Domain", what: "a single label", set: { name: "example" }, field: "name", rule: /1 label; at least 2 are needed/ },
  { resource: "Domain", what: "label starting with a hyphen", set: { name: "-bad-.com" }, field: "name", rule: /letters, digits and inner hyphens/ },
  { resource: "Domain", what: "space inside", set: { name: "exa mple.com" }, field: "name", rule: /whitespace inside the name/ },
  { resource: "Domain", what: "two trailing dots", set: { name: "example.com.." }, field: "name", rule: /an empty label/ },
  {
    resource: "Domain",
    what: "emoji label (IDNA2008 forbids it)",
    set: { name: "💩.com" },
    field: "name",
    rule: /holds "💩" \(U\+1F4A9\), which IDNA2008 does not allow/,
    engine: true,
  },
  {
    resource: "Domain",
    what: "invalid punycode label xn--zz",
    set: { name: "xn--zz.com" },
    field: "name",
    rule: /"xn--zz" is not valid punycode \(RFC 3492\)/,
    engine: true,
  },
  { resource: "Domain", what: "hyphens in the 3rd and 4th positions", set: { name: "ab--cd.com" }, field: "name", rule: /third and fourth positions/ },
  { resource: "Domain", what: "zero-width joiner inside a label", set: { name: "a\u200db.com" }, field: "name", rule: /U\+200D/ },
  {
    resource: "Domain",
    what: "unknown TLD",
    set: { name: "example.zzz" },
    field: "name",
    rule: /\.zzz is not a TLD this account can register or transfer \(account\/zones/,
    engine: true,
  },
  {
    resource: "Domain",
    what: "IDN name on a TLD without IDN",
    set: { name: "münchen.org" },
    field: "name",
    rule: /domain\/check answered 2001.*does not accept internationalised/,
    engine: true,
  },
  {
    resource: "Domain",
    what: "a subdomain, not a registrable name",
    set: { name: "www.shop-example.com" },
    field: "name",
    rule: /not a registrable name: register the name directly under \.com/,
  },
  // Registered elsewhere (the emulator's "taken" labels). A name in THIS account passes preview on
  // purpose: create adopts an interrupted registration of the same program (domain/orders.ts).
  { resource: "Domain", what: "name already registered", set: { name: "taken-example.com" }, field: "name", rule: /is not available \(domain\/check\)/ },
  {
    resource: "Domain",
    what: ".aero for 3 years (1, 2 or 5)",
    set: { name: "flying-example.aero", period: 3, tldParams: AERO },
    field: "period",
    rule: /3 years is not allowed for \.aero registrations; allowed: 1, 2, 5/,
    engine: true,
  },
  {
    resource: "Domain",
    what: ".ru for 2 years (1 only)",
    set: { name: "example-ru.ru", period: 2, contacts: { owner: ORG } },
    field: "period",
    rule: /2 years is not allowed for \.ru registrations; allowed: 1\b/,
  },
  { resource: "Domain", what: "period 11", set: { period: 11 }, field: "period", rule: /must be at most 10/ },
  { resource: "Domain", what: "period 0", set: { period: 0 }, field: "period", rule: /must be at least 1/ },
  { resource: "Domain", what: "period 1.5", set: { period: 1.5 }, field: "period", rule: /must be an integer/ },
  {
    resource: "Domain",
    what: "premium name without premium",
    set: { name: "premium-shop.com" },
    field: "premium",
    rule: /is a premium name .* set premium: true/,
    engine: true,
  },
  { resource: "Domain", what: "short premium name, premium false", set: { name: "xyz.com", premium: false }, field: "premium", rule: /is a premium name/ },
  { resource: "Domain", what: "1 nameserver", set: { nameservers: ["ns1.example.net"] }, field: "nameservers", rule: /1 given, the API needs 2 to 7/ },
  {
    resource: "Domain",
    what: "8 nameservers",
    set: { nameservers: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => `ns${i}.example.net`) },
    field: "nameservers",
    rule: /8 given, the API needs 2 to 7/,
  },
  {
    resource: "Domain",
    what: "the same nameserver twice",
    set: { nameservers: ["ns1.example.net", "NS1.example.net."] },
    field: "nameservers",
    rule: /ns1\.example\.net is given twice/,
    engine: true,
  },
  {
    resource: "Domain",
    what: "a nameserver given as an IP address",
    set: { nameservers: ["192.0.2.1", "ns2.example.net"] },
    field: "nameservers",
    rule: /is an IP address; a nameserver is given by its host name/,
  },
  {
    resource: "Domain",
    what: "a nameserver with an empty label",
    set: { nameservers: ["ns1..example.net", "ns2.example.net"] },
    field: "nameservers",
    rule: /an empty label/,
  },
  {
    resource: "Domain",
    what: "whoisPrivacy on .es",
    set: { name: "ejemplo-privado.es", whoisPrivacy: true },
    field: "whoisPrivacy",
    rule: /\.es domains do not support whoisPrivacy/,
    engine: true,
  },
  { resource: "Domain", what: "viewWhois on .com", set: { viewWhois: true }, field: "viewWhois", rule: /\.com domains do not support viewWhois/, engine: true },
  {
    resource: "Domain",
    what: "transferBlock on .es",
    set: { name: "ejemplo-lock.es", transferBlock: true },
    field: "transferBlock",
    rule: /\.es domains do not support transferBlock/,
  },
  {
    resource: "Domain",
    what: ".aero without aeroId/aeroPass",
    set: { name: "flying-example.aero" },
    field: "tldParams.aeroId",
    rule: /required for \.aero domains/,
  },
  {
    resource: "Domain",
    what: ".barcelona without domainIntendedUse",
    set: { name: "bcn-example.barcelona" },
    field: "tldParams.domainIntendedUse",
    rule: /required for \.barcelona domains/,
  },
  {
    resource: "Domain",
    what: ".ru individual (inline) without birth date",
    set: { name: "ivan-example.ru" },
    field: "tldParams.ownerDateOfBirth",
    rule: /required for \.ru domains when the owner is an individual/,
  },
  {
    resource: "Domain",
    what: ".ru individual owner by id without birth date",
    set: { name: "ivan-id-example.ru", contacts: { owner: "$INDIVIDUAL" } },
    field: "tldParams.ownerDateOfBirth",
    rule: /required for \.ru domains when the owner is an individual \(the owner [A-Z]+-\d+ is an individual\)/,
  },
  { resource: "Domain", what: ".xxx without xxxClass", set: { name: "adult-example.xxx" }, field: "tldParams.xxxClass", rule: /required for \.xxx domains/ },
  {
    resource: "Domain",
    what: ".xxx class default without xxxName",
    set: { name: "adult-example.xxx", tldParams: { xxxClass: "default", xxxEmail: "x@example.com" } },
    field: "tldParams.xxxName",
    rule: /required for \.xxx domains when xxxClass=default/,
  },
  {
    resource: "Domain",
    what: "birth date in the wrong format",
    set: { name: "suomi-example.fi", tldParams: { ownerDateOfBirth: "31/12/1990" } },
    field: "tldParams.ownerDateOfBirth",
    rule: /must be a date YYYY-MM-DD or YYYYMMDD/,
  },
  {
    resource: "Domain",
    what: "unknown TLD parameter",
    set: { tldParams: { fooBar: "1" } },
    field: "tldParams.fooBar",
    rule: /is not a TLD-specific parameter/,
  },
  {
    resource: "Domain",
    what: "aeroPass (secret) on a .com domain",
    set: { tldParams: { aeroPass: "Aero-Secret-Value-77" } },
    field: "tldParams.aeroPass",
    rule: /applies to \.aero domains only; this is a \.com domain/,
    secret: "Aero-Secret-Value-77",
  },
  {
    resource: "Domain",
    what: "SIREN number of 5 digits",
    set: { name: "societe-example.fr", contacts: { owner: ORG }, tldParams: { frSirenNumber: "12345" } },
    field: "tldParams.frSirenNumber",
    rule: /must be a 9-digit SIREN number/,
  },
  {
    resource: "Domain",
    what: "jobs parameter on a registration",
    set: { name: "hr-example.jobs", tldParams: { jobsOwnerWebsite: "https://hr.example" } },
    field: "tldParams.jobsOwnerWebsite",
    rule: /is not a parameter of domain\/create/,
  },
  {
    resource: "Domain",
    what: "authcode (secret) on a registration",
    set: { authcode: "Auth-Secret-Code-9" },
    field: "authcode",
    rule: /only used with registration: "transfer"/,
    secret: "Auth-Secret-Code-9",
  },
  {
    resource: "Domain",
    what: "adopt with a period",
    set: { name: OWNED, registration: "adopt", period: 2 },
    field: "registration",
    rule: /adopt spends nothing/,
  },
  {
    resource: "Domain",
    what: "adopt of a domain not in the account",
    set: { name: "not-mine-example.com", registration: "adopt", contacts: undefined },
    field: "registration",
    rule: /is not in this account \(domain\/getinfo answered 2008\)/,
  },
  { resource: "Domain", what: "register without owner", set: { contacts: undefined }, field: "contacts.owner", rule: /required to register a domain/ },
  {
    resource: "Domain",
    what: "owner country XX",
    set: { contacts: { owner: { ...OWNER, country: "XX" } } },
    field: "contacts.owner.country",
    rule: /not an ISO 3166 country code the API knows/,
  },
  {
    resource: "Domain",
    what: "owner phone without the dot",
    set: { contacts: { owner: { ...OWNER, phone: "931234567" } } },
    field: "contacts.owner.phone",
    rule: /must be \+CC\.NUMBER/,
  },
  {
    resource: "Domain",
    what: "admin contact id that does not exist",
    set: { contacts: { owner: OWNER, admin: "NOPE-123456" } },
    field: "contacts.admin",
    rule: /contact NOPE-123456 does not exist in this account/,
  },
  { resource: "Domain", what: "empty tag list", set: { tags: [] }, field: "tags", rule: /give at least one tag/ },
  { resource: "Domain", what: "unknown renewal mode", set: { renewalMode: "auto" }, field: "renewalMode", rule: /must be one of autorenew, manual, letexpire/ },
  { resource: "Domain", what: "unknown registration", set: { registration: "buy" }, field: "registration", rule: /must be one of register, transfer, adopt/ },
  {
    resource: "Domain",
    what: "transfer of .aero (not offered)",
    set: { name: "flying-example.aero", registration: "transfer", authcode: "x" },
    field: "registration",
    rule: /transfers of \.aero domains are not offered/,
  },
  {
    resource: "Domain",
    what: "transfer of .com without authcode",
    set: { name: "elsewhere-example.com", registration: "transfer" },
    field: "authcode",
    rule: /required to transfer a \.com domain \(account\/zones: authcodereq\)/,
  },

  // ---------- HostingService ----------
  { resource: "HostingService", what: "unknown product", set: { productKey: "gold" }, field: "productKey", rule: /must be one of redir, mini/ },
  {
    resource: "HostingService",
    what: "a downgrade of a managed service",
    set: { name: PRO, productKey: "basic" },
    olds: { name: PRO, productKey: "professional", registration: "adopt", onDestroy: "forget" },
    field: "productKey",
    rule: /professional -> basic is a downgrade/,
  },
  {
    resource: "HostingService",
    what: "adopting with a lower product (a downgrade)",
    set: { name: PRO, productKey: "mini", registration: "adopt" },
    field: "productKey",
    rule: /the service is professional \(service\/getinfo\): professional -> mini is a downgrade/,
    engine: true,
  },
  {
    resource: "HostingService",
    what: "creating a service that exists",
    set: { name: PRO, productKey: "corporate" },
    field: "registration",
    rule: /already exists in this account: use registration: "adopt"/,
  },
  {
    resource: "HostingService",
    what: "adopting a service that does not exist",
    set: { registration: "adopt" },
    field: "registration",
    rule: /has no hosting service in this account \(service\/getinfo answered 4001\)/,
  },
  {
    resource: "HostingService",
    what: "PHP version the service does not offer",
    set: { name: PRO, productKey: "professional", registration: "adopt", phpVersion: "5.6" },
    field: "phpVersion",
    rule: /5\.6 is not offered by pro-example\.com; available: 7\.4/,
  },
  { resource: "HostingService", what: "empty PHP version", set: { phpVersion: " " }, field: "phpVersion", rule: /must not be empty/ },
  { resource: "HostingService", what: "name of one label", set: { name: "hosting" }, field: "name", rule: /at least 2 are needed/ },
  { resource: "HostingService", what: "period 0", set: { period: 0 }, field: "period", rule: /must be at least 1/ },
  {
    resource: "HostingService",
    what: "adopt with a period",
    set: { name: PRO, productKey: "professional", registration: "adopt", period: 2 },
    field: "period",
    rule: /adopt buys nothing/,
  },
  {
    resource: "HostingService",
    what: "renewal mode letexpire (domains only)",
    set: { renewalMode: "letexpire" },
    field: "renewalMode",
    rule: /must be one of autorenew, manual/,
  },
  { resource: "HostingService", what: "unknown input", set: { colour: "blue" }, field: "HostingService", rule: /Unrecognized key.*colour/ },

  // ---------- DnsRecord ----------
  {
    resource: "DnsRecord",
    what: "name www.. (empty label)",
    set: { name: "www.." },
    field: "name",
    rule: /has an empty label \(two dots in a row/,
    engine: true,
  },
  { resource: "DnsRecord", what: "name with a space", set: { name: "my host" }, field: "name", rule: /must be 1 to 63 letters, digits/ },
  { resource: "DnsRecord", what: "wildcard not first", set: { name: "www.*" }, field: "name", rule: /"\*" is allowed only as the first label/ },
  { resource: "DnsRecord", what: "label of 64 characters", set: { name: "a".repeat(64) }, field: "name", rule: /1 to 63/ },
  { resource: "DnsRecord", what: "emoji name", set: { name: "💩" }, field: "name", rule: /IDNA2008 does not allow/ },
  { resource: "DnsRecord", what: "invalid punycode name", set: { name: "xn--zz" }, field: "name", rule: /not valid punycode/ },
  { resource: "DnsRecord", what: "empty name", set: { name: "" }, field: "name", rule: /must not be empty; use "@"/ },
  { resource: "DnsRecord", what: "full name outside the zone", set: { name: "www.other.org." }, field: "name", rule: /is outside the zone example\.com/ },
  { resource: "DnsRecord", what: "unsupported type", set: { type: "SPF", value: "v=spf1 -all" }, field: "type", rule: /is not a supported record type/ },
  { resource: "DnsRecord", what: "ttl 59", set: { ttl: 59 }, field: "ttl", rule: /whole number of seconds from 60 to 604800/ },
  { resource: "DnsRecord", what: "ttl 604801", set: { ttl: 604801 }, field: "ttl", rule: /from 60 to 604800/ },
  { resource: "DnsRecord", what: "ttl text", set: { ttl: "abc" }, field: "ttl", rule: /from 60 to 604800/ },
  { resource: "DnsRecord", what: "ttl 3.5", set: { ttl: 3.5 }, field: "ttl", rule: /whole number/ },
  { resource: "DnsRecord", what: "priority on an A record", set: { priority: 10 }, field: "priority", rule: /only MX and SRV records take a priority/ },
  {
    resource: "DnsRecord",
    what: "MX priority 65536",
    set: { type: "MX", value: "mail.example.com", priority: 65536 },
    field: "priority",
    rule: /from 0 to 65535/,
  },
  { resource: "DnsRecord", what: "MX priority -1", set: { type: "MX", value: "mail.example.com", priority: -1 }, field: "priority", rule: /from 0 to 65535/ },
  { resource: "DnsRecord", what: "A 256.1.1.1", set: { value: "256.1.1.1" }, field: "value", rule: /is not an IPv4 address for an A record/ },
  { resource: "DnsRecord", what: "A with a leading zero", set: { value: "010.0.0.1" }, field: "value", rule: /is not an IPv4 address/ },
  {
    resource: "DnsRecord",
    what: "AAAA given an IPv4",
    set: { type: "AAAA", value: "192.0.2.1" },
    field: "value",
    rule: /is not an IPv6 address for an AAAA record/,
  },
  { resource: "DnsRecord", what: "AAAA with a zone id", set: { type: "AAAA", value: "fe80::1%eth0" }, field: "value", rule: /is not an IPv6 address/ },
  {
    resource: "DnsRecord",
    what: "MX whose value is an IP address",
    set: { name: "@", type: "MX", value: "192.0.2.25" },
    field: "value",
    rule: /an MX record points to a host name, never to an IP address/,
    engine: true,
  },
  { resource: "DnsRecord", what: "null MX", set: { name: "@", type: "MX", value: "." }, field: "value", rule: /a null MX \("\."\) is not supported/ },
  {
    resource: "DnsRecord",
    what: "CNAME at the apex",
    set: { name: "@", type: "CNAME", value: "other.example.net" },
    field: "name",
    rule: /a CNAME record cannot be at the zone apex/,
  },
  {
    resource: "DnsRecord",
    what: "CNAME to a non-host",
    set: { type: "CNAME", value: "not a host!" },
    field: "value",
    rule: /is not a host name for a CNAME record/,
  },
  {
    resource: "DnsRecord",
    what: "CNAME to an IP address",
    set: { type: "CNAME", value: "192.0.2.7" },
    field: "value",
    rule: /a CNAME record points to a host name, never to an IP address/,
  },
  {
    resource: "DnsRecord",
    what: "NS to a relative name",
    set: { name: "sub", type: "NS", value: "ns1" },
    field: "value",
    rule: /is not a full host name for a NS record/,
  },
  {
    resource: "DnsRecord",
    what: "SRV with 4 fields",
    set: { name: "_sip._tcp", type: "SRV", value: "10 5 5060 sip.example.com" },
    field: "value",
    rule: /has 4 fields; an SRV value is "weight port target"/,
  },
  {
    resource: "DnsRecord",
    what: "SRV port 70000",
    set: { name: "_sip._tcp", type: "SRV", value: "5 70000 sip.example.com" },
    field: "value",
    rule: /weight and port 0 to 65535/,
  },
  {
    resource: "DnsRecord",
    what: "SRV without target",
    set: { name: "_sip._tcp", type: "SRV", value: "5 5060" },
    field: "value",
    rule: /is not "weight port target"/,
  },
  {
    resource: "DnsRecord",
    what: "SRV target an IP address",
    set: { name: "_sip._tcp", type: "SRV", value: "5 5060 192.0.2.10" },
    field: "value",
    rule: /an SRV record points to a host name, never to an IP address/,
  },
  {
    resource: "DnsRecord",
    what: "CAA flag 1",
    set: { type: "CAA", value: '1 issue "letsencrypt.org"' },
    field: "value",
    rule: /CAA flag 1 is not supported; use 0 or 128/,
  },
  {
    resource: "DnsRecord",
    what: "CAA unknown tag",
    set: { type: "CAA", value: '0 issuer "letsencrypt.org"' },
    field: "value",
    rule: /CAA tag "issuer" is not supported/,
  },
  {
    resource: "DnsRecord",
    what: "CAA iodef not a URL",
    set: { type: "CAA", value: '0 iodef "ftp://example.com"' },
    field: "value",
    rule: /must be a mailto: or http\(s\):\/\/ URL/,
  },
  {
    resource: "DnsRecord",
    what: "CAA value with spaces",
    set: { type: "CAA", value: "0 issue lets encrypt.org" },
    field: "value",
    rule: /must be one quoted string without inner quotes or spaces/,
  },
  { resource: "DnsRecord", what: "CAA without value", set: { type: "CAA", value: "0 issue" }, field: "value", rule: /is not 'flag tag "value"'/ },
  { resource: "DnsRecord", what: "empty TXT", set: { type: "TXT", value: '""' }, field: "value", rule: /an empty TXT record cannot be stored/ },
  { resource: "DnsRecord", what: "TXT with an open quote", set: { type: "TXT", value: '"v=spf1 -all' }, field: "value", rule: /must be quoted strings/ },
  { resource: "DnsRecord", what: "TXT with a line break", set: { type: "TXT", value: "line1\nline2" }, field: "value", rule: /must not contain line breaks/ },
  {
    resource: "DnsRecord",
    what: "TXT quoted with outer spaces",
    set: { type: "TXT", value: '" padded "' },
    field: "value",
    rule: /must not begin or end with whitespace/,
  },
  {
    resource: "DnsRecord",
    what: "TXT of 3990 characters (over 4000 once split)",
    set: { type: "TXT", value: "x".repeat(3990) },
    field: "value",
    rule: /sent as quoted strings of at most 255 bytes, makes 4037 characters; the API stores at most 4000/,
  },
  {
    resource: "DnsRecord",
    what: "zone that is not a domain",
    set: { serviceName: "not a domain" },
    field: "serviceName",
    rule: /is not a domain name such as example\.com/,
  },
  {
    resource: "DnsRecord",
    what: "MX to a name with an empty label",
    set: { type: "MX", value: "mail..example.com" },
    field: "value",
    rule: /is not a host name for a MX record/,
  },

  // ---------- MailBox ----------
  {
    resource: "MailBox",
    what: "password of 5 characters",
    set: { password: "Sh0rt" },
    field: "password",
    rule: /must be 8 to 64 printable ASCII characters without spaces/,
    secret: "Sh0rt",
  },
  {
    resource: "MailBox",
    what: "password with a space",
    set: { password: "has space 123" },
    field: "password",
    rule: /8 to 64 printable ASCII/,
    secret: "has space 123",
  },
  {
    resource: "MailBox",
    what: "password with ñ",
    set: { password: "contraseña-123" },
    field: "password",
    rule: /8 to 64 printable ASCII/,
    secret: "contraseña-123",
  },
  {
    resource: "MailBox",
    what: "password of 65 characters",
    set: { password: `Pw-${"z".repeat(62)}` },
    field: "password",
    rule: /8 to 64 printable ASCII/,
    secret: `Pw-${"z".repeat(62)}`,
  },
  {
    resource: "MailBox",
    what: "address of another domain",
    set: { name: "info@other-example.org" },
    field: "name",
    rule: /is not under the service's domain example\.com/,
  },
  { resource: "MailBox", what: "local part with a space", set: { name: "in fo" }, field: "name", rule: /the local part must be 1 to 64 lower-case letters/ },
  { resource: "MailBox", what: "service name of one label", set: { serviceName: "mailhost" }, field: "serviceName", rule: /at least 2 are needed/ },
  {
    resource: "MailBox",
    what: "a sixth mailbox on a Mini service (quota 5)",
    set: { serviceName: FULL, name: "sixth" },
    field: "serviceName",
    rule: /mailboxes quota reached: quota-example\.com's product allows 5; it has 5/,
    engine: true,
  },

  // ---------- MailAlias ----------
  { resource: "MailAlias", what: "no targets", set: { targets: [] }, field: "targets", rule: /needs at least one address/ },
  {
    resource: "MailAlias",
    what: "target not an address",
    set: { targets: ["not-an-email"] },
    field: "targets",
    rule: /"not-an-email" is not an e-mail address/,
  },
  {
    resource: "MailAlias",
    what: "alias of another domain",
    set: { name: "sales@other-example.org" },
    field: "name",
    rule: /is not under the service's domain/,
  },
  {
    resource: "MailAlias",
    what: "comma list with a bad address",
    set: { targets: "a@example.org, bad" },
    field: "targets",
    rule: /"bad" is not an e-mail address/,
  },
  {
    resource: "MailAlias",
    what: "two new aliases where one place is left (quota 10)",
    set: { serviceName: FULL, name: "second-new" },
    prime: [{ serviceName: FULL, name: "first-new", targets: ["a@example.org"] }],
    field: "serviceName",
    rule: /mail aliases quota reached: quota-example\.com's product allows 10; it has 9 and this program adds 2/,
    engine: true,
  },

  // ---------- Redirect ----------
  {
    resource: "Redirect",
    what: "ftp destination",
    set: { destination: "ftp://example.org/" },
    field: "destination",
    rule: /must be an http:\/\/ or https:\/\/ URL/,
  },
  {
    resource: "Redirect",
    what: "destination without scheme",
    set: { destination: "example.org" },
    field: "destination",
    rule: /must be an http:\/\/ or https:\/\/ URL/,
  },
  { resource: "Redirect", what: "type 307", set: { type: "307" }, field: "type", rule: /must be one of 301, 302, frame/ },
  { resource: "Redirect", what: "origin www.. (empty label)", set: { origin: "www.." }, field: "origin", rule: /has an empty label/ },
  {
    resource: "Redirect",
    what: "origin outside the service",
    set: { origin: "blog.other-example.org." },
    field: "origin",
    rule: /is not under the service's domain/,
  },
  { resource: "Redirect", what: "wildcard origin", set: { origin: "*.blog" }, field: "origin", rule: /\(no wildcard\)/ },
  { resource: "Redirect", what: "emoji origin", set: { origin: "💩" }, field: "origin", rule: /IDNA2008 does not allow/, engine: true },

  // ---------- FtpAccount ----------
  {
    resource: "FtpAccount",
    what: "password of 7 characters",
    set: { password: "1234567" },
    field: "password",
    rule: /must be 8 to 64 printable ASCII characters without spaces \(value not shown\)/,
    secret: "1234567",
  },
  {
    resource: "FtpAccount",
    what: "password with a space",
    set: { password: "pass word 1" },
    field: "password",
    rule: /8 to 64 printable ASCII/,
    secret: "pass word 1",
    engine: true,
  },
  { resource: "FtpAccount", what: "relative ftpPath", set: { ftpPath: "relative/path" }, field: "ftpPath", rule: /must be a path starting with \// },
  { resource: "FtpAccount", what: "ftpPath with ..", set: { ftpPath: "/a/../b" }, field: "ftpPath", rule: /must not contain \.\./ },
  { resource: "FtpAccount", what: "user name starting with -", set: { name: "-deploy" }, field: "name", rule: /must be 1 to 32 letters, digits/ },
  { resource: "FtpAccount", what: "user name of 33 characters", set: { name: "u".repeat(33) }, field: "name", rule: /must be 1 to 32/ },
  {
    resource: "FtpAccount",
    what: "a second FTP account on a Mini service (quota 1)",
    set: { serviceName: FULL, name: "second" },
    field: "serviceName",
    rule: /FTP accounts quota reached: quota-example\.com's product allows 1; it has 1/,
  },

  // ---------- Database ----------
  { resource: "Database", what: "password of 5 characters", set: { password: "short" }, field: "password", rule: /8 to 64 printable ASCII/, secret: "short" },
  {
    resource: "Database",
    what: "password with a tab",
    set: { password: "tab\there-123" },
    field: "password",
    rule: /8 to 64 printable ASCII/,
    secret: "tab\there-123",
  },
  { resource: "Database", what: "externalAccess not a boolean", set: { externalAccess: "maybe" }, field: "externalAccess", rule: /must be true or false/ },
  {
    resource: "Database",
    what: "a second database on a Mini service (quota 1)",
    set: { serviceName: FULL },
    field: "serviceName",
    rule: /databases quota reached: quota-example\.com's product allows 1 and it has 1/,
    engine: true,
  },

  // ---------- Subdomain ----------
  { resource: "Subdomain", what: "the apex", set: { name: "@" }, field: "name", rule: /must name a subdomain such as "blog"/ },
  { resource: "Subdomain", what: "wildcard", set: { name: "*.blog" }, field: "name", rule: /is not a valid host name \(no wildcards\)/ },
  { resource: "Subdomain", what: "empty label", set: { name: "blog..x" }, field: "name", rule: /has an empty label/ },
  { resource: "Subdomain", what: "emoji label", set: { name: "💩" }, field: "name", rule: /IDNA2008 does not allow/ },
  {
    resource: "Subdomain",
    what: "the service's own domain",
    set: { name: "example.com." },
    field: "name",
    rule: /is the service's own domain, not a subdomain/,
  },
  { resource: "Subdomain", what: "ftpPath without /", set: { ftpPath: "blog" }, field: "ftpPath", rule: /must be a path starting with \// },
  {
    resource: "Subdomain",
    what: "certificate that is not PEM (secret ssl)",
    set: { ssl: { sslCert: "not-a-cert-Secret-Blob", sslKey: "not-a-key-Secret-Blob", sslCertChain: "chain", sslPath: "/ssl" } },
    field: "ssl.sslCert",
    rule: /must be a PEM certificate/,
    secret: "Secret-Blob",
    engine: true,
  },
  {
    resource: "Subdomain",
    what: "a third subdomain on a Mini service (quota 2)",
    set: { serviceName: FULL, name: "third" },
    field: "serviceName",
    rule: /subdomains quota reached: quota-example\.com's product allows 2; it has 2/,
  },

  // ---------- GlueRecord ----------
  { resource: "GlueRecord", what: "IPv4 192.0.2.300", set: { ipv4: "192.0.2.300" }, field: "ipv4", rule: /is not an IPv4 address such as 192\.0\.2\.1/ },
  {
    resource: "GlueRecord",
    what: "private IPv4",
    set: { ipv4: "10.0.0.53" },
    field: "ipv4",
    rule: /is a private address \(RFC 1918\): a glue record publishes/,
    engine: true,
  },
  { resource: "GlueRecord", what: "loopback IPv4", set: { ipv4: "127.0.0.1" }, field: "ipv4", rule: /is a loopback address/ },
  { resource: "GlueRecord", what: "link-local IPv6", set: { ipv6: "fe80::53" }, field: "ipv6", rule: /is a link-local address \(fe80::\/10\)/ },
  { resource: "GlueRecord", what: "IPv6 that is not one", set: { ipv6: "2001:db8::zz" }, field: "ipv6", rule: /is not an IPv6 address/ },
  { resource: "GlueRecord", what: "host outside the domain", set: { name: "ns1.other-example.org." }, field: "name", rule: /is not under owned-example\.com/ },
  { resource: "GlueRecord", what: "the domain itself", set: { name: OWNED }, field: "name", rule: /must be a host under owned-example\.com/ },
  { resource: "GlueRecord", what: "host with an empty label", set: { name: "ns1..x" }, field: "name", rule: /has an empty label/ },
  { resource: "GlueRecord", what: "domain of one label", set: { domain: "example" }, field: "domain", rule: /at least 2 are needed/ },

  // ---------- DnssecKey ----------
  { resource: "DnssecKey", what: "keytag 70000", set: { keytag: 70000 }, field: "keytag", rule: /must be at most 65535/ },
  {
    resource: "DnssecKey",
    what: "algorithm 0",
    set: { algorithm: 0 },
    field: "algorithm",
    rule: /0 is reserved .* in the IANA DNSSEC Algorithm Numbers registry, so it is not a DNSSEC signing algorithm/,
    engine: true,
  },
  { resource: "DnssecKey", what: "algorithm 300", set: { algorithm: 300 }, field: "algorithm", rule: /must be at most 255/ },
  {
    resource: "DnssecKey",
    what: "digest type 0",
    set: { digesttype: 0 },
    field: "digesttype",
    rule: /0 is reserved in the IANA DS RR Type Digest Algorithms registry, so it is not a DS digest type/,
  },
  { resource: "DnssecKey", what: "digest not hexadecimal", set: { digest: "XYZ" }, field: "digest", rule: /must be hexadecimal/ },
  {
    resource: "DnssecKey",
    what: "SHA-256 digest of 6 characters",
    set: { digest: "ABCDEF" },
    field: "digest",
    rule: /a digest of type 2 has 64 hex characters, 6 given/,
  },
  { resource: "DnssecKey", what: "domain with a space", set: { domain: "not a domain" }, field: "domain", rule: /whitespace inside the name/ },

  // ---------- SslCertificate ----------
  {
    resource: "SslCertificate",
    what: "unknown SSL product",
    set: { productId: 999 },
    field: "productId",
    rule: /999 is not an SSL product of this account \(ssl\/productlist offers 101/,
    engine: true,
  },
  { resource: "SslCertificate", what: "productId 0", set: { productId: 0 }, field: "productId", rule: /must be at least 1/ },
  {
    resource: "SslCertificate",
    what: "3 years on a 1-2 year product",
    set: { period: 3 },
    field: "period",
    rule: /3 years is not offered for PositiveSSL \(101\); allowed: 1, 2/,
  },
  {
    resource: "SslCertificate",
    what: "a period on the trial",
    set: { productId: 107, period: 2 },
    field: "period",
    rule: /is a trial with no period to choose/,
  },
  {
    resource: "SslCertificate",
    what: "wildcard on a single-name product",
    set: { subject: { ...SUBJECT, commonName: "*.cert-example.com" } },
    field: "commonName",
    rule: /is a wildcard name and PositiveSSL \(101\) is not a wildcard product.*102/,
    engine: true,
  },
  {
    resource: "SslCertificate",
    what: "alternative names on a single-name product",
    set: { alternativeNames: ["shop.cert-example.com"] },
    field: "alternativeNames",
    rule: /PositiveSSL \(101\) covers one name: alternative names need a multi-domain product.*103/,
    engine: true,
  },
  {
    resource: "SslCertificate",
    what: "wildcard alternative name on a multi-domain product",
    set: { productId: 103, alternativeNames: ["*.shop.cert-example.com"] },
    field: "alternativeNames",
    rule: /is a wildcard name and PositiveSSL Multi-Domain \(103\) is not a wildcard product/,
  },
  {
    resource: "SslCertificate",
    what: "more names than sanMaxDomains",
    set: { productId: 103, alternativeNames: Array.from({ length: 100 }, (_, i) => `n${i}.cert-example.com`) },
    field: "alternativeNames",
    rule: /101 names with the common name; PositiveSSL Multi-Domain \(103\) allows at most 100/,
  },
  {
    resource: "SslCertificate",
    what: "emoji alternative name",
    set: { productId: 103, alternativeNames: ["💩.cert-example.com"] },
    field: "alternativeNames",
    rule: /IDNA2008 does not allow/,
  },
  {
    resource: "SslCertificate",
    what: "country of three letters in the subject",
    set: { subject: { ...SUBJECT, countryName: "ESP" } },
    field: "subject.countryName",
    rule: /must be a two-letter country code/,
  },
  {
    resource: "SslCertificate",
    what: "both csr and subject",
    set: { csr: "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----" },
    field: "csr",
    rule: /give either csr .* or subject/,
  },
  { resource: "SslCertificate", what: "neither csr nor subject", set: { subject: undefined }, field: "csr", rule: /give either csr/ },
  {
    resource: "SslCertificate",
    what: "an order without adminContact",
    set: { adminContact: undefined },
    field: "adminContact",
    rule: /required to order a certificate/,
  },
  {
    resource: "SslCertificate",
    what: "subject while adopting by certificateId",
    set: { certificateId: 10001 },
    field: "subject",
    rule: /leave it out when certificateId adopts an existing certificate/,
  },
  {
    resource: "SslCertificate",
    what: "adopting by certificateId with no common name",
    set: { certificateId: 10001, subject: undefined },
    field: "commonName",
    rule: /required with certificateId/,
  },
  {
    resource: "SslCertificate",
    what: "common name with a space",
    set: { subject: { ...SUBJECT, commonName: "www.cert example.com" } },
    field: "commonName",
    rule: /must be a host name such as www\.example\.com/,
  },
  {
    resource: "SslCertificate",
    what: "admin contact country XX",
    set: { adminContact: { ...OWNER, country: "XX" } },
    field: "adminContact.country",
    rule: /not an ISO 3166 country code the API knows/,
  },
  {
    resource: "SslCertificate",
    what: "unknown validation method",
    set: { validationMethod: "ftp" },
    field: "validationMethod",
    rule: /must be dns, http, https or an e-mail address/,
  },
  {
    resource: "SslCertificate",
    what: "private key (secret) with subject",
    set: { privateKey: "-----BEGIN PRIVATE KEY-----\nTopSecretKeyMaterial\n-----END PRIVATE KEY-----" },
    field: "privateKey",
    rule: /leave it out with subject/,
    secret: "TopSecretKeyMaterial",
  },
  { resource: "SslCertificate", what: "a CSR that is not one", set: { subject: undefined, csr: "not a csr" }, field: "csr", rule: /must be a CSR in PEM form/ },
  // ---------- issue 19 item 15: classes preview let through (each with cases beyond the one named) ----------
  // a. Who may hold the TLD (sdk/rules tld-eligibility.ts, es-identity.ts).
  {
    resource: "Domain",
    what: ".es owner whose NIF letter is wrong",
    set: { name: "tienda-example.es", contacts: { owner: { ...OWNER, identNumber: "12345678A" } } },
    field: "contacts.owner.identNumber",
    rule: /the NIF's letter is wrong: 12345678 mod 23 gives Z, not A \(ESNIC/,
    engine: true,
  },
  {
    resource: "Domain",
    what: ".com.es owner whose NIE letter is wrong",
    set: { name: "tienda-example.com.es", contacts: { owner: { ...OWNER, identNumber: "X1234567T" } } },
    field: "contacts.owner.identNumber",
    rule: /the NIE's letter is wrong: X=0, 01234567 mod 23 gives L, not T/,
  },
  {
    resource: "Domain",
    what: ".es organisation whose company NIF (CIF) control is wrong",
    set: { name: "empresa-example.es", contacts: { owner: { ...ES_ORG, identNumber: "B12345678" } } },
    field: "contacts.owner.identNumber",
    rule: /company NIF \(CIF\)'s control character is wrong: B1234567 needs 4, not 8/,
  },
  {
    resource: "Domain",
    what: ".es owner in Spain with no Spanish identity number",
    set: { name: "sin-nif-example.es", contacts: { owner: { ...OWNER, identNumber: "PASSPORT1" } } },
    field: "contacts.owner.identNumber",
    rule: /an owner in Spain is identified by a NIF or NIE/,
  },
  {
    resource: "Domain",
    what: ".nom.es for an organisation",
    set: { name: "ejemplo.nom.es", contacts: { owner: ES_ORG } },
    field: "contacts.owner.contactType",
    rule: /\.nom\.es domains are for individuals only/,
  },
  {
    resource: "Domain",
    what: ".org.es for an individual",
    set: { name: "ejemplo.org.es" },
    field: "contacts.owner.contactType",
    rule: /\.org\.es domains are for non-profit organisations only/,
  },
  {
    resource: "Domain",
    what: ".eu owner residing in the US",
    set: { name: "europa-example.eu", contacts: { owner: { ...OWNER, country: "US", phone: "+1.2025550123" } } },
    field: "contacts.owner.country",
    rule: /\.eu domains need an owner residing or established in the EU, Iceland, Liechtenstein or Norway \(EURid/,
    engine: true,
  },
  {
    resource: "Domain",
    what: ".eu owner by id residing in Russia (contact/getinfo)",
    set: { name: "europa-id-example.eu", contacts: { owner: "$INDIVIDUAL" } },
    field: "contacts.owner",
    rule: /\.eu domains need an owner residing or established in the EU.*RU is not one \(contact [A-Z]+-\d+'s country, contact\/getinfo\)/,
  },
  {
    resource: "Domain",
    what: ".fr owner residing in Canada",
    set: { name: "societe-ca-example.fr", contacts: { owner: { ...OWNER, country: "CA" } } },
    field: "contacts.owner.country",
    rule: /\.fr domains need an owner residing or established in the EU, Iceland, Liechtenstein, Norway or Switzerland \(AFNIC/,
  },
  // b. Address syntax (RFC 5321, RFC 1035): sdk/rules mail-syntax.ts.
  { resource: "Contact", what: "e-mail with an empty domain label", set: { email: "ana@example..com" }, field: "email", rule: /an empty label/, engine: true },
  { resource: "Contact", what: "e-mail with a leading dot", set: { email: ".ana@example.com" }, field: "email", rule: /starts or ends with a dot \(RFC 5321/ },
  {
    resource: "Contact",
    what: "e-mail with two dots in the local part",
    set: { email: "an..a@example.com" },
    field: "email",
    rule: /two dots in a row \(RFC 5321/,
  },
  {
    resource: "Contact",
    what: "e-mail whose domain label has 64 characters",
    set: { email: `ana@${"a".repeat(64)}.com` },
    field: "email",
    rule: /a label holds at most 63/,
  },
  {
    resource: "Contact",
    what: "e-mail of 255 octets",
    set: { email: `ana@${`${"b".repeat(62)}.`.repeat(4)}com` },
    field: "email",
    rule: /an address holds at most 254 \(RFC 5321/,
  },
  { resource: "Contact", what: "e-mail domain ending in a hyphen", set: { email: "ana@example-.com" }, field: "email", rule: /inner hyphens \(LDH\)/ },
  { resource: "Contact", what: "e-mail at an IP address", set: { email: "ana@192.0.2.1" }, field: "email", rule: /IP address/ },
  {
    resource: "Domain",
    what: "inline owner e-mail with an empty label",
    set: { contacts: { owner: { ...OWNER, email: "ana@.example.com" } } },
    field: "contacts.owner.email",
    rule: /an empty label/,
  },
  {
    resource: "MailBox",
    what: "local part starting with a dot",
    set: { name: ".info" },
    field: "name",
    rule: /starts or ends with a dot \(RFC 5321/,
    engine: true,
  },
  { resource: "MailBox", what: "local part ending with a dot", set: { name: "info.@example.com" }, field: "name", rule: /starts or ends with a dot/ },
  { resource: "MailAlias", what: "local part with two dots", set: { name: "sa..les" }, field: "name", rule: /two dots in a row/ },
  {
    resource: "MailAlias",
    what: "target with an empty domain label",
    set: { targets: ["a@example..org"] },
    field: "targets",
    rule: /"a@example\.\.org" is not an e-mail address: .*an empty label/,
  },
  { resource: "MailAlias", what: "target with a leading dot", set: { targets: [".a@example.org"] }, field: "targets", rule: /starts or ends with a dot/ },
  { resource: "MailAlias", what: "target under a one-label domain", set: { targets: ["a@localhost"] }, field: "targets", rule: /at least 2 are needed/ },
  // c. A service name is a domain name, never an IP address.
  {
    resource: "HostingService",
    what: "a service named by an IPv4 address",
    set: { name: "192.0.2.10" },
    field: "name",
    rule: /is an IP address; a domain name is expected/,
    engine: true,
  },
  { resource: "HostingService", what: "a service named by an IPv6 address", set: { name: "2001:db8::10" }, field: "name", rule: /IP address/ },
  {
    resource: "HostingService",
    what: "a name whose last label is numeric",
    set: { name: "example.123" },
    field: "name",
    rule: /last label "123" is all digits/,
  },
  { resource: "DnsRecord", what: "serviceName that is an IP address", set: { serviceName: "192.0.2.10" }, field: "serviceName", rule: /IP address/ },
  { resource: "MailBox", what: "serviceName that is an IP address", set: { serviceName: "10.1.2.3" }, field: "serviceName", rule: /IP address/ },
  // d. Redirect URL ports (sdk/rules url.ts).
  {
    resource: "Redirect",
    what: "destination port over 65535",
    set: { destination: "https://example.org:70000/" },
    field: "destination",
    rule: /the port 70000 is out of range: a TCP port is 1 to 65535/,
    engine: true,
  },
  { resource: "Redirect", what: "destination port 0", set: { destination: "http://example.org:0/" }, field: "destination", rule: /the port 0 is out of range/ },
  {
    resource: "Redirect",
    what: "destination port not numeric",
    set: { destination: "https://example.org:https/" },
    field: "destination",
    rule: /the port "https" must be a number/,
  },
  {
    resource: "Redirect",
    what: "destination with an empty port",
    set: { destination: "https://example.org:/x" },
    field: "destination",
    rule: /the port "" must be a number/,
  },
  {
    resource: "Redirect",
    what: "destination host with an empty label",
    set: { destination: "https://example..org/" },
    field: "destination",
    rule: /an empty label/,
  },
  // e. A subdomain is named within its service.
  {
    resource: "Subdomain",
    what: "a full name of another domain (final dot)",
    set: { name: "blog.other-example.org." },
    field: "name",
    rule: /is not under the service's domain example\.com/,
    engine: true,
  },
  {
    resource: "Subdomain",
    what: "a name of another domain under the same TLD",
    set: { name: "blog.other-example.com" },
    field: "name",
    rule: /"blog\.other-example\.com" is not under the service's domain example\.com/,
  },
  // f. EPP contact lengths (RFC 5733): sdk/rules epp-contact.ts.
  {
    resource: "Contact",
    what: "postal code of 17 characters",
    set: { postalCode: "1".repeat(17) },
    field: "postalCode",
    rule: /17 characters; the registries' EPP contact pc holds at most 16 \(RFC 5733\)/,
    engine: true,
  },
  { resource: "Contact", what: "street of 256 characters", set: { address: "x".repeat(256) }, field: "address", rule: /EPP contact street holds at most 255/ },
  { resource: "Contact", what: "city of 256 characters", set: { city: "x".repeat(256) }, field: "city", rule: /EPP contact city holds at most 255/ },
  { resource: "Contact", what: "state of 256 characters", set: { state: "x".repeat(256) }, field: "state", rule: /EPP contact sp holds at most 255/ },
  {
    resource: "Contact",
    what: "organisation name of 256 characters",
    set: { contactType: "organization", orgName: "x".repeat(256) },
    field: "orgName",
    rule: /EPP contact org holds at most 255/,
  },
  {
    resource: "Contact",
    what: "first and last names over 255 together",
    set: { firstName: "a".repeat(200), lastName: "b".repeat(100) },
    field: "lastName",
    rule: /first and last name together are 301 characters/,
  },
  {
    resource: "Contact",
    what: "phone with a 4-digit country code",
    set: { phone: "+3400.931234567" },
    field: "phone",
    rule: /must be \+CC\.NUMBER/,
  },
  { resource: "Contact", what: "phone of 15 digits", set: { phone: `+34.${"9".repeat(15)}` }, field: "phone", rule: /must be \+CC\.NUMBER/ },
  {
    resource: "Domain",
    what: "inline owner postal code of 20 characters",
    set: { contacts: { owner: { ...OWNER, postalCode: "0".repeat(20) } } },
    field: "contacts.owner.postalCode",
    rule: /EPP contact pc holds at most 16/,
  },
  {
    resource: "SslCertificate",
    what: "admin contact city of 300 characters",
    set: { adminContact: { ...OWNER, city: "c".repeat(300) } },
    field: "adminContact.city",
    rule: /EPP contact city holds at most 255/,
  },
  // g. DNSSEC numbers (IANA registries, RFC 8624): sdk/rules dnssec.ts.
  {
    resource: "DnssecKey",
    what: "algorithm 1 (RSAMD5)",
    set: { algorithm: 1 },
    field: "algorithm",
    rule: /1 \(RSAMD5\) MUST NOT be used to sign zones \(RFC 8624 section 3\.1\)/,
    engine: true,
  },
  { resource: "DnssecKey", what: "algorithm 3 (DSA)", set: { algorithm: 3 }, field: "algorithm", rule: /3 \(DSA\) MUST NOT .*RFC 8624/ },
  { resource: "DnssecKey", what: "algorithm 12 (ECC-GOST)", set: { algorithm: 12 }, field: "algorithm", rule: /12 \(ECC-GOST\) MUST NOT/ },
  {
    resource: "DnssecKey",
    what: "algorithm 4 (reserved)",
    set: { algorithm: 4 },
    field: "algorithm",
    rule: /4 is reserved in the IANA DNSSEC Algorithm Numbers registry/,
  },
  {
    resource: "DnssecKey",
    what: "algorithm 252 (INDIRECT)",
    set: { algorithm: 252 },
    field: "algorithm",
    rule: /252 \(INDIRECT\) is not a zone-signing algorithm in the IANA/,
  },
  {
    resource: "DnssecKey",
    what: "algorithm 20 (unassigned)",
    set: { algorithm: 20 },
    field: "algorithm",
    rule: /20 is unassigned in the IANA DNSSEC Algorithm Numbers registry/,
  },
  {
    resource: "DnssecKey",
    what: "digest type 1 (SHA-1)",
    set: { digesttype: 1, digest: "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4" },
    field: "digesttype",
    rule: /1 \(SHA-1\) MUST NOT be used to make a DS record \(RFC 8624 section 3\.3\)/,
  },
  { resource: "DnssecKey", what: "digest type 3 (GOST R 34.11-94)", set: { digesttype: 3 }, field: "digesttype", rule: /3 \(GOST R 34\.11-94\) MUST NOT/ },
  {
    resource: "DnssecKey",
    what: "digest type 7 (unassigned)",
    set: { digesttype: 7 },
    field: "digesttype",
    rule: /7 is unassigned in the IANA DS RR Type Digest Algorithms registry/,
  },
  // h. A CSR's key shorter than the product's keyLength (ssl/productlist).
  {
    resource: "SslCertificate",
    what: "CSR with a 1024-bit key on a 2048-bit product",
    set: { subject: undefined, csr: CSR_1024 },
    field: "csr",
    rule: /the CSR's RSA key has 1024 bits; PositiveSSL \(101\) needs at least 2048 \(ssl\/productlist keyLength/,
    engine: true,
  },
  {
    resource: "SslCertificate",
    what: "CSR with a 512-bit key on a wildcard product",
    set: { subject: undefined, csr: csrWithKey(512, "*.cert-example.com"), productId: 102 },
    field: "csr",
    rule: /the CSR's RSA key has 512 bits; .* needs at least 2048/,
  },
  {
    resource: "SslCertificate",
    what: "CSR with a 512-bit key on a multi-domain product",
    set: { subject: undefined, csr: CSR_512, productId: 103 },
    field: "csr",
    rule: /512 bits; .*\(103\) needs at least 2048/,
  },
  // i. PHP versions: none on a product without web space; one the platform offers, before the service is bought.
  {
    resource: "HostingService",
    what: "PHP version on a redirect-only service",
    set: { productKey: "redir", phpVersion: "8.2" },
    field: "phpVersion",
    rule: /a redir service has no web space, so no PHP version to set/,
    engine: true,
  },
  {
    resource: "HostingService",
    what: "PHP version on a mail plan",
    set: { productKey: "mailplus", phpVersion: "8.1" },
    field: "phpVersion",
    rule: /a mailplus service has no web space/,
  },
  {
    resource: "HostingService",
    what: "PHP version the platform does not offer, on a new service",
    set: { phpVersion: "5.6" },
    field: "phpVersion",
    rule: /5\.6 is not offered; available: 7\.4, 8\.1, 8\.2, 8\.3 \(service\/getinfo php\) on this account's hosting platform.*refused before new-hosting-example\.com is bought/,
    engine: true,
  },
  {
    resource: "HostingService",
    what: "PHP version that is no version",
    set: { phpVersion: "latest" },
    field: "phpVersion",
    rule: /"latest" must be a PHP version such as 8\.2/,
  },
  // j. A CNAME holds its name alone: against the live zone (service/dnslist) at preview.
  {
    resource: "DnsRecord",
    what: "CNAME where the live zone holds an A record",
    set: { serviceName: FULL, name: "www", type: "CNAME", value: "other.example.net" },
    field: "type",
    rule: /a CNAME at www\.quota-example\.com cannot share its name with other records, and the live zone \(service\/dnslist of quota-example\.com\) holds A .* \(RFC 1034 3\.6\.2/,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "TXT where the live zone holds a CNAME",
    set: { serviceName: FULL, name: "alias", type: "TXT", value: "hello" },
    field: "name",
    rule: /alias\.quota-example\.com holds a CNAME .* in the live zone .*: a TXT record cannot sit beside it \(RFC 1034/,
  },
  {
    resource: "DnsRecord",
    what: "MX where the live zone holds a CNAME",
    set: { serviceName: FULL, name: "alias", type: "MX", value: "mail.example.com", priority: 10 },
    field: "name",
    rule: /holds a CNAME .*: a MX record cannot sit beside it/,
  },
  // ---------- issue 27: invalid input that still passed preview, by class (sdk/rules: each rule cites its source) ----------
  // a. DNS meaning beyond syntax (sdk/rules dns-meaning.ts, mail-auth.ts, dns-values.ts CAA): refused.
  {
    resource: "DnsRecord",
    what: "an SRV whose name is not _service._proto",
    set: { name: "sip", type: "SRV", value: "5 5060 sip.example.net" },
    field: "name",
    rule: /_service\._proto\[\.name\].*RFC 2782/,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "an SRV service label of 20 characters",
    set: { name: "_averyveryverylongname._tcp", type: "SRV", value: "5 5060 sip.example.net" },
    field: "name",
    rule: /RFC 6335 5\.1/,
  },
  {
    resource: "DnsRecord",
    what: "an SRV whose protocol has no underscore",
    set: { name: "_sip.tcp", type: "SRV", value: "5 5060 sip.example.net" },
    field: "name",
    rule: /_service\._proto/,
  },
  {
    resource: "DnsRecord",
    what: "a CNAME to itself",
    set: { name: "loop", type: "CNAME", value: "LOOP.example.com." },
    field: "value",
    rule: /a CNAME from loop\.example\.com to itself loops: resolvers answer SERVFAIL \(RFC 1034/,
  },
  {
    resource: "DnsRecord",
    what: "two CNAMEs of the program pointing at each other",
    prime: [{ serviceName: "cname-ring-example.com", name: "a", type: "CNAME", value: "b.cname-ring-example.com" }],
    set: { serviceName: "cname-ring-example.com", name: "b", type: "CNAME", value: "a.cname-ring-example.com" },
    field: "value",
    // Whichever of the two the engine checks last is refused (the engine's order is not the program's).
    rule: /CNAMEs loop: (a|b)\.cname-ring-example\.com -> (a|b)\.cname-ring-example\.com -> (a|b)\.cname-ring-example\.com/,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "a CNAME closing a loop with the live zone's CNAME",
    set: { serviceName: MEANING, name: "ring2", type: "CNAME", value: `ring1.${MEANING}` },
    field: "value",
    rule: /CNAMEs loop: ring2\.meaning-example\.com -> ring1\.meaning-example\.com -> ring2.*service\/dnslist/,
  },
  {
    resource: "DnsRecord",
    what: "an NS record whose target is a CNAME of the live zone",
    set: { serviceName: MEANING, name: "deleg", type: "NS", value: `nsalias.${MEANING}` },
    field: "value",
    rule: /nsalias\.meaning-example\.com is a CNAME .*never an alias \(RFC 2181 10\.3\)/,
  },
  {
    resource: "DnsRecord",
    what: "a TXT below a name the live zone delegates",
    set: { serviceName: MEANING, name: "_acme-challenge.sub", type: "TXT", value: "token" },
    field: "name",
    rule: /_acme-challenge\.sub is below sub, which NS records delegate to ns1\.elsewhere-example\.net.*RFC 1034 4\.2\.1/,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "an A record at a delegated name",
    set: { serviceName: MEANING, name: "sub" },
    field: "name",
    rule: /sub is at sub, which NS records delegate/,
  },
  {
    resource: "DnsRecord",
    what: "a delegation that hides a live record",
    set: { serviceName: MEANING, name: "team", type: "NS", value: "ns1.elsewhere-example.net" },
    field: "name",
    rule: /delegating team hides A app\.team/,
  },
  {
    resource: "DnsRecord",
    what: "a CNAME to a .local name",
    set: { name: "printer", type: "CNAME", value: "printer.local" },
    field: "value",
    rule: /printer\.local is under \.local \(RFC 6762/,
  },
  {
    resource: "DnsRecord",
    what: "an MX under .invalid",
    set: { name: "@", type: "MX", value: "mx.example.invalid" },
    field: "value",
    rule: /\.invalid \(RFC 6761 6\.4\)/,
  },
  { resource: "DnsRecord", what: "an NS under .internal", set: { name: "corp", type: "NS", value: "ns1.corp.internal" }, field: "value", rule: /\.internal/ },
  {
    resource: "DnsRecord",
    what: "an SRV to a .onion host",
    set: { name: "_http._tcp", type: "SRV", value: "1 80 site.onion" },
    field: "value",
    rule: /RFC 7686/,
  },
  {
    resource: "DnsRecord",
    what: "SPF with an IPv4 of 300",
    set: { name: "@", type: "TXT", value: "v=spf1 ip4:192.0.2.300 -all" },
    field: "value",
    rule: /"192\.0\.2\.300" is not an IPv4 address \(RFC 7208 5\.6\)/,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "SPF include of a one-label name",
    set: { type: "TXT", value: "v=spf1 include:google -all" },
    field: "value",
    rule: /domain-end/,
  },
  {
    resource: "DnsRecord",
    what: "SPF unknown mechanism ipv4",
    set: { type: "TXT", value: "v=spf1 ipv4:192.0.2.1 -all" },
    field: "value",
    rule: /"ipv4" is not an SPF mechanism/,
  },
  {
    resource: "DnsRecord",
    what: "SPF with 11 DNS lookups",
    set: { type: "TXT", value: `v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:s${i}.example.net`).join(" ")} -all` },
    field: "value",
    rule: /11 terms that look up DNS.*RFC 7208 4\.6\.4/,
  },
  {
    resource: "DnsRecord",
    what: "SPF with two redirects",
    set: { type: "TXT", value: "v=spf1 redirect=a.example.net redirect=b.example.net" },
    field: "value",
    rule: /redirect= appears 2 times/,
  },
  { resource: "DnsRecord", what: "SPF prefix /33", set: { type: "TXT", value: "v=spf1 ip4:192.0.2.0/33 -all" }, field: "value", rule: /0 to 32/ },
  {
    resource: "DnsRecord",
    what: "DMARC without a policy",
    set: { name: "_dmarc", type: "TXT", value: "v=DMARC1; rua=mailto:dmarc@example.com" },
    field: "value",
    rule: /p= is missing.*RFC 7489 6\.3/,
  },
  {
    resource: "DnsRecord",
    what: "DMARC p=block",
    set: { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=block" },
    field: "value",
    rule: /p=block is not a policy/,
  },
  {
    resource: "DnsRecord",
    what: "a DKIM key record without p=",
    set: { name: "s1._domainkey", type: "TXT", value: "v=DKIM1; k=rsa" },
    field: "value",
    rule: /p= is missing.*RFC 6376/,
  },
  {
    resource: "DnsRecord",
    what: "a DKIM key of type dsa",
    set: { name: "s2._domainkey", type: "TXT", value: "v=DKIM1; k=dsa; p=MIIB" },
    field: "value",
    rule: /k=dsa/,
  },
  {
    resource: "DnsRecord",
    what: "CAA issue with a parameter without a value",
    set: { type: "CAA", value: '0 issue "letsencrypt.org; accounturi"' },
    field: "value",
    rule: /not tag=value \(RFC 8659 4\.2\)/,
  },
  { resource: "DnsRecord", what: "a partial wildcard label", set: { name: "*dev" }, field: "name", rule: /must be 1 to 63 letters/ },
  {
    resource: "DnsZone",
    what: "two records of the zone in a CNAME loop",
    set: {
      serviceName: "zone-ring-example.com",
      records: [
        { name: "a", type: "CNAME", value: "b.zone-ring-example.com" },
        { name: "b", type: "CNAME", value: "a.zone-ring-example.com" },
      ],
    },
    field: "records[0].value",
    rule: /CNAMEs loop: a\.zone-ring-example\.com -> b\.zone-ring-example\.com -> a/,
    engine: true,
  },
  {
    resource: "DnsZone",
    what: "a record below a delegation the zone declares",
    set: {
      serviceName: "zone-deleg-example.com",
      records: [
        { name: "sub", type: "NS", value: "ns1.other-example.net" },
        { name: "x.sub", type: "TXT", value: "hi" },
      ],
    },
    field: "records[1].name",
    rule: /x\.sub is below sub/,
  },
  {
    resource: "DnsZone",
    what: "an SRV record named sip",
    set: { records: [{ name: "sip", type: "SRV", value: "5 5060 sip.example.net" }] },
    field: "records[0].name",
    rule: /_service\._proto/,
  },
  // a (warnings): works, but not as the RFCs say (refused with dondominio:strict).
  {
    resource: "DnsRecord",
    what: "a second SPF record where the live zone holds one",
    set: { serviceName: MEANING, name: "@", type: "TXT", value: "v=spf1 a -all" },
    field: "value",
    rule: /would hold two SPF records .*receivers answer permerror to both \(RFC 7208 3\.2, 4\.5\)/,
    warn: true,
    engine: true,
  },
  {
    resource: "DnsRecord",
    what: "two SPF records of the program at one name",
    prime: [{ serviceName: "spf-twice-example.com", name: "@", type: "TXT", value: "v=spf1 mx -all" }],
    set: { serviceName: "spf-twice-example.com", name: "@", type: "TXT", value: "v=spf1 a -all" },
    field: "value",
    rule: /would hold two SPF records/,
    warn: true,
  },
  {
    resource: "DnsRecord",
    what: "an MX to a CNAME of the live zone",
    set: { serviceName: MEANING, name: "@", type: "MX", value: `mailalias.${MEANING}` },
    field: "value",
    rule: /mailalias\.meaning-example\.com is a CNAME .*RFC 2181 10\.3, RFC 5321 5\.1/,
    warn: true,
  },
  {
    resource: "DnsRecord",
    what: "an SRV to a CNAME of the live zone",
    set: { serviceName: MEANING, name: "_imap._tcp", type: "SRV", value: `0 143 mailalias.${MEANING}` },
    field: "value",
    rule: /RFC 2782/,
    warn: true,
  },
  {
    resource: "DnsRecord",
    what: "SPF with ptr",
    set: { name: "spfptr", type: "TXT", value: "v=spf1 ptr -all" },
    field: "value",
    rule: /ptr mechanism SHOULD NOT/,
    warn: true,
  },
  {
    resource: "DnsRecord",
    what: "SPF +all",
    set: { name: "spfall", type: "TXT", value: "v=spf1 +all" },
    field: "value",
    rule: /passes mail from any server/,
    warn: true,
  },
  {
    resource: "DnsRecord",
    what: "NS at a wildcard name",
    set: { name: "*.lab", type: "NS", value: "ns1.example.net" },
    field: "name",
    rule: /RFC 4592/,
    warn: true,
  },
  {
    resource: "DnsZone",
    what: "a CNAME of the zone to a name the zone leaves empty",
    set: { serviceName: "zone-empty-example.com", records: [{ name: "docs", type: "CNAME", value: "nothing.zone-empty-example.com" }] },
    field: "records[0].value",
    rule: /NXDOMAIN/,
    warn: true,
  },

  // b. Registry policy (sdk/rules special-use.ts, idn-policy.ts, domain.ts; schema.ts, facts.ts of Domain).
  {
    resource: "Domain",
    what: ".es name with ß (ESNIC's letters only)",
    set: { name: "straße-example.es" },
    field: "name",
    rule: /"ß" \(U\+00DF\) is not a letter \.es names take \(ESNIC/,
    engine: true,
  },
  { resource: "Domain", what: ".es name with ø", set: { name: "smørrebrød-example.es" }, field: "name", rule: /"ø" .* is not a letter \.es names take/ },
  { resource: "Domain", what: ".es name of 2 characters", set: { name: "ab.es" }, field: "name", rule: /has 2 characters; a name under \.es has at least 3/ },
  { resource: "Domain", what: ".com.es name of 1 character", set: { name: "a.com.es" }, field: "name", rule: /a name under \.com\.es has at least 2/ },
  {
    resource: "Domain",
    what: "a label of Latin and Cyrillic letters",
    set: { name: "p\u0430ypal-example.com" },
    field: "name",
    rule: /mixes scripts \(Latin, Cyrillic\).*UTS #39/,
  },
  {
    resource: "Domain",
    what: ".eu name in Hebrew",
    set: { name: "שלום.eu" },
    field: "name",
    rule: /Hebrew; \.eu names take .*Latin, Greek or Cyrillic \(EURid\)/,
  },
  {
    resource: "Domain",
    what: ".cat name with ñ",
    set: { name: "niño-example.cat", tldParams: { domainIntendedUse: "botiga" } },
    field: "name",
    rule: /"ñ" .*\.cat names take \(puntCAT/,
  },
  {
    resource: "Domain",
    what: "a middle dot outside l·l",
    set: { name: "ca·sa-example.cat", tldParams: { domainIntendedUse: "botiga" } },
    field: "name",
    rule: /middle dot/,
  },
  { resource: "Domain", what: "a .test name", set: { name: "shop.test" }, field: "name", rule: /\.test is a special-use name \(RFC 6761 6\.2\)/, engine: true },
  { resource: "Domain", what: "a .local name", set: { name: "printer-example.local" }, field: "name", rule: /RFC 6762/ },
  { resource: "Domain", what: "a .onion name", set: { name: "shop.onion" }, field: "name", rule: /RFC 7686/ },
  { resource: "Domain", what: "a home.arpa name", set: { name: "router.home.arpa" }, field: "name", rule: /RFC 8375/ },
  { resource: "Domain", what: "a .internal name", set: { name: "corp.internal" }, field: "name", rule: /\.internal is a special-use name/ },
  {
    resource: "Domain",
    what: "example.com (RFC 2606)",
    set: { name: "example.com" },
    field: "name",
    rule: /example\.com is reserved for documentation \(RFC 2606/,
  },
  {
    resource: "Domain",
    what: "a transfer of example.org",
    set: { name: "example.org", registration: "transfer", authcode: "Auth-Code-77" },
    field: "name",
    rule: /example\.org is reserved for documentation/,
  },
  {
    resource: "Domain",
    what: "a new registration whose nameserver is under itself",
    set: { nameservers: ["ns1.good-example.com", "ns2.example.net"] },
    field: "nameservers",
    rule: /ns1\.good-example\.com is under good-example\.com itself: the registry needs its address \(a glue record/,
    engine: true,
  },
  {
    resource: "Domain",
    what: "an adopted domain's nameserver under itself without a glue record",
    set: { name: OWNED, registration: "adopt", contacts: undefined, nameservers: [`ns7.${OWNED}`, "ns2.example.net"] },
    field: "nameservers",
    rule: /ns7\.owned-example\.com is under owned-example\.com itself and has no glue record \(domain\/getinfo gluerecords lists none\)/,
  },
  {
    resource: "Domain",
    what: "a nameserver under .local",
    set: { nameservers: ["ns1.example.local", "ns2.example.net"] },
    field: "nameservers",
    rule: /ns1\.example\.local is under \.local .*could never reach/,
  },
  {
    resource: "Domain",
    what: "renewUntil 12 years ahead",
    set: { renewUntil: `${new Date().getUTCFullYear() + 12}-01-01` },
    field: "renewUntil",
    rule: /more than 10 years from today/,
  },
  {
    resource: "Domain",
    what: "a tag holding a comma",
    set: { tags: ["prod,eu"] },
    field: "tags",
    rule: /"prod,eu" holds a comma: the API keeps tags as one comma-separated list/,
  },
  {
    resource: "Domain",
    what: "an owner's date of birth after today",
    set: { name: "suomi2-example.fi", tldParams: { ownerDateOfBirth: "2999-01-01" } },
    field: "tldParams.ownerDateOfBirth",
    rule: /2999-01-01 is after today/,
  },
  {
    resource: "GlueRecord",
    what: "a glue record of a domain neither in the account nor in the program",
    set: { domain: "not-mine-example.com" },
    field: "domain",
    rule: /not-mine-example\.com is not in this account \(domain\/getinfo answered 2008\) nor a Domain this program declared/,
    engine: true,
  },
  {
    resource: "DnssecKey",
    what: "a DS of a domain neither in the account nor in the program",
    set: { domain: "not-mine-example.com" },
    field: "domain",
    rule: /is not in this account .*a DS entry belongs to a domain of the account/,
  },

  // c. Contact data (sdk/rules contact-data.ts, postal-code.ts, phone.ts, countries.ts, es-identity.ts).
  {
    resource: "Contact",
    what: "Spanish postal code 53001 (no province 53)",
    set: { postalCode: "53001" },
    field: "postalCode",
    rule: /"53001" is not a postal code of ES: 5 digits whose first two are the province, 01 to 52/,
    engine: true,
  },
  { resource: "Contact", what: "Spanish postal code of 4 digits", set: { postalCode: "8001" }, field: "postalCode", rule: /is not a postal code of ES/ },
  {
    resource: "Contact",
    what: "Portuguese postal code without its 3 digits",
    set: { country: "PT", phone: "+351.212345678", postalCode: "1000", identNumber: "123456789" },
    field: "postalCode",
    rule: /"1000" is not a postal code of PT: NNNN-NNN/,
  },
  {
    resource: "Contact",
    what: "French postal code of 4 digits",
    set: { country: "FR", phone: "+33.140000000", postalCode: "7500" },
    field: "postalCode",
    rule: /of FR/,
  },
  {
    resource: "Contact",
    what: "British postcode of digits",
    set: { country: "GB", phone: "+44.2071234567", postalCode: "12345" },
    field: "postalCode",
    rule: /of GB/,
  },
  {
    resource: "Contact",
    what: "US ZIP code of 4 digits",
    set: { country: "US", phone: "+1.2025550123", postalCode: "2050" },
    field: "postalCode",
    rule: /of US: a ZIP code/,
  },
  {
    resource: "Contact",
    what: "Mexican postal code of 4 digits",
    set: { country: "MX", phone: "+52.5512345678", postalCode: "0600" },
    field: "postalCode",
    rule: /of MX/,
  },
  {
    resource: "Contact",
    what: "German postal code of 4 digits",
    set: { country: "DE", phone: "+49.301234567", postalCode: "1011" },
    field: "postalCode",
    rule: /of DE/,
  },
  {
    resource: "Contact",
    what: "Italian postal code of 4 digits",
    set: { country: "IT", phone: "+39.0612345678", postalCode: "0018" },
    field: "postalCode",
    rule: /of IT/,
  },
  {
    resource: "Contact",
    what: "Argentinian postal code of letters",
    set: { country: "AR", phone: "+54.1123456789", postalCode: "ABC" },
    field: "postalCode",
    rule: /of AR/,
  },
  {
    resource: "Contact",
    what: "phone country code +999",
    set: { phone: "+999.123456789" },
    field: "phone",
    rule: /\+999 is not a country code ITU-T assigned/,
  },
  { resource: "Contact", what: "Spanish phone of 8 digits", set: { phone: "+34.93123456" }, field: "phone", rule: /\+34 numbers of Spain are 9 digits/ },
  {
    resource: "Contact",
    what: "French phone with the trunk 0",
    set: { country: "FR", phone: "+33.0612345678", postalCode: "75001" },
    field: "phone",
    rule: /drop the leading 0 \(the trunk prefix\), \+33\.612345678/,
  },
  {
    resource: "Contact",
    what: "US phone of 9 digits",
    set: { country: "US", phone: "+1.202555012", postalCode: "20500" },
    field: "phone",
    rule: /NXX-NXX-XXXX/,
  },
  {
    resource: "Contact",
    what: "phone of 17 digits",
    set: { phone: "+351.12345678901234" },
    field: "phone",
    rule: /has 17 digits; an E\.164 number has at most 15/,
  },
  { resource: "Contact", what: "country UK", set: { country: "UK" }, field: "country", rule: /"UK" is not an ISO 3166 country code .*use GB/ },
  {
    resource: "Contact",
    what: "a contact in Spain whose NIF letter is wrong",
    set: { identNumber: "12345678A" },
    field: "identNumber",
    rule: /the NIF's letter is wrong: 12345678 mod 23 gives Z, not A \(a contact in Spain/,
  },
  {
    resource: "Contact",
    what: "a contact in Spain whose NIE letter is wrong",
    set: { identNumber: "X1234567T" },
    field: "identNumber",
    rule: /NIE's letter is wrong/,
  },
  {
    resource: "Domain",
    what: "inline owner with a Spanish postal code 99999",
    set: { contacts: { owner: { ...OWNER, postalCode: "99999" } } },
    field: "contacts.owner.postalCode",
    rule: /is not a postal code of ES/,
  },
  {
    resource: "SslCertificate",
    what: "admin contact phone +0",
    set: { adminContact: { ...OWNER, phone: "+0.931234567" } },
    field: "adminContact.phone",
    rule: /\+0 is not a country code/,
  },
  {
    resource: "Contact",
    what: "a Spanish contact with a French phone",
    set: { phone: "+33.612345678" },
    field: "phone",
    rule: /\+33 is not ES's country code \(\+34\)/,
    warn: true,
    engine: true,
  },
  {
    resource: "Contact",
    what: "an e-mail under .invalid",
    set: { email: "ana@mail.invalid" },
    field: "email",
    rule: /never delivered, so the registry's verification mail fails/,
    warn: true,
  },

  // d. Loops and self-references (sdk/rules loops.ts; MailAlias and Redirect facts.ts).
  {
    resource: "MailAlias",
    what: "an alias among its own targets",
    set: { targets: ["b@example.org", "SALES@example.com"] },
    field: "targets",
    rule: /sales@example\.com is among its own targets: the alias delivers to itself, a mail loop .*RFC 5321 6\.3/,
    engine: true,
  },
  {
    resource: "MailAlias",
    what: "two aliases of the program delivering to each other",
    prime: [{ serviceName: "ring-example.com", name: "a", targets: ["b@ring-example.com"] }],
    set: { serviceName: "ring-example.com", name: "b", targets: ["a@ring-example.com"] },
    field: "targets",
    rule: /deliver in a ring, b@ring-example\.com -> a@ring-example\.com -> b@ring-example\.com/,
  },
  {
    resource: "MailAlias",
    what: "three aliases of two domains in a ring",
    prime: [
      { serviceName: "ring-x-example.com", name: "a", targets: ["b@ring-y-example.com"] },
      { serviceName: "ring-y-example.com", name: "b", targets: ["c@ring-x-example.com", "out@example.org"] },
    ],
    set: { serviceName: "ring-x-example.com", name: "c", targets: ["a@ring-x-example.com"] },
    field: "targets",
    rule: /c@ring-x-example\.com -> a@ring-x-example\.com -> b@ring-y-example\.com -> c@ring-x-example\.com/,
  },
  {
    resource: "MailAlias",
    what: "an alias closing a ring with the account's alias",
    set: { serviceName: PRO, name: "ringback", targets: [`ringlive@${PRO}`] },
    field: "targets",
    rule: /ringback@pro-example\.com -> ringlive@pro-example\.com -> ringback@pro-example\.com .*service\/mailaliaslist/,
  },
  {
    resource: "MailAlias",
    what: "a target under .invalid",
    set: { targets: ["x@nowhere.invalid"] },
    field: "targets",
    rule: /x@nowhere\.invalid: .*never delivered/,
  },
  {
    resource: "Redirect",
    what: "a redirect to its own host",
    set: { destination: "https://blog.example.com/" },
    field: "destination",
    rule: /the destination's host is blog\.example\.com, the redirect's own origin.*RFC 9110 15\.4/,
    engine: true,
  },
  {
    resource: "Redirect",
    what: "a redirect to its own host in capitals with a dot",
    set: { destination: "http://BLOG.example.com./page" },
    field: "destination",
    rule: /own origin/,
  },
  {
    resource: "Redirect",
    what: "two redirects of the program sending to each other",
    prime: [{ serviceName: "hop-example.com", origin: "a", destination: "https://b.hop-example.com/", type: "301" }],
    set: { serviceName: "hop-example.com", origin: "b", destination: "https://a.hop-example.com/x" },
    field: "destination",
    rule: /send visitors in a ring, b\.hop-example\.com -> a\.hop-example\.com -> b\.hop-example\.com/,
  },
  {
    resource: "Redirect",
    what: "a redirect closing a ring with the account's redirect",
    set: { serviceName: PRO, origin: "back", destination: `https://go.${PRO}/` },
    field: "destination",
    rule: /back\.pro-example\.com -> go\.pro-example\.com -> back\.pro-example\.com .*service\/redirectlist/,
  },

  // e. Certificates (sdk/rules cert-names.ts: CA/B Forum BR, RFC 5280; SslCertificate facts.ts).
  {
    resource: "SslCertificate",
    what: "a common name under .local (internal name)",
    set: { subject: { ...SUBJECT, commonName: "intranet.local" } },
    field: "commonName",
    rule: /intranet\.local is an internal name \(\.local.*BR 4\.2\.2/,
    engine: true,
  },
  {
    resource: "SslCertificate",
    what: "a common name under .test",
    set: { subject: { ...SUBJECT, commonName: "shop.test" } },
    field: "commonName",
    rule: /internal name/,
  },
  {
    resource: "SslCertificate",
    what: "an alternative name under .internal",
    set: { productId: 103, alternativeNames: ["files.corp.internal"] },
    field: "alternativeNames",
    rule: /files\.corp\.internal is an internal name/,
  },
  {
    resource: "SslCertificate",
    what: "an IP address as an alternative name",
    set: { productId: 103, alternativeNames: ["192.0.2.10"] },
    field: "alternativeNames",
    rule: /must be a host name/,
  },
  {
    resource: "SslCertificate",
    what: "a wildcard that is not the leftmost label",
    set: { productId: 102, subject: { ...SUBJECT, commonName: "*.*.cert-example.com" } },
    field: "commonName",
    rule: /must be a host name/,
  },
  {
    resource: "SslCertificate",
    what: "a wildcard right under .com.es",
    set: { productId: 102, subject: { ...SUBJECT, commonName: "*.com.es" } },
    field: "commonName",
    rule: /\*\.com\.es is a wildcard right under the public suffix \.com\.es: CAs refuse it \(BR 3\.2\.2\.6\)/,
  },
  {
    resource: "SslCertificate",
    what: "a common name of 73 characters",
    set: { subject: { ...SUBJECT, commonName: `${"a".repeat(56)}.cert-example.com` } },
    field: "commonName",
    rule: /73 characters; a certificate's common name holds at most 64 \(RFC 5280/,
  },
  {
    resource: "SslCertificate",
    what: "an organization name of 65 characters",
    set: { subject: { ...SUBJECT, organizationName: "O".repeat(65) } },
    field: "subject.organizationName",
    rule: /at most 64 \(RFC 5280/,
  },
  {
    resource: "SslCertificate",
    what: "http validation of a wildcard",
    set: { productId: 102, subject: { ...SUBJECT, commonName: "*.cert-example.com" }, validationMethod: "http" },
    field: "validationMethod",
    rule: /http validation .* cannot prove control of the wildcard \*\.cert-example\.com \(BR 3\.2\.2\.4\.18/,
    engine: true,
  },
  {
    resource: "SslCertificate",
    what: "https validation of a wildcard",
    set: { productId: 102, subject: { ...SUBJECT, commonName: "*.cert-example.com" }, validationMethod: "https" },
    field: "validationMethod",
    rule: /cannot prove control of the wildcard/,
  },
  {
    resource: "SslCertificate",
    what: "an approver that is not a role address",
    set: { validationMethod: "root@cert-example.com" },
    field: "validationMethod",
    rule: /root@cert-example\.com cannot approve: an approver address is admin@, administrator@.*BR 3\.2\.2\.4\.4/,
  },
  {
    resource: "SslCertificate",
    what: "an approver of another domain",
    set: { validationMethod: "admin@other-example.com" },
    field: "validationMethod",
    rule: /must be the name's own or a parent/,
  },
  {
    resource: "SslCertificate",
    what: "an approver at the public suffix com.es",
    set: { subject: { ...SUBJECT, commonName: "www.shop.com.es" }, validationMethod: "admin@com.es" },
    field: "validationMethod",
    rule: /\.com\.es is a public suffix/,
  },
  {
    resource: "SslCertificate",
    what: "autoRenew of the trial",
    set: { productId: 107, autoRenew: true },
    field: "autoRenew",
    rule: /is a trial and cannot be renewed/,
  },
  {
    resource: "SslCertificate",
    what: "adopting a certificate that is not in the account",
    set: { certificateId: 99999, subject: undefined, commonName: "www.cert-example.com" },
    field: "certificateId",
    rule: /certificate 99999 is not in this account \(ssl\/getinfo\)/,
  },
  {
    resource: "SslCertificate",
    what: "one alternative name in its two IDNA forms",
    set: { productId: 103, alternativeNames: ["bücher.cert-example.com", "xn--bcher-kva.cert-example.com"] },
    field: "alternativeNames",
    rule: /in its other IDNA form: one name to the CA/,
  },
  {
    resource: "SslCertificateValidation",
    what: "a certificate that is not in the account",
    set: { certificateId: 99998 },
    field: "certificateId",
    rule: /certificate 99998 is not in this account \(ssl\/getinfo\): nothing to wait for/,
    engine: true,
  },
];

/**
 * f. Two resources of one program that are one object to the API once normalised (issue 27; the
 * rule: provider/dns/object-claim-rules.ts on each descriptor's `objectClaims`). A program-level
 * rule, not one resource's check: tests/hardening/bad-input-same-object.test.ts runs every row on
 * both doors (the classes' claims in the program, the plugin's Check), bad-input-engine.test.ts and
 * tests/plugin/yaml-rules.test.ts some of them through the engine. The refusal names both resources,
 * declared as "first" and "second", and `object`: the objects as the message names them.
 */
export interface SameObject {
  what: string;
  first: { resource: ResourceName; inputs: Record<string, unknown> };
  second: { resource: ResourceName; inputs: Record<string, unknown> };
  /** "<what the first is> and <what the second is>", or one of them when both read the same. */
  object: string;
  /** Overrides of the second's inputs that make it another object (then the pair passes). */
  other: Record<string, unknown>;
}

export const SAME_OBJECT: SameObject[] = [
  {
    what: "two Domains, IDN and its punycode in capitals with a trailing dot",
    first: { resource: "Domain", inputs: { ...BASE.Domain, name: "bücher-laden-example.com" } },
    second: { resource: "Domain", inputs: { ...BASE.Domain, name: "XN--BCHER-LADEN-EXAMPLE-59B.COM." } },
    object: "the domain bücher-laden-example.com",
    other: { name: "bücher-markt-example.com" },
  },
  {
    what: "two Domains differing in case",
    first: { resource: "Domain", inputs: { ...BASE.Domain, name: "Tienda-Example.com" } },
    second: { resource: "Domain", inputs: { ...BASE.Domain, name: "tienda-example.com" } },
    object: "the domain tienda-example.com",
    other: { name: "tienda-example.net" },
  },
  {
    what: "two HostingServices, IDN and punycode",
    first: { resource: "HostingService", inputs: { ...BASE.HostingService, name: "café-example.com" } },
    second: { resource: "HostingService", inputs: { ...BASE.HostingService, name: "xn--caf-example-dbb.com" } },
    object: "the hosting service café-example.com",
    other: { name: "café-markt-example.com" },
  },
  {
    what: "a MailBox and a MailAlias of one address, short and full form",
    first: { resource: "MailBox", inputs: { ...BASE.MailBox, name: "Shared" } },
    second: { resource: "MailAlias", inputs: { ...BASE.MailAlias, name: "shared@example.com" } },
    object: "the mailbox shared@example.com and the alias shared@example.com",
    other: { name: "shared2@example.com" },
  },
  {
    what: "two MailBoxes of one address in another case",
    first: { resource: "MailBox", inputs: { ...BASE.MailBox, name: "info" } },
    second: { resource: "MailBox", inputs: { ...BASE.MailBox, serviceName: "EXAMPLE.com", name: "INFO@Example.com" } },
    object: "the mailbox info@example.com",
    other: { name: "info2" },
  },
  {
    what: "two MailAliases of one address",
    first: { resource: "MailAlias", inputs: { ...BASE.MailAlias } },
    second: { resource: "MailAlias", inputs: { ...BASE.MailAlias, name: "Sales", targets: ["b@example.org"] } },
    object: "the alias sales@example.com",
    other: { name: "ventas" },
  },
  {
    what: "two Redirects of one origin, short and full host",
    first: { resource: "Redirect", inputs: { ...BASE.Redirect } },
    second: { resource: "Redirect", inputs: { ...BASE.Redirect, origin: "BLOG.example.com.", destination: "https://example.net/" } },
    object: "the redirect of blog.example.com",
    other: { origin: "blog2" },
  },
  {
    what: "two FtpAccounts of one name, the service in capitals",
    first: { resource: "FtpAccount", inputs: { ...BASE.FtpAccount } },
    second: { resource: "FtpAccount", inputs: { ...BASE.FtpAccount, serviceName: "Example.COM", ftpPath: "/other" } },
    object: "the FTP account deploy of example.com",
    other: { name: "deploy2" },
  },
  {
    what: "two Subdomains, short and full name",
    first: { resource: "Subdomain", inputs: { ...BASE.Subdomain } },
    second: { resource: "Subdomain", inputs: { ...BASE.Subdomain, name: "Blog.Example.com", ftpPath: "/b" } },
    object: "the subdomain blog.example.com",
    other: { name: "blog2" },
  },
  {
    what: "two GlueRecords of one host, short and full name",
    first: { resource: "GlueRecord", inputs: { ...BASE.GlueRecord } },
    second: { resource: "GlueRecord", inputs: { ...BASE.GlueRecord, name: "NS1.owned-example.com.", ipv4: "192.0.2.54" } },
    object: "the glue record ns1.owned-example.com",
    other: { name: "ns2" },
  },
  {
    what: "one DS entry twice, the digest in lower case",
    first: { resource: "DnssecKey", inputs: { ...BASE.DnssecKey } },
    second: { resource: "DnssecKey", inputs: { ...BASE.DnssecKey, domain: OWNED.toUpperCase(), digest: HEX64.toLowerCase() } },
    object: `the DS entry ${BASE.DnssecKey.keytag} of ${OWNED}`,
    other: { keytag: 54321 },
  },
  {
    what: "one contact adopted twice",
    first: { resource: "Contact", inputs: { contactId: "ABC-12345" } },
    second: { resource: "Contact", inputs: { contactId: "ABC-12345" } },
    object: "the contact ABC-12345",
    other: { contactId: "ABC-54321" },
  },
  {
    what: "one certificate adopted twice",
    first: { resource: "SslCertificate", inputs: { productId: 101, certificateId: 4242, commonName: "www.cert-example.com" } },
    second: { resource: "SslCertificate", inputs: { productId: 101, certificateId: 4242, commonName: "www.cert-example.com" } },
    object: "the certificate 4242",
    other: { certificateId: 4243 },
  },
];

/** What setUpFixtures made that inputs refer to ("$INDIVIDUAL", "$CERTIFICATE"). */
export interface Fixtures {
  individualId: string;
  certificateId: number;
}

/** Inputs with the fixtures' ids in place of their placeholders. */
export function withFixtures<T>(inputs: T, f: Fixtures): T {
  return JSON.parse(
    JSON.stringify(inputs).replaceAll('"$INDIVIDUAL"', JSON.stringify(f.individualId)).replaceAll('"$CERTIFICATE"', JSON.stringify(f.certificateId)),
  );
}

/** Inputs of a case: the base with the case's overrides (undefined removes). */
export function inputsOf(c: BadInput, f: Fixtures): Record<string, unknown> {
  const out: Record<string, unknown> = { ...BASE[c.resource] };
  for (const [k, v] of Object.entries(c.set)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return withFixtures(out, f);
}

/**
 * The emulator state the cases rely on; answers the individual contact's id. Writes made here are
 * before the counters are reset.
 */
export async function setUpFixtures(client: DonDominioClient): Promise<Fixtures> {
  const call = (op: string, params: Record<string, unknown>) => client.call(op as any, params as any) as Promise<any>;
  await call("service/create", { serviceName: FULL, productkey: "mini" });
  await call("service/ftpcreate", { serviceName: FULL, name: "only", ftpPath: "/www", password: PW });
  await call("service/ddbbcreate", { serviceName: FULL, password: PW });
  for (const s of ["one", "two"]) await call("service/subdomaincreate", { serviceName: FULL, name: s, ftpPath: `/${s}` });
  for (let i = 1; i <= 5; i++) await call("service/mailcreate", { serviceName: FULL, name: `box${i}`, password: PW });
  for (let i = 1; i <= 9; i++) await call("service/mailaliascreate", { serviceName: FULL, name: `alias${i}`, target: "a@example.org" });
  // A CNAME in the live zone (the CNAME rule's cases; the service's own records hold A www).
  await call("service/dnscreate", { serviceName: FULL, name: "alias", type: "CNAME", value: "target.example.net" });
  await call("service/create", { serviceName: PRO, productkey: "professional" });
  const c = await call("contact/create", {
    Type: "individual",
    FirstName: "Ivan",
    LastName: "Petrov",
    IdentNumber: "X1234567",
    Email: "ivan@example.com",
    Phone: "+7.4951234567",
    Address: "Tverskaya 1",
    PostalCode: "125009",
    City: "Moscow",
    State: "Moscow",
    Country: "RU",
  });
  await call("domain/create", { domain: OWNED, ownerContactID: c.contactID });
  // Issue 27: a zone for the DNS meaning cases, an alias and a redirect of the account for the
  // rings, a certificate to wait for.
  await call("service/create", { serviceName: MEANING, productkey: "redir" });
  for (const [name, type, value] of [
    ["ring1", "CNAME", `ring2.${MEANING}`],
    ["nsalias", "CNAME", "ns.dns-host-example.net"],
    ["mailalias", "CNAME", "mx.mail-host-example.net"],
    ["sub", "NS", "ns1.elsewhere-example.net"],
    ["sub", "NS", "ns2.elsewhere-example.net"],
    ["app.team", "A", "192.0.2.5"],
    ["@", "TXT", "v=spf1 mx -all"],
  ])
    await call("service/dnscreate", { serviceName: MEANING, name, type, value });
  await call("service/mailaliascreate", { serviceName: PRO, name: "ringlive", target: `ringback@${PRO}` });
  await call("service/redirectcreate", { serviceName: PRO, origin: "go", destination: `https://back.${PRO}/`, type: "301" });
  const cert = await call("ssl/create", { productID: 101, csrData: csrWithKey(2048, `fixture.${PRO}`), adminContactID: c.contactID, validationMethod: "dns" });
  return { individualId: c.contactID, certificateId: Number(cert.ssl.certificateID) };
}

/** API actions that change nothing (everything else counts as a write). */
export function isRead(action: string): boolean {
  const [module, name = ""] = action.split("/");
  if (module === "tool" || module === "account") return true;
  return /(^|[a-z])(list|getinfo)$|^check|^get|^whois$|^listdeleted$|^productlist$|^productgetinfo$|^csrdecode$|^getvalidationemails$|^parkinggetinfo$/.test(
    name,
  );
}
