/**
 * What a plan will spend (issue 12 item 3): one ledger per provider process and account.
 *
 * Every resource that spends reports its paid steps here (ResourceDefinition.charges): a create at
 * check, an update or a replacement at diff. Both run at preview, before anything is applied. Each
 * step is priced from the API's own free reads (preview-facts.ts: domain/check,
 * domain/checkfortransfer, account/zones, ssl/productlist), or said to have no price where the API
 * shows none (hosting). Lines, printed once per step and process (the CI renderer parses them):
 *
 *   $ CHARGE 12.50 EUR Domain example.com: register 1 year (domain/check)
 *   $ NO PRICE HostingService example.org: create (basic): the API shows no price before purchase
 *   $ TOTAL 37.50 EUR planned; balance 100.00 EUR; maxSpend 50.00 EUR
 *
 * The engine has no "end of plan" call for a dynamic provider, so the TOTAL line is printed each
 * time the total grows: the last one is the plan's total. The step that takes the total past
 * `dondominio:maxSpend` or past the account's balance (account/info, read once per process) fails
 * its check/diff, so the preview fails before any money operation. A price in another currency than
 * the account's is refused, never converted.
 *
 * At apply (`up --skip-preview` and Automation API `stack.up()` skip the preview pass), checks and
 * orders interleave, so placeOrder (money.ts) also asks `authorizeOrder` before each order: an
 * order that would take this process's spending past maxSpend is refused before it is sent.
 */
import { debugEnabled } from "../../sdk/core/log";
import { resolveConfig } from "../core/config";
import { info } from "../core/log";
import { type PreviewFacts, previewFacts } from "./preview-facts";

/** One paid step of a plan. */
export interface Charge {
  /** "Domain example.com": the subject of placeOrder (money.ts) for the same order. */
  subject: string;
  /** The paid operation ("domain/create"): with the subject, ties the step to its order at apply. */
  operation: string;
  /** "register 1 year". */
  what: string;
  /** The price; undefined when the API shows none (then `noPrice` says why). */
  amount?: number;
  /** The price's currency when the API names it (domain/check does); otherwise the account's. */
  currency?: string;
  /** The read that gave the price ("domain/check"). */
  source?: string;
  noPrice?: string;
}

/** "1 year", "2 years". */
export const yearsText = (n: number) => `${n} year${n === 1 ? "" : "s"}`;

/** The reason of a NO PRICE line where the API has no price list (hosting). */
export const NO_PRICE_BEFORE_PURCHASE = "the API shows no price before purchase";

interface Entry {
  charge: Charge;
  /** Ordered in this process (placeOrder passed authorizeOrder). */
  ordered: boolean;
}

class Ledger {
  readonly planned = new Map<string, Entry>();
  lastTotal = "";
  /** The account's currency (account/info), once known. */
  currency = "";
}

const ledgers = new WeakMap<PreviewFacts, Ledger>();

function ledgerOf(facts: PreviewFacts): Ledger {
  const l = ledgers.get(facts) ?? new Ledger();
  ledgers.set(facts, l);
  return l;
}

const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
const cents = (n: number) => Math.round(n * 100);
const keyOf = (c: Charge) => `${c.subject}\u0000${c.operation}\u0000${c.what}`;
const itemText = (c: Charge, currency: string) =>
  c.amount === undefined ? `${c.subject}: ${c.what} (no price)` : `${c.subject}: ${c.what} ${money(c.amount)} ${currency}`;

/** maxSpend of the configuration; undefined when unset or when no configuration resolves. */
function maxSpend(): number | undefined {
  try {
    return resolveConfig().maxSpend;
  } catch {
    return undefined;
  }
}

function sum(entries: Iterable<Entry>, pick: (e: Entry) => boolean): number {
  let total = 0;
  for (const e of entries) if (pick(e) && e.charge.amount !== undefined) total += e.charge.amount;
  return total;
}

function orderedText(l: Ledger, currency: string): string {
  const done = [...l.planned.values()].filter((e) => e.ordered);
  return done.length ? `already ordered in this run: ${done.map((e) => itemText(e.charge, currency)).join("; ")}` : "nothing was ordered";
}

