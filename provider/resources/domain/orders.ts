/**
 * Domain's paid orders: register/transfer, renew (renewUntil), orders whose reply was lost
 * (provider/money/money.ts), and the rule that tells a domain acquired by an interrupted run of this
 * program from any other domain of the account.
 *
 * The interrupted-run rule. A create finds the name already in this account. That happens when a
 * `pulumi up` was interrupted after domain/create or domain/transfer was accepted (Ctrl-C twice, a
 * killed CLI): the engine never recorded the resource. The domain is taken to be this program's own
 * order, and adopted without ordering anything, when ALL of these hold:
 *   1. same name (the lookup is by name);
 *   2. same owner: the owner contact id the program gives, or inline owner data equal to the live
 *      owner contact on every field the API shows;
 *   3. recent: the registration/transfer is still in flight (register-* / transfer-*), or it was
 *      registered (tsCreate) or its history shows a registration/transfer within the last 48 hours.
 * Otherwise the create fails as before: "already in this account; use registration: adopt".
 * Adopting a domain never spends money and destroy never deletes one, so a mistaken adoption costs
 * nothing; ordering again would fail anyway (the name is taken).
 */
import type { ItemOf } from "../../../sdk";
import { hasCode } from "../../core/errors";
import { type Ctx, PartialResultError } from "../../core/frame";
import { info, warn } from "../../core/log";
import { type PendingOrder, placeOrder, renewalYears, resolvePending, UnconfirmedOrderError } from "../../money/money";
import type { PreviewFacts } from "../../money/preview-facts";
import { wantsRenewal } from "../../money/renewal";
import { renewalCharge, renewedSince } from "./renew";
import { type Charge, yearsText } from "../../money/spend";
import { domainForms } from "../../../sdk/rules";
import { contactDataFromApi } from "../contact/mapping";
import { acquireParams, sameContact } from "./mapping";
import { ACQUIRING, type DomainInputs, type DomainState } from "./schema";

const RECENT_MS = 48 * 3600_000;
const DAY_MS = 86_400_000;

export const asciiOf = (name: string) => domainForms(name).ascii;

/** A domain of the account as domain/list answers it (infoType status). */
export type ListedDomain = ItemOf<"domain/list">;

/** The domain's summary and status in this account, or undefined. A list by exact name: a miss is no API error (errors count against the account's limits). */
export async function findDomain(ctx: Ctx, ascii: string): Promise<ListedDomain | undefined> {
  const res = await ctx.api.call("domain/list", { domain: ascii, infoType: "status", page: 1, pageLength: 10 });
  return res.domains.find((d) => asciiOf(d.name) === ascii);
}

/** The state recorded for an order whose outcome is unknown: the inputs, status "unconfirmed", pendingOrder. */
export function unconfirmedState(inputs: DomainInputs, ascii: string, pending: PendingOrder): DomainState {
  const { authcode: _a, ...rest } = inputs;
  return {
    ...rest,
    name: domainForms(inputs.name).unicode,
    punycode: ascii,
    tld: ascii.split(".").slice(1).join("."),
    domainId: 0,
    status: "unconfirmed",
    pendingOrder: pending,
  };
}

function recentDay(ymd: string): boolean {
  const t = Date.parse(`${ymd}T00:00:00Z`);
  return Number.isFinite(t) && Date.now() - t <= RECENT_MS + DAY_MS;
}

/** The newest history entry about a registration or transfer within RECENT_MS, if any. */
async function recentAcquisition(ctx: Ctx, ascii: string): Promise<{ ts: string; title: string } | undefined> {
  try {
    const res = await ctx.api.call("domain/gethistory", { domain: ascii, page: 1, pageLength: 1000 });
    const items = res.history.filter((h) => /registr|transfer/i.test(`${h.title} ${h.message}`));
    const last = items[items.length - 1];
    if (!last) return undefined;
    const t = Date.parse(`${last.ts.replace(" ", "T")}Z`);
    return Number.isFinite(t) && Date.now() - t <= RECENT_MS ? { ts: last.ts, title: last.title } : undefined;
  } catch {
    return undefined;
  }
}

