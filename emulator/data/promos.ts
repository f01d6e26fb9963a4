/**
 * Promotions served by account/promos (spec "Promotion": promo, type domain|ssl, action, price,
 * tsIni, tsEnd, tld when type=domain, productID as a string when type=ssl).
 *
 * Dates are relative to the emulator's clock so the promotions are always current: each runs from
 * the first day of the current month to the last second of the following month (UTC). The ssl
 * productID names a product of the ssl module's catalogue by number, as a string (spec "Conventions").
 * account/zones marks the promoted TLD's action with inPromo; the price there stays the list price.
 */
import { ymdhms } from "../core/clock";

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

interface PromoTemplate {
  promo: string;
  type: "domain" | "ssl";
  action: string;
  price: number;
  tld?: string;
  productID?: string;
}

const TEMPLATES: PromoTemplate[] = [
  { promo: "PROMO-COM-CREATE", type: "domain", action: "create", price: 6.95, tld: "com" },
  { promo: "PROMO-SSL-DV", type: "ssl", action: "create", price: 4.95, productID: "1" },
];

/** Promotions running at the given time. */
export function promotions(nowMs: number): Promotion[] {
  const now = new Date(nowMs);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1) - 1000;
  return TEMPLATES.map((t) => ({ ...t, tsIni: ymdhms(start), tsEnd: ymdhms(end) }));
}

/** The running domain promotion for a TLD and action, if any. */
export function domainPromo(tld: string, action: string, nowMs: number): Promotion | undefined {
  return promotions(nowMs).find((p) => p.type === "domain" && p.tld === tld && p.action === action);
}
