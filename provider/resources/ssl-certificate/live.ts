/** Reading a certificate (summary, validation data, issued files) and waiting for its issue. */
import { isGone } from "../../core/errors";
import type { Ctx } from "../../core/frame";
import { warn } from "../../core/log";
import { waitUntil } from "../../core/wait";
import { type CertSummary, type DcvEntry, listCertificates, recordsOf, SSL_SCOPE, validationFromApi, withSummary } from "./mapping";
import { type SslState, VALIDATING } from "./schema";

type Base = Omit<SslState, "status" | "renewable">;

/** Default wait with waitFor "issued" when the program sets no customTimeouts. */
export const DEFAULT_WAIT_MS = 20 * 60_000;

/**
 * The live state. The summary comes from the cached ssl/list (refresh: one traversal for all
 * certificates) or, when `fresh`, from getinfo. Validation data is read while a round runs; after
 * it the last round's records are kept (marked validated) so DnsRecords made from them stay put.
 * The issued certificate is fetched when it may have changed (first issue, renewal, reissue).
 */
export async function liveState(ctx: Ctx, id: number, prev: Base & Partial<SslState>, fresh: boolean): Promise<SslState | undefined> {
  let summary: CertSummary | undefined;
  try {
    if (!fresh) summary = (await listCertificates(ctx.api)).find((c) => c.certificateID === id);
    summary ??= await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "status" });
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
  let state = withSummary(prev, summary);
  const round = VALIDATING.has(state.status) ? await validationRound(ctx, id) : undefined;
  if (round && "issued" in round) state = withSummary(prev, round.issued);
  if (round && "dcv" in round) {
    state.validations = Object.entries(round.dcv).map(([name, e]) => validationFromApi(name, e));
  } else {
    state.validations = (prev.validations ?? []).map((v) => ({ ...v, validated: state.status === "valid" || v.validated }));
  }
  state.validationRecords = recordsOf(state.validations, state.commonName);
  const stale = !prev.certificate || prev.status !== state.status || prev.tsExpir !== state.tsExpir;
  if ((state.status === "valid" || state.status === "expired") && stale) Object.assign(state, await issuedFiles(ctx, id));
  return state;
}

/**
 * The running round's validation data, or the certificate's new summary when the round ended
 * between the summary and this read: validationStatus answers only while a round runs (spec
 * "ssl module"), and a CA may issue at once (names it validated already). Issued is success, not
 * an error; any other failure is.
 */
async function validationRound(ctx: Ctx, id: number): Promise<{ dcv: Record<string, DcvEntry> } | { issued: CertSummary }> {
  try {
    const v = await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "validationStatus" });
    return { dcv: v.validationData?.dcv ?? {} };
  } catch (err) {
    const now = await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "status" }).catch(() => undefined);
    if (!now || VALIDATING.has(now.status)) throw err;
    return { issued: now };
  }
}

/**
 * The issued certificate and its chain (getinfo ssldata), members present only when the API gives
 * them. sslKey (when the API knows the key) is never returned: the key stays the program's, or a
 * secret input.
 */
export async function issuedFiles(ctx: Ctx, id: number): Promise<{ certificate?: string; certificateChain?: string[] }> {
  const d = await ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "ssldata" });
  return { ...(d.sslCert ? { certificate: d.sslCert } : {}), ...(d.sslCertChain ? { certificateChain: d.sslCertChain } : {}) };
}

export function warnStatus(s: SslState): void {
  if (s.status === "expired")
    warn(
      `SslCertificate ${s.commonName} (${s.certificateId}) has expired${s.renewable ? ": it can be renewed (autoRenew: true renews it on the next up)" : ""}`,
    );
  else if (s.status === "cancel") warn(`SslCertificate ${s.commonName} (${s.certificateId}) was cancelled: replace the resource to order a new one`);
  else if (s.renewable) warn(`SslCertificate ${s.commonName} (${s.certificateId}) is renewable (subscription ends ${s.tsSubscriptionEnds ?? "?"})`);
}

/** Polls getinfo status until the certificate is valid, a terminal state, or the time is up. */
export async function waitIssued(ctx: Ctx, id: number, label: string, timeoutMs: number) {
  const r = await waitUntil({
    what: `SslCertificate ${label}`,
    poll: () => ctx.api.call("ssl/getinfo", { certificateID: id, infoType: "status" }),
    done: (s: CertSummary) => (s.status === "valid" ? true : VALIDATING.has(s.status) ? false : "failed"),
    describe: (s: CertSummary) => s.status,
    timeoutMs,
    initialDelayMs: ctx.api.config.pollIntervalMs ?? 2000,
  });
  ctx.api.cache.invalidate(SSL_SCOPE);
  return r;
}
