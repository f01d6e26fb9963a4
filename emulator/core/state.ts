/**
 * The emulator's whole state ("world"): plain JSON data, so it can be persisted atomically and
 * reset by constructing it afresh (moto's model). Core knows an account's own members; each module
 * owns its records and adds its members to AccountState itself (declaration merging in
 * modules/<module>/model.ts) and registers their empty values with registerAccountSlice, so this
 * file imports no module.
 */

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
}

/** The members modules add to AccountState, each with a fresh empty value (called at module load). */
const slices = new Map<string, () => unknown>();

/** Registers a module's member of every new account, e.g. ("contacts", () => ({})). */
export function registerAccountSlice<K extends keyof AccountState>(key: K, empty: () => AccountState[K]): void {
  slices.set(key, empty);
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
  const empty = Object.fromEntries([...slices].map(([key, make]) => [key, make()]));
  return {
    clientName: init.apiuser,
    allowedIps: ["127.0.0.1", "::1", "::ffff:127.0.0.1"],
    balance: 1000,
    threshold: 50,
    currency: "EUR",
    ...empty,
    ...init,
  } as AccountState;
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
