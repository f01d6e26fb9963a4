/**
 * ssl/create, renew, reissue and multidomainaddsan. Product-dependent rules (product, period,
 * names, wildcard) answer 5000 (SSL error) naming the rule: the catalogue cannot know products.
 * Prices (spec silent): create/renew cost the product price per year x period, plus sanPrice per
 * year for each name beyond the product's numDomains; multidomainaddsan charges sanPrice once;
 * reissue is free (billing total 0). The trial product is free, one term of trialPeriod.
 */
import type { ParsedParamsOf } from "../../../sdk/catalogue";
import { collectAltNames, SSL_CONTACT_FIELDS, SSL_ROLES, type SslRole } from "../../../sdk/catalogue/ssl-fields";
import { keySpki } from "../../../sdk/core/x509";
import { certNameProblem, csrKeyProblem, subjectLengthProblem } from "../../../sdk/rules";
import { charge } from "../../core/billing";
import { ymd } from "../../core/clock";
import type { HandlerContext } from "../../core/context";
import { fault } from "../../core/errors";
import { nextId } from "../../core/state";
import type { SslProduct } from "../../data/ssl-products";
import { getContact } from "../contact/model";
import { type DecodedCsr, decodeCsr, spkiId } from "./csr";
import { allNames, type CertificateRecord, type ContactRef, certificateSummary, getCertificate, getProduct, isRenewable, productOf, recallKey } from "./model";
import { altMethod, dcvEntry, isPublicSuffix } from "./validation";
import { ErrorCode } from "../../../sdk/core/error-codes";

type OrderParams = ParsedParamsOf<"ssl/create"> | ParsedParamsOf<"ssl/renew"> | ParsedParamsOf<"ssl/reissue">;

/** admin/tech/org contacts; tech falls back to admin (spec ssl/create), org stays absent when not given. */
function contactsFrom(ctx: HandlerContext, p: Record<string, unknown>, fallback?: Partial<Record<SslRole, ContactRef>>): Partial<Record<SslRole, ContactRef>> {
  const out: Partial<Record<SslRole, ContactRef>> = { ...fallback };
  for (const role of SSL_ROLES) {
    const id = p[`${role}ContactID`];
    if (typeof id === "string") {
      out[role] = { contactID: getContact(ctx.account, id).contactID };
      continue;
    }
    const data: Record<string, string> = {};
    for (const f of SSL_CONTACT_FIELDS) if (typeof p[`${role}Contact${f}`] === "string") data[f] = p[`${role}Contact${f}`] as string;
    if (Object.keys(data).length) out[role] = { data };
  }
  if (!out.tech && out.admin) out.tech = out.admin;
  return out;
}

/** The order's names with their methods: the CSR's CN, then alt_name_1..N (facts.md "SSL"). */
function orderNames(product: SslProduct, cn: string, p: Record<string, unknown>, keep: string[] = []): { name: string; method: string }[] {
  const main = (p.validationMethod as string | undefined) ?? "dns";
  // What a publicly trusted CA issues (sdk/rules cert-names.ts, the provider's rule): no internal
  // name, no wildcard but the whole leftmost label, no public suffix, a common name of 64 at most.
  for (const [field, name] of [["commonName", cn], ...collectAltNames(p).map((a) => [`alt_name_${a.n}`, a.name])]) {
    const problem = certNameProblem(name, isPublicSuffix) ?? (field === "commonName" ? subjectLengthProblem("commonName", name) : undefined);
    if (problem) throw fault(ErrorCode.SSL_ERROR, `${field}: ${problem}`);
  }
  if (cn.startsWith("*.") && !product.isWildcard)
    throw fault(ErrorCode.SSL_ERROR, `commonName ${cn}: a wildcard name needs a wildcard product (isWildcard); ${product.productName} is not`);
  const given = collectAltNames(p);
  if (given.length && !product.isMultiDomain)
    throw fault(
      ErrorCode.SSL_ERROR,
      `alt_name_${given[0].n}: ${product.productName} is not a multi-domain product; alternative names need one (isMultiDomain)`,
    );
  const alts = given.length ? given : keep.map((name) => ({ name, validation: undefined }));
  const out = [{ name: cn, method: main }];
  for (const a of alts) {
    if (a.name.startsWith("*.") && !product.isWildcard)
      throw fault(ErrorCode.SSL_ERROR, `${a.name}: a wildcard name needs a wildcard product; ${product.productName} is not`);
    if (out.some((o) => o.name === a.name)) continue;
    out.push({ name: a.name, method: a.validation ?? altMethod(main, a.name) });
  }
  if (product.isMultiDomain && out.length > (product.sanMaxDomains ?? 1)) {
    throw fault(ErrorCode.SSL_ERROR, `${out.length} names requested; ${product.productName} allows at most ${product.sanMaxDomains} (sanMaxDomains)`);
  }
  return out;
}

