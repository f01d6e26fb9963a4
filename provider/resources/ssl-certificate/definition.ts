/**
 * SslCertificate CRUD: order (money: looked up after an ambiguous failure), wait for issue or not,
 * add names in place (multidomainaddsan), reissue for a new CSR, renew when asked, forget on destroy.
 */
import type { CallParams } from "../../../sdk";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { info, warn } from "../../core/log";
import { sameValue } from "../../core/plain-data";
import { sslFacts } from "./facts";
import { DEFAULT_WAIT_MS, liveState, waitIssued, warnStatus } from "./live";
import { certSpki, keySpki } from "../../../sdk/core/x509";
import { listCertificates, SSL_SCOPE } from "./mapping";
import {
  certIdOf,
  findInterruptedOrder,
  findPendingCreate,
  keyChanged,
  lookups,
  orderCertificate,
  orderedWithCsr,
  orderOn,
  settlePendingOrder,
  sslCharges,
  statusOf,
} from "./orders";
import { csrMd5 } from "./csr";
import { type CsrSubject, SSL_CREATE_ONLY, SSL_REPLACE_ON, type SslInputs, type SslState, sslInputs, VALIDATING, waitForOf, sslObjects } from "./schema";
import { contactWarnings } from "../contact/schema";

/** ssl/csrcreate: a fresh key and CSR (facts.md "SSL": the key comes as csrKey, the spec says keyData). */
async function generateCsr(ctx: Ctx, subject: CsrSubject): Promise<{ csr: string; key: string }> {
  const res = await ctx.api.call("ssl/csrcreate", { ...subject });
  const key = res.keyData ?? res.csrKey;
  if (!res.csrData || !key) throw new Error("ssl/csrcreate answered no CSR or no key");
  return { csr: res.csrData, key };
}

/** Waits (waitFor "issued") and reads; a wait cut short records the certificate as it is. */
async function settle(ctx: Ctx, id: number, base: SslState, inputs: SslInputs, timeoutMs: number): Promise<SslState> {
  let state = (await liveState(ctx, id, base, true)) ?? base;
  if (waitForOf(inputs) === "issued" && VALIDATING.has(state.status)) {
    const r = await waitIssued(ctx, id, inputs.commonName, timeoutMs);
    state = (await liveState(ctx, id, state, true)) ?? state;
    if (r.outcome === "timeout") {
      throw new PartialResultError(
        `still ${state.status} after ${Math.round(r.elapsedMs / 1000)}s: recorded as it is; the next \`pulumi up\` keeps waiting (create the validation records, raise customTimeouts, or set waitFor: "submitted")`,
        String(id),
        state,
      );
    }
    if (r.outcome === "failed") throw new PartialResultError(`ended in status ${state.status} instead of valid: recorded as it is`, String(id), state);
  }
  warnStatus(state);
  return state;
}

/**
 * certificateId: the existing certificate, taken as it is (reads only: no order, no write). What the
 * program says of it must match, or the next plan would order (replace) or add names (paid): refused.
 * The API returns no CSR, so `csr` is the given one or "" (a csr given later reissues).
 */
async function adoptCertificate(ctx: Ctx, inputs: SslInputs): Promise<{ id: string; outs: SslState }> {
  const id = inputs.certificateId!;
  const summary = (await listCertificates(ctx.api)).find((c) => c.certificateID === id);
  if (!summary) throw new Error(`certificateId: certificate ${id} is not in this account (ssl/list): nothing adopted`);
  const problems: string[] = [];
  if (summary.productID !== inputs.productId) problems.push(`productId is ${inputs.productId} but certificate ${id} is product ${summary.productID}`);
  if (summary.commonName.toLowerCase() !== inputs.commonName)
    problems.push(`commonName is ${inputs.commonName} but certificate ${id} is for ${summary.commonName}`);
  const liveNames = summary.alternativeNames.map((n) => n.toLowerCase()).sort();
  if (inputs.alternativeNames && !sameValue(liveNames, inputs.alternativeNames))
    problems.push(`alternativeNames are [${inputs.alternativeNames.join(", ")}] but certificate ${id} has [${liveNames.join(", ")}]`);
  if (inputs.csr && (await orderedWithCsr(ctx, id, summary.status, inputs.csr)) === false)
    problems.push(`csr is not the one certificate ${id} was ordered with (leave it out to adopt; a new csr afterwards reissues)`);
  const base: SslState = {
    ...inputs,
    certificateId: id,
    csr: inputs.csr ?? "",
    status: summary.status,
    renewable: false,
    validations: [],
    validationRecords: [],
  };
  const state = problems.length ? undefined : await liveState(ctx, id, base, false);
  if (state?.certificate && inputs.privateKey && !certSpki(state.certificate)?.equals(keySpki(inputs.privateKey) ?? Buffer.alloc(0)))
    problems.push(`privateKey does not belong to certificate ${id} (the public keys differ)`);
  if (problems.length || !state) throw new Error(`cannot adopt certificate ${id}: ${problems.join("; ")}; make the program say what the account holds`);
  info(`SslCertificate ${inputs.commonName}: certificate ${id} (${state.status}) adopted; nothing ordered`);
  warnStatus(state);
  return { id: String(id), outs: state };
}

