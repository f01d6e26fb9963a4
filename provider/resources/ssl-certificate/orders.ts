/**
 * SslCertificate's paid orders (ssl/create, renew, reissue, multidomainaddsan), each sent once
 * (provider/money/money.ts), and how a certificate in the account is recognised as this program's.
 *
 * Which certificate is ours. The API has no idempotency key and several certificates may share a
 * common name, so the CSR decides: a certificate being validated names its DCV record or file after
 * the MD5 of the CSR it was ordered with, and an issued one carries the CSR's public key. A create
 * adopts, instead of ordering, a certificate for the same common name, product and alternative
 * names whose CSR is the program's and which was ordered in the last 48 hours (an interrupted
 * `pulumi up`: Ctrl-C twice, a killed CLI). With `subject` the CSR is generated anew by each run,
 * so only the run that ordered it can recognise it: keep the run going (one Ctrl-C waits for it).
 *
 * An order whose reply was lost is recorded as unconfirmed. Its certificate number is not known yet,
 * so the resource's id is `unconfirmed-<time>` until a refresh reads the certificate (the output
 * certificateId is the number as soon as the next up has found or ordered it).
 */
import type { CallParams, ResultOf } from "../../../sdk";
import { certSpki } from "../../../sdk/core/x509";
import type { Ctx } from "../../core/frame";
import { PartialResultError } from "../../core/frame";
import { warn } from "../../core/log";
import { type PendingOrder, placeOrder, resolvePending, UnconfirmedOrderError } from "../../money/money";
import { sameValue } from "../../core/plain-data";
import type { PreviewFacts, SslProductFacts } from "../../money/preview-facts";
import { type Charge, yearsText } from "../../money/spend";
import { csrMd5, parseCsr } from "./csr";
import { type CertSummary, listCertificates, orderParams, SSL_SCOPE } from "./mapping";
import { type SslInputs, type SslState, VALIDATING } from "./schema";

const RECENT_MS = 48 * 3600_000 + 86_400_000;
const UNCONFIRMED_ID = /^unconfirmed-/;

/** The certificate number of a resource: its id, or certificateId while the id is a placeholder. */
export function certIdOf(idText: string, state: Partial<SslState>): number {
  if (UNCONFIRMED_ID.test(idText)) return state.certificateId ?? 0;
  return Number(idText);
}

export const isPlaceholderId = (idText: string) => UNCONFIRMED_ID.test(idText);

/**
 * Was certificate `id` ordered with this CSR? true / false, or undefined when the API shows nothing
 * to tell by (mail validation while pending; a non-RSA CSR).
 */
export async function orderedWithCsr(ctx: Ctx, id: number, status: string, csr: string): Promise<boolean | undefined> {
  const md5 = csrMd5(csr);
  if (VALIDATING.has(status)) {
    let v: ResultOf<"ssl/getinfo">;
    try {
      v = await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "validationStatus" });
    } catch (err) {
      // The round ended since `status` was read (issued at once): judge the issued certificate.
      const now = await statusOf(ctx, id).catch(() => undefined);
      if (!now || VALIDATING.has(now.status)) throw err;
      return orderedWithCsr(ctx, id, now.status, csr);
    }
    let decided: boolean | undefined;
    for (const e of Object.values(v.validationData?.dcv ?? {})) {
      const cv = e.checkvalue;
      if (e.method === "dns" && typeof cv === "string" && md5) {
        if (cv.toLowerCase().startsWith(`_${md5.toLowerCase()}.`)) return true;
        decided = false;
      } else if (typeof cv === "object" && md5) {
        if (cv.file.toUpperCase() === `${md5}.TXT` || cv.link.toUpperCase().includes(`/${md5}.TXT`)) return true;
        decided = false;
      }
    }
    return decided;
  }
  if (status === "valid" || status === "expired") {
    const d = await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "ssldata" });
    const mine = parseCsr(csr);
    const theirs = d.sslCert ? certSpki(d.sslCert) : undefined;
    if (!("spki" in mine) || !mine.spki || !theirs) return undefined;
    return mine.spki.equals(theirs);
  }
  return false;
}