function checkPeriod(product: SslProduct, period: number | undefined, kind: "create" | "renew"): number {
  if (product.isTrial) {
    if (period !== undefined && period !== 1)
      throw fault(ErrorCode.SSL_ERROR, `period: ${product.productName} is a trial of ${product.trialPeriod}; do not send a period`);
    return 1;
  }
  const years = product[kind]!.years;
  const chosen = period ?? years[0];
  if (!years.includes(chosen))
    throw fault(ErrorCode.SSL_ERROR, `period: ${chosen} years is not offered for ${product.productName}; allowed: ${years.join(", ")}`);
  return chosen;
}

function price(product: SslProduct, kind: "create" | "renew", period: number, names: number): number {
  if (product.isTrial) return 0;
  const extra = Math.max(0, names - product.numDomains);
  return (product[kind]!.create + extra * (product.sanPrice ?? 0)) * period;
}

/** The CSR and the private key that goes with it: keyData (must match) or the one ssl/csrcreate made. */
function csrAndKey(ctx: HandlerContext, csrData: string, keyData: string | undefined): { csr: DecodedCsr; key?: string } {
  const csr = decodeCsr(csrData);
  if (keyData !== undefined) {
    const spki = keySpki(keyData);
    if (!spki) throw fault(ErrorCode.SSL_ERROR, "keyData: not a private key in PEM form");
    if (!spki.equals(csr.spki)) throw fault(ErrorCode.SSL_ERROR, "keyData: the private key does not belong to the CSR in csrData");
    return { csr, key: keyData };
  }
  return { csr, key: recallKey(ctx.world, ctx.account.apiuser, spkiId(csr.spki)) };
}

function startRound(ctx: HandlerContext, rec: CertificateRecord, csr: DecodedCsr, names: { name: string; method: string }[]): void {
  const now = ctx.clock.nowMs();
  // Built aside first: dcvEntry may refuse a method, and the record must then stay as it was.
  const dcv: CertificateRecord["dcv"] = {};
  for (const n of names) dcv[n.name] = dcvEntry(n.name, n.method, csr, now, ctx.clock);
  rec.dcv = dcv;
  rec.alternativeNames = names.slice(1).map((n) => n.name);
}

const answer = (ctx: HandlerContext, rec: CertificateRecord, billing: { total: number; currency: string }) => ({
  billing,
  ssl: certificateSummary(rec, ctx.clock.nowMs(), "getinfo"),
});

