/**
 * The check rules that need the API's own data (ResourceDefinition.checkFacts), per resource, on
 * the free cached reads of preview-facts.ts. Each failure names the field and the rule, and says
 * which read told; no message quotes a secret input. Rules about acquiring something (a TLD's
 * years, premium names, an existing service, SSL periods) only run for a resource not created yet
 * (or replaced); rules about what is applied in place (contact countries, contact ids, PHP
 * versions, SSL names) run when that input is new or changed, so the preview of an unchanged
 * stack makes no API call.
 */
import { tldParamProblems } from "../../sdk/catalogue/domain";
import type { ContactInputs } from "../resources/contact/schema";
import type { DomainInputs } from "../resources/domain/schema";
import { downgradeProblem, type HostingInputs, productRank } from "../resources/hosting-service/schema";
import type { SslInputs } from "../resources/ssl-certificate/schema";
import type { DnsRecordInputs } from "../resources/dns-record/schema";
import { parseCsr } from "../resources/ssl-certificate/csr";
import {
  type ApiDnsItem,
  asciiOrSelf,
  cnameAloneProblem,
  csrKeyProblem,
  domainForms,
  hasWebSpace,
  ownerEligibilityProblems,
  phpVersionProblem,
  recordFromApi,
} from "../../sdk/rules";
import { sameValue } from "./plain-data";
import { type FactFailure, type PreviewFacts, QUOTA_OF, type QuotaFamily, runFactRules } from "./preview-facts";

type Fail = (property: string, reason: string) => void;
/** The inputs recorded by the previous check (undefined for a resource not created yet). */
type Olds<I> = Partial<I> | undefined;
/** True when the input is new or differs from the recorded one: unchanged inputs cost no read. */
const changed = <I>(olds: Olds<I>, get: (o: Partial<I>) => unknown, value: unknown) => olds === undefined || !sameValue(get(olds), value);
const ROLES = ["owner", "admin", "tech", "billing"] as const;
const list = (xs: Iterable<unknown>, max = 12) => {
  const all = [...xs].map(String);
  return all.length > max ? `${all.slice(0, max).join(", ")}...` : all.join(", ");
};

function asciiOf(name: unknown): string | undefined {
  try {
    return typeof name === "string" ? domainForms(name).ascii : undefined;
  } catch {
    return undefined;
  }
}

/** Inline contact data: the country must be one of the API's codes (tool/gettable). */
async function countryRule(facts: PreviewFacts, fail: Fail, property: string, data: unknown): Promise<void> {
  const country = (data as { country?: unknown } | undefined)?.country;
  if (typeof country !== "string") return;
  const codes = await facts.countries();
  if (!codes.has(country.toUpperCase()))
    fail(property, `"${country}" is not an ISO 3166 country code the API knows (tool/gettable lists them, e.g. ES, FR, US)`);
}

export function contactFacts(olds: Olds<ContactInputs>, c: ContactInputs): Promise<FactFailure[]> {
  return runFactRules("Contact", [
    async (facts, fail) => {
      if (changed(olds, (o) => o.country, c.country)) await countryRule(facts, fail, "country", c);
    },
    async (facts, fail) => {
      if (olds !== undefined || c.contactId === undefined) return;
      if (!(await facts.contact(c.contactId)))
        fail("contactId", `contact ${c.contactId} does not exist in this account (contact/getinfo answered 3001); give the data to create one`);
    },
  ]);
}