/**
 * Records a step's charges (each once per process), prints its lines and the total, and answers
 * the refusal when the plan's total passes maxSpend or the balance, or a price is in another
 * currency; undefined when the plan may go on. Reads that fail skip the accounting (the API judges
 * at apply), as for the other preview rules.
 */
export async function planCharges(what: string, charges: (facts: PreviewFacts) => Promise<Charge[]>): Promise<string | undefined> {
  const facts = previewFacts();
  if (!facts) return undefined;
  try {
    const items = await charges(facts);
    if (!items.length) return undefined;
    const account = await facts.account();
    const cur = account.currency;
    for (const c of items) {
      if (c.currency !== undefined && c.currency !== cur)
        return `${c.subject}: ${c.source ?? "the API"} prices ${c.what} in ${c.currency} and the account's currency is ${cur} (account/info): the provider does not convert currencies; nothing was ordered`;
    }
    const l = ledgerOf(facts);
    l.currency = cur;
    for (const c of items) {
      const key = keyOf(c);
      if (l.planned.has(key)) continue;
      l.planned.set(key, { charge: c, ordered: false });
      if (c.amount === undefined) info(`$ NO PRICE ${c.subject}: ${c.what}: ${c.noPrice ?? NO_PRICE_BEFORE_PURCHASE}`);
      else info(`$ CHARGE ${money(c.amount)} ${cur} ${c.subject}: ${c.what}${c.source ? ` (${c.source})` : ""}`);
    }
    const total = sum(l.planned.values(), () => true);
    const limit = maxSpend();
    const line = `$ TOTAL ${money(total)} ${cur} planned; balance ${money(account.balance)} ${cur}${limit !== undefined ? `; maxSpend ${money(limit)} ${cur}` : ""}`;
    if (line !== l.lastTotal) info(line);
    l.lastTotal = line;
    const list = () =>
      [...l.planned.values()]
        .filter((e) => e.charge.amount !== undefined)
        .map((e) => itemText(e.charge, cur))
        .join("; ");
    if (limit !== undefined && cents(total) > cents(limit))
      return `dondominio:maxSpend: the plan would charge ${money(total)} ${cur}, more than maxSpend ${money(limit)} ${cur} (${list()}); ${orderedText(l, cur)}. Raise dondominio:maxSpend or apply the change in parts`;
    if (cents(total) > cents(account.balance))
      return `balance: the plan would charge ${money(total)} ${cur} and the account's balance is ${money(account.balance)} ${cur} (account/info) (${list()}); ${orderedText(l, cur)}. Top up the account or apply the change in parts (the API would refuse an order it cannot pay with error 1100)`;
    return undefined;
  } catch (err) {
    if (debugEnabled()) console.error(`[dondominio] ${what}: the cost of the plan was not worked out, a read failed: ${(err as Error)?.message ?? err}`);
    return undefined;
  }
}

/**
 * Before an order is sent (placeOrder): counts it as spent in this process, or throws when it
 * would take this process's spending past maxSpend. The amount is the one its check/diff planned
 * (the first planned step of that subject and operation not ordered yet); an order with no planned
 * price (the API shows none) passes. Returns `release`, for an order the API refused (nothing spent).
 */
export function authorizeOrder(subject: string, operation: string): () => void {
  const facts = previewFacts();
  if (!facts) return () => {};
  const l = ledgerOf(facts);
  const entry = [...l.planned.values()].find((e) => !e.ordered && e.charge.subject === subject && e.charge.operation === operation);
  if (!entry) return () => {};
  const limit = maxSpend();
  const amount = entry.charge.amount;
  if (limit !== undefined && amount !== undefined) {
    const spent = sum(l.planned.values(), (e) => e.ordered);
    if (cents(spent + amount) > cents(limit)) {
      const cur = l.currency;
      throw new Error(
        `${operation} (${entry.charge.what}, ${money(amount)} ${cur}) was refused before it was sent: it would take this run's spending to ${money(spent + amount)} ${cur}, past dondominio:maxSpend ${money(limit)} ${cur}; ${orderedText(l, cur)}. Nothing was charged for it; run \`pulumi preview\` to see the whole plan's cost`,
      );
    }
  }
  entry.ordered = true;
  return () => {
    entry.ordered = false;
  };
}
