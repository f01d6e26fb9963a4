/** HostingService CRUD: buy or adopt, upgrade in place, renew (renewUntil), PHP/parking/renewal settings, forget. */
import { isGone } from "../../core/errors";
import { type Ctx, PartialResultError, type ResourceDefinition } from "../../core/frame";
import { info, warn } from "../../core/log";
import { wantsRenewal } from "../../money/renewal";
import { hostingFacts } from "./facts";
import { waitUntil } from "../../core/wait";
import { type LiveService, type ServiceInfo, serviceChanges, serviceStateFromApi } from "./mapping";
import { acquireService, findService, hostingCharges, renewIfNeeded, settlePendingOrder, upgrade } from "./orders";
import { downgradeProblem, HOSTING_CREATE_ONLY, HOSTING_REPLACE_ON, type HostingInputs, type HostingState, hostingInputs, hostingObjects } from "./schema";

async function fetchLive(ctx: Ctx, name: string, want: { php: boolean; parking: boolean }): Promise<LiveService> {
  const [status, php, parking] = await Promise.all([
    ctx.api.call("service/getinfo", { serviceName: name, infoType: "status" }),
    want.php ? ctx.api.call("service/getinfo", { serviceName: name, infoType: "php" }) : undefined,
    want.parking ? ctx.api.call("service/parkinggetinfo", { serviceName: name }) : undefined,
  ]);
  return { status, php, parking };
}

async function liveState(ctx: Ctx, inputs: HostingInputs): Promise<HostingState> {
  const live = await fetchLive(ctx, inputs.name, { php: inputs.phpVersion !== undefined, parking: inputs.parking !== undefined });
  return serviceStateFromApi(live, inputs);
}

/** The members serviceStateFromApi takes from the answer to service/getinfo infoType=status. */
const STATUS_MEMBERS = ["name", "productKey", "type", "status", "tsCreate", "tsExpir", "renewable", "renewalMode"] as const;

/**
 * The state a read would give for `inputs` while the service is as `recorded` says: the recorded
 * live members (and phpVersion, parking where `inputs` manage them), the rest from `inputs`, as
 * serviceStateFromApi builds it. Lets an update write at once instead of reading first.
 */
function restate(recorded: HostingState, inputs: HostingInputs): HostingState {
  const state = { ...inputs } as HostingState;
  for (const k of STATUS_MEMBERS) (state as Record<string, unknown>)[k] = recorded[k];
  delete state.phpVersion;
  delete state.parking;
  if (inputs.phpVersion !== undefined) state.phpVersion = recorded.phpVersion;
  if (inputs.parking !== undefined) state.parking = recorded.parking;
  return state;
}

/**
 * Whether an update can start from the recorded state instead of a read: the service was set up
 * (status as the API gives it, not init), no paid order is undecided (nor about to be placed:
 * renewUntil), and every part the inputs manage was read before.
 */
function restatable(olds: HostingState, news: HostingInputs): boolean {
  const recorded = (managed: boolean, value: unknown) => !managed || value !== undefined;
  return (
    ["active", "inactive", "renewed", "renewable"].includes(olds.status) &&
    !olds.pendingOrder &&
    !wantsRenewal(news, olds) &&
    recorded(news.phpVersion !== undefined, olds.phpVersion) &&
    recorded(news.parking !== undefined, olds.parking)
  );
}

/** A service summary (name, type, productkey, status, tsExpir: getinfo and service/update answer one), mapped as serviceStateFromApi maps it. */
function summaryOf(reply: ServiceInfo, inputs: HostingInputs): Pick<HostingState, "name" | "productKey" | "type" | "status" | "tsExpir"> {
  const { name, productKey, type, status, tsExpir } = serviceStateFromApi({ status: reply }, inputs);
  return { name, productKey, type, status, tsExpir };
}

/**
 * Applies upgrade, renewal mode, PHP version and parking where they differ from the live service.
 * `known`: the state restated from the last one (update), so the changes are written without
 * reading first. Each write's value and reply (a service summary) make the new state instead of a
 * read; an upgrade (its reply stays with the order, orders.ts) is followed by one status read.
 */
