/** Domain's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import { tldParamProblems } from "../../../sdk/catalogue/domain";
import { domainForms, ownerEligibilityProblems } from "../../../sdk/rules";
import { type FactFailure, runFactRules } from "../../money/preview-facts";
import { declareDomain, isDeclaredGlue } from "../../money/preview-program";
import { asciiOf, changed, countryRule, type Olds } from "../../money/preview-rules";
import { type DomainInputs, ROLES } from "./schema";

export async function domainFacts(olds: Olds<DomainInputs>, d: DomainInputs): Promise<FactFailure[]> {
  const ascii = domainForms(d.name).ascii;
  const isNew = olds === undefined || asciiOf(olds.name) !== ascii;
  const top = ascii.split(".").pop();
  // The program's domains (money/preview-program.ts): a GlueRecord or DnssecKey of one is not refused for being absent.
  const failures = await runFactRules(`Domain ${d.name}`, [
    async (facts, fail) => {
      // A nameserver under the domain itself, set on a domain that exists (adopted, or changed):
      // the registry refuses it without its host object, a glue record (RFC 5732 3.2.1), which the
      // account must hold (domain/getinfo gluerecords) or a GlueRecord checked before this Domain
      // create first. A new registration cannot have one (schema.ts).
      if (d.registration === "register" && isNew) return;
      if (!Array.isArray(d.nameservers) || !changed(olds, (o) => o.nameservers, d.nameservers)) return;
      const inside = d.nameservers.filter((ns) => ns === ascii || ns.endsWith(`.${ascii}`));
      if (!inside.length) return;
      const live = await facts.glueHosts(ascii);
      const missing = inside.find((ns) => !live?.has(ns) && !isDeclaredGlue(ns));
      if (missing)
        fail(
          "nameservers",
          `${missing} is under ${d.name} itself and has no glue record (domain/getinfo gluerecords lists ${live?.size ? [...live].join(", ") : "none"}): the registry refuses a nameserver inside the domain without its address (RFC 5732 3.2.1); add a GlueRecord for it first (declared before this Domain, or dependsOn)`,
        );
    },
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
  if (!failures.length) declareDomain(ascii);
  return failures;
}