/** A repeated order (same CSR) is another certificate, charged again: names are not unique among certificates (ssl/list filters by commonName). */
export function createOrder(ctx: HandlerContext, p: ParsedParamsOf<"ssl/create">) {
  const product = getProduct(p.productID);
  const { csr, key } = csrAndKey(ctx, p.csrData, p.keyData);
  // The CA refuses a key shorter than the product's (sdk/rules csr-key.ts): before any charge.
  const short = csrKeyProblem(csr.keyBits, product.keyLength, `${product.productName} (${product.productID})`);
  if (short) throw fault(ErrorCode.SSL_ERROR, `csrData: ${short}`);
  const contacts = contactsFrom(ctx, p);
  const cn = csr.commonName.toLowerCase();
  const names = orderNames(product, cn, p);
  const period = checkPeriod(product, p.period, "create");
  const certificateID = nextId(ctx.world, "certificate", 10000);
  const rec: CertificateRecord = {
    certificateID,
    productID: product.productID,
    commonName: cn,
    alternativeNames: [],
    status: "process",
    period,
    csrData: p.csrData,
    ...(key ? { keyData: key } : {}),
    contacts,
    tsCreate: ymd(ctx.clock.nowMs()),
    tsExpir: "",
    tsSubscriptionEnds: "",
    dcv: {},
  };
  startRound(ctx, rec, csr, names); // before charging: a bad validation method must not cost money
  const billing = charge(ctx.account, price(product, "create", period, names.length), `${product.productName} for ${cn}, ${period} year(s)`);
  ctx.account.certificates[String(certificateID)] = rec;
  ctx.messages.push(`Certificate ${certificateID} for ${cn} ordered; validate ${names.length} name(s) to get it issued.`);
  return answer(ctx, rec, billing);
}

function sameProduct(rec: CertificateRecord, p: OrderParams): SslProduct {
  const product = productOf(rec);
  if (p.productID !== undefined && p.productID !== rec.productID) {
    throw fault(
      ErrorCode.SSL_ERROR,
      `productID: certificate ${rec.certificateID} is a ${product.productName} (${rec.productID}); order a new certificate to change product`,
    );
  }
  return product;
}

function sameCommonName(rec: CertificateRecord, csr: DecodedCsr): void {
  if (csr.commonName.toLowerCase() !== rec.commonName) {
    throw fault(ErrorCode.SSL_ERROR, `csrData: the CSR is for ${csr.commonName}, certificate ${rec.certificateID} is for ${rec.commonName}`);
  }
}

export function renewOrder(ctx: HandlerContext, p: ParsedParamsOf<"ssl/renew">) {
  const rec = getCertificate(ctx.account, p.certificateID);
  const product = sameProduct(rec, p);
  // A repeated renew while the renewal runs (status renew) is renewed and charged again, its years
  // added: the spec documents no refusal (facts.md "SSL" says clients renew only when renewable,
  // what they do, not what the API refuses). Refusing it would hide a client's double renewal.
  const again = rec.status === "renew";
  if (!again && !isRenewable(rec, ctx.clock.nowMs())) {
    throw fault(
      ErrorCode.SSL_ERROR,
      `Certificate ${rec.certificateID} is not renewable (status ${rec.status}, subscription ends ${rec.tsSubscriptionEnds || "-"}); renewal opens 30 days before the end and closes 30 days after, trials cannot be renewed`,
    );
  }
  // Spec silent: without csrData the last CSR (and its key) is reused.
  const { csr, key } = p.csrData ? csrAndKey(ctx, p.csrData, p.keyData) : { csr: decodeCsr(rec.csrData), key: rec.keyData };
  sameCommonName(rec, csr);
  const names = orderNames(product, rec.commonName, p, rec.alternativeNames);
  const period = checkPeriod(product, p.period, "renew");
  const contacts = contactsFrom(ctx, p, rec.contacts);
  const round = { ...rec };
  startRound(ctx, round, csr, names);
  const billing = charge(
    ctx.account,
    price(product, "renew", period, names.length),
    `renewal of ${product.productName} for ${rec.commonName}, ${period} year(s)`,
  );
  Object.assign(rec, round, { status: "renew", period: again ? rec.period + period : period, contacts, csrData: p.csrData ?? rec.csrData });
  if (key) rec.keyData = key;
  else delete rec.keyData;
  ctx.messages.push(`Certificate ${rec.certificateID} renewal ordered; validate ${names.length} name(s) to get the new certificate.`);
  return answer(ctx, rec, billing);
}