const sameNames = (c: CertSummary, i: SslInputs) =>
  i.alternativeNames === undefined || JSON.stringify(c.alternativeNames.map((n) => n.toLowerCase()).sort()) === JSON.stringify([...i.alternativeNames].sort());

/** Certificates of this common name and product, newest first. */
async function candidates(ctx: Ctx, inputs: SslInputs): Promise<CertSummary[]> {
  const cn = inputs.commonName;
  return (await listCertificates(ctx.api, { commonName: cn }))
    .filter((c) => c.commonName.toLowerCase() === cn && c.productID === inputs.productId)
    .sort((a, b) => b.certificateID - a.certificateID);
}

/** The interrupted-run rule (module comment): a recent certificate of this program's CSR, or undefined. */
export async function findInterruptedOrder(ctx: Ctx, inputs: SslInputs, csr: string): Promise<CertSummary | undefined> {
  if (inputs.subject) return undefined;
  for (const c of (await candidates(ctx, inputs)).slice(0, 5)) {
    const created = Date.parse(`${c.tsCreate}T00:00:00Z`);
    const recent = !Number.isFinite(created) || Date.now() - created <= RECENT_MS;
    if (!recent || !["process", "valid"].includes(c.status) || !sameNames(c, inputs)) continue;
    if ((await orderedWithCsr(ctx, c.certificateID, c.status, csr)) === true) return c;
  }
  return undefined;
}

/** The certificate an ssl/create sent with `csr` produced: new (not in knownIds), same name and product, this CSR when the API can tell. */
async function newCertificate(ctx: Ctx, inputs: SslInputs, csr: string, knownIds: readonly number[]): Promise<CertSummary | undefined> {
  for (const c of await candidates(ctx, inputs)) {
    if (knownIds.includes(c.certificateID)) continue;
    if ((await orderedWithCsr(ctx, c.certificateID, c.status, csr).catch(() => undefined)) === false) continue;
    return c;
  }
  return undefined;
}

/** ssl/create once; the new certificate's summary. An unknown outcome throws PartialResultError with the unconfirmed state. */
export async function orderCertificate(
  ctx: Ctx,
  inputs: SslInputs,
  csr: string,
  key: string | undefined,
  base: Omit<SslState, "certificateId">,
): Promise<CertSummary> {
  const knownIds = (await candidates(ctx, inputs)).map((c) => c.certificateID);
  try {
    const res = await placeOrder<CertSummary>(ctx, {
      what: `SslCertificate ${inputs.commonName}`,
      operation: "ssl/create",
      object: "a new certificate for this CSR",
      send: async () => (await ctx.api.call("ssl/create", orderParams(inputs, csr, key))).ssl,
      lookup: () => newCertificate(ctx, inputs, csr, knownIds),
      evidence: { knownIds, csrMd5: csrMd5(csr) ?? "" },
    });
    return res;
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) {
      const id = `unconfirmed-${Date.parse(err.pending.sentAt)}`;
      throw new PartialResultError(err.message, id, { ...base, certificateId: 0, status: "unconfirmed", pendingOrder: err.pending });
    }
    throw err;
  } finally {
    ctx.api.cache.invalidate(SSL_SCOPE);
  }
}

/** ssl/getinfo infoType status: the certificate's summary. */
export function statusOf(ctx: Ctx, id: number): Promise<ResultOf<"ssl/getinfo">> {
  return ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "status" });
}

