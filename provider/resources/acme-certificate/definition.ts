/**
 * AcmeCertificate CRUD: create issues (issue.ts); a plan shows an update when the certificate is
 * within renewBeforeDays of its expiry, or its names changed, and the update issues again with the
 * same ACME account; read keeps the state (the certificate lives in the program's state, not in the
 * API); destroy revokes only with revokeOnDestroy. Names whose challenge record has no place in the
 * account's zones (CNAMEs followed) are refused at preview, naming them (facts.ts). Each issue ends
 * by the resource's customTimeouts (else a default: issue.ts).
 */
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { info } from "../../core/log";
import { acmeFacts } from "./facts";
import { DEFAULT_ISSUE_MS, DEFAULT_REVOKE_MS, deadlineOf, issue, revoke } from "./issue";
import { ACME_REPLACE_ON, type AcmeInputs, type AcmeState, acmeInputs, dueForRenewal } from "./schema";

const label = (s: Partial<AcmeInputs>) => s.names?.[0] ?? "(no names)";

/** The issue's deadline: the resource's customTimeouts for the operation, else the default plus the propagation wait. */
const issueDeadline = (ctx: Ctx, op: "create" | "update", inputs: AcmeInputs) =>
  deadlineOf(op, ctx.timeouts[op], DEFAULT_ISSUE_MS + inputs.propagationTimeoutSeconds * 1000);

export const acmeDefinition: ResourceDefinition<AcmeInputs, AcmeState> = {
  type: "AcmeCertificate",
  inputs: acmeInputs,
  replaceOn: ACME_REPLACE_ON,
  label,

  // Each name's _acme-challenge (CNAMEs followed) must fall in a zone the account hosts (facts.ts).
  checkFacts: acmeFacts,

  diffExtra(olds) {
    return olds.notAfter && dueForRenewal(olds) ? { changes: ["notAfter"] } : undefined;
  },

  async create(ctx, inputs) {
    const outs = await issue(ctx.api, inputs, undefined, label(inputs), issueDeadline(ctx, "create", inputs));
    return { id: `${inputs.names[0]}:${outs.serialNumber}`, outs: { ...inputs, ...outs } };
  },

  async read(_ctx, _id, state) {
    return state;
  },

  async update(ctx, _id, olds, news, changed) {
    const renew = dueForRenewal({ notAfter: olds.notAfter, renewBeforeDays: news.renewBeforeDays });
    const namesChanged = changed.includes("names");
    if (!renew && !namesChanged) return { ...olds, ...news };
    info(`AcmeCertificate ${label(news)}: ${namesChanged ? "names changed" : `expires ${olds.notAfter}, within ${news.renewBeforeDays} days`}: issuing again`);
    const outs = await issue(ctx.api, news, olds.accountKey, label(news), issueDeadline(ctx, "update", news));
    return { ...news, ...outs };
  },

  async delete(ctx, _id, state) {
    if (!state.revokeOnDestroy) return;
    await revoke(state, state.accountKey, state.certificate, deadlineOf("delete", ctx.timeouts.delete, DEFAULT_REVOKE_MS));
    info(`AcmeCertificate ${label(state)}: serial ${state.serialNumber} revoked`);
  },
};
