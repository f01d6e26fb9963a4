/** account module handlers (spec "account module"). */
import type { ModuleHandlers } from "../../core/context";
import { paginate } from "../../core/paging";
import { promotions } from "../../data/promos";
import { TLDS, type TldInfo, type TldPrice } from "../../data/tlds";

type Action = "create" | "renew" | "transfer";

/** TLD zone price object: years as a comma list, inPromo only when true (spec "TLD zone"). */
function priceView(t: TldInfo, action: Action): Record<string, unknown> | undefined {
  const price: TldPrice | undefined = t[action];
  if (!price) return undefined;
  return { price: price.price, years: price.years.join(","), ...(price.inPromo ? { inPromo: true } : {}) };
}

function zoneView(t: TldInfo): Record<string, unknown> {
  const zone: Record<string, unknown> = { tld: t.tld, tldtop: t.tldtop, authcodereq: t.authcodereq };
  if (t.requirements) zone.requirements = t.requirements;
  for (const action of ["create", "renew", "transfer"] as const) {
    const view = priceView(t, action);
    if (view) zone[action] = view;
  }
  return zone;
}

export const handlers: ModuleHandlers<"account"> = {
  info(ctx) {
    const a = ctx.account;
    return { clientName: a.clientName, apiuser: a.apiuser, balance: a.balance, threshold: a.threshold, currency: a.currency, ip: ctx.ip };
  },

  promos(ctx) {
    return promotions(ctx.clock.nowMs());
  },

  /** Filters tld and tldtop match exactly, ignoring case and a leading dot (spec silent on matching). */
  zones(_ctx, p) {
    const norm = (s: string) => s.trim().toLowerCase().replace(/^\./, "");
    const tld = p.tld === undefined ? undefined : norm(p.tld);
    const tldtop = p.tldtop === undefined ? undefined : norm(p.tldtop);
    const all = TLDS.filter((t) => (tld === undefined || t.tld === tld) && (tldtop === undefined || t.tldtop === tldtop));
    const { queryInfo, items } = paginate(all, p.page, p.pageLength);
    return { queryInfo, zones: items.map(zoneView) };
  },
};
