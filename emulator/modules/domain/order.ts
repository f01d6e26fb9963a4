/** domain/check, checkfortransfer, create, transfer, transferrestart, renew: the orders. */
import type { ParsedParamsOf } from "../../../sdk/catalogue";
import { inDomainNameservers, NAMESERVER_WORDS, normaliseNameservers } from "../../../sdk/rules";
import { charge } from "../../core/billing";
import { addYears, ymd } from "../../core/clock";
import type { HandlerContext } from "../../core/context";
import { fault } from "../../core/errors";
import { nextId, type World } from "../../core/state";
import { checkContactIds, ownerFactsOf, ownerTypeOf, withContacts } from "./contacts";
import { renewPrice } from "./lifecycle";
import {
  type DomainRecord,
  domSum,
  EXTERNAL_NS,
  findDomain,
  holderOf,
  isPremium,
  isRegisteredElsewhere,
  logChange,
  newAuthcode,
  otherHolder,
  PREMIUM_FACTOR,
  premiumPriceOf,
  setStatus,
} from "./model";
import { checkOwnerEligibility, checkTldParams, money, type ParsedName, parseName, pickPeriod } from "./names";
import { outcomeOf } from "./outcomes";
import { WAITING_OUTSIDE } from "./transfer";
import { ErrorCode } from "../../../sdk/core/error-codes";

/** Statuses in which the losing side lets a domain go (emulator choice). */
const TRANSFERABLE = new Set(["active", "renewed", "expired-renewgrace"]);
/** Parameters kept as TLD data on the record (aeroPass is a secret and is not kept). */
const TLD_DATA = /^(aeroId|domainIntendedUse|ownerDateOfBirth|frTradeMark|frSirenNumber|ruIssuer|ruIssuerDate|xxx[A-Za-z]+|jobs[A-Za-z]+)$/;

function createPrice(world: World, n: ParsedName): number {
  if (!isPremium(world, n.punycode, n.tld.tld)) return money(n.tld.create?.price ?? 0);
  return money(premiumPriceOf(world, n.punycode) ?? (n.tld.create?.price ?? 0) * PREMIUM_FACTOR);
}

export function check(ctx: HandlerContext, p: ParsedParamsOf<"domain/check">) {
  const n = parseName(p.domain);
  const available = !holderOf(ctx.world, n.punycode) && !isRegisteredElsewhere(ctx.world, n.punycode, n.tld.tld) && n.tld.create !== undefined;
  return {
    domains: [
      {
        name: n.name,
        punycode: n.punycode,
        tld: n.tld.tld,
        available,
        premium: isPremium(ctx.world, n.punycode, n.tld.tld),
        price: createPrice(ctx.world, n),
        currency: ctx.account.currency,
      },
    ],
  };
}

/** Why a name cannot be transferred into the caller's account ([] = it can). */
function transferBlockers(ctx: HandlerContext, n: ParsedName): string[] {
  if (!n.tld.transfer) return [`Transfers of .${n.tld.tld} domains are not offered`];
  const holder = holderOf(ctx.world, n.punycode);
  if (holder?.account === ctx.account) {
    const hint = holder.domain.status === "transfer-cancel" ? ": its transfer was cancelled, restart it with domain/transferrestart" : "";
    return [`${n.name} is already in this account${hint}`];
  }
  if (holder) {
    const out: string[] = [];
    if (holder.domain.transferBlock) out.push(`${n.name} is transfer-locked (transferBlock) at its current registrar`);
    if (!TRANSFERABLE.has(holder.domain.status)) out.push(`${n.name} is in status ${holder.domain.status} at its current registrar`);
    return out;
  }
  if (!isRegisteredElsewhere(ctx.world, n.punycode, n.tld.tld)) return [`${n.name} is not registered: register it with domain/create`];
  return [];
}

export function checkfortransfer(ctx: HandlerContext, p: ParsedParamsOf<"domain/checkfortransfer">) {
  const n = parseName(p.domain);
  const reasons = transferBlockers(ctx, n);
  return {
    domains: [
      {
        name: n.name,
        punycode: n.punycode,
        tld: n.tld.tld,
        transferavail: reasons.length === 0,
        transfermsg: reasons,
        price: n.tld.transfer?.price ?? 0,
        currency: ctx.account.currency,
      },
    ],
  };
}