/** A paid call on an existing certificate (renew, reissue, addsan) sent once; an unknown outcome records `state` with the pending order. */
export async function orderOn<N extends "ssl/renew" | "ssl/reissue" | "ssl/multidomainaddsan">(
  ctx: Ctx,
  idText: string,
  state: SslState,
  o: { operation: N; object: string; params: CallParams<N>; lookup: () => Promise<unknown>; evidence?: PendingOrder["evidence"] },
): Promise<void> {
  try {
    await placeOrder<unknown>(ctx, {
      what: `SslCertificate ${state.commonName}`,
      operation: o.operation,
      object: o.object,
      send: () => ctx.api.send({ op: o.operation, params: o.params }),
      lookup: o.lookup,
      evidence: o.evidence,
    });
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) throw new PartialResultError(err.message, idText, { ...state, pendingOrder: err.pending });
    throw err;
  } finally {
    ctx.api.cache.invalidate(SSL_SCOPE);
  }
}

/** Lookups of the paid calls on a certificate (also used to decide a pending one on the next run). */
export const lookups = {
  reissue: (ctx: Ctx, id: number, csr: string) => async () => {
    const s = await statusOf(ctx, id);
    const ours = await orderedWithCsr(ctx, id, s.status, csr);
    return s.status === "reissue" && ours !== false ? s : s.status === "valid" && ours === true ? s : undefined;
  },
  renew: (ctx: Ctx, id: number, ends: unknown) => async () => {
    const s = await statusOf(ctx, id);
    return s.status === "renew" || s.tsSubscriptionEnds !== ends ? s : undefined;
  },
  addsan: (ctx: Ctx, id: number, name: string) => async () => {
    const s = await statusOf(ctx, id);
    return s.alternativeNames.includes(name) ? s : undefined;
  },
};

/**
 * Update of a state with pendingOrder, decided first. Returns the certificate number to go on with,
 * and whether a reissue must be sent again for the recorded CSR (it did not happen).
 */
export async function settlePendingOrder(
  ctx: Ctx,
  idText: string,
  olds: SslState,
  news: SslInputs,
  timeoutMs: number,
): Promise<{ id: number; resendReissue: boolean; state: SslState }> {
  const p = olds.pendingOrder;
  let id = certIdOf(idText, olds);
  const { pendingOrder: _p, ...rest } = olds;
  let state = rest as SslState;
  if (!p) return { id, resendReissue: false, state };
  const what = `SslCertificate ${news.commonName}`;
  const keep = (err: unknown) => (err instanceof UnconfirmedOrderError ? new PartialResultError(err.message, idText, olds) : err);
  const decide = <T>(object: string, lookup: () => Promise<T | undefined>) =>
    resolvePending(ctx, p, { what, object, lookup, timeoutMs }).catch((err) => {
      throw keep(err);
    });
  if (p.operation === "ssl/create") {
    const knownIds = ((p.evidence?.knownIds ?? []) as number[]).map(Number);
    const r = await decide("a new certificate for this CSR", () => newCertificate(ctx, news, olds.csr, knownIds));
    const found = "found" in r ? r.found : await orderCertificate(ctx, news, olds.csr, olds.privateKey, { ...state, status: "process" });
    id = found.certificateID;
    state = { ...state, certificateId: id, status: found.status };
    if (isPlaceholderId(idText))
      warn(`${what}: certificate ${id} is recorded; the resource id stays ${idText} until the next \`pulumi refresh\` (certificateId is ${id})`);
    return { id, resendReissue: false, state };
  }
  if (p.operation === "ssl/reissue") {
    const r = await decide("the reissue for the new CSR", lookups.reissue(ctx, id, olds.csr));
    // Found: it may be issued already; status "reissue" makes the next read fetch the new files.
    return { id, resendReissue: "missing" in r, state: "found" in r ? { ...state, status: "reissue" } : state };
  }
  if (p.operation === "ssl/renew") await decide("the renewal", lookups.renew(ctx, id, p.evidence?.subscriptionEnds));
  else if (p.operation === "ssl/multidomainaddsan") await decide("the added name", lookups.addsan(ctx, id, String(p.evidence?.name ?? "")));
  return { id, resendReissue: false, state };
}

