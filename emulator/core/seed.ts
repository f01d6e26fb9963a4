/**
 * The emulator's identity and seed worlds.
 *
 * Identity (`emulator.json` in the data directory, mode 0600): the demo account's apiuser,
 * generated apipasswd and dynamic DNS key. Generated on first start and kept, so restarts and
 * resets keep the same credentials. The control API (/_emulator/) has its own token instead
 * (EmulatorServer.controlToken, not stored).
 *
 * Default seed: account `demo` (balance 5000 EUR, loopback callers only, the identity's key) and
 * account `filtered` (same password, callers only from 192.0.2.1, a documentation address) for
 * tests of the address rule. A seed given as a World or as a list of partial accounts replaces the
 * default; the demo account is added to it when missing, so the returned credentials always work.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AccountState, newAccount, newWorld, type World } from "./state";

export interface Identity {
  apiUser: string;
  apiPasswd: string;
  dyndnsKey: string;
}

/** A seed: a whole World, or accounts (each at least apiuser and apipasswd). */
export type Seed = World | { accounts: Array<Partial<AccountState>> | Record<string, Partial<AccountState>> };

/** Default caller addresses of the demo account and the control API. */
export const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/**
 * A random credential. Never starting with "-": users paste it into command lines, where
 * `pulumi config set --secret dondominio:apiPasswd -Ab...` reads it as a flag (seen in a test run).
 */
function secret(bytes: number): string {
  for (;;) {
    const s = randomBytes(bytes).toString("base64url");
    if (!s.startsWith("-")) return s;
  }
}

export function loadOrCreateIdentity(dir: string): Identity {
  const file = join(dir, "emulator.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Identity;
  const id: Identity = { apiUser: "demo", apiPasswd: secret(18), dyndnsKey: secret(18) };
  writeFileSync(file, `${JSON.stringify(id, null, 2)}\n`, { mode: 0o600 });
  return id;
}

/** Reads a seed from a JSON file path, or returns the object given. */
export function readSeed(seed: string | Seed | undefined): Seed | undefined {
  if (typeof seed !== "string") return seed;
  return JSON.parse(readFileSync(seed, "utf8")) as Seed;
}

function demoAccount(id: Identity): AccountState {
  return newAccount({
    apiuser: id.apiUser,
    apipasswd: id.apiPasswd,
    dyndnsKey: id.dyndnsKey,
    clientName: "Demo Reseller S.L.",
    balance: 5000,
    allowedIps: [...LOOPBACK],
  });
}

/** Partial accounts -> full ones; throws naming the account when apiuser or apipasswd is missing. */
export function accountsOf(list: Array<Partial<AccountState>> | Record<string, Partial<AccountState>>): AccountState[] {
  const items = Array.isArray(list) ? list : Object.entries(list).map(([apiuser, a]) => ({ apiuser, ...a }));
  return items.map((a, i) => {
    if (typeof a.apiuser !== "string" || !a.apiuser) throw new Error(`seed accounts[${i}]: apiuser is required`);
    if (a.apiuser === "__proto__") throw new Error(`seed accounts[${i}]: apiuser __proto__ is not allowed`);
    if (typeof a.apipasswd !== "string" || !a.apipasswd) throw new Error(`seed account ${a.apiuser}: apipasswd is required`);
    return newAccount(a as AccountState);
  });
}

function isWorld(seed: Seed): seed is World {
  return (seed as World).schemaVersion === 1;
}

export function buildWorld(id: Identity, seed?: Seed): World {
  let world: World;
  if (!seed) {
    world = newWorld([
      demoAccount(id),
      newAccount({ apiuser: "filtered", apipasswd: id.apiPasswd, clientName: "Filtered Reseller", allowedIps: ["192.0.2.1"] }),
    ]);
  } else if (isWorld(seed)) {
    world = structuredClone(seed);
    world.seq ??= {};
    world.clockOffsetMs ??= 0;
  } else {
    world = newWorld(accountsOf(seed.accounts ?? []));
  }
  if (!Object.hasOwn(world.accounts, id.apiUser)) world.accounts[id.apiUser] = demoAccount(id);
  return world;
}