export function domainFacts(olds: Olds<DomainInputs>, d: DomainInputs): Promise<FactFailure[]> {
  const ascii = domainForms(d.name).ascii;
  const isNew = olds === undefined || asciiOf(olds.name) !== ascii;
  const top = ascii.split(".").pop();
  return runFactRules(`Domain ${d.name}`, [
    async (facts, fail) => {
      for (const role of ROLES) {
        const c = d.contacts?.[role];
        if (!isNew && !changed(olds, (o) => o.contacts?.[role], c)) continue;
        if (typeof c === "object") await countryRule(facts, fail, `contacts.${role}.country`, c);
        else if (typeof c === "string" && !(await facts.contact(c)))
          fail(`contacts.${role}`, `contact ${c} does not exist in this account (contact/getinfo answered 3001)`);
      }
    },
    async (facts, fail) => {
      if (!isNew) return;
      if (d.registration === "adopt") {
        if (!(await facts.domainInAccount(ascii)))
          fail("registration", `adopt: ${d.name} is not in this account (domain/getinfo answered 2008); register or transfer it instead`);
        return;
      }
      const zone = await facts.zoneOf(ascii);
      if (!zone) {
        fail("name", `.${top} is not a TLD this account can register or transfer (account/zones does not list it)`);
        return;
      }
      if (ascii.split(".").length !== zone.tld.split(".").length + 1) {
        fail("name", `${d.name} is not a registrable name: register the name directly under .${zone.tld} (for example example.${zone.tld})`);
        return;
      }
      if (d.registration === "transfer") {
        if (!zone.transfer) fail("registration", `transfers of .${zone.tld} domains are not offered (account/zones lists no transfer for .${zone.tld})`);
        else if (zone.authcodereq && d.authcode === undefined) fail("authcode", `required to transfer a .${zone.tld} domain (account/zones: authcodereq)`);
        return;
      }
      if (!zone.create) {
        fail("registration", `registrations of .${zone.tld} domains are not offered (account/zones lists no create for .${zone.tld})`);
        return;
      }
      if (d.period !== undefined && !zone.create.includes(d.period)) {
        fail("period", `${d.period} years is not allowed for .${zone.tld} registrations; allowed: ${zone.create.join(", ")} (account/zones)`);
      }
      const check = await facts.domainCheck(ascii);
      if (!check.ok) fail("name", `the API refuses the name (domain/check answered ${check.code}): ${check.message}`);
      // A name already in THIS account is left to create: a registration of an interrupted run of this
      // program is adopted there (resources/domain/orders.ts), any other fails with the adopt hint.
      else if (!check.available && !(await facts.domainInAccount(ascii)))
        fail(
          "name",
          `${d.name} is not available (domain/check): it is registered already; use registration: "adopt" if it is in this account, "transfer" to bring it from another registrar`,
        );
      else if (check.premium && d.premium !== true)
        fail("premium", `${d.name} is a premium name (${check.price} ${check.currency} a year, domain/check): set premium: true to accept the price`);
    },
    async (facts, fail) => {
      // The owner given by id: its type decides the TLD parameters the schema could not judge.
      const owner = d.contacts?.owner;
      if (!isNew || d.registration === "adopt" || typeof owner !== "string") return;
      const c = await facts.contact(owner);
      if (!c) return;
      for (const p of tldParamProblems(d.registration === "transfer" ? "transfer" : "create", ascii, d.tldParams ?? {}, c.contactType)) {
        fail(`tldParams.${p.param}`, `${p.rule} (the owner ${owner} is an ${c.contactType})`);
      }
      // Who may hold the TLD (sdk/rules tld-eligibility.ts), on the contact's own data (contact/getinfo).
      for (const p of ownerEligibilityProblems(ascii, c)) fail("contacts.owner", `${p.rule} (contact ${owner}'s ${p.field}, contact/getinfo)`);
    },
  ]);
}

