/** SslCertificate's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import { certNameProblem, csrKeyProblem, validationMethodProblem } from "../../../sdk/rules";
import { type FactFailure, runFactRules } from "../../money/preview-facts";
import { changed, countryRule, list, type Olds } from "../../money/preview-rules";
import { parseCsr } from "./csr";
import type { SslInputs } from "./schema";

export function sslFacts(olds: Olds<SslInputs>, s: SslInputs): Promise<FactFailure[]> {
  const isNew = olds === undefined || olds.productId !== s.productId || olds.commonName?.toLowerCase() !== s.commonName;
  return runFactRules(`SslCertificate ${s.commonName}`, [
    async (facts, fail) => {
      // Adopting orders nothing: the certificate must be there (ssl/getinfo); create checks the rest.
      if (olds === undefined && s.certificateId !== undefined) {
        if (!(await facts.certificateExists(s.certificateId)))
          fail("certificateId", `certificate ${s.certificateId} is not in this account (ssl/getinfo): nothing to adopt; leave certificateId out to order one`);
        return;
      }
      // An unchanged certificate costs no read; new names on one are judged again (multidomainaddsan).
      if (!isNew && !changed(olds, (o) => o.alternativeNames ?? [], s.alternativeNames ?? [])) return;
      const products = await facts.sslProducts();
      const p = products.get(s.productId);
      if (!p) {
        fail("productId", `${s.productId} is not an SSL product of this account (ssl/productlist offers ${list(products.keys())})`);
        return;
      }
      const named = `${p.productName} (${p.productId})`;
      // Renewals (ssl/renew) exist for the products ssl/productlist gives a renew price and years: a trial has none.
      if (s.autoRenew && (p.isTrial || p.renewYears === undefined))
        fail(
          "autoRenew",
          `${named}${p.isTrial ? " is a trial and" : ""} cannot be renewed (ssl/productlist lists no renewal for it): order a full product to renew it`,
        );
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
      // Names and approvers against the account's TLDs (account/zones): a public suffix of two
      // labels (com.es) is no name to certify, nor an approver's domain (BR 3.2.2.6, 3.2.2.4.4).
      if (!isNew && !changed(olds, (o) => o.alternativeNames ?? [], s.alternativeNames ?? [])) return;
      const zones = await facts.zones();
      const isSuffix = (ascii: string) => zones.has(ascii);
      for (const [field, names] of [
        ["commonName", [s.commonName]],
        ["alternativeNames", s.alternativeNames ?? []],
      ] as const) {
        for (const n of names) {
          const p = certNameProblem(n, isSuffix);
          if (p) fail(field, p);
        }
      }
      const v = validationMethodProblem(s.validationMethod, [s.commonName, ...(s.alternativeNames ?? [])], isSuffix);
      if (v && isNew) fail("validationMethod", v);
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
