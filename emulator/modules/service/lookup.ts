/**
 * DNS answers of the emulator's hosted zones, for tool/dig, tool/zonecheck, SSL DNS validation and
 * dynamic DNS (contract kept from the placeholder). A zone is a hosting service: it exists while the
 * service exists (facts.md "Hosting, mail and DNS"), whatever the service's status.
 * Lookups match the exact type ("ANY" = every type) and do not chase CNAMEs; default ttl/priority
 * are answered as numbers (DEFAULT_TTL; 10 for MX and SRV).
 *
 * lookupRecords asks the emulator's own nameservers directly (tool/dig, dynamic DNS).
 * resolveRecords answers as the DNS does for a resolver (a CA checking a validation record): from
 * the zone the name's domain is delegated to, by the nameservers of its registration (delegationOf).
 */
import { asciiOrSelf, takesPriority } from "../../../sdk/rules";
import type { AccountState, World } from "../../core/state";
import { EMULATOR_NAMESERVERS } from "../../data/products";
import { type DomainRecord, PARKING_NS } from "../domain/model";
import { DEFAULT_PRIORITY, DEFAULT_TTL } from "./dnszone";

export interface DnsAnswer {
  /** Fully qualified host name, lower case, no trailing dot. */
  name: string;
  type: string;
  ttl: number;
  priority?: number;
  value: string;
}

/**
 * The hosted zone (service) that holds a host name, searching every account; the longest zone wins.
 * Host names compare in punycode: IDN zones are keyed in Unicode, DNS names arrive either way.
 */
export function findZone(
  world: World,
  fqdn: string,
  among: AccountState[] = Object.values(world.accounts),
): { account: AccountState; serviceName: string } | undefined {
  const host = asciiOrSelf(fqdn);
  let best: { account: AccountState; serviceName: string } | undefined;
  for (const account of among) {
    for (const name of Object.keys(account.services)) {
      const zone = asciiOrSelf(name);
      if ((host === zone || host.endsWith(`.${zone}`)) && (!best || zone.length > asciiOrSelf(best.serviceName).length)) best = { account, serviceName: name };
    }
  }
  return best;
}

/** Records of a type ("ANY" for all) at a host name in the emulator's hosted zones. */
export function lookupRecords(world: World, fqdn: string, type: string): DnsAnswer[] {
  return recordsIn(findZone(world, fqdn), fqdn, type);
}

/** Statuses in which a registration is at the registry with its nameservers published. */
const DELEGATED = new Set(["active", "renewed", "expired-renewgrace"]);
/** Statuses in which the name is registered nowhere, or no longer resolves. */
const NOT_RESOLVING = new Set(["register-init", "register-pending", "register-cancel", "expired-redemption", "expired-pendingdelete"]);

/**
 * Where the DNS of a host name is answered, by the registration of its domain in the emulator
 * (the longest registered name that is the host or a parent of it; a registration in effect first):
 * - `emulator`: every nameserver of the domain is the emulator's (domain/update nameservers
 *   "default"): its hosted zone answers, the one in the domain holder's account first;
 * - `parking`: the parking servers answer, which hold no records of the user;
 * - `elsewhere`: nameservers outside the emulator (the emulator knows nothing of their zones);
 * - `nowhere`: the domain is not registered (register-*, or expired past the grace period).
 * Emulator choice: a name no account holds (registered outside the emulator, or arriving by a
 * transfer still in progress) is taken to be delegated to the emulator's nameservers, so a zone
 * hosted for it answers (the emulator cannot know another registrar's delegation).
 */
export type Delegation =
  | { to: "emulator"; domain?: string; holder?: AccountState }
  | { to: "parking"; domain: string }
  | { to: "elsewhere"; domain: string; nameservers: string[] }
  | { to: "nowhere"; domain: string; status: string };

export function delegationOf(world: World, fqdn: string): Delegation {
  const host = asciiOrSelf(fqdn).replace(/\.$/, "");
  let best: { account: AccountState; d: DomainRecord } | undefined;
  const rank = (d: DomainRecord) => d.punycode.length * 2 + (DELEGATED.has(d.status) ? 1 : 0);
  for (const account of Object.values(world.accounts)) {
    for (const d of Object.values(account.domains)) {
      if (host !== d.punycode && !host.endsWith(`.${d.punycode}`)) continue;
      if (!best || rank(d) > rank(best.d)) best = { account, d };
    }
  }
  if (!best) return { to: "emulator" };
  const { account, d } = best;
  if (NOT_RESOLVING.has(d.status)) return { to: "nowhere", domain: d.punycode, status: d.status };
  if (!DELEGATED.has(d.status)) return { to: "emulator" };
  const ns = d.nameservers.length === 1 && d.nameservers[0] === "parking" ? PARKING_NS : d.nameservers;
  if (ns.every((n) => (EMULATOR_NAMESERVERS as readonly string[]).includes(n))) return { to: "emulator", domain: d.punycode, holder: account };
  if (ns.every((n) => PARKING_NS.includes(n))) return { to: "parking", domain: d.punycode };
  return { to: "elsewhere", domain: d.punycode, nameservers: [...ns] };
}

/** Records of a type at a host name as a resolver finds them: only in the zone its domain is delegated to (delegationOf). */
export function resolveRecords(world: World, fqdn: string, type: string): DnsAnswer[] {
  const del = delegationOf(world, fqdn);
  if (del.to !== "emulator") return [];
  const zone = (del.holder && findZone(world, fqdn, [del.holder])) || findZone(world, fqdn);
  return recordsIn(zone, fqdn, type);
}

function recordsIn(zone: { account: AccountState; serviceName: string } | undefined, fqdn: string, type: string): DnsAnswer[] {
  if (!zone) return [];
  const host = asciiOrSelf(fqdn);
  const want = type.trim().toUpperCase();
  return zone.account.services[zone.serviceName].dns
    .filter((r) => asciiOrSelf(r.name) === host && (want === "ANY" || r.type === want))
    .map((r) => {
      const answer: DnsAnswer = { name: r.name, type: r.type, ttl: r.ttl ?? DEFAULT_TTL, value: r.value };
      if (takesPriority(r.type)) answer.priority = r.priority ?? DEFAULT_PRIORITY;
      return answer;
    });
}
