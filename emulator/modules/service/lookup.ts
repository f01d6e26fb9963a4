/**
 * DNS answers of the emulator's hosted zones, for tool/dig, tool/zonecheck, SSL DNS validation and
 * dynamic DNS (contract kept from the placeholder). A zone is a hosting service: it exists while the
 * service exists (facts.md "Hosting, mail and DNS"), whatever the service's status.
 * Lookups match the exact type ("ANY" = every type) and do not chase CNAMEs; default ttl/priority
 * are answered as numbers (DEFAULT_TTL; 10 for MX and SRV).
 */
import { asciiOrSelf, takesPriority } from "../../../sdk/rules";
import type { AccountState, World } from "../../core/state";
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
export function findZone(world: World, fqdn: string): { account: AccountState; serviceName: string } | undefined {
  const host = asciiOrSelf(fqdn);
  let best: { account: AccountState; serviceName: string } | undefined;
  for (const account of Object.values(world.accounts)) {
    for (const name of Object.keys(account.services)) {
      const zone = asciiOrSelf(name);
      if ((host === zone || host.endsWith(`.${zone}`)) && (!best || zone.length > asciiOrSelf(best.serviceName).length)) best = { account, serviceName: name };
    }
  }
  return best;
}

/** Records of a type ("ANY" for all) at a host name in the emulator's hosted zones. */
export function lookupRecords(world: World, fqdn: string, type: string): DnsAnswer[] {
  const zone = findZone(world, fqdn);
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
