/** SslCertificate <-> API shapes (pure, except listCertificates through the list cache). */
import type { Api } from "../../core/client";
import { contactToApi } from "../contact/mapping";
import type { SslInputs, SslState, Validation } from "./schema";

export const SSL_LIST = "ssl/list";
/** One ssl/list traversal per process until a write (list-cache scope). */
export const SSL_SCOPE = "ssl:list";
const PAGE = 1000;

/** Every certificate summary of the account (refresh of many certificates makes one traversal). */
export function listCertificates(api: Api, filter: Record<string, unknown> = {}): Promise<Record<string, any>[]> {
  const load = async () => {
    const out: Record<string, any>[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call(SSL_LIST, { ...filter, page, pageLength: PAGE });
      const items = (res?.ssl ?? []) as Record<string, any>[];
      out.push(...items);
      if (items.length === 0 || out.length >= Number(res?.queryInfo?.total ?? out.length)) return out;
    }
  };
  // Filtered lists (the ambiguous-create lookup) are never cached.
  return Object.keys(filter).length ? load() : api.cache.get(SSL_LIST, SSL_SCOPE, load);
}

/** ssl/create parameters: the CSR, its key when known, the admin contact, alt_name_1..N (facts.md "SSL"). */
export function orderParams(i: SslInputs, csr: string, key: string | undefined): Record<string, unknown> {
  const p: Record<string, unknown> = { productID: i.productId, csrData: csr, validationMethod: i.validationMethod };
  if (i.period !== undefined) p.period = i.period;
  if (key !== undefined) p.keyData = key;
  if (typeof i.adminContact === "string") p.adminContactID = i.adminContact;
  else Object.assign(p, contactToApi(i.adminContact, "admin"));
  (i.alternativeNames ?? []).forEach((n, k) => {
    p[`alt_name_${k + 1}`] = n;
  });
  return p;
}

/**
 * One dcv entry as an output. dns checkvalue reads "<host> <TYPE> <value>" (facts.md "SSL": the
 * record to create); other spellings are passed on whole as recordValue.
 */
export function validationFromApi(name: string, e: Record<string, any>): Validation {
  const v: Validation = { domainName: String(e.domainName ?? name), method: String(e.method ?? ""), validated: e.validated === true };
  const cv = e.checkvalue;
  if (v.method === "dns" && typeof cv === "string") {
    const parts = cv.trim().split(/\s+/);
    if (parts.length === 3 && /^[A-Za-z]+$/.test(parts[1])) {
      v.recordName = parts[0].toLowerCase().replace(/\.$/, "");
      v.recordType = parts[1].toUpperCase();
      v.recordValue = parts[2].replace(/\.$/, "");
    } else v.recordValue = cv;
  } else if (cv && typeof cv === "object") {
    v.fileUrl = String(cv.link ?? "");
    v.fileContents = String(cv.contents ?? "");
  } else if (typeof cv === "string") v.approverEmail = cv;
  return v;
}

/** The dns records to create, common name first, then the alternative names in sorted order. */
export function recordsOf(validations: Validation[], commonName: string): SslState["validationRecords"] {
  const rank = (v: Validation) => (v.domainName === commonName ? "" : v.domainName);
  return [...validations]
    .sort((a, b) => rank(a).localeCompare(rank(b)))
    .filter((v) => v.recordName && v.recordType && v.recordValue)
    .map((v) => ({ name: v.recordName!, type: v.recordType!, value: v.recordValue! }));
}

/** Summary fields (ssl/list item or getinfo status) over the previous state. */
export function withSummary(prev: Omit<SslState, "status" | "renewable">, s: Record<string, any>): SslState {
  const state: SslState = {
    ...prev,
    certificateId: Number(s.certificateID),
    commonName: String(s.commonName ?? prev.commonName).toLowerCase(),
    status: String(s.status),
    renewable: s.renewable === true,
    tsCreate: s.tsCreate || undefined,
    tsExpir: s.tsExpir || undefined,
    tsSubscriptionEnds: s.tsSubscriptionEnds || undefined,
  };
  // Only compared when the program manages them; the live list, sorted like the inputs.
  const live = ((s.alternativeNames ?? []) as string[]).map((n) => String(n).toLowerCase()).sort();
  state.alternativeNames = live;
  return state;
}
