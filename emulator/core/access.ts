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
 * 5. Failed logins (200, 1003, 1004, 1007) count as failed operations of the caller's address, and
 *    a wrong password (1004) also as one of the account's: either passing `errorsPerMinute` blocks
 *    with 1012 for `blockSeconds` (spec: "exceeding the limits may block the credentials
 *    temporarily"). A blocked address or account answers 1012 before its password is checked, so a
 *    block does not reveal whether a guess was right.
 *
 * 6. The dynamic DNS endpoint's key is a credential too: a refused update (unknown user, dynamic DNS
 *    disabled, wrong or missing key) counts as a failed login of the caller's address, and a wrong
 *    key also as one of the account's, in the same tables as the API's logins (gateDyndns,
 *    dyndnsFailed): failures on either endpoint add up, and a block on one refuses the other too. A
 *    blocked address or account is refused before its key is checked. The account's allowedIps do
 *    not apply there (a dynamic DNS client's address is what changes).
 *
 * The control API (/_emulator/) has its own usage per caller address under the same limits
 * (admitControl/finishControl), so tests that drive an account into a block can still reset.
 *
 * Usage is measured in real time (not the emulator clock, which tests advance to drive domains).
 * Counters live in memory: a restart or a reset clears them. Secrets are compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { fault } from "./errors";
import type { AccountState, World } from "./state";
import { ErrorCode } from "../../sdk/core/error-codes";

/** Constant-time comparison of two secrets of any lengths (both hashed to 32 bytes first). */
export function sameSecret(given: string, expected: string): boolean {
  const h = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(h(given), h(expected));
}

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

/** Usage tables are pruned of idle entries when they grow past this many. */
const MAX_TRACKED = 10_000;

export class AccessControl {
  limits: Limits;
  /** Per apiuser: calls, failed calls and wrong passwords. */
  private users = new Map<string, Usage>();
  /** Per caller address: failed logins. */
  private addresses = new Map<string, Usage>();
  /** Per caller address: calls to the control API. */
  private control = new Map<string, Usage>();
  constructor(limits: Partial<Limits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  reset(): void {
    this.users.clear();
    this.addresses.clear();
    this.control.clear();
  }

  private of(table: Map<string, Usage>, key: string, now: number): Usage {
    let u = table.get(key);
    if (!u) {
      if (table.size >= MAX_TRACKED) {
        for (const [k, v] of table)
          if (v.active === 0 && v.blockedUntil <= now && (v.calls.at(-1) ?? 0) < now - 60_000 && (v.errors.at(-1) ?? 0) < now - 60_000) table.delete(k);
      }
      u = { active: 0, calls: [], errors: [], checks: new Map(), blockedUntil: 0, blockCode: 0 };
      table.set(key, u);
    }
    return u;
  }

  /** Blocks `u` for blockSeconds with `code`; throws that code. */
  private block(u: Usage, code: number, why: string, now: number): never {
    const L = this.limits;
    u.blockedUntil = now + L.blockSeconds * 1000;
    u.blockCode = code;
    // The block is the penalty: usage windows start afresh when it ends.
    u.calls.length = 0;
    u.errors.length = 0;
    throw fault(code, `Blocked for ${L.blockSeconds} s: ${why}`);
  }

  /**
   * A running block of any of `usages`, or too many failures in the last minute: then every one
   * over the limit is blocked at once with 1012 (one penalty, not one after the other).
   */
  private gate(usages: Array<[Usage | undefined, string]>, now: number): void {
    for (const [u, who] of usages) {
      if (u && u.blockedUntil > now) throw fault(u.blockCode, `${who} blocked until ${new Date(u.blockedUntil).toISOString()} after exceeding a usage limit`);
    }
    const limit = this.limits.errorsPerMinute;
    const over = usages.filter(([u]) => {
      if (!u) return false;
      prune(u.errors, now - 60_000);
      return u.errors.length >= limit;
    });
    if (over.length === 0) return;
    for (const [u] of over.slice(1)) {
      u!.blockedUntil = now + this.limits.blockSeconds * 1000;
      u!.blockCode = ErrorCode.BLOCKED_ERRORS_RATE;
      u!.errors.length = 0;
    }
    this.block(over[0][0]!, ErrorCode.BLOCKED_ERRORS_RATE, `${over[0][1]}: more than ${limit} failed operations per minute`, now);
  }

  private loginFailed(ip: string, apiuser: string | undefined, now: number): void {
    this.of(this.addresses, ip, now).errors.push(now);
    if (apiuser !== undefined) this.of(this.users, apiuser, now).errors.push(now);
  }

  /**
   * Rules 1, 2 and 5; throws an ApiFault. Never names the password in its messages. A failed login
   * counts towards the errors-per-minute limit of the caller's address (and, for a wrong password,
   * of the account); a blocked address or account is refused before its password is checked.
   */
  authenticate(world: World, params: Record<string, string>, ip: string, now = Date.now()): AccountState {
    const user = params.apiuser ?? "";
    const pass = params.apipasswd ?? "";
    const account = user && Object.hasOwn(world.accounts, user) ? world.accounts[user] : undefined;
    this.gate(
      [
        [this.addresses.get(ip), `Address ${ip}`],
        [account ? this.users.get(user) : undefined, `Account ${user}`],
      ],
      now,
    );
    if (!user || !pass) {
      this.loginFailed(ip, undefined, now);
      throw fault(ErrorCode.LOGIN_REQUIRED, `Login required: send apiuser and apipasswd in the POST body${user ? "" : " (apiuser is missing)"}`);
    }
    if (!account) {
      this.loginFailed(ip, undefined, now);
      throw fault(ErrorCode.ACCOUNT_NOT_EXISTS, `Account ${user} does not exist`);
    }
    if (typeof account.apipasswd !== "string" || !sameSecret(pass, account.apipasswd)) {
      this.loginFailed(ip, user, now);
      throw fault(ErrorCode.ACCOUNT_INVALID_PASS, `Invalid password for account ${user}`);
    }
    const allowed = account.allowedIps.includes("*") || account.allowedIps.includes(ip) || account.allowedIps.includes(ip.replace(/^::ffff:/, ""));
    if (!allowed) {
      this.loginFailed(ip, undefined, now);
      throw fault(ErrorCode.ACCOUNT_FILTERED, `Account filtered: the address ${ip} is not registered for account ${user}`);
    }
    return account;
  }

  /**
   * Rule 6, before a dynamic DNS update checks its key: throws an ApiFault (1012, or the running
   * block's code) when the caller's address or the account named (`apiuser`, only when it is an
   * account) is blocked or has reached errorsPerMinute failures.
   */
  gateDyndns(ip: string, apiuser: string | undefined, now = Date.now()): void {
    this.gate(
      [
        [this.addresses.get(ip), `Address ${ip}`],
        [apiuser !== undefined ? this.users.get(apiuser) : undefined, `Account ${apiuser}`],
      ],
      now,
    );
  }

  /** Rule 6: a refused dynamic DNS authentication; `apiuser` when the key was wrong for that account. */
  dyndnsFailed(ip: string, apiuser: string | undefined, now = Date.now()): void {
    this.loginFailed(ip, apiuser, now);
  }

  /**
   * Rules 3 and 4 for a call about to run; on success the call counts as active until `finish`.
   * `checked` lists the names a domain/check or tool/domainsuggests call asks about.
   */
  admit(apiuser: string, checked: string[] = [], now = Date.now()): void {
    this.admitIn(this.of(this.users, apiuser, now), `Account ${apiuser}`, checked, now);
  }

  /** Ends a call admitted by `admit`; failed calls count towards the error limit. */
  finish(apiuser: string, failed: boolean, now = Date.now()): void {
    this.finishIn(this.of(this.users, apiuser, now), failed, now);
  }

  /** The same limits for a control API call from `ip`; throws an ApiFault with the block's code. */
  admitControl(ip: string, now = Date.now()): void {
    this.admitIn(this.of(this.control, ip, now), `Control API caller ${ip}`, [], now);
  }

  finishControl(ip: string, failed: boolean, now = Date.now()): void {
    this.finishIn(this.of(this.control, ip, now), failed, now);
  }

  private admitIn(u: Usage, who: string, checked: string[], now: number): void {
    const L = this.limits;
    this.gate([[u, who]], now);
    if (u.active >= L.maxConcurrent) this.block(u, ErrorCode.BLOCKED_CONCURRENCY, `${who}: more than ${L.maxConcurrent} simultaneous requests`, now);
    prune(u.calls, now - 60_000);
    if (u.calls.length >= L.opsPerMinute) this.block(u, ErrorCode.BLOCKED_OPERATIONS_RATE, `${who}: more than ${L.opsPerMinute} operations per minute`, now);
    if (checked.length) {
      const since = now - L.checkWindowSeconds * 1000;
      for (const [name, t] of u.checks) if (t < since) u.checks.delete(name);
      for (const name of checked) u.checks.set(name.toLowerCase(), now);
      if (u.checks.size > L.maxDistinctChecks) {
        u.checks.clear();
        this.block(
          u,
          ErrorCode.BLOCKED_MASS_CHECKS,
          `${who}: mass availability checks (more than ${L.maxDistinctChecks} distinct names in ${L.checkWindowSeconds} s)`,
          now,
        );
      }
    }
    u.calls.push(now);
    u.active++;
  }

  private finishIn(u: Usage, failed: boolean, now: number): void {
    u.active = Math.max(0, u.active - 1);
    if (failed) u.errors.push(now);
  }
}
