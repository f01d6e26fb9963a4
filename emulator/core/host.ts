/**
 * What the request handlers (http/api.ts, control.ts, dyndns-http.ts) use of the running emulator,
 * so they depend on this and not on the server (EmulatorServer implements it; tests may pass any
 * object that does). Each handler file extends it with the little more it needs.
 */
import type { AccessControl } from "./access";
import type { Clock } from "./clock";
import type { Counters } from "./counters";
import type { DispatchEnv } from "./dispatch";
import type { Store } from "./store";

export interface Host {
  /** The World and its persistence. */
  readonly store: Store;
  readonly clock: Clock;
  /** Credentials, caller addresses and usage limits. */
  readonly access: AccessControl;
  readonly counters: Counters;
  /** What one API call runs with: the world now, clock, CA, random source, modules. */
  dispatchEnv(): DispatchEnv;
  log(line: string, error?: boolean): void;
}
