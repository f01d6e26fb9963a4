/** Domain CRUD on normalised values: acquire (register/transfer/adopt), wait, apply settings, renew, forget. */
import { isGone } from "../../core/errors";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { info, warn } from "../../core/log";
import { wantsRenewal } from "../../money/renewal";
import { DEFAULT_NAMESERVERS, domainForms } from "../../../sdk/rules";
import { domainFacts } from "./facts";
import { liveState, restate, warnStatus } from "./live";
import { acquire, domainCharges, findDomain, settlePendingOrder } from "./orders";
import { renewIfNeeded } from "./renew";
import { applySettings, pendingOf, settingsToChange } from "./settings";
import { awaitActive, DEFAULT_WAIT_MS, waitForOf } from "./wait";
import { DOMAIN_CREATE_ONLY, DOMAIN_REPLACE_ON, type DomainInputs, type DomainState, domainInputs, ROLES, SETTLED, ACQUIRING, domainObjects } from "./schema";
import { contactWarnings } from "../contact/schema";
import { sameValue } from "../../core/plain-data";

const ascii = (name: string) => domainForms(name).ascii;

/**
 * The steps after an acquisition or an update, each in its own file: wait (wait.ts, waitFor), the
 * settings (settings.ts), renewUntil (renew.ts), then the state as read (live.ts). `known`: the
 * state restated from the last one (update of a settled domain), so the settings are written
 * without reading first.
 */
async function settle(ctx: Ctx, inputs: DomainInputs, timeoutMs: number, id: string, known?: DomainState): Promise<DomainState> {
  const domain = ascii(inputs.name);
  let state = await awaitActive(ctx, inputs, domain, id, timeoutMs, known ?? (await liveState(ctx, domain, inputs)));
  const applied = await applySettings(ctx, inputs, state);
  const { pending } = applied;
  state = applied.state;
  // A refusal of a domain taken as recorded: it changed since (its status); record it as it is.
  if (known && Object.keys(pending).length) state = await liveState(ctx, domain, inputs);
  // renewUntil (paid): after the settings, so that an unconfirmed renewal records them applied.
  if (await renewIfNeeded(ctx, inputs, Object.keys(pending).length ? { ...state, pendingSettings: pending } : state))
    state = await liveState(ctx, domain, inputs);
  warnStatus(state);
  return Object.keys(pending).length ? { ...state, pendingSettings: pending } : state;
}

/**
 * Whether an update can start from the recorded state instead of a read: the domain was settled,
 * no paid order is undecided (nor about to be placed: renewUntil), and every part the inputs manage
 * was read before (nameservers, contacts or an authcode managed from now on are read first).
 */
function restatable(olds: DomainState, news: DomainInputs): boolean {
  const recorded = (managed: boolean, value: unknown) => !managed || value !== undefined;
  return (
    SETTLED.has(olds.status) &&
    !olds.pendingOrder &&
    !wantsRenewal(news, olds) &&
    recorded(news.nameservers !== undefined, olds.nameservers) &&
    recorded(news.contacts !== undefined, olds.contacts) &&
    recorded(news.exposeAuthcode === true, olds.authcode)
  );
}

/** A nameservers value an earlier release recorded: "default" (before issue 29) is ["default"] now. */
const currentNameservers = (v: unknown) => (v === "default" ? [...DEFAULT_NAMESERVERS] : v);

export const domainDefinition: ResourceDefinition<DomainInputs, DomainState> = {
  type: "Domain",
  inputs: domainInputs,
  replaceOn: DOMAIN_REPLACE_ON,
  createOnly: DOMAIN_CREATE_ONLY,
  objectClaims: domainObjects,
  label: (d) => String(d.name ?? ""),
  checkFacts: domainFacts,
  // Inline contact data that works but is likely wrong (contact/schema.ts), when new or changed.
  checkWarnings: async (olds, news) =>
    ROLES.flatMap((role) =>
      olds !== undefined && sameValue(olds.contacts?.[role], news.contacts?.[role]) ? [] : contactWarnings(news.contacts?.[role], `contacts.${role}.`),
    ),
  charges: domainCharges,

  upgradeState(recorded) {
    const pending = recorded.pendingSettings as Record<string, unknown> | undefined;
    if (recorded.nameservers !== "default" && pending?.nameservers !== "default") return recorded;
    const out = { ...recorded };
    if ("nameservers" in out) out.nameservers = currentNameservers(out.nameservers);
    if (pending && "nameservers" in pending) out.pendingSettings = { ...pending, nameservers: currentNameservers(pending.nameservers) };
    return out;
  },

  diffExtra(olds, news) {
    const changes: string[] = [];
    if (news.contacts !== undefined && settingsToChange({ ...news, nameservers: undefined } as DomainInputs, olds).roles.length) changes.push("contacts");
    // A transfer that failed is restarted by giving a (new) authcode.
    if (olds.status === "transfer-cancel" && news.registration === "transfer" && news.authcode !== undefined) changes.push("authcode");
    // Waiting was cut short (timeout or waitFor changed): the next update keeps waiting.
    if (waitForOf(news) === "active" && ACQUIRING.has(olds.status)) changes.push("status");
    // renewUntil not reached yet (a renewal that waited, failed or is unconfirmed).
    if (wantsRenewal(news, olds)) changes.push("tsExpir");
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
    const pending = state.pendingOrder;
    if (pending && (pending.operation === "domain/create" || pending.operation === "domain/transfer") && !(await findDomain(ctx, id))) {
      // Unconfirmed and still not in the account: not gone either; the next up decides (orders.ts).
      warn(
        `Domain ${state.name}: ${pending.operation} sent at ${pending.sentAt} is still unconfirmed (not in the account); \`pulumi up\` looks again and orders again only if it is still missing after ${pending.decideAfter}`,
      );
      return state;
    }
    try {
      const { pendingOrder: _p, ...known } = state;
      const live = await liveState(ctx, id, known as DomainInputs);
      // A renewal whose reply was lost stays pending until the expiry date shows it.
      if (pending?.operation === "domain/renew" && String(live.tsExpir ?? "") === String(pending.evidence?.curExpDate ?? "")) live.pendingOrder = pending;
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
    // A paid order whose reply was lost is decided first (provider/money/money.ts).
    await settlePendingOrder(ctx, id, olds, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS);
    if (olds.status === "transfer-cancel" && news.registration === "transfer" && news.authcode !== undefined) {
      await ctx.api.call("domain/transferrestart", { domain: id, authcode: news.authcode });
      info(`Domain ${news.name}: transfer restarted`);
    }
    return settle(ctx, news, ctx.timeouts.update ?? DEFAULT_WAIT_MS, id, restatable(olds, news) ? restate(olds, news) : undefined);
  },

  async delete(ctx, id, state) {
    if (state.status === "unconfirmed") {
      warn(
        `Domain ${state.name}: removed from the stack; its ${state.pendingOrder?.operation ?? "order"} sent at ${state.pendingOrder?.sentAt ?? "?"} was never confirmed: if it went through, the domain is in the account`,
      );
      return;
    }
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
