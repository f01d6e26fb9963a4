/**
 * Promotions served by account/promos (spec "Promotion": promo, type domain|ssl, action, price,
 * tsIni, tsEnd, tld when type=domain, productID as a string when type=ssl).
 *
 * Domain promotions are derived from the TLD table (data/tlds.ts): every create/renew/transfer price
 * marked inPromo there is a promotion at that price, so account/promos, account/zones (inPromo) and
 * what domain operations charge always agree. The ssl promotion names an ssl productID as a string
 * (spec "Conventions"). Dates follow the emulator's clock so promotions are always current: from the
 * first day of the current month to the last second of the following month (UTC).
 */
import { ymdhms } from "../core/clock";
import { TLDS } from "./tlds";

export interface Promotion {
  promo: string;
  type: "domain" | "ssl";
  action: string;
  price: number;
  tsIni: string;
  tsEnd: string;
  tld?: string;
  productID?: string;
}

type PromoBody = Omit<Promotion, "tsIni" | "tsEnd">;

const SSL_PROMOS: PromoBody[] = [{ promo: "PROMO-SSL-1-CREATE", type: "ssl", action: "create", price: 4.95, productID: "1" }];

function domainPromos(): PromoBody[] {
  const out: PromoBody[] = [];
  for (const t of TLDS) {
    for (const action of ["create", "renew", "transfer"] as const) {
      const price = t[action];
      if (price?.inPromo) out.push({ promo: `PROMO-${t.tld.toUpperCase()}-${action.toUpperCase()}`, type: "domain", action, price: price.price, tld: t.tld });
    }
  }
  return out;
}

/** Promotions running at the given time. */
export function promotions(nowMs: number): Promotion[] {
  const now = new Date(nowMs);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) - 1000;
  return [...domainPromos(), ...SSL_PROMOS].map((p) => ({ ...p, tsIni: ymdhms(start), tsEnd: ymdhms(end) }));
}
