/** Domain CRUD on normalised values: acquire (register/transfer/adopt), wait, apply settings, forget. */
import { hasCode, isGone, isNotAllowed, onceWithLookup } from "../../core/errors";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { info, warn } from "../../core/log";
import { domainForms } from "../../core/normalise";
import { DEFAULT_WAIT_MS, liveState, waitActive, warnStatus } from "./live";
import { acquireParams, settingsToChange, updateCall } from "./mapping";
import { DOMAIN_CREATE_ONLY, DOMAIN_REPLACE_ON, type DomainInputs, type DomainState, domainInputs, SETTLED, type Setting, ACQUIRING } from "./schema";

const ascii = (name: string) => domainForms(name).ascii;

/** waitFor default: a registration is quick (minutes), a transfer takes days. */
function waitForOf(i: DomainInputs): "submitted" | "active" {
  return i.waitFor ?? (i.registration === "transfer" ? "submitted" : "active");
}

/**
 * Brings the live settings to the desired ones. While the domain is not settled the API refuses
 * updates: those settings are recorded in pendingSettings and applied by a later update.
 * modifyBlock is lifted first and set last, so that it never blocks the other changes.
 */
async function applySettings(ctx: Ctx, desired: DomainInputs, state: DomainState): Promise<{ pending: Record<string, unknown>; applied: number }> {
  const { settings, roles } = settingsToChange(desired, state);
  const pending: Record<string, unknown> = {};
  let applied = 0;
  if (!settings.length) return { pending, applied };
  const order: Setting[] = [...settings].sort((a, b) => rank(a, desired) - rank(b, desired));
  const domain = ascii(desired.name);
  for (const setting of order) {
    if (!SETTLED.has(state.status)) {
      pending[setting] = desired[setting];
      continue;
    }
    const { op, params } = updateCall(setting, desired, domain, roles);
    try {
      await ctx.api.call(op, params);
      applied++;
    } catch (err) {
      // Refused because of the state (pending owner verification, registry lock): keep it pending.
      if (!isNotAllowed(err) || hasCode(err, 2202)) throw err;
      pending[setting] = desired[setting];
      warn(`Domain ${desired.name}: ${setting} not applied yet (${(err as Error).message}); it stays pending`);
    }
  }
  ctx.api.cache.invalidate(`domain:${domain}`);
  return { pending, applied };
}

function rank(s: Setting, d: DomainInputs): number {
  if (s !== "modifyBlock") return 1;
  return d.modifyBlock ? 2 : 0;
}

async function settle(ctx: Ctx, inputs: DomainInputs, timeoutMs: number, id: string): Promise<DomainState> {
  const domain = ascii(inputs.name);
  let state = await liveState(ctx, domain, inputs);
  if (waitForOf(inputs) === "active" && ACQUIRING.has(state.status)) {
    const r = await waitActive(ctx, domain, inputs.name, timeoutMs);
    state = await liveState(ctx, domain, inputs);
    const pending = pendingOf(inputs, state);
    const recorded = Object.keys(pending).length ? { ...state, pendingSettings: pending } : state;
    if (r.outcome === "timeout") {
      throw new PartialResultError(
        `still ${state.status} after ${Math.round(r.elapsedMs / 1000)}s: recorded as it is; the next \`pulumi up\` keeps waiting (raise customTimeouts or set waitFor: "submitted")`,
        id,
        recorded,
      );
    }
    if (r.outcome === "failed") {
      warnStatus(state);
      throw new PartialResultError(`ended in status ${state.status} instead of active: recorded as it is`, id, recorded);
    }
  }
  const { pending, applied } = await applySettings(ctx, inputs, state);
  if (applied) state = await liveState(ctx, domain, inputs);
  warnStatus(state);
  return Object.keys(pending).length ? { ...state, pendingSettings: pending } : state;
}

function pendingOf(d: DomainInputs, s: DomainState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of settingsToChange(d, s).settings) out[k] = d[k];
  return out;
}

