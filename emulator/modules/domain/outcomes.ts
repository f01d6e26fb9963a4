/**
 * Outcomes set per name beforehand (control API `domain/outcome`): what the world outside the
 * emulator decides about a name: whether it is registered elsewhere, premium and at what price,
 * the authcode its registrar holds, and how a registration or transfer of it ends at the registry.
 * Kept in the World (reset clears them), keyed by the name's punycode, for every account. A name
 * without an outcome follows the defaults by spelling (model.ts) and time (lifecycle.ts, transfer.ts).
 */
import type { World } from "../../core/state";

/** How a registration ends at register-pending (default completed). */
export type RegistrationOutcome = "completed" | "cancelled";

/**
 * How a transfer whose authcode was accepted goes on (default completed): through queued to active
 * (completed) or to transfer-cancel (cancelled: the registry refuses), or it stops at a transferStatus
 * that waits on someone outside (pending-auth, pending-tag, pending-registry) until a request moves it.
 */
export type TransferOutcome = "completed" | "cancelled" | "pending-auth" | "pending-tag" | "pending-registry";

export const REGISTRATION_OUTCOMES: readonly RegistrationOutcome[] = ["completed", "cancelled"];
export const TRANSFER_OUTCOMES: readonly TransferOutcome[] = ["completed", "cancelled", "pending-auth", "pending-tag", "pending-registry"];

export interface NameOutcome {
  registration?: RegistrationOutcome;
  transfer?: TransferOutcome;
  /** Registered at a registrar outside the emulator (true) or free (false), whatever the spelling. */
  taken?: boolean;
  /** A premium name (true) or not (false), whatever the spelling. */
  premium?: boolean;
  /** A premium name's yearly price, for registrations and renewals (implies premium). */
  price?: number;
  /** The authcode the losing registrar holds for a name from outside: a transfer with another is refused. */
  authcode?: string;
}

declare module "../../core/state" {
  interface World {
    /** Outcomes set per name (punycode) through the control API; absent in worlds written before them. */
    nameOutcomes?: Record<string, NameOutcome>;
  }
}

/** The outcome set for `punycode`, or {} (the defaults). */
export function outcomeOf(world: World, punycode: string): NameOutcome {
  const all = world.nameOutcomes;
  return all && Object.hasOwn(all, punycode) ? all[punycode] : {};
}

/** Merges `outcome` into the name's (a member given as undefined goes back to the default); {} removes it. */
export function setOutcome(world: World, punycode: string, outcome: NameOutcome): NameOutcome {
  world.nameOutcomes ??= {};
  const all = world.nameOutcomes;
  const next: NameOutcome = { ...outcomeOf(world, punycode), ...outcome };
  for (const k of Object.keys(next) as (keyof NameOutcome)[]) if (next[k] === undefined) delete next[k];
  if (Object.keys(next).length === 0) delete all[punycode];
  else Object.defineProperty(all, punycode, { value: next, enumerable: true, writable: true, configurable: true });
  return next;
}

/** Removes every outcome set for `punycode` (the defaults apply again). */
export function clearOutcome(world: World, punycode: string): void {
  if (world.nameOutcomes && Object.hasOwn(world.nameOutcomes, punycode)) delete world.nameOutcomes[punycode];
}
