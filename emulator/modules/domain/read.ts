/** domain/list, getinfo (its wrappers are routed to it by the dispatcher), whois, resendverificationmail, gethistory, listdeleted. */
import type { ParsedParamsOf } from "../../../sdk/catalogue";
import type { HandlerContext } from "../../core/context";
import { fault } from "../../core/errors";
import { paginate } from "../../core/paging";
import { contactView, getContact } from "../contact/model";
import { contactsView, ownerVerification } from "./contacts";
import { isRenewable } from "./lifecycle";
import { asciiName, type DomainRecord, domSum, findDomain } from "./model";
import { authcodeCheck, effectiveNameservers, glueView, type InfoType, infoView, nameserversView, serviceView, statusView } from "./views";
import { ErrorCode } from "../../../sdk/core/error-codes";

type ListParams = ParsedParamsOf<"domain/list">;

function matches(ctx: HandlerContext, d: DomainRecord, p: ListParams): boolean {
  if (p.domain !== undefined && d.punycode !== asciiName(p.domain)) return false;
  if (p.word !== undefined) {
    const w = p.word.toLowerCase();
    if (!d.name.includes(w) && !d.punycode.includes(w)) return false;
  }
  if (p.tld !== undefined && d.tld !== p.tld) return false;
  if (p.renewable !== undefined && isRenewable(d, ctx.clock.nowMs()) !== p.renewable) return false;
  if (p.owner !== undefined && d.contacts.owner !== p.owner) return false;
  if (p.tag !== undefined && !d.tag.split(",").includes(p.tag)) return false;
  if (p.status !== undefined && d.status !== p.status) return false;
  if (p.renewalMode !== undefined && d.renewalMode !== p.renewalMode) return false;
  if (p.ownerverification !== undefined && ownerVerification(ctx, d) !== p.ownerverification) return false;
  return true;
}

function listItem(ctx: HandlerContext, d: DomainRecord, infoType: ListParams["infoType"]): Record<string, unknown> {
  const extra =
    infoType === "status"
      ? statusView(ctx, d)
      : infoType === "contact"
        ? contactsView(ctx, d)
        : infoType === "nameservers"
          ? nameserversView(ctx, d)
          : infoType === "service"
            ? serviceView(ctx, d)
            : infoType === "gluerecords"
              ? glueView(d)
              : {};
  return { ...domSum(d), ...extra };
}

export function list(ctx: HandlerContext, p: ListParams) {
  // Sorted by name so that pages are stable between calls.
  const all = Object.values(ctx.account.domains)
    .filter((d) => matches(ctx, d, p))
    .sort((a, b) => a.punycode.localeCompare(b.punycode));
  const { queryInfo, items } = paginate(all, p.page, p.pageLength);
  return { queryInfo, domains: items.map((d) => listItem(ctx, d, p.infoType)) };
}

export function getinfo(ctx: HandlerContext, p: { domain?: string; domainID?: number; infoType?: InfoType }) {
  const d = findDomain(ctx.account, p);
  const infoType = p.infoType ?? "status";
  if (infoType === "authcode" && !authcodeCheck(d)) {
    // Emulator choice: 2005, because an authcode that cannot be read means no transfer out now.
    throw fault(
      ErrorCode.DOMAIN_TRANSFER_NOT_ALLOWED,
      `The authcode of ${d.name} cannot be read (authcodeCheck false): .${d.tld} ${d.status === "active" ? "uses no authcode" : `domain in status ${d.status}`}`,
    );
  }
  return infoView(ctx, d, infoType);
}

/** Whois text (spec: only domains of the caller's account; whoisPrivacy hides the owner). */
export function whois(ctx: HandlerContext, p: ParsedParamsOf<"domain/whois">) {
  const d = Object.values(ctx.account.domains).find((x) => x.punycode === p.domain);
  if (!d) throw fault(ErrorCode.DOMAIN_WHOIS_NOT_ALLOWED, `Whois of ${p.domain} is not allowed: only domains of your own account can be queried`);
  const owner = contactView(getContact(ctx.account, d.contacts.owner));
  const holder = d.whoisPrivacy
    ? "REDACTED FOR PRIVACY"
    : [owner.orgName, `${owner.firstName ?? ""} ${owner.lastName ?? ""}`.trim()].filter(Boolean).join(" / ");
  const lines = [
    `Domain Name: ${d.punycode.toUpperCase()}`,
    `Registry Domain ID: ${d.domainID}`,
    "Registrar: DonDominio (emulator)",
    `Creation Date: ${d.tsCreate}`,
    `Registry Expiry Date: ${d.tsExpir}`,
    `Domain Status: ${d.transferBlock ? "clientTransferProhibited" : "ok"}${d.modifyBlock ? " clientUpdateProhibited" : ""}`,
    `Registrant Name: ${holder}`,
    `Registrant Country: ${d.whoisPrivacy ? "REDACTED FOR PRIVACY" : String(owner.country ?? "")}`,
    ...effectiveNameservers(d).map((ns) => `Name Server: ${ns.toUpperCase()}`),
    `DNSSEC: ${d.dnssec.length ? "signedDelegation" : "unsigned"}`,
  ];
  return { domain: d.punycode, whoisData: lines.join("\n") };
}

export function resendverificationmail(ctx: HandlerContext, p: ParsedParamsOf<"domain/resendverificationmail">) {
  const d = findDomain(ctx.account, p);
  ctx.messages.push(`Verification mail sent to the owner contact ${d.contacts.owner} of ${d.name}.`);
  return domSum(d);
}

export function gethistory(ctx: HandlerContext, p: ParsedParamsOf<"domain/gethistory">) {
  const d = findDomain(ctx.account, p);
  // Oldest first, as a log reads; the last page holds the latest changes.
  const { queryInfo, items } = paginate(d.history, p.page, p.pageLength);
  return { ...domSum(d), queryInfo, history: items.map((h) => ({ ...h })) };
}

export function listdeleted(ctx: HandlerContext, p: ParsedParamsOf<"domain/listdeleted">) {
  const { queryInfo, items } = paginate(ctx.account.deletedDomains, p.page, p.pageLength);
  return { queryInfo, domains: items.map((x) => ({ ...x })) };
}