export const sslDefinition: ResourceDefinition<SslInputs, SslState> = {
  type: "SslCertificate",
  inputs: sslInputs,
  replaceOn: SSL_REPLACE_ON,
  createOnly: SSL_CREATE_ONLY,
  objectClaims: sslObjects,
  label: (s) => s.commonName ?? "",
  checkFacts: sslFacts,
  // Inline admin contact data that works but is likely wrong (contact/schema.ts), on a new order.
  checkWarnings: async (olds, news) => (olds === undefined ? contactWarnings(news.adminContact, "adminContact.") : []),
  charges: sslCharges,

  diffExtra(olds, news) {
    const changes: string[] = [];
    const replaces: string[] = [];
    // Removing a name: the API only adds names, so a new certificate is ordered (and paid for).
    if (news.alternativeNames && (olds.alternativeNames ?? []).some((n) => !news.alternativeNames!.includes(n))) replaces.push("alternativeNames");
    // Validation still running: every up looks again (the two-step pattern of waitFor "submitted"),
    // unless an SslCertificateValidation does the waiting (waitFor "validation": a refresh reads it).
    if (VALIDATING.has(olds.status) && waitForOf(news) !== "validation") changes.push("status");
    if (news.autoRenew && olds.renewable) changes.push("renewable");
    return { changes: [...changes, ...replaces], replaces };
  },

  async create(ctx, inputs) {
    if (inputs.certificateId !== undefined) return adoptCertificate(ctx, inputs);
    let csr = inputs.csr;
    let key = inputs.privateKey;
    if (inputs.subject) ({ csr, key } = await generateCsr(ctx, inputs.subject));
    const cn = inputs.commonName;
    const base: Omit<SslState, "certificateId"> = {
      ...inputs,
      csr: csr!,
      ...(key ? { privateKey: key } : {}),
      status: "process",
      renewable: false,
      validations: [],
      validationRecords: [],
    };
    // An order of an interrupted run of this program (this CSR, recent: orders.ts) is adopted, not paid again.
    const earlier = await findInterruptedOrder(ctx, inputs, csr!);
    let id: number;
    if (earlier) {
      id = earlier.certificateID;
      warn(
        `SslCertificate ${cn}: certificate ${id} (${earlier.status}, ordered ${earlier.tsCreate ?? "recently"}) is in the account for this CSR, product and names, and no stack records it. Taken to be this program's own ssl/create from an interrupted \`pulumi up\`: adopted; nothing was ordered or charged again`,
      );
    } else {
      // Money: sent once; a reply that was lost is looked up, and an unknown outcome is recorded as unconfirmed.
      id = (await orderCertificate(ctx, inputs, csr!, key, base)).certificateID;
      info(`SslCertificate ${cn}: ordered (certificate ${id})`);
    }
    const full: SslState = { ...base, certificateId: id };
    try {
      return { id: String(id), outs: await settle(ctx, id, full, inputs, ctx.timeouts.create ?? DEFAULT_WAIT_MS) };
    } catch (err) {
      // Paid for: whatever failed afterwards, the certificate is recorded.
      if (err instanceof PartialResultError) throw err;
      throw new PartialResultError(`ordered, then: ${(err as Error).message}`, String(id), full);
    }
  },

  readId: (s, id) => (s.certificateId > 0 ? String(s.certificateId) : id),

  async read(ctx, idText, state) {
    const { pendingOrder: pending, ...known } = state;
    if (pending?.operation === "ssl/create") {
      const found = await findPendingCreate(ctx, state);
      if (!found) {
        warn(
          `SslCertificate ${state.commonName}: ssl/create sent at ${pending.sentAt} is still unconfirmed (no new certificate for this CSR); \`pulumi up\` looks again and orders again only if it is still missing after ${pending.decideAfter}`,
        );
        return state;
      }
      const id = found.certificateID;
      const live = await liveState(ctx, id, { ...known, certificateId: id } as SslState, true);
      if (live) warnStatus(live);
      return live;
    }
    const id = certIdOf(idText, state);
    // A reissue whose reply was lost may have completed: read the issued files again.
    if (pending?.operation === "ssl/reissue") delete (known as Partial<SslState>).certificate;
    const live = await liveState(ctx, id, known as SslState, false);
    if (live) warnStatus(live);
    // A paid call whose reply was lost stays pending until the certificate shows it happened.
    if (live && pending) {
      const lookup =
        pending.operation === "ssl/reissue"
          ? lookups.reissue(ctx, id, state.csr)
          : pending.operation === "ssl/renew"
            ? lookups.renew(ctx, id, pending.evidence?.subscriptionEnds)
            : lookups.addsan(ctx, id, String(pending.evidence?.name ?? ""));
      if ((await lookup()) === undefined) live.pendingOrder = pending;
    }
    return live;
  },

  async update(ctx, idText, olds, news) {
    // A paid order whose reply was lost is decided first (provider/money/money.ts, orders.ts).
    const settled = await settlePendingOrder(ctx, idText, olds, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS);
    const id = settled.id;
    const prior = settled.state;
    let state: SslState = { ...prior, ...news, csr: prior.csr, ...(prior.privateKey ? { privateKey: prior.privateKey } : {}) };
    const reissue = async (csr: string, key: string | undefined) => {
      const params: CallParams<"ssl/reissue"> = { certificateID: id, csrData: csr, validationMethod: news.validationMethod };
      if (key !== undefined) params.keyData = key;
      // Status "reissue" as the API now says: the issued files are read again once it is valid.
      const next: SslState = { ...state, csr, privateKey: key, status: "reissue" };
      if (key === undefined) delete next.privateKey;
      // Money (free in the emulator, paid by some CAs): sent once, an unknown outcome recorded as pending.
      await orderOn(ctx, idText, next, {
        operation: "ssl/reissue",
        object: "the reissue for the new CSR",
        params,
        lookup: lookups.reissue(ctx, id, csr),
        evidence: { csrMd5: csrMd5(csr) ?? "" },
      });
      state = next;
      info(`SslCertificate ${news.commonName}: reissue started for the new CSR`);
    };
    if (settled.resendReissue) await reissue(prior.csr, prior.privateKey);
    else if (keyChanged(prior, news)) {
      const live = await statusOf(ctx, id);
      if (live.status !== "valid")
        throw new Error(
          `a new CSR or key needs a reissue, which the API allows only while the certificate is valid; it is ${live.status}. Keep the old CSR until it is issued`,
        );
      const { csr, key } = news.subject ? await generateCsr(ctx, news.subject) : { csr: news.csr!, key: news.privateKey };
      await reissue(csr, key);
    }
    const live = await statusOf(ctx, id);
    for (const name of news.alternativeNames ?? []) {
      if (live.alternativeNames.includes(name)) continue;
      // Money (sanPrice): sent once.
      await orderOn(ctx, idText, state, {
        operation: "ssl/multidomainaddsan",
        object: `the name ${name}`,
        params: { certificateID: id, extraSAN: name, validationMethod: news.validationMethod },
        lookup: lookups.addsan(ctx, id, name),
        evidence: { name },
      });
      info(`SslCertificate ${news.commonName}: ${name} added`);
    }
    if (news.autoRenew && live.renewable === true && !VALIDATING.has(live.status)) {
      const ends = live.tsSubscriptionEnds;
      await orderOn(ctx, idText, state, {
        operation: "ssl/renew",
        object: "the renewal",
        params: { certificateID: id, validationMethod: news.validationMethod, ...(news.period ? { period: news.period } : {}) },
        lookup: lookups.renew(ctx, id, ends),
        evidence: { subscriptionEnds: ends },
      });
      info(`SslCertificate ${news.commonName}: renewal ordered`);
    }
    ctx.api.cache.invalidate(SSL_SCOPE);
    return settle(ctx, id, state, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS);
  },

  async delete(_ctx, id, state) {
    if (state.status === "unconfirmed") {
      warn(
        `SslCertificate ${state.commonName}: removed from the stack; its ssl/create sent at ${state.pendingOrder?.sentAt ?? "?"} was never confirmed: if it went through, the certificate is in the account`,
      );
      return;
    }
    warn(
      `SslCertificate ${state.commonName} (${id}): removed from the stack only; the API has no certificate delete, it stays in the account until it expires${state.tsExpir ? ` (${state.tsExpir})` : ""}`,
    );
  },
};