/** The interrupted-run rule (module comment): is the domain found in the account this program's own order? */
export async function interruptedOrder(ctx: Ctx, inputs: DomainInputs, ascii: string, found: ListedDomain): Promise<{ ours: boolean; why: string }> {
  const kind = inputs.registration === "transfer" ? "transfer" : "registration";
  const status = found.status;
  const want = inputs.contacts?.owner;
  const live = (await ctx.api.call("domain/getinfo", { domain: ascii, infoType: "contact" })).contactOwner;
  const sameOwner = want === undefined || !live ? false : typeof want === "string" ? live.contactID === want : sameContact(want, contactDataFromApi(live));
  if (!sameOwner) return { ours: false, why: `status ${status}; its owner contact is not the one this program gives` };
  const prefix = kind === "transfer" ? "transfer-" : "register-";
  if (ACQUIRING.has(status) && status.startsWith(prefix)) return { ours: true, why: `its ${kind} is still in flight (${status}) for the same owner` };
  if (kind === "registration" && found.tsCreate && recentDay(found.tsCreate))
    return { ours: true, why: `it was registered on ${found.tsCreate} for the same owner` };
  const h = await recentAcquisition(ctx, ascii);
  if (h) return { ours: true, why: `its history shows "${h.title}" at ${h.ts} for the same owner` };
  return { ours: false, why: `status ${status}${found.tsCreate ? `, registered on ${found.tsCreate}` : ""}; no ${kind} in the last 48 hours` };
}

async function adoptFound(ctx: Ctx, inputs: DomainInputs, ascii: string, found: ListedDomain): Promise<void> {
  const op = inputs.registration === "transfer" ? "domain/transfer" : "domain/create";
  const verdict = await interruptedOrder(ctx, inputs, ascii, found);
  if (!verdict.ours) {
    throw new Error(
      `${inputs.name} is already in this account (${verdict.why}), so it is not taken for an interrupted run of this program: use registration: "adopt" to manage it without spending anything`,
    );
  }
  warn(
    `Domain ${inputs.name}: already in this account and no stack records it: ${verdict.why}. Taken to be this program's own ${op} from an interrupted \`pulumi up\` (Ctrl-C, a killed CLI): adopted; nothing was ordered or charged again`,
  );
}

/** Sends domain/create or domain/transfer once (placeOrder); an unknown outcome is recorded as unconfirmed. */
async function order(ctx: Ctx, inputs: DomainInputs, ascii: string): Promise<void> {
  const call = acquireParams(inputs, ascii);
  const op = call.op;
  try {
    await placeOrder<unknown>(ctx, {
      what: `Domain ${inputs.name}`,
      operation: op,
      object: "the domain",
      send: () => ctx.api.send(call),
      lookup: () => findDomain(ctx, ascii),
    });
  } catch (err) {
    if (err instanceof UnconfirmedOrderError) throw new PartialResultError(err.message, ascii, unconfirmedState(inputs, ascii, err.pending));
    // Taken (2010) or "already in this account" (2005): someone got there first, maybe this program.
    if (hasCode(err, 2010, 2005)) {
      const found = await findDomain(ctx, ascii).catch(() => undefined);
      if (found) return adoptFound(ctx, inputs, ascii, found);
    }
    throw err;
  } finally {
    ctx.api.cache.invalidate("domain:list");
  }
  info(`Domain ${inputs.name}: ${op} accepted`);
}

/** Create: adopt (free), or order once; a name already here is adopted when an interrupted run of this program ordered it. */
export async function acquire(ctx: Ctx, inputs: DomainInputs): Promise<void> {
  const ascii = asciiOf(inputs.name);
  const found = await findDomain(ctx, ascii);
  if (inputs.registration === "adopt") {
    if (!found) throw new Error(`adopt: ${inputs.name} is not in this account; register or transfer it instead`);
    info(`Domain ${inputs.name}: adopted (nothing was spent)`);
    return;
  }
  if (found) return adoptFound(ctx, inputs, ascii, found);
  await order(ctx, inputs, ascii);
}

