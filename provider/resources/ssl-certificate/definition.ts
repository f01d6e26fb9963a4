/**
 * SslCertificate CRUD: order (money: looked up after an ambiguous failure), wait for issue or not,
 * add names in place (multidomainaddsan), reissue for a new CSR, renew when asked, forget on destroy.
 */
import { onceWithLookup } from "../../core/errors";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { info, warn } from "../../core/log";
import { sameValue } from "../../core/normalise";
import { DEFAULT_WAIT_MS, liveState, waitIssued, warnStatus } from "./live";
import { listCertificates, orderParams, SSL_SCOPE } from "./mapping";
import { type CsrSubject, SSL_CREATE_ONLY, SSL_REPLACE_ON, type SslInputs, type SslState, sslInputs, VALIDATING, waitForOf } from "./schema";

/** ssl/csrcreate: a fresh key and CSR (facts.md "SSL": the key comes as csrKey, the spec says keyData). */
async function generateCsr(ctx: Ctx, subject: CsrSubject): Promise<{ csr: string; key: string }> {
  const res = await ctx.api.call("ssl/csrcreate", { ...subject });
  const key = res.keyData ?? res.csrKey;
  if (!res.csrData || !key) throw new Error("ssl/csrcreate answered no CSR or no key");
  return { csr: String(res.csrData), key: String(key) };
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

async function statusOf(ctx: Ctx, id: number): Promise<Record<string, any>> {
  return ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "status" });
}

const keyChanged = (olds: SslState, news: SslInputs) =>
  (news.csr !== undefined && news.csr !== olds.csr) || (news.subject !== undefined && !sameValue(news.subject, olds.subject)) || (news.privateKey !== undefined && news.privateKey !== olds.privateKey);

export const sslDefinition: ResourceDefinition<SslInputs, SslState> = {
  type: "SslCertificate",
  inputs: sslInputs,
  replaceOn: SSL_REPLACE_ON,
  createOnly: SSL_CREATE_ONLY,
  label: (s) => String(s.commonName ?? ""),

  diffExtra(olds, news) {
    const changes: string[] = [];
    const replaces: string[] = [];
    // Removing a name: the API only adds names, so a new certificate is ordered (and paid for).
    if (news.alternativeNames && (olds.alternativeNames ?? []).some((n) => !news.alternativeNames!.includes(n))) replaces.push("alternativeNames");
    // Validation still running: every up looks again (the two-step pattern of waitFor "submitted").
    if (VALIDATING.has(olds.status)) changes.push("status");
    if (news.autoRenew && olds.renewable) changes.push("renewable");
    return { changes: [...changes, ...replaces], replaces };
  },

  async create(ctx, inputs) {
    let csr = inputs.csr;
    let key = inputs.privateKey;
    if (inputs.subject) ({ csr, key } = await generateCsr(ctx, inputs.subject));
    const cn = inputs.commonName;
    // Money: an ambiguous failure is looked up (a certificate for this name that was not there before).
    const before = new Set((await listCertificates(ctx.api, { commonName: cn })).map((c) => Number(c.certificateID)));
    const lookup = async () => {
      const found = (await listCertificates(ctx.api, { commonName: cn }))
        .filter((c) => !before.has(Number(c.certificateID)) && String(c.commonName).toLowerCase() === cn && Number(c.productID) === inputs.productId)
        .sort((a, b) => Number(b.certificateID) - Number(a.certificateID))[0];
      return found ? { ssl: found } : undefined;
    };
    const res = await onceWithLookup(() => ctx.api.call("ssl/create", orderParams(inputs, csr!, key)), lookup);
    ctx.api.cache.invalidate(SSL_SCOPE);
    const id = Number(res.ssl.certificateID);
    info(`SslCertificate ${cn}: ordered (certificate ${id})`);
    const base: SslState = { ...inputs, csr: csr!, ...(key ? { privateKey: key } : {}), certificateId: id, status: "process", renewable: false, validations: [], validationRecords: [] };
    try {
      return { id: String(id), outs: await settle(ctx, id, base, inputs, ctx.timeouts.create ?? DEFAULT_WAIT_MS) };
    } catch (err) {
      // Paid for: whatever failed afterwards, the certificate is recorded.
      if (err instanceof PartialResultError) throw err;
      throw new PartialResultError(`ordered, then: ${(err as Error).message}`, String(id), base);
    }
  },

  async read(ctx, id, state) {
    const live = await liveState(ctx, Number(id), state, false);
    if (live) warnStatus(live);
    return live;
  },

  async update(ctx, idText, olds, news) {
    const id = Number(idText);
    let state: SslState = { ...olds, ...news, csr: olds.csr, ...(olds.privateKey ? { privateKey: olds.privateKey } : {}) };
    if (keyChanged(olds, news)) {
      const live = await statusOf(ctx, id);
      if (live.status !== "valid") throw new Error(`a new CSR or key needs a reissue, which the API allows only while the certificate is valid; it is ${live.status}. Keep the old CSR until it is issued`);
      const { csr, key } = news.subject ? await generateCsr(ctx, news.subject) : { csr: news.csr!, key: news.privateKey };
      const params: Record<string, unknown> = { certificateID: id, csrData: csr, validationMethod: news.validationMethod };
      if (key !== undefined) params.keyData = key;
      await onceWithLookup(
        () => ctx.api.call("ssl/reissue", params),
        async () => ((await statusOf(ctx, id)).status === "reissue" ? {} : undefined),
      );
      state = { ...state, csr, privateKey: key };
      if (key === undefined) delete state.privateKey;
      info(`SslCertificate ${news.commonName}: reissue started for the new CSR`);
    }
    const live = await statusOf(ctx, id);
    for (const name of news.alternativeNames ?? []) {
      if ((live.alternativeNames ?? []).map(String).includes(name)) continue;
      // Money (sanPrice): looked up before anything is resent.
      await onceWithLookup(
        () => ctx.api.call("ssl/multidomainaddsan", { certificateID: id, extraSAN: name, validationMethod: news.validationMethod }),
        async () => (((await statusOf(ctx, id)).alternativeNames ?? []).map(String).includes(name) ? {} : undefined),
      );
      info(`SslCertificate ${news.commonName}: ${name} added`);
    }
    if (news.autoRenew && live.renewable === true && !VALIDATING.has(live.status)) {
      const ends = live.tsSubscriptionEnds;
      await onceWithLookup(
        () => ctx.api.call("ssl/renew", { certificateID: id, validationMethod: news.validationMethod, ...(news.period ? { period: news.period } : {}) }),
        async () => {
          const s = await statusOf(ctx, id);
          return s.status === "renew" || s.tsSubscriptionEnds !== ends ? {} : undefined;
        },
      );
      info(`SslCertificate ${news.commonName}: renewal ordered`);
    }
    ctx.api.cache.invalidate(SSL_SCOPE);
    return settle(ctx, id, state, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS);
  },

  async delete(_ctx, id, state) {
    warn(`SslCertificate ${state.commonName} (${id}): removed from the stack only; the API has no certificate delete, it stays in the account until it expires${state.tsExpir ? ` (${state.tsExpir})` : ""}`);
  },
};