async function converge(ctx: Ctx, desired: HostingInputs, id: string, timeoutMs: number, known?: HostingState): Promise<HostingState> {
  let state = known ?? (await liveState(ctx, desired));
  if (state.status === "init") {
    // Set-up in progress (spec "Service status values"): settings wait until it is active.
    const r = await waitUntil({
      what: `HostingService ${desired.name}`,
      poll: () => ctx.api.call("service/getinfo", { serviceName: desired.name, infoType: "status" }),
      done: (s: ServiceInfo) => s.status !== "init",
      describe: (s: ServiceInfo) => s.status,
      timeoutMs,
      initialDelayMs: ctx.api.config.pollIntervalMs ?? 2000,
    });
    state = await liveState(ctx, desired);
    if (r.outcome !== "done") throw new PartialResultError(`still ${state.status}: recorded as it is; the next \`pulumi up\` continues`, id, state);
  }
  const problem = downgradeProblem(state.productKey, desired.productKey);
  if (problem) throw new Error(`productKey: ${problem}`);
  const serviceName = desired.name;
  let next = state;
  // getinfo and service/update answer a service summary; parkingupdate answers only the parking.
  const written = (reply: Record<string, unknown> | undefined, values: Partial<HostingState>) => {
    next = { ...next, ...(reply?.status !== undefined ? summaryOf(reply as ServiceInfo, desired) : {}), ...values };
  };
  for (const change of serviceChanges(desired, state)) {
    if (change === "productKey") {
      // Money: sent once; an unknown outcome is recorded as a pending order (orders.ts).
      await upgrade(ctx, serviceName, desired.productKey, state);
      info(`HostingService ${serviceName}: upgraded ${state.productKey} -> ${desired.productKey}`);
      written(await ctx.api.call("service/getinfo", { serviceName, infoType: "status" }), {});
    } else if (change === "renewalMode") {
      written(await ctx.api.call("service/update", { serviceName, updateType: "renewalMode", renewalMode: desired.renewalMode }), {
        renewalMode: desired.renewalMode,
      });
    } else if (change === "phpVersion") {
      written(await ctx.api.call("service/update", { serviceName, updateType: "phpversion", phpversion: desired.phpVersion }), {
        phpVersion: desired.phpVersion,
      });
    } else if (change === "parking") {
      written(await ctx.api.call("service/parkingupdate", { serviceName, enabled: desired.parking === true }), { parking: desired.parking });
    }
  }
  ctx.api.cache.invalidate(`service:${desired.name}`);
  return (await renewIfNeeded(ctx, desired, next)) ? liveState(ctx, desired) : next;
}

export const hostingDefinition: ResourceDefinition<HostingInputs, HostingState> = {
  type: "HostingService",
  inputs: hostingInputs,
  replaceOn: HOSTING_REPLACE_ON,
  createOnly: HOSTING_CREATE_ONLY,
  objectClaims: hostingObjects,
  label: (s) => s.name ?? "",
  checkFacts: hostingFacts,
  charges: hostingCharges,

  checkTransition(olds, news) {
    const problem = downgradeProblem(olds?.productKey, news.productKey);
    return problem && olds?.name === news.name ? [["productKey", problem]] : [];
  },

  diffExtra(olds, news) {
    // A live product above the program's (upgraded outside, or an upgrade whose reply was lost that
    // landed after the run) is not refused here: a refresh diffs the live state against the
    // recorded inputs and must not fail. A program asking for less is refused at check
    // (checkTransition) and, against the live product, by update before any write (converge).
    // renewUntil not reached yet (a renewal that failed or is unconfirmed).
    return wantsRenewal(news, olds) ? { changes: ["tsExpir"] } : undefined;
  },

  async create(ctx, inputs) {
    const name = inputs.name;
    // Adopt, or order once (money: an unknown outcome is recorded as unconfirmed, orders.ts).
    await acquireService(ctx, inputs);
    try {
      return { id: name, outs: await converge(ctx, inputs, name, ctx.timeouts.create ?? 10 * 60_000) };
    } catch (err) {
      // The service exists now: whatever failed afterwards, record it so nothing is lost.
      if (err instanceof PartialResultError) throw err;
      const state = await liveState(ctx, inputs).catch(() => undefined);
      throw new PartialResultError(`created, then: ${(err as Error).message}`, name, state ?? { ...inputs, status: "unknown" });
    }
  },

  async read(ctx, id, state) {
    const pending = state.pendingOrder;
    if (pending?.operation === "service/create" && !(await findService(ctx, id))) {
      warn(
        `HostingService ${id}: service/create sent at ${pending.sentAt} is still unconfirmed (not in the account); \`pulumi up\` looks again and orders again only if it is still missing after ${pending.decideAfter}`,
      );
      return state;
    }
    try {
      const { pendingOrder: _p, ...known } = state;
      const live = await liveState(ctx, { ...(known as HostingInputs), name: id });
      // An upgrade or renewal whose reply was lost stays pending until the account shows it.
      if (pending?.operation === "service/upgrade" && live.productKey !== pending.evidence?.to) live.pendingOrder = pending;
      if (pending?.operation === "service/renew" && String(live.tsExpir ?? "") === String(pending.evidence?.tsExpir ?? "")) live.pendingOrder = pending;
      if (live.status === "inactive") warn(`HostingService ${id} is inactive: renew it to bring it back`);
      return live;
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  async update(ctx, id, olds, news) {
    // A paid order whose reply was lost is decided first (provider/money/money.ts).
    await settlePendingOrder(ctx, id, olds, news, ctx.timeouts.update ?? 10 * 60_000);
    return converge(ctx, news, id, ctx.timeouts.update ?? 10 * 60_000, restatable(olds, news) ? restate(olds, news) : undefined);
  },

  async delete(ctx, id, state) {
    if (state.status === "unconfirmed") {
      warn(
        `HostingService ${id}: removed from the stack; its service/create sent at ${state.pendingOrder?.sentAt ?? "?"} was never confirmed: if it went through, the service is in the account`,
      );
      return;
    }
    if (state.onDestroy === "manual") {
      try {
        await ctx.api.call("service/update", { serviceName: id, updateType: "renewalMode", renewalMode: "manual" });
      } catch (err) {
        if (!isGone(err)) throw err;
      }
      warn(
        `HostingService ${id}: renewalMode set to manual and removed from the stack; the API has no service delete, it runs until ${state.tsExpir ?? "it expires"}`,
      );
      return;
    }
    warn(
      `HostingService ${id}: removed from the stack only; the API has no service delete, so it stays in the account (set onDestroy: "manual" to stop renewals)`,
    );
  },
};
