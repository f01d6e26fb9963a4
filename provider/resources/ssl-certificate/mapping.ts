/** SslCertificate <-> API shapes (pure, except listCertificates through the list cache). */
import type { CallParams, ItemOf, ResultOf } from "../../../sdk";
import type { DnsType } from "../../../sdk/rules";
import type { Api } from "../../core/client";
import { contactToApi } from "../contact/mapping";
import type { SslInputs, SslState, Validation } from "./schema";

export const SSL_LIST = "ssl/list";
/** One ssl/list traversal per process until a write (list-cache scope). */
export const SSL_SCOPE = "ssl:list";

/** A certificate's summary: an ssl/list item (ssl/getinfo status and the orders' `ssl` answer the same members). */
export type CertSummary = ItemOf<typeof SSL_LIST>;
/** One name's entry of ssl/getinfo validationStatus (validationData.dcv). */
export type DcvEntry = NonNullable<ResultOf<"ssl/getinfo">["validationData"]>["dcv"][string];

/** Every certificate summary of the account (refresh of many certificates makes one traversal). */
export function listCertificates(api: Api, filter: CallParams<typeof SSL_LIST> = {}): Promise<CertSummary[]> {
  const load = () => api.listAll(SSL_LIST, filter);
  // Filtered lists (the ambiguous-create lookup) are never cached.
  return Object.keys(filter).length ? load() : api.cache.get(SSL_LIST, SSL_SCOPE, load);
}

/** ssl/create parameters: the CSR, its key when known, the admin contact, alt_name_1..N (facts.md "SSL"). */
export function orderParams(i: SslInputs, csr: string, key: string | undefined): CallParams<"ssl/create"> {
  const p: CallParams<"ssl/create"> = { productID: i.productId, csrData: csr, validationMethod: i.validationMethod };
  if (i.period !== undefined) p.period = i.period;
  if (key !== undefined) p.keyData = key;
  // check() requires adminContact for every order (only an adopted certificate goes without).
  if (typeof i.adminContact === "string") p.adminContactID = i.adminContact;
  else if (i.adminContact) Object.assign(p, contactToApi(i.adminContact, "admin"));
  (i.alternativeNames ?? []).forEach((n, k) => {
    p[`alt_name_${k + 1}`] = n;
  });
  return p;
}

/**
 * One dcv entry as an output. dns checkvalue reads "<host> <TYPE> <value>" (facts.md "SSL": the
 * record to create); other spellings are passed on whole as recordValue.
 */
export function validationFromApi(name: string, e: DcvEntry): Validation {
  const v: Validation = { domainName: e.domainName || name, method: e.method, validated: e.validated };
  const cv = e.checkvalue;
  if (v.method === "dns" && typeof cv === "string") {
    const parts = cv.trim().split(/\s+/);
    if (parts.length === 3 && /^[A-Za-z]+$/.test(parts[1])) {
      v.recordName = parts[0].toLowerCase().replace(/\.$/, "");
      v.recordType = parts[1].toUpperCase();
      v.recordValue = parts[2].replace(/\.$/, "");
    } else v.recordValue = cv;
  } else if (typeof cv === "object") {
    v.fileUrl = cv.link;
    v.fileContents = cv.contents;
  } else v.approverEmail = cv;
  return v;
}

/**
 * The dns records to create, common name first, then the alternative names in sorted order. Typed
 * as DnsRecord takes them (the CA asks for CNAME or TXT); a type DnsRecord does not know would be
 * refused by its check, naming it.
 */
export function recordsOf(validations: Validation[], commonName: string): SslState["validationRecords"] {
  const rank = (v: Validation) => (v.domainName === commonName ? "" : v.domainName);
  return [...validations]
    .sort((a, b) => rank(a).localeCompare(rank(b)))
    .filter((v) => v.recordName && v.recordType && v.recordValue)
    .map((v) => ({ name: v.recordName!, type: v.recordType as DnsType, value: v.recordValue! }));
}

/** Summary fields (ssl/list item or getinfo status) over the previous state. */
export function withSummary(prev: Omit<SslState, "status" | "renewable">, s: CertSummary): SslState {
  const state: SslState = {
    ...prev,
    certificateId: s.certificateID,
    commonName: (s.commonName || prev.commonName).toLowerCase(),
    status: s.status,
    renewable: s.renewable,
    tsCreate: s.tsCreate || undefined,
    tsExpir: s.tsExpir || undefined,
    tsSubscriptionEnds: s.tsSubscriptionEnds || undefined,
  };
  // Only compared when the program manages them; the live list, sorted like the inputs.
  const live = s.alternativeNames.map((n) => n.toLowerCase()).sort();
  state.alternativeNames = live;
  return state;
}