export function reissueOrder(ctx: HandlerContext, p: ParsedParamsOf<"ssl/reissue">) {
  const rec = getCertificate(ctx.account, p.certificateID);
  const product = sameProduct(rec, p);
  // Only while valid (facts.md "SSL": clients reissue only when status is valid), so a repeated
  // reissue is refused while the first runs; a reissue is free, so no charge can double.
  if (rec.status !== "valid")
    throw fault(ErrorCode.SSL_ERROR, `Certificate ${rec.certificateID} can be reissued only while valid; its status is ${rec.status}`);
  const { csr, key } = csrAndKey(ctx, p.csrData, p.keyData);
  sameCommonName(rec, csr);
  const names = orderNames(product, rec.commonName, p, rec.alternativeNames);
  // A reissue is free, so it cannot add paid names: at most the names already bought.
  const paid = Math.max(product.numDomains, allNames(rec).length);
  if (names.length > paid)
    throw fault(ErrorCode.SSL_ERROR, `${names.length} names requested; certificate ${rec.certificateID} covers ${paid}: add names with ssl/multidomainaddsan`);
  startRound(ctx, rec, csr, names);
  Object.assign(rec, { status: "reissue", csrData: p.csrData, contacts: contactsFrom(ctx, p, rec.contacts) });
  if (key) rec.keyData = key;
  else delete rec.keyData;
  ctx.messages.push(`Certificate ${rec.certificateID} reissue started; validate ${names.length} name(s) to get the new certificate.`);
  return answer(ctx, rec, { total: 0, currency: ctx.account.currency });
}

export function addSan(ctx: HandlerContext, p: ParsedParamsOf<"ssl/multidomainaddsan">) {
  const rec = getCertificate(ctx.account, p.certificateID);
  const product = productOf(rec);
  if (!product.isMultiDomain) throw fault(ErrorCode.SSL_ERROR, `Certificate ${rec.certificateID} is a ${product.productName}, not a multi-domain product`);
  if (!["valid", "process", "reissue"].includes(rec.status))
    throw fault(ErrorCode.SSL_ERROR, `Names can be added while the certificate is valid or being validated; its status is ${rec.status}`);
  if (allNames(rec).includes(p.extraSAN)) throw fault(ErrorCode.SSL_ERROR, `extraSAN: ${p.extraSAN} is already a name of certificate ${rec.certificateID}`);
  if (p.extraSAN.startsWith("*.") && !product.isWildcard)
    throw fault(ErrorCode.SSL_ERROR, `extraSAN: a wildcard name needs a wildcard product; ${product.productName} is not`);
  const nameProblem = certNameProblem(p.extraSAN, isPublicSuffix);
  if (nameProblem) throw fault(ErrorCode.SSL_ERROR, `extraSAN: ${nameProblem}`);
  const max = product.sanMaxDomains ?? 1;
  if (allNames(rec).length + 1 > max)
    throw fault(
      ErrorCode.SSL_ERROR,
      `Certificate ${rec.certificateID} has ${allNames(rec).length} names; ${product.productName} allows at most ${max} (sanMaxDomains)`,
    );
  const entry = dcvEntry(p.extraSAN, p.validationMethod ?? "dns", decodeCsr(rec.csrData), ctx.clock.nowMs(), ctx.clock);
  const billing = charge(ctx.account, product.sanPrice ?? 0, `alternative name ${p.extraSAN}`);
  // A valid certificate starts a reissue round: the new name is validated, then a new certificate is issued.
  if (rec.status === "valid") {
    for (const e of Object.values(rec.dcv)) e.validated = true;
    rec.status = "reissue";
  }
  rec.dcv[p.extraSAN] = entry;
  rec.alternativeNames.push(p.extraSAN);
  ctx.messages.push(`${p.extraSAN} added to certificate ${rec.certificateID}; validate it to get the new certificate.`);
  return answer(ctx, rec, billing);
}
