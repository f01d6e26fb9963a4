/**
 * HostingService's paid orders: service/create, service/upgrade, service/renew (renewUntil), each
 * sent once (provider/money/money.ts), and the rule for a service found by create.
 *
 * The interrupted-run rule. A create finds a service of that name already in this account (a
 * `pulumi up` interrupted after service/create was accepted: Ctrl-C twice, a killed CLI). It is
 * taken to be this program's own order, and adopted without ordering anything, when its product is
 * the one the program asks for and it is new: still being set up (status init) or created (tsCreate)
 * within the last 48 hours. Otherwise the create fails: "use registration: adopt". A service create
 * is refused anyway for a name that has one (4007), so nothing could be charged twice.
 */
import type { CallParams, ItemOf } from "../../../sdk";
import { hasCode } from "../../core/errors";
import { type Ctx, PartialResultError } from "../../core/frame";
import { info, warn } from "../../core/log";
import { type PendingOrder, placeOrder, renewalYears, resolvePending, UnconfirmedOrderError } from "../../money/money";
import type { PreviewFacts } from "../../money/preview-facts";
import { renew, wantsRenewal } from "../../money/renewal";
import { type Charge, yearsText } from "../../money/spend";
import { downgradeProblem, type HostingInputs, type HostingState, type ProductKey } from "./schema";

const RECENT_MS = 48 * 3600_000 + 86_400_000;

/** A service of the account as service/list answers it. */
export type ListedService = ItemOf<"service/list">;

/** The service's summary in this account, or undefined (service/list by exact name: a miss is no API error). */
export async function findService(ctx: Ctx, name: string): Promise<ListedService | undefined> {
  const res = await ctx.api.call("service/list", { name, page: 1, pageLength: 10 });
  return res.services.find((s) => s.name.toLowerCase() === name.toLowerCase());
}

export function unconfirmedState(inputs: HostingInputs, pending: PendingOrder): HostingState {
  return { ...inputs, type: "", status: "unconfirmed", pendingOrder: pending };
}

async function adoptFound(ctx: Ctx, inputs: HostingInputs, found: ListedService): Promise<void> {
  const s = await ctx.api.call("service/getinfo", { serviceName: inputs.name, infoType: "status" });
  const created = Date.parse(`${s.tsCreate ?? ""}T00:00:00Z`);
  const recent = s.status === "init" || (Number.isFinite(created) && Date.now() - created <= RECENT_MS);
  const product = found.productkey;
  if (product !== inputs.productKey || !recent) {
    throw new Error(
      `${inputs.name} already has a hosting service in this account (${product || "?"}, status ${s.status}${s.tsCreate ? `, created ${s.tsCreate}` : ""}), not taken for an interrupted run of this program (that needs product ${inputs.productKey} created in the last 48 hours): use registration: "adopt" to manage it`,
    );
  }
  warn(
    `HostingService ${inputs.name}: already in this account and no stack records it: ${product}, ${s.status === "init" ? "still being set up" : `created ${s.tsCreate}`}. Taken to be this program's own service/create from an interrupted \`pulumi up\`: adopted; nothing was ordered or charged again`,
  );
}

async function orderCreate(ctx: Ctx, inputs: HostingInputs): Promise<void> {
  const params: CallParams<"service/create"> = { serviceName: inputs.name, productkey: inputs.productKey };
  if (inputs.period !== undefined) params.period = inputs.period;
  try {
    await placeOrder<unknown>(ctx, {
      what: `HostingService ${inputs.name}`,
      operation: "service/create",
      object: "the service",
      send: () => ctx.api.call("service/create", params),
      lookup: () => findService(ctx, inputs.name),
    });
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) throw new PartialResultError(err.message, inputs.name, unconfirmedState(inputs, err.pending));
    if (hasCode(err, 4007)) {
      const found = await findService(ctx, inputs.name).catch(() => undefined);
      if (found) return adoptFound(ctx, inputs, found);
    }
    throw err;
  } finally {
    ctx.api.cache.invalidate("service:list");
  }
  info(`HostingService ${inputs.name}: ${inputs.productKey} created`);
}

/** Create: adopt (free), or order once; a service already here is adopted when an interrupted run of this program ordered it. */
export async function acquireService(ctx: Ctx, inputs: HostingInputs): Promise<void> {
  const found = await findService(ctx, inputs.name);
  if (inputs.registration === "adopt") {
    if (!found) throw new Error(`adopt: ${inputs.name} has no hosting service in this account; use registration: "create"`);
    info(`HostingService ${inputs.name}: adopted (nothing was spent)`);
    return;
  }
  if (found) return adoptFound(ctx, inputs, found);
  await orderCreate(ctx, inputs);
}

