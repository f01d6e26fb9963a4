/** Response pieces of getinfo (by infoType) and list items (spec "domain/getinfo"). */
import type { HandlerContext } from "../../core/context";
import { findTld } from "../../data/tlds";
import { type ServiceRecord, serviceSummary } from "../service/model";
import { contactsView, ownerVerification } from "./contacts";
import { isRenewable } from "./lifecycle";
import { type DomainRecord, domSum, KNOWN_NS_IPS, PARKING_NS } from "./model";

/** Emulator choice: the authcode is readable for TLDs that use one, once the domain is in the account. */
const AUTHCODE_READABLE = new Set(["active", "renewed", "expired-renewgrace"]);
export function authcodeCheck(d: DomainRecord): boolean {
  return (findTld(d.punycode)?.authcodereq ?? false) && AUTHCODE_READABLE.has(d.status);
}

/** The hosting service of the domain: services are keyed by their (lower-case) domain name. */
function service(ctx: HandlerContext, d: DomainRecord): ServiceRecord | undefined {
  return ctx.account.services[d.punycode] ?? ctx.account.services[d.name];
}

const FLAGS = ["transferBlock", "whoisPrivacy", "viewWhois"] as const;

/**
 * The per-domain flags the domain's TLD has, and only those (spec "Domain": "only TLDs that allow
 * it"; which TLD has which: emulator/data/tlds.ts `supports`). Clients decide by the member's
 * presence whether a TLD has the flag (the vendor's WHMCS module offers the registrar lock only when
 * transferBlock is present), so a member sent for a TLD without it makes them send an update the API
 * refuses with 2201.
 */
export function flagsView(d: DomainRecord): Record<string, boolean> {
  const supports = findTld(d.punycode)?.supports;
  return Object.fromEntries(FLAGS.filter((f) => supports?.[f]).map((f) => [f, d[f]]));
}

export function statusView(ctx: HandlerContext, d: DomainRecord): Record<string, unknown> {
  return {
    tsCreate: d.tsCreate,
    renewable: isRenewable(d, ctx.clock.nowMs()),
    renewalMode: d.renewalMode,
    modifyBlock: d.modifyBlock,
    ...flagsView(d),
    authcodeCheck: authcodeCheck(d),
    serviceAssociated: service(ctx, d) !== undefined,
    tag: d.tag,
    ownerverification: ownerVerification(ctx, d),
    transferStatus: d.transferStatus,
  };
}

/** The nameserver host names in effect ("parking" resolves to the parking servers). */
export function effectiveNameservers(d: DomainRecord): string[] {
  return d.nameservers.length === 1 && d.nameservers[0] === "parking" ? PARKING_NS : d.nameservers;
}

/** Addresses of a nameserver: the emulator's own servers, or a glue record of any domain of the account. */
function addressesOf(ctx: HandlerContext, host: string): { ipv4: string; ipv6: string } {
  if (KNOWN_NS_IPS[host]) return { ipv4: KNOWN_NS_IPS[host], ipv6: "" };
  for (const other of Object.values(ctx.account.domains)) {
    const g = other.gluerecords.find((x) => x.name === host);
    if (g) return { ipv4: g.ipv4, ipv6: g.ipv6 ?? "" };
  }
  return { ipv4: "", ipv6: "" };
}

export function nameserversView(ctx: HandlerContext, d: DomainRecord): Record<string, unknown> {
  return {
    defaultNS: d.defaultNS,
    // facts.md "Domains": items also carry ipv6.
    nameservers: effectiveNameservers(d).map((name, i) => ({ order: i + 1, name, ...addressesOf(ctx, name) })),
  };
}

export function serviceView(ctx: HandlerContext, d: DomainRecord): Record<string, unknown> {
  const s = service(ctx, d);
  // Emulator choice: no service member when none is associated (serviceAssociated false).
  return s ? { service: serviceSummary(s) } : {};
}

export function glueView(d: DomainRecord): Record<string, unknown> {
  return { gluerecords: d.gluerecords.map((g) => ({ ...g })) };
}

export function dnssecView(d: DomainRecord): Record<string, unknown> {
  return { dnssec: { active: d.dnssec.length > 0, entries: d.dnssec.map((e) => ({ ...e })) } };
}

export type InfoType = "status" | "contact" | "nameservers" | "authcode" | "service" | "gluerecords" | "dnssec";

/** DOMSUM plus the members of `infoType` (authcode availability is checked by the caller). */
export function infoView(ctx: HandlerContext, d: DomainRecord, infoType: InfoType): Record<string, unknown> {
  const base = domSum(d);
  switch (infoType) {
    case "status":
      return { ...base, ...statusView(ctx, d) };
    case "contact":
      return { ...base, ...contactsView(ctx, d) };
    case "nameservers":
      return { ...base, ...nameserversView(ctx, d) };
    case "authcode":
      return { ...base, authcode: d.authcode };
    case "service":
      return { ...base, ...serviceView(ctx, d) };
    case "gluerecords":
      return { ...base, ...glueView(d) };
    case "dnssec":
      return { ...base, ...dnssecView(d) };
  }
}
