/**
 * The emulator's clock: real time plus an offset that the control API advances, so pending states
 * (register-pending, transfer-pending, SSL validation, expiry) can be driven forward in tests.
 */
export interface Delays {
  /** Seconds from register-init to register-pending, and from register-pending to active. */
  registerInitSec: number;
  registerPendingSec: number;
  transferInitSec: number;
  /** Seconds a transfer stays in transferStatus set-auth before it is queued (default 0: passed at once). */
  transferSetAuthSec: number;
  /** Seconds a transfer stays queued before the registry completes (or refuses) it. */
  transferPendingSec: number;
  renewSec: number;
  serviceInitSec: number;
  sslValidationSec: number;
  /**
   * Seconds from a contact's creation (or a resent verification mail) to its verification outcome
   * by itself (verified; failed under .invalid). Negative (the default): never by itself, only on
   * request (control API contact/verification), so a contact's state changes only when a test says
   * so; 0 or more turns the timer on (`--contact-verification-seconds`).
   */
  contactVerificationSec: number;
}

export const DEFAULT_DELAYS: Delays = {
  registerInitSec: 1,
  registerPendingSec: 2,
  transferInitSec: 1,
  transferSetAuthSec: 0,
  transferPendingSec: 3,
  renewSec: 1,
  serviceInitSec: 0,
  sslValidationSec: 1,
  contactVerificationSec: -1,
};

export class Clock {
  offsetMs = 0;
  delays: Delays;
  constructor(delays: Partial<Delays> = {}) {
    this.delays = { ...DEFAULT_DELAYS, ...delays };
  }
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  now(): Date {
    return new Date(this.nowMs());
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** YYYY-MM-DD (spec "Conventions"). */
export function ymd(d: Date | number): string {
  return new Date(d).toISOString().slice(0, 10);
}

/** YYYY-MM-DD HH:MM:SS (history entries, promotions). */
export function ymdhms(d: Date | number): string {
  return new Date(d).toISOString().slice(0, 19).replace("T", " ");
}

/** Adds whole years to a YYYY-MM-DD date. */
export function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return ymd(d);
}