/**
 * Update of a state with pendingOrder: decides the order first. A create/transfer that went through
 * is adopted; one that did not is sent again (once). A renewal is left to renewIfNeeded, which
 * renews again only if the expiry is still short. Until decided, the state stays as it was.
 */
export async function settlePendingOrder(ctx: Ctx, id: string, olds: DomainState, news: DomainInputs, timeoutMs: number): Promise<void> {
  const p = olds.pendingOrder;
  if (!p) return;
  const what = `Domain ${news.name}`;
  const keep = (err: unknown) => (err instanceof UnconfirmedOrderError ? new PartialResultError(err.message, id, olds) : err);
  if (p.operation === "domain/create" || p.operation === "domain/transfer") {
    const r = await resolvePending(ctx, p, { what, object: "the domain", lookup: () => findDomain(ctx, id), timeoutMs }).catch((err) => {
      throw keep(err);
    });
    if ("missing" in r) await order(ctx, news, id);
    return;
  }
  if (p.operation === "domain/renew") {
    const before = String(p.evidence?.curExpDate ?? "");
    await resolvePending(ctx, p, { what, object: "the renewal", lookup: () => renewedSince(ctx, id, before), timeoutMs }).catch((err) => {
      throw keep(err);
    });
  }
}

/**
 * What applying a Domain will charge (provider/money/spend.ts): a registration (domain/check: the
 * price per year, premium included, times the years), a transfer (domain/checkfortransfer), and the
 * renewal renewUntil asks for (account/zones' price per year). `olds` undefined: a create.
 */
export async function domainCharges(facts: PreviewFacts, olds: DomainState | undefined, news: DomainInputs): Promise<Charge[]> {
  const ascii = asciiOf(news.name);
  const subject = `Domain ${news.name}`;
  if (olds) {
    if (!wantsRenewal(news, olds) || (olds.status !== "active" && olds.status !== "expired-renewgrace")) return [];
    return [await renewalCharge(facts, subject, ascii, renewalYears(olds.tsExpir!, news.renewUntil!), news.renewUntil!)];
  }
  if (news.registration === "adopt") return [];
  if (news.registration === "transfer") {
    const t = await facts.transferCheck(ascii);
    const out: Charge[] = [
      { subject, operation: "domain/transfer", what: "transfer", amount: t.price, currency: t.currency, source: "domain/checkfortransfer" },
    ];
    if (news.renewUntil)
      out.push({
        subject,
        operation: "domain/renew",
        what: `renew (renewUntil ${news.renewUntil})`,
        noPrice: "the years depend on the expiry the transfer brings",
      });
    return out;
  }
  const check = await facts.domainCheck(ascii);
  // Refused names fail the fact rules; a name already in this account is adopted, not ordered (orders.ts).
  if (!check.ok || (!check.available && (await facts.domainInAccount(ascii)))) return [];
  const years = news.period ?? (await facts.zoneOf(ascii))?.create?.[0] ?? 1;
  const out: Charge[] = [
    {
      subject,
      operation: "domain/create",
      what: `register ${yearsText(years)}${check.premium ? " (premium)" : ""}`,
      amount: check.price * years,
      currency: check.currency,
      source: "domain/check",
    },
  ];
  // renewUntil past the new expiry (today + years): renewed once the registration is active.
  const expiry = new Date();
  expiry.setUTCFullYear(expiry.getUTCFullYear() + years);
  const tsExpir = expiry.toISOString().slice(0, 10);
  if (news.renewUntil && (news.waitFor ?? "active") === "active" && tsExpir < news.renewUntil)
    out.push(await renewalCharge(facts, subject, ascii, renewalYears(tsExpir, news.renewUntil), news.renewUntil));
  return out;
}
