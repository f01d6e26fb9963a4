/**
 * AcmeCertificate CRUD: create issues (issue.ts); a plan shows an update when the certificate is
 * within renewBeforeDays of its expiry, or its names changed, and the update issues again with the
 * same ACME account; read keeps the state (the certificate lives in the program's state, not in the
 * API); destroy revokes only with revokeOnDestroy. Names outside the account's zones are refused at
 * preview, naming them.
 */
import { challengeName, zoneFor } from "../../acme/challenge";
import { getApi } from "../../core/client";
import type { ResourceDefinition } from "../../core/frame";
import { info } from "../../core/log";
import { issue, revoke } from "./issue";
import { ACME_REPLACE_ON, type AcmeInputs, type AcmeState, acmeInputs, dueForRenewal } from "./schema";

const label = (s: Partial<AcmeInputs>) => s.names?.[0] ?? "(no names)";

export const acmeDefinition: ResourceDefinition<AcmeInputs, AcmeState> = {
  type: "AcmeCertificate",
  inputs: acmeInputs,
  replaceOn: ACME_REPLACE_ON,
  label,

  // Each name's _acme-challenge must fall in a zone the account hosts (free cached reads at preview).
  async checkFacts(_olds, news) {
    let api: ReturnType<typeof getApi>;
    try {
      api = getApi();
    } catch {
      return [];
    }
    const failures: [string, string][] = [];
    for (const n of news.names) {
      try {
        await zoneFor(api, challengeName(`_acme-challenge.${n.replace(/^\*\./, "")}`));
      } catch (err) {
        failures.push(["names", `names: ${n}: ${(err as Error).message.replace(/^[^:]+: /, "")}`]);
      }
    }
    return failures;
  },

  diffExtra(olds) {
    return olds.notAfter && dueForRenewal(olds) ? { changes: ["notAfter"] } : undefined;
  },

  async create(ctx, inputs) {
    const outs = await issue(ctx.api, inputs, undefined, label(inputs));
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
    const outs = await issue(ctx.api, news, olds.accountKey, label(news));
    return { ...news, ...outs };
  },

  async delete(_ctx, _id, state) {
    if (!state.revokeOnDestroy) return;
    await revoke(state, state.accountKey, state.certificate);
    info(`AcmeCertificate ${label(state)}: serial ${state.serialNumber} revoked`);
  },
};
