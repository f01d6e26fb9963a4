/**
 * What the check rules that need the API's own data (ResourceDefinition.checkFacts) share, on the
 * free cached reads of preview-facts.ts: the quota of a service's entities, the country of inline
 * contact data, and the helpers each resource's own rules use (resources/<r>/facts.ts). Each failure names the field and the rule, and says
 * which read told; no message quotes a secret input. Rules about acquiring something (a TLD's
 * years, premium names, an existing service, SSL periods) only run for a resource not created yet
 * (or replaced); rules about what is applied in place (contact countries, contact ids, PHP
 * versions, SSL names) run when that input is new or changed, so the preview of an unchanged
 * stack makes no API call.
 */
import { asciiOrSelf, domainForms } from "../../sdk/rules";
import { sameValue } from "../core/plain-data";
import { type FactFailure, type PreviewFacts, QUOTA_OF, type QuotaFamily, runFactRules } from "./preview-facts";
import { isDeclaredDomain } from "./preview-program";

export type Fail = (property: string, reason: string) => void;
/** The inputs recorded by the previous check (undefined for a resource not created yet). */
export type Olds<I> = Partial<I> | undefined;
/** True when the input is new or differs from the recorded one: unchanged inputs cost no read. */
export const changed = <I>(olds: Olds<I>, get: (o: Partial<I>) => unknown, value: unknown) => olds === undefined || !sameValue(get(olds), value);
export const list = (xs: Iterable<unknown>, max = 12) => {
  const all = [...xs].map(String);
  return all.length > max ? `${all.slice(0, max).join(", ")}...` : all.join(", ");
};

export function asciiOf(name: unknown): string | undefined {
  try {
    return typeof name === "string" ? domainForms(name).ascii : undefined;
  } catch {
    return undefined;
  }
}

/** Inline contact data: the country must be one of the API's codes (tool/gettable). */
export async function countryRule(facts: PreviewFacts, fail: Fail, property: string, data: unknown): Promise<void> {
  const country = (data as { country?: unknown } | undefined)?.country;
  if (typeof country !== "string") return;
  const codes = await facts.countries();
  if (!codes.has(country.toUpperCase()))
    fail(property, `"${country}" is not an ISO 3166 country code the API knows (tool/gettable lists them, e.g. ES, FR, US)`);
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

/**
 * An object of a domain (a glue record, a DS entry) needs the domain in the account (domain/getinfo,
 * a free cached read) or a Domain of this program checked before it (money/preview-program.ts):
 * the API answers 2008 otherwise, at apply. Judged for a new object only.
 */
export function domainOfObjectFacts(olds: Olds<unknown>, what: string, domain: string): Promise<FactFailure[]> {
  if (olds !== undefined) return Promise.resolve([]);
  const ascii = asciiOf(domain);
  if (ascii === undefined || isDeclaredDomain(ascii)) return Promise.resolve([]);
  return runFactRules(`${what} of ${domain}`, [
    async (facts, fail) => {
      if (!(await facts.domainInAccount(ascii)))
        fail(
          "domain",
          `${domain} is not in this account (domain/getinfo answered 2008) nor a Domain this program declared before the ${what}: a ${what} belongs to a domain of the account`,
        );
    },
  ]);
}