export function hostingFacts(olds: Olds<HostingInputs>, h: HostingInputs): Promise<FactFailure[]> {
  const isNew = olds === undefined || asciiOf(olds.name) !== asciiOf(h.name);
  return runFactRules(`HostingService ${h.name}`, [
    async (facts, fail) => {
      if (!isNew) return;
      const live = await facts.service(h.name);
      // A new service of the same product is left to create: one an interrupted run of this program
      // ordered is adopted there (resources/hosting-service/orders.ts), any other fails with this hint.
      const created = Date.parse(`${live?.tsCreate ?? ""}T00:00:00Z`);
      const recent =
        live && live.productkey === h.productKey && (live.status === "init" || (Number.isFinite(created) && Date.now() - created <= 72 * 3600_000));
      if (h.registration === "create" && live && !recent) {
        fail(
          "registration",
          `a hosting service ${h.name} (${live.productkey}) already exists in this account: use registration: "adopt" to manage it (service/create would be refused)`,
        );
      } else if (h.registration === "adopt" && !live) {
        fail("registration", `adopt: ${h.name} has no hosting service in this account (service/getinfo answered 4001); use registration: "create"`);
      } else if (h.registration === "adopt" && live?.productkey !== undefined && productRank(live.productkey) > productRank(h.productKey)) {
        fail("productKey", `the service is ${live.productkey} (service/getinfo): ${downgradeProblem(live.productkey, h.productKey)}`);
      }
    },
    async (facts, fail) => {
      if (h.phpVersion === undefined || (!isNew && !changed(olds, (o) => o.phpVersion, h.phpVersion))) return;
      if (!hasWebSpace(h.productKey)) return; // refused by the schema already
      // A service that exists tells its versions; for one not bought yet, the account's hosting
      // platform does (another web service's getinfo php); with none, it is judged once it exists.
      const own = await facts.phpVersions(h.name);
      const versions = own ?? (await facts.platformPhpVersions(hasWebSpace));
      const problem = versions && phpVersionProblem(h.productKey, h.phpVersion, versions);
      if (problem && own) fail("phpVersion", problem.replace("is not offered", `is not offered by ${h.name}`));
      else if (problem) fail("phpVersion", `${problem} on this account's hosting platform (another service's versions): refused before ${h.name} is bought`);
    },
  ]);
}

const FAMILY_WHAT: Record<QuotaFamily, string> = {
  ftp: "FTP accounts",
  ddbb: "databases",
  subdomain: "subdomains",
  mail: "mailboxes",
  mailalias: "mail aliases",
};

/** The key an entity is known by in its family's list (names compared as the API keeps them unique). */
function entityKey(family: QuotaFamily, name: string): string {
  const n = name.trim().toLowerCase();
  if (family === "mail" || family === "mailalias") return n.includes("@") ? n.slice(0, n.lastIndexOf("@")) : n;
  if (family === "subdomain") return asciiOrSelf(n);
  return n;
}

/**
 * A new entity must fit its service's quota (service/getinfo resources: value and max; 4003 at
 * apply otherwise). Named entities count with the names this process has already checked, so a
 * program adding several at once is refused when together they pass it. A service that does not
 * exist yet (created by the same program) is not judged.
 */
export function quotaFacts(
  olds: Olds<unknown>,
  family: QuotaFamily,
  serviceName: string,
  name: string | undefined,
  adopt: boolean | undefined,
): Promise<FactFailure[]> {
  if (olds !== undefined) return Promise.resolve([]);
  return runFactRules(`${family} in ${serviceName}`, [
    async (facts, fail) => {
      const resources = await facts.resources(serviceName);
      const q = resources?.[QUOTA_OF[family]];
      if (!q || !Number.isFinite(q.max)) return;
      const max = q.max;
      const what = FAMILY_WHAT[family];
      const advice = `delete one or upgrade the service (HostingService productKey); service/getinfo resources: ${q.value} of ${max}`;
      if (name === undefined) {
        if (q.value + 1 > max) fail("serviceName", `${what} quota reached: ${serviceName}'s product allows ${max} and it has ${q.value}; ${advice}`);
        return;
      }
      const key = entityKey(family, name);
      const live = new Set((await facts.entityNames(family, serviceName)).map((n) => entityKey(family, n)));
      if (adopt && live.has(key)) return;
      const wanted = new Set([...live, ...facts.reserve(family, serviceName, key)]);
      if (wanted.size > max) {
        const added = wanted.size - live.size;
        fail(
          "serviceName",
          `${what} quota reached: ${serviceName}'s product allows ${max}; it has ${live.size}${added > 1 ? ` and this program adds ${added}` : ""}; ${advice}`,
        );
      }
    },
  ]);
}

