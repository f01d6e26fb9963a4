/**
 * Access rules of the API (spec "Rules of use" 3 and "Authentication"), in the order they apply:
 *
 * 1. Credentials: apiuser or apipasswd missing -> 200 "Login required"; unknown apiuser -> 1003;
 *    wrong password -> 1004 (codes: facts.md "Responses and errors").
 * 2. Caller address: not in the account's allowedIps ("*" allows any) -> 1007 "Account filtered".
 *    Our choice: 1007 rather than 1014, the first of the two "filtered" codes.
 * 3. A running block answers with the code that caused it until it expires.
 * 4. Usage limits (spec: "simultaneous accesses, operations and generated errors are monitored and
 *    limited"; "mass requests are detected in real time"); the numbers are not shown, so they are
 *    options with generous defaults. Exceeding one refuses the call and blocks the credentials for
 *    `blockSeconds`: simultaneous requests -> 1010, operations per minute -> 1011, errors per
 *    minute -> 1012, distinct names checked by domain/check or tool/domainsuggests in a window -> 1013.
 *
 * Usage is measured in real time (not the emulator clock, which tests advance to drive domains).
 * Counters live in memory: a restart or a reset clears them.
 */
import { fault } from "./errors";
import type { AccountState, World } from "./state";

export interface Limits {
  maxConcurrent: number;
  opsPerMinute: number;
  errorsPerMinute: number;
  /** Distinct names checked (domain/check, tool/domainsuggests) within checkWindowSeconds. */
  maxDistinctChecks: number;
  checkWindowSeconds: number;
  blockSeconds: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxConcurrent: 64,
  opsPerMinute: 20_000,
  errorsPerMinute: 5_000,
  maxDistinctChecks: 2_000,
  checkWindowSeconds: 60,
  blockSeconds: 30,
};

interface Usage {
  active: number;
  /** Timestamps (ms) of calls and of failed calls within the last minute. */
  calls: number[];
  errors: number[];
  checks: Map<string, number>;
  blockedUntil: number;
  blockCode: number;
}

/** Drops timestamps older than the window from the front of a sorted list. */
function prune(list: number[], since: number): void {
  let i = 0;
  while (i < list.length && list[i] < since) i++;
  if (i) list.splice(0, i);
}

export class AccessControl {
  limits: Limits;
  private usage = new Map<string, Usage>();
  constructor(limits: Partial<Limits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  reset(): void {
    this.usage.clear();
  }

  private of(apiuser: string): Usage {
    let u = this.usage.get(apiuser);
    if (!u) {
      u = { active: 0, calls: [], errors: [], checks: new Map(), blockedUntil: 0, blockCode: 0 };
      this.usage.set(apiuser, u);
    }
    return u;
  }

  /** Rules 1 and 2; throws an ApiFault. Never names the password in its messages. */
  authenticate(world: World, params: Record<string, string>, ip: string): AccountState {
    const user = params.apiuser ?? "";
    const pass = params.apipasswd ?? "";
    if (!user || !pass) throw fault(200, `Login required: send apiuser and apipasswd in the POST body${user ? "" : " (apiuser is missing)"}`);
    const account = Object.hasOwn(world.accounts, user) ? world.accounts[user] : undefined;
    if (!account) throw fault(1003, `Account ${user} does not exist`);
    if (account.apipasswd !== pass) throw fault(1004, `Invalid password for account ${user}`);
    const allowed = account.allowedIps.includes("*") || account.allowedIps.includes(ip) || account.allowedIps.includes(ip.replace(/^::ffff:/, ""));
    if (!allowed) throw fault(1007, `Account filtered: the address ${ip} is not registered for account ${user}`);
    return account;
  }

  /**
   * Rules 3 and 4 for a call about to run; on success the call counts as active until `finish`.
   * `checked` lists the names a domain/check or tool/domainsuggests call asks about.
   */
  admit(apiuser: string, checked: string[] = [], now = Date.now()): void {
    const u = this.of(apiuser);
    const L = this.limits;
    if (u.blockedUntil > now) throw fault(u.blockCode, `Account blocked until ${new Date(u.blockedUntil).toISOString()} after exceeding a usage limit`);
    const block = (code: number, why: string): never => {
      u.blockedUntil = now + L.blockSeconds * 1000;
      u.blockCode = code;
      // The block is the penalty: usage windows start afresh when it ends.
      u.calls.length = 0;
      u.errors.length = 0;
      throw fault(code, `Account blocked for ${L.blockSeconds} s: ${why}`);
    };
    if (u.active >= L.maxConcurrent) block(1010, `more than ${L.maxConcurrent} simultaneous requests`);
    prune(u.calls, now - 60_000);
    if (u.calls.length >= L.opsPerMinute) block(1011, `more than ${L.opsPerMinute} operations per minute`);
    prune(u.errors, now - 60_000);
    if (u.errors.length >= L.errorsPerMinute) block(1012, `more than ${L.errorsPerMinute} failed operations per minute`);
    if (checked.length) {
      const since = now - L.checkWindowSeconds * 1000;
      for (const [name, t] of u.checks) if (t < since) u.checks.delete(name);
      for (const name of checked) u.checks.set(name.toLowerCase(), now);
      if (u.checks.size > L.maxDistinctChecks) {
        u.checks.clear();
        block(1013, `mass availability checks (more than ${L.maxDistinctChecks} distinct names in ${L.checkWindowSeconds} s)`);
      }
    }
    u.calls.push(now);
    u.active++;
  }

  /** Ends a call admitted by `admit`; failed calls count towards the error limit. */
  finish(apiuser: string, failed: boolean, now = Date.now()): void {
    const u = this.of(apiuser);
    u.active = Math.max(0, u.active - 1);
    if (failed) u.errors.push(now);
  }
}