function tldData(p: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(p)
      .filter(([k, v]) => TLD_DATA.test(k) && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

function newRecord(
  ctx: HandlerContext,
  n: ParsedName,
  fields: Partial<DomainRecord> & Pick<DomainRecord, "status" | "period" | "contacts" | "nameservers">,
): DomainRecord {
  const d: DomainRecord = {
    domainID: nextId(ctx.world, "domain"),
    name: n.name,
    punycode: n.punycode,
    tld: n.tld.tld,
    statusSinceMs: ctx.clock.nowMs(),
    tsCreate: "",
    tsExpir: "",
    premium: false,
    renewalMode: "autorenew",
    modifyBlock: false,
    transferBlock: false,
    whoisPrivacy: false,
    viewWhois: false,
    tag: "",
    transferStatus: "",
    authcode: newAuthcode(ctx.random),
    defaultNS: false,
    gluerecords: [],
    dnssec: [],
    history: [],
    tldData: {},
    ...fields,
  };
  ctx.account.domains[String(d.domainID)] = d;
  return d;
}

function ownerType(ctx: HandlerContext, p: { ownerContactID?: string; ownerContactType?: string }): string {
  return p.ownerContactID !== undefined ? ownerTypeOf(ctx, p.ownerContactID) : String(p.ownerContactType ?? "");
}

function ordered(d: DomainRecord, billing: { total: number; currency: string }, inPromo: boolean | undefined) {
  return { billing, domains: [{ ...domSum(d), period: d.period, ...(inPromo ? { inPromo: true } : {}) }] };
}

export function create(ctx: HandlerContext, p: ParsedParamsOf<"domain/create">) {
  const n = parseName(p.domain);
  if (!n.tld.create) throw fault(ErrorCode.DOMAIN_CREATE_ERROR, `Registrations of .${n.tld.tld} domains are not offered`);
  // A repeated create of a name (this account's included) is refused: a name is registered once
  // (spec "domain/check": available; facts.md error 2010 "create error: taken").
  if (holderOf(ctx.world, n.punycode) || isRegisteredElsewhere(ctx.world, n.punycode, n.tld.tld)) {
    throw fault(ErrorCode.DOMAIN_TAKEN, `${n.name} is already registered: domain/checkfortransfer tells whether it can be transferred in`);
  }
  const premium = isPremium(ctx.world, n.punycode, n.tld.tld);
  if (premium && !p.premium)
    throw fault(
      ErrorCode.DOMAIN_PREMIUM,
      `${n.name} is a premium name (${createPrice(ctx.world, n).toFixed(2)} ${ctx.account.currency} a year): send premium=true to accept the price`,
    );
  const period = pickPeriod(n.tld.create, p.period, "registrations", n.tld.tld);
  checkContactIds(ctx, p);
  checkTldParams("create", n.punycode, p, ownerType(ctx, p));
  checkOwnerEligibility(n.punycode, ownerFactsOf(ctx, p));
  const ns = p.nameservers ?? ["parking"];
  // A nameserver under the new domain has no glue record yet (it can only be created once the domain exists).
  const inside = inDomainNameservers(n.punycode, normaliseNameservers(ns, NAMESERVER_WORDS.create));
  if (inside.length)
    throw fault(
      ErrorCode.DOMAIN_CREATE_ERROR,
      `${inside[0]} is under ${n.name} itself: the registry needs its glue record (RFC 5732), which domain/gluerecordcreate can only add once the domain exists; register with other nameservers first`,
    );
  const { contacts, paid: billing } = withContacts(ctx, p, () =>
    charge(ctx.account, createPrice(ctx.world, n) * period, `registration of ${n.name} for ${period} year(s)`),
  );
  const d = newRecord(ctx, n, {
    status: "register-init",
    period,
    premium,
    ...(premium && premiumPriceOf(ctx.world, n.punycode) !== undefined ? { premiumPrice: premiumPriceOf(ctx.world, n.punycode) } : {}),
    contacts,
    nameservers: normaliseNameservers(ns, NAMESERVER_WORDS.create),
    tldData: tldData(p),
  });
  logChange(ctx, d, "Registration requested", `Registration of ${d.name} for ${period} year(s) requested`);
  ctx.messages.push(`Registration of ${d.name} requested.`);
  return ordered(d, billing, n.tld.create.inPromo);
}

function premiumOnArrival(world: World, punycode: string, source: DomainRecord | undefined): Pick<DomainRecord, "premium" | "premiumPrice"> {
  if (source) return { premium: source.premium, ...(source.premiumPrice !== undefined ? { premiumPrice: source.premiumPrice } : {}) };
  const set = outcomeOf(world, punycode);
  const price = set.price;
  return { premium: price !== undefined || set.premium === true, ...(price !== undefined ? { premiumPrice: price } : {}) };
}

export function transfer(ctx: HandlerContext, p: ParsedParamsOf<"domain/transfer">) {
  const n = parseName(p.domain);
  // A repeated transfer (the name is in this account already, its transfer running) is refused as
  // domain/checkfortransfer says (spec: transferavail false with transfermsg; facts.md 2005).
  const reasons = transferBlockers(ctx, n);
  if (reasons.length) {
    const notRegistered = !holderOf(ctx.world, n.punycode) && !isRegisteredElsewhere(ctx.world, n.punycode, n.tld.tld) && n.tld.transfer;
    throw fault(notRegistered ? ErrorCode.DOMAIN_TRANSFER_ERROR : ErrorCode.DOMAIN_TRANSFER_NOT_ALLOWED, ...reasons);
  }
  const price = n.tld.transfer as NonNullable<typeof n.tld.transfer>;
  if (n.tld.authcodereq && p.authcode === undefined) throw fault(ErrorCode.PARAMETER_FAULT, `Parameter fault: authcode: required for .${n.tld.tld} transfers`);
  checkContactIds(ctx, p);
  checkTldParams("transfer", n.punycode, p, ownerType(ctx, p));
  checkOwnerEligibility(n.punycode, ownerFactsOf(ctx, p));
  const { contacts, paid: billing } = withContacts(ctx, p, () => charge(ctx.account, price.price, `transfer of ${n.name}`));
  const source = otherHolder(ctx.world, n.punycode, ctx.account);
  const ns = normaliseNameservers(p.nameservers ?? ["parking"], NAMESERVER_WORDS.transfer);
  const special = ns.length === 1 ? ns[0] : "";
  const d = newRecord(ctx, n, {
    status: "transfer-init",
    transferStatus: "init",
    period: price.years[0],
    // A name from outside is premium only when set so per name (its renewals then cost that price).
    ...premiumOnArrival(ctx.world, n.punycode, source?.domain),
    contacts,
    nameservers: special === "keepns" ? [...(source?.domain.nameservers ?? EXTERNAL_NS)] : ns,
    keepNameservers: special === "keepns",
    transferAuthcode: p.authcode,
    tldData: tldData(p),
  });
  logChange(ctx, d, "Transfer requested", `Transfer of ${d.name} requested`);
  ctx.messages.push(`Transfer of ${d.name} requested.`);
  return ordered(d, billing, price.inPromo);
}

/**
 * Restarts a cancelled transfer, or one that waits on someone outside (facts.md: "transferrestart
 * restarts a stalled transfer"), with an optional new authcode: back to transfer-init/init, free
 * (the spec's result is a DOMSUM, no billing).
 */
export function transferrestart(ctx: HandlerContext, p: ParsedParamsOf<"domain/transferrestart">) {
  const d = findDomain(ctx.account, p);
  const stalled = d.status === "transfer-pending" && WAITING_OUTSIDE.has(d.transferStatus);
  if (d.status !== "transfer-cancel" && !stalled) {
    throw fault(
      ErrorCode.DOMAIN_TRANSFER_ERROR,
      `transferrestart applies to a cancelled transfer (transfer-cancel) or one waiting on pending-auth, pending-tag or pending-registry; ${d.name} is in status ${d.status}${d.transferStatus ? ` (transfer ${d.transferStatus})` : ""}`,
    );
  }
  if (p.authcode !== undefined) d.transferAuthcode = p.authcode;
  d.transferStatus = "init";
  delete d.held;
  setStatus(d, "transfer-init", ctx.clock.nowMs());
  logChange(ctx, d, "Transfer restarted", `Transfer of ${d.name} restarted${p.authcode !== undefined ? " with a new authcode" : ""}`);
  ctx.messages.push(`Transfer of ${d.name} restarted.`);
  return domSum(d);
}

export function renew(ctx: HandlerContext, p: ParsedParamsOf<"domain/renew">) {
  const d = findDomain(ctx.account, p);
  const tld = parseName(d.punycode).tld;
  if (!tld.renew) throw fault(ErrorCode.DOMAIN_RENEW_NOT_ALLOWED, `Renewals of .${tld.tld} domains are not offered`);
  // A repeated renew: refused only by curExpDate (spec "domain/renew": the current expiration is
  // required; facts.md "Domains": it must equal tsExpir), so the same request sent twice renews
  // once, while a second renewal with the new date is renewed and charged again, also while the
  // first is in process (status renewed): nothing documents a refusal there.
  if (d.status !== "active" && d.status !== "renewed" && d.status !== "expired-renewgrace")
    throw fault(ErrorCode.DOMAIN_RENEW_NOT_ALLOWED, `${d.name} cannot be renewed in status ${d.status}`);
  if (p.curExpDate !== d.tsExpir) {
    throw fault(
      ErrorCode.DOMAIN_RENEW_ERROR,
      `curExpDate ${p.curExpDate} does not match the expiration date of ${d.name} (${d.tsExpir}): read tsExpir with domain/getinfo`,
    );
  }
  const period = pickPeriod(tld.renew, p.period, "renewals", tld.tld);
  const tsExpir = addYears(d.tsExpir, period);
  const limit = addYears(ymd(ctx.clock.nowMs()), 10);
  if (tsExpir > limit)
    throw fault(ErrorCode.DOMAIN_RENEW_NOT_ALLOWED, `Renewing ${d.name} for ${period} year(s) would take it to ${tsExpir}, past the 10-year limit (${limit})`);
  const billing = charge(ctx.account, renewPrice(d, period), `renewal of ${d.name} for ${period} year(s)`);
  d.tsExpir = tsExpir;
  setStatus(d, "renewed", ctx.clock.nowMs());
  logChange(ctx, d, "Renewal", `${d.name} renewed for ${period} year(s) until ${tsExpir}`);
  ctx.messages.push(`Renewal of ${d.name} requested.`);
  const inPromo = tld.renew.inPromo ? { inPromo: true } : {};
  return { billing, domains: [{ name: d.name, status: d.status, tld: d.tld, domainID: d.domainID, tsExpir, renewPeriod: String(period), ...inPromo }] };
}
