/**
 * Placeholder with the contract other modules rely on (tool/dig, tool/zonecheck, SSL DNS
 * validation, dynamic DNS); the service module's helper implements it, keeping these signatures.
 */
import type { AccountState, World } from "../../core/state";

export interface DnsAnswer {
  /** Fully qualified host name, lower case, no trailing dot. */
  name: string;
  type: string;
  ttl: number;
  priority?: number;
  value: string;
}

/** The hosted zone (service) that holds a host name, searching every account. */
export function findZone(_world: World, _fqdn: string): { account: AccountState; serviceName: string } | undefined {
  return undefined;
}

/** Records of a type ("ANY" for all) at a host name in the emulator's hosted zones. */
export function lookupRecords(_world: World, _fqdn: string, _type: string): DnsAnswer[] {
  return [];
}