async function acquire(ctx: Ctx, inputs: DomainInputs): Promise<void> {
  const domain = ascii(inputs.name);
  const exists = async () => {
    try {
      return await ctx.api.call("domain/getinfo", { domain, infoType: "status" });
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  };
  if (inputs.registration === "adopt") {
    if (!(await exists())) throw new Error(`adopt: ${inputs.name} is not in this account (domain/getinfo answered 2008); register or transfer it instead`);
    info(`Domain ${inputs.name}: adopted (nothing was spent)`);
    return;
  }
  const { op, params } = acquireParams(inputs, domain);
  try {
    // Money: never resent blindly; an ambiguous failure is looked up first (provider/core/errors.ts).
    await onceWithLookup(() => ctx.api.call(op, params), exists);
  } catch (err) {
    if (hasCode(err, 2010) && (await exists())) {
      throw new Error(`${inputs.name} is already in this account: use registration: "adopt" to manage it without spending anything`);
    }
    throw err;
  }
  ctx.api.cache.invalidate("domain:list");
  info(`Domain ${inputs.name}: ${op} accepted`);
}

export const domainDefinition: ResourceDefinition<DomainInputs, DomainState> = {
  type: "Domain",
  inputs: domainInputs,
  replaceOn: DOMAIN_REPLACE_ON,
  createOnly: DOMAIN_CREATE_ONLY,
  label: (d) => String(d.name ?? ""),

  diffExtra(olds, news) {
    const changes: string[] = [];
    if (news.contacts !== undefined && settingsToChange({ ...news, nameservers: undefined } as DomainInputs, olds).roles.length) changes.push("contacts");
    // A transfer that failed is restarted by giving a (new) authcode.
    if (olds.status === "transfer-cancel" && news.registration === "transfer" && news.authcode !== undefined) changes.push("authcode");
    // Waiting was cut short (timeout or waitFor changed): the next update keeps waiting.
    if (waitForOf(news) === "active" && ACQUIRING.has(olds.status)) changes.push("status");
    return { changes };
  },

  async create(ctx, inputs) {
    await acquire(ctx, inputs);
    const id = ascii(inputs.name);
    try {
      return { id, outs: await settle(ctx, inputs, ctx.timeouts.create ?? DEFAULT_WAIT_MS, id) };
    } catch (err) {
      // The domain exists now (money was spent): whatever failed afterwards, record it.
      if (err instanceof PartialResultError) throw err;
      const state = await liveState(ctx, id, inputs).catch(() => undefined);
      throw new PartialResultError(`acquired, then: ${(err as Error).message}`, id, state ?? { ...inputs, status: "unknown" });
    }
  },

  async read(ctx, id, state) {
    try {
      const live = await liveState(ctx, id, state as DomainInputs);
      warnStatus(live);
      if (state.pendingSettings) {
        const still = pendingOf({ ...(state as DomainInputs), ...state.pendingSettings }, live);
        if (Object.keys(still).length) live.pendingSettings = still;
      }
      return live;
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  async update(ctx, id, olds, news) {
    if (olds.status === "transfer-cancel" && news.registration === "transfer" && news.authcode !== undefined) {
      await ctx.api.call("domain/transferrestart", { domain: id, authcode: news.authcode });
      info(`Domain ${news.name}: transfer restarted`);
    }
    return settle(ctx, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS, id);
  },

  async delete(ctx, id, state) {
    if (state.onDestroy === "letexpire") {
      try {
        await ctx.api.call("domain/update", { domain: id, updateType: "renewalMode", renewalMode: "letexpire" });
        warn(`Domain ${state.name}: renewalMode set to letexpire and removed from the stack; it stays registered until ${state.tsExpir ?? "it expires"}`);
      } catch (err) {
        if (!isGone(err)) throw err;
      }
      return;
    }
    warn(`Domain ${state.name}: removed from the stack only; the domain stays registered in the account (set onDestroy: "letexpire" to stop renewals)`);
  },
};
