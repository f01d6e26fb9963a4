/** ssl module handlers (spec "ssl module", facts.md "SSL"); rules live in model.ts, orders.ts, validation.ts. */
import type { ModuleHandlers } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { SSL_PRODUCTS, type SslProduct } from "../../data/ssl-products";
import { createCsr, csrObject, decodeCsr, spkiId } from "./csr";
import { contentFor, fingerprints } from "./formats";
import { allNames, type CertificateRecord, certificateSummary, getCertificate, getProduct, isRenewable, materialize, rememberKey } from "./model";
import { addSan, createOrder, reissueOrder, renewOrder } from "./orders";
import { approverEmails, dcvEntry, validationDataView, validationDue } from "./validation";
import { ErrorCode } from "../../../sdk/core/error-codes";

/** Spec "SSL product"; years rendered as the comma-separated allowed periods (spec silent on the form). */
function productView(p: SslProduct): Record<string, unknown> {
  const priced = (x: NonNullable<SslProduct["create"]>) => ({ create: x.create, years: x.years.join(","), ...(x.isPromo ? { isPromo: true } : {}) });
  return {
    productID: p.productID,
    productName: p.productName,
    brandName: p.brandName,
    validationType: p.validationType,
    isMultiDomain: p.isMultiDomain,
    isWildcard: p.isWildcard,
    isTrial: p.isTrial,
    numDomains: p.numDomains,
    keyLength: p.keyLength,
    encryption: p.encryption,
    ...(p.create ? { create: priced(p.create) } : {}),
    ...(p.renew ? { renew: priced(p.renew) } : {}),
    ...(p.trialPeriod ? { trialPeriod: p.trialPeriod } : {}),
    ...(p.isMultiDomain ? { sanMaxDomains: p.sanMaxDomains, sanPrice: p.sanPrice } : {}),
  };
}

const VALIDATING = ["process", "renew", "reissue"];

function nameOf(rec: CertificateRecord, name: string): string {
  if (!allNames(rec).includes(name))
    throw fault(ErrorCode.SSL_ERROR, `${name} is not a name of certificate ${rec.certificateID}; its names are ${allNames(rec).join(", ")}`);
  return name;
}