export function sslFacts(olds: Olds<SslInputs>, s: SslInputs): Promise<FactFailure[]> {
  const isNew = olds === undefined || olds.productId !== s.productId || olds.commonName?.toLowerCase() !== s.commonName;
  return runFactRules(`SslCertificate ${s.commonName}`, [
    async (facts, fail) => {
      // Adopting orders nothing: create checks the program against the certificate itself.
      if (olds === undefined && s.certificateId !== undefined) return;
      // An unchanged certificate costs no read; new names on one are judged again (multidomainaddsan).
      if (!isNew && !changed(olds, (o) => o.alternativeNames ?? [], s.alternativeNames ?? [])) return;
      const products = await facts.sslProducts();
      const p = products.get(s.productId);
      if (!p) {
        fail("productId", `${s.productId} is not an SSL product of this account (ssl/productlist offers ${list(products.keys())})`);
        return;
      }
      const named = `${p.productName} (${p.productId})`;
      if (isNew && s.csr !== undefined && p.keyLength) {
        const parsed = parseCsr(s.csr);
        const problem = "problem" in parsed ? undefined : csrKeyProblem(parsed.keyBits, p.keyLength, named);
        if (problem) fail("csr", problem);
      }
      if (isNew && s.period !== undefined) {
        if (p.isTrial && s.period !== 1) fail("period", `${named} is a trial with no period to choose: leave period out`);
        else if (!p.isTrial && p.years && !p.years.includes(s.period))
          fail("period", `${s.period} years is not offered for ${named}; allowed: ${p.years.join(", ")} (ssl/productlist)`);
      }
      const wildcards = [...products.values()].filter((x) => x.isWildcard).map((x) => x.productId);
      if (s.commonName.startsWith("*.") && !p.isWildcard) {
        fail(
          "commonName",
          `${s.commonName} is a wildcard name and ${named} is not a wildcard product; order one with isWildcard (ssl/productlist: ${list(wildcards)})`,
        );
      }
      const alts = s.alternativeNames ?? [];
      if (alts.length && !p.isMultiDomain) {
        const multi = [...products.values()].filter((x) => x.isMultiDomain).map((x) => x.productId);
        fail("alternativeNames", `${named} covers one name: alternative names need a multi-domain product (isMultiDomain; ssl/productlist: ${list(multi)})`);
      } else if (alts.length) {
        const wild = alts.find((n) => n.startsWith("*."));
        if (wild && !p.isWildcard) fail("alternativeNames", `${wild} is a wildcard name and ${named} is not a wildcard product`);
        const max = p.sanMaxDomains ?? p.numDomains;
        if (1 + alts.length > max) fail("alternativeNames", `${1 + alts.length} names with the common name; ${named} allows at most ${max} (sanMaxDomains)`);
      }
    },
    async (facts, fail) => {
      if (!isNew) return;
      if (typeof s.adminContact === "object") await countryRule(facts, fail, "adminContact.country", s.adminContact);
      else if (isNew && typeof s.adminContact === "string" && !(await facts.contact(s.adminContact))) {
        fail("adminContact", `contact ${s.adminContact} does not exist in this account (contact/getinfo answered 3001)`);
      }
    },
  ]);
}

/**
 * A new DnsRecord (or one moved to another name or type) must not break the CNAME rule against the
 * live zone (service/dnslist, read once per zone and process): otherwise the API refuses it only
 * at apply, after the program's other writes. Records of the same program are judged where the
 * program runs (provider/core/dns-claims.ts).
 */
/**
 * Records this process saw replaced at their own name (a CNAME by another type or back): the
 * replacement deletes them first (dns-record/crud.ts deleteBeforeReplace), and the engine checks
 * the new record again without its old inputs, so the rule must not count them then.
 */
const replacing = new Set<string>();
const recordKey = (r: { serviceName?: string; name?: string; type?: string; value?: string }) => `${r.serviceName} ${r.name} ${r.type} ${r.value}`;

export function dnsRecordFacts(olds: Olds<DnsRecordInputs>, r: DnsRecordInputs): Promise<FactFailure[]> {
  if (olds !== undefined && olds.name === r.name && olds.serviceName === r.serviceName) {
    if (olds.type !== r.type) replacing.add(recordKey(olds));
    return Promise.resolve([]);
  }
  return runFactRules(`DnsRecord ${r.name} ${r.type}`, [
    async (facts, fail) => {
      const live = await facts.dnsRecords(r.serviceName);
      if (!live) return;
      const records = live.map((i) => recordFromApi(r.serviceName, i as ApiDnsItem)).filter((x) => !replacing.has(recordKey(x)));
      const problem = cnameAloneProblem(r, records, `the live zone (service/dnslist of ${r.serviceName})`);
      if (problem) fail(r.type === "CNAME" ? "type" : "name", problem);
    },
  ]);
}