/** service/upgrade once; an unknown outcome records `state` with the pending order. */
export async function upgrade(ctx: Ctx, name: string, to: ProductKey, state: HostingState): Promise<void> {
  try {
    await placeOrder<unknown>(ctx, {
      what: `HostingService ${name}`,
      operation: "service/upgrade",
      object: `the ${to} product`,
      send: () => ctx.api.call("service/upgrade", { serviceName: name, productkey: to }),
      lookup: async () => ((await findService(ctx, name))?.productkey === to ? {} : undefined),
      evidence: { from: state.productKey, to },
    });
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) throw new PartialResultError(err.message, name, { ...state, pendingOrder: err.pending });
    throw err;
  }
}

async function expiryMoved(ctx: Ctx, name: string, before: string): Promise<ListedService | undefined> {
  const s = await findService(ctx, name);
  return s?.tsExpir && s.tsExpir !== before ? s : undefined;
}

/** renewUntil: service/renew (paid) for the years it takes when tsExpir is earlier, once (provider/money/renewal.ts). True when ordered. */
export async function renewIfNeeded(ctx: Ctx, inputs: HostingInputs, state: HostingState): Promise<boolean> {
  if (!wantsRenewal(inputs, state)) return false;
  if (state.status === "init") return false;
  const before = state.tsExpir ?? "";
  await renew(ctx, {
    what: `HostingService ${inputs.name}`,
    id: inputs.name,
    operation: "service/renew",
    renewUntil: inputs.renewUntil!,
    tsExpir: before,
    state,
    send: (period) => ctx.api.call("service/renew", { serviceName: inputs.name, period }),
    lookup: () => expiryMoved(ctx, inputs.name, before),
    evidence: { tsExpir: before },
    cacheScope: `service:${inputs.name}`,
  });
  return true;
}

/**
 * Update of a state with pendingOrder: decides it first. A create that went through is adopted, one
 * that did not is sent again (once); an upgrade or renewal is left to converge, which orders again
 * only if the product or expiry is still short.
 */
export async function settlePendingOrder(ctx: Ctx, id: string, olds: HostingState, news: HostingInputs, timeoutMs: number): Promise<void> {
  const p = olds.pendingOrder;
  if (!p) return;
  const what = `HostingService ${news.name}`;
  const keep = (err: unknown) => (err instanceof UnconfirmedOrderError ? new PartialResultError(err.message, id, olds) : err);
  let lookup: () => Promise<unknown>;
  let object: string;
  if (p.operation === "service/create") {
    lookup = () => findService(ctx, id);
    object = "the service";
  } else if (p.operation === "service/upgrade") {
    const to = String(p.evidence?.to ?? "");
    lookup = async () => ((await findService(ctx, id))?.productkey === to ? {} : undefined);
    object = `the ${to} product`;
  } else if (p.operation === "service/renew") {
    lookup = () => expiryMoved(ctx, id, String(p.evidence?.tsExpir ?? ""));
    object = "the renewal";
  } else return;
  const r = await resolvePending(ctx, p, { what, object, lookup, timeoutMs }).catch((err) => {
    throw keep(err);
  });
  if ("missing" in r && p.operation === "service/create") await orderCreate(ctx, news);
}

/**
 * What applying a HostingService will charge (provider/money/spend.ts): the API has no service price
 * list (account/zones lists TLDs only; no operation shows a service's price before service/create,
 * renew or upgrade answer billing), so each paid step is reported without a price, never guessed.
 * `olds` undefined: a create (an adopted service of a lower product is upgraded at once).
 */
export async function hostingCharges(facts: PreviewFacts, olds: HostingState | undefined, news: HostingInputs): Promise<Charge[]> {
  const subject = `HostingService ${news.name}`;
  const out: Charge[] = [];
  let product: string | undefined = olds?.productKey;
  if (!olds && news.registration === "create") {
    out.push({ subject, operation: "service/create", what: `create (${news.productKey}, ${yearsText(news.period ?? 1)})` });
    product = news.productKey;
  } else if (!olds) product = (await facts.service(news.name))?.productkey;
  // Only upwards: update refuses a downgrade before any write (definition.ts converge).
  if (product !== undefined && product !== news.productKey && downgradeProblem(product, news.productKey) === undefined)
    out.push({ subject, operation: "service/upgrade", what: `upgrade (${product} -> ${news.productKey})` });
  if (olds && wantsRenewal(news, olds)) {
    out.push({
      subject,
      operation: "service/renew",
      what: `renew ${yearsText(renewalYears(olds.tsExpir!, news.renewUntil!))} (renewUntil ${news.renewUntil})`,
    });
  }
  return out;
}
