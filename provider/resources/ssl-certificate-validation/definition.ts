/**
 * SslCertificateValidation CRUD: wait for a certificate's issue (reading only: ssl/getinfo, no order,
 * no write), output its PEM files; refresh records the live status; destroy forgets.
 */
import { isGone } from "../../core/errors";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { warn } from "../../core/log";
import { runFactRules } from "../../money/preview-facts";
import { DEFAULT_WAIT_MS, issuedFiles, waitIssued } from "../ssl-certificate/live";
import { type CertSummary, listCertificates } from "../ssl-certificate/mapping";
import { VALIDATION_CREATE_ONLY, VALIDATION_REPLACE_ON, type ValidationInputs, type ValidationState, validationInputs } from "./schema";

type Base = ValidationInputs & Partial<ValidationState>;

function fromSummary(base: Base, s: CertSummary): ValidationState {
  return { ...base, status: s.status, commonName: (s.commonName || base.commonName || "").toLowerCase(), tsExpir: s.tsExpir || undefined };
}

/**
 * Polls until the certificate is valid (SslCertificate's waitIssued: the provider's poll interval,
 * backoff and progress lines), then reads the issued files. A wait cut short, or a certificate that
 * will not be issued (expired, cancelled), is recorded as it is (PartialResultError): the next `up`
 * waits again through update.
 */
async function waitValid(ctx: Ctx, base: Base, timeoutMs: number): Promise<ValidationState> {
  const id = base.certificateId;
  let r: Awaited<ReturnType<typeof waitIssued>>;
  try {
    r = await waitIssued(ctx, id, base.commonName || `certificate ${id}`, timeoutMs);
  } catch (err) {
    if (isGone(err)) throw new Error(`certificateId: certificate ${id} is not in this account (ssl/getinfo): nothing to wait for`);
    throw err;
  }
  const state = fromSummary(base, r.value);
  if (r.outcome === "timeout")
    throw new PartialResultError(
      `certificate ${id} still ${state.status} after ${Math.round(r.elapsedMs / 1000)}s: recorded as it is; the next \`pulumi up\` keeps waiting (check that the validation records are published, or raise customTimeouts)`,
      String(id),
      state,
    );
  if (r.outcome === "failed")
    throw new PartialResultError(
      `certificate ${id} is ${state.status}: it will not be issued (renew it with SslCertificate autoRenew, or order another)`,
      String(id),
      state,
    );
  const files = await issuedFiles(ctx, id);
  if (!files.certificate) throw new Error(`certificate ${id} is valid but ssl/getinfo ssldata returned no certificate`);
  return { ...state, ...files };
}

export const validationDefinition: ResourceDefinition<ValidationInputs, ValidationState> = {
  type: "SslCertificateValidation",
  inputs: validationInputs,
  replaceOn: VALIDATION_REPLACE_ON,
  createOnly: VALIDATION_CREATE_ONLY,
  label: (s) => ("commonName" in s && s.commonName ? s.commonName : String(s.certificateId ?? "")),

  // The certificate to wait for must exist (ssl/getinfo, a free read): one of this run not ordered
  // yet is unknown at preview and judged at apply.
  checkFacts: (olds, news) =>
    runFactRules(`SslCertificateValidation ${news.certificateId}`, [
      async (facts, fail) => {
        if (olds?.certificateId === news.certificateId) return;
        if (!(await facts.certificateExists(news.certificateId)))
          fail(
            "certificateId",
            `certificate ${news.certificateId} is not in this account (ssl/getinfo): nothing to wait for; give an SslCertificate's certificateId`,
          );
      },
    ]),

  // Not valid when last read (a wait cut short, or a refresh saw a renewal, reissue or expiry): the next up waits again.
  diffExtra: (olds) => (olds.status !== "valid" ? { changes: ["status"] } : undefined),

  async create(ctx, inputs) {
    return { id: String(inputs.certificateId), outs: await waitValid(ctx, inputs, ctx.timeouts.create ?? DEFAULT_WAIT_MS) };
  },

  async read(ctx, _id, state) {
    let summary: CertSummary | undefined;
    try {
      // One ssl/list traversal per process for all certificates (cached), as SslCertificate's read.
      summary = (await listCertificates(ctx.api)).find((c) => c.certificateID === state.certificateId);
      summary ??= await ctx.api.call("ssl/getinfo", { certificateID: state.certificateId, infoType: "status" });
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
    const live = fromSummary(state, summary);
    // The last issued files are kept until a valid certificate shows new ones (renewed or reissued: tsExpir changed).
    if (live.status === "valid" && (live.tsExpir !== state.tsExpir || !state.certificate)) Object.assign(live, await issuedFiles(ctx, live.certificateId));
    if (live.status !== "valid")
      warn(`SslCertificateValidation ${live.commonName} (${live.certificateId}) is ${live.status}, no longer valid: the next \`pulumi up\` waits for it again`);
    return live;
  },

  async update(ctx, _id, olds, news) {
    return waitValid(ctx, { ...olds, ...news }, ctx.timeouts.update ?? DEFAULT_WAIT_MS);
  },

  // Nothing in the API to delete: the certificate is SslCertificate's.
  async delete() {},
};