/** read() of an unconfirmed create: the certificate when it turned up (no longer pending), else undefined. */
export async function findPendingCreate(ctx: Ctx, state: SslState): Promise<CertSummary | undefined> {
  const knownIds = ((state.pendingOrder?.evidence?.knownIds ?? []) as number[]).map(Number);
  return newCertificate(ctx, state, state.csr, knownIds);
}

/** A new CSR, subject or key: the certificate is reissued for it (ssl/reissue). */
export const keyChanged = (olds: SslState, news: SslInputs) =>
  (news.csr !== undefined && news.csr !== olds.csr) ||
  (news.subject !== undefined && !sameValue(news.subject, olds.subject)) ||
  (news.privateKey !== undefined && news.privateKey !== olds.privateKey);

/**
 * An order or renewal of `names` names for `years` (ssl/productlist): the price per year, plus
 * sanPrice per year for each name beyond the numDomains the price covers (the spec gives both
 * prices, not how they add up; this is how the emulator charges them).
 */
function certificatePrice(p: SslProductFacts, perYear: number, years: number, names: number): { amount: number; extra: number } {
  const extra = Math.max(0, names - p.numDomains);
  return { amount: (perYear + extra * (p.sanPrice ?? 0)) * years, extra };
}

/**
 * What applying an SslCertificate will charge (provider/money/spend.ts), from ssl/productlist: an
 * order (create price; a trial is free), a renewal with autoRenew (renew price), each added name
 * (sanPrice); a reissue has no price the API shows. `olds` undefined: a create or a replacement.
 * Adopting (certificateId) orders nothing: create takes the certificate as it is (definition.ts adoptCertificate).
 */
export async function sslCharges(facts: PreviewFacts, olds: SslState | undefined, news: SslInputs): Promise<Charge[]> {
  if (!olds && news.certificateId !== undefined) return [];
  const subject = `SslCertificate ${news.commonName}`;
  const p = (await facts.sslProducts()).get(news.productId);
  if (!p) return [];
  const names = 1 + (news.alternativeNames ?? olds?.alternativeNames ?? []).length;
  const source = "ssl/productlist";
  const out: Charge[] = [];
  const priced = (operation: string, verb: string, perYear: number | undefined, years: number) => {
    const { amount, extra } = certificatePrice(p, perYear ?? 0, years, names);
    const what = `${verb} ${p.productName} ${yearsText(years)}${extra ? `, ${extra} name${extra === 1 ? "" : "s"} beyond the ${p.numDomains} included` : ""}`;
    if (perYear === undefined) out.push({ subject, operation, what, noPrice: `ssl/productlist shows no ${verb} price for ${p.productName}` });
    else out.push({ subject, operation, what, amount, source });
  };
  if (!olds) {
    if (p.isTrial) out.push({ subject, operation: "ssl/create", what: `order ${p.productName} (trial)`, amount: 0, source });
    else priced("ssl/create", "order", p.createPrice, news.period ?? p.years?.[0] ?? 1);
    return out;
  }
  if (keyChanged(olds, news))
    out.push({
      subject,
      operation: "ssl/reissue",
      what: "reissue for a new CSR",
      noPrice: "the API shows no price for a reissue (ssl/productlist prices orders, renewals and added names)",
    });
  for (const name of news.alternativeNames ?? []) {
    if ((olds.alternativeNames ?? []).includes(name)) continue;
    const what = `add name ${name}`;
    if (p.sanPrice === undefined)
      out.push({ subject, operation: "ssl/multidomainaddsan", what, noPrice: `ssl/productlist shows no sanPrice for ${p.productName}` });
    else out.push({ subject, operation: "ssl/multidomainaddsan", what, amount: p.sanPrice, source: `${source} sanPrice` });
  }
  if (news.autoRenew && olds.renewable && !VALIDATING.has(olds.status)) priced("ssl/renew", "renew", p.renewPrice, news.period ?? p.renewYears?.[0] ?? 1);
  return out;
}
