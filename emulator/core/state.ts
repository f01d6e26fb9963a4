/**
 * The emulator's whole state ("world"): plain JSON data, so it can be persisted atomically and
 * reset by constructing it afresh (moto's model). Each module owns its record types (in
 * modules/<module>/model.ts); an account holds them all.
 */
import type { ContactRecord } from "../modules/contact/model";
import type { DeletedDomain, DomainRecord } from "../modules/domain/model";
import type { ServiceRecord } from "../modules/service/model";
import type { CertificateRecord } from "../modules/ssl/model";

export interface AccountState {
  apiuser: string;
  apipasswd: string;
  clientName: string;
  /** Caller addresses allowed (spec "Authentication" 2); "*" allows any. */
  allowedIps: string[];
  balance: number;
  /** Low-balance notification level. */
  threshold: number;
  currency: string;
  /** Dynamic DNS key; absent = the API is "disabled" for dynamic DNS (spec "Authentication" 4). */
  dyndnsKey?: string;
  contacts: Record<string, ContactRecord>;
  /** Keyed by String(domainID). */
  domains: Record<string, DomainRecord>;
  deletedDomains: DeletedDomain[];
  /** Keyed by service name. */
  services: Record<string, ServiceRecord>;
  /** Keyed by String(certificateID). */
  certificates: Record<string, CertificateRecord>;
}

export interface World {
  schemaVersion: 1;
  /** Id counters by kind ("domain", "contact", "entity", "certificate", ...). */
  seq: Record<string, number>;
  accounts: Record<string, AccountState>;
  /** Clock offset persisted so a restart keeps advanced time. */
  clockOffsetMs: number;
}

export function newAccount(init: Pick<AccountState, "apiuser" | "apipasswd"> & Partial<AccountState>): AccountState {
  return {
    clientName: init.apiuser,
    allowedIps: ["127.0.0.1", "::1", "::ffff:127.0.0.1"],
    balance: 1000,
    threshold: 50,
    currency: "EUR",
    contacts: {},
    domains: {},
    deletedDomains: [],
    services: {},
    certificates: {},
    ...init,
  };
}

export function newWorld(accounts: AccountState[] = []): World {
  return {
    schemaVersion: 1,
    seq: {},
    accounts: Object.fromEntries(accounts.map((a) => [a.apiuser, a])),
    clockOffsetMs: 0,
  };
}

/** Next integer id of a kind; ids start at a realistic size and never repeat within a world. */
export function nextId(world: World, kind: string, start = 1000): number {
  const n = (world.seq[kind] ?? start) + 1;
  world.seq[kind] = n;
  return n;
}