export const handlers: ModuleHandlers<"ssl"> = {
  csrdecode(_ctx, p) {
    return { ...csrObject(decodeCsr(p.csrData)), csrData: p.csrData };
  },

  /** facts.md "SSL": the key is answered as csrKey in practice and keyData in the spec: both are sent. */
  csrcreate(ctx, p) {
    const { csrPem, keyPem } = createCsr(p);
    const decoded = decodeCsr(csrPem);
    rememberKey(ctx.world, ctx.account.apiuser, spkiId(decoded.spki), keyPem);
    return { ...csrObject(decoded), csrData: csrPem, keyData: keyPem, csrKey: keyPem };
  },

  productlist(_ctx, p) {
    const all = SSL_PRODUCTS.filter(
      (x) =>
        (p.wildcard === undefined || x.isWildcard === p.wildcard) &&
        (p.multidomain === undefined || x.isMultiDomain === p.multidomain) &&
        (p.trial === undefined || x.isTrial === p.trial) &&
        (p.validationType === undefined || x.validationType === p.validationType),
    );
    const { queryInfo, items } = paginate(all, p.page, p.pageLength);
    return { queryInfo, products: items.map(productView) };
  },

  productgetinfo(_ctx, p) {
    return productView(getProduct(p.productID));
  },

  /** Filters (spec silent on matching): commonName is a case-insensitive substring; the rest exact. Order: certificateID. */
  list(ctx, p) {
    const now = ctx.clock.nowMs();
    const all = Object.values(ctx.account.certificates)
      .filter(
        (c) =>
          (p.productID === undefined || c.productID === p.productID) &&
          (p.status === undefined || c.status === p.status) &&
          (p.renewable === undefined || isRenewable(c, now) === p.renewable) &&
          (p.commonName === undefined || c.commonName.includes(p.commonName.toLowerCase())),
      )
      .sort((a, b) => a.certificateID - b.certificateID);
    const { queryInfo, items } = paginate(all, p.page, p.pageLength);
    return { queryInfo, ssl: items.map((c) => certificateSummary(c, now, "list")) };
  },

  getinfo(ctx, p) {
    const rec = getCertificate(ctx.account, p.certificateID);
    materialize(ctx, rec);
    const base = certificateSummary(rec, ctx.clock.nowMs(), "getinfo");
    if (p.infoType === "status") return base;
    if (p.infoType === "validationStatus") {
      if (!VALIDATING.includes(rec.status)) {
        throw fault(
          ErrorCode.SSL_ERROR,
          `Validation data exists only while the certificate is validated (status process, renew or reissue); certificate ${rec.certificateID} is ${rec.status}`,
        );
      }
      return { ...base, validationData: validationDataView(rec) };
    }
    if (!rec.certPem)
      throw fault(
        ErrorCode.SSL_ERROR,
        `Certificate ${rec.certificateID} is not issued yet (status ${rec.status}); its files are available once all names are validated`,
      );
    const chain = [ctx.ca.certPem];
    if (p.infoType === "ssldata") {
      return { ...base, sslCert: rec.certPem, ...(rec.certKey ? { sslKey: rec.certKey } : {}), sslCertChain: chain, fingerprint: fingerprints(rec.certPem) };
    }
    if (p.infoType === "pfx" && !rec.certKey) {
      throw fault(
        ErrorCode.SSL_ERROR,
        `The private key of certificate ${rec.certificateID} is unknown, so no PFX can be built: send keyData with the order, or generate the CSR with ssl/csrcreate`,
      );
    }
    const content = contentFor(p.infoType, {
      commonName: rec.commonName,
      certPem: rec.certPem,
      chain,
      keyPem: rec.certKey,
      pfxpass: p.pfxpass,
      now: ctx.clock.now(),
    });
    return { ...base, content };
  },

  create: createOrder,
  renew: renewOrder,
  reissue: reissueOrder,
  multidomainaddsan: addSan,

  /** Approver addresses of the name's domain; with includeAlternativeMethods also dns, http, https (dns only for wildcards). */
  getvalidationemails(_ctx, p) {
    const alternatives = p.commonName.startsWith("*.") ? ["dns"] : ["dns", "http", "https"];
    return { valMethods: [...approverEmails(p.commonName), ...(p.includeAlternativeMethods ? alternatives : [])] };
  },

  /** facts.md: only in status process or reissue; the emulator also allows its renew round (same validation). */
  changevalidationmethod(ctx, p) {
    const rec = getCertificate(ctx.account, p.certificateID);
    if (!VALIDATING.includes(rec.status))
      throw fault(
        ErrorCode.SSL_ERROR,
        `The validation method can change only while the certificate is validated (status process or reissue); certificate ${rec.certificateID} is ${rec.status}`,
      );
    const name = nameOf(rec, p.commonName);
    if (rec.dcv[name]?.validated) throw fault(ErrorCode.SSL_ERROR, `${name} is already validated`);
    rec.dcv[name] = dcvEntry(name, p.validationMethod, decodeCsr(rec.csrData), ctx.clock.nowMs(), ctx.clock);
    ctx.messages.push(`Validation method of ${name} changed to ${rec.dcv[name].method}.`);
    return { ...certificateSummary(rec, ctx.clock.nowMs(), "getinfo"), validationData: { dcv: validationDataView(rec).dcv } };
  },

  /** facts.md: only in status process; the name must be validated by e-mail. The approval clock restarts. */
  resendvalidationmail(ctx, p) {
    const rec = getCertificate(ctx.account, p.certificateID);
    if (rec.status !== "process")
      throw fault(ErrorCode.SSL_ERROR, `Validation e-mails can be resent only in status process; certificate ${rec.certificateID} is ${rec.status}`);
    const entry = rec.dcv[nameOf(rec, p.commonName)];
    if (entry.method !== "mail")
      throw fault(
        ErrorCode.SSL_ERROR,
        `${p.commonName} is validated by ${entry.method}, not by e-mail; ssl/changevalidationmethod selects an approver address`,
      );
    if (entry.validated) throw fault(ErrorCode.SSL_ERROR, `${p.commonName} is already validated`);
    entry.dueMs = validationDue(ctx.clock, ctx.clock.nowMs());
    ctx.messages.push(`Validation e-mail for ${p.commonName} sent again to ${entry.checkvalue}.`);
    return { certificateID: rec.certificateID, commonName: p.commonName, email: entry.checkvalue as string };
  },
};
