/** What a handler receives besides its parsed parameters, and what a module gives the dispatcher. */
import type { Operation, OperationName, ParsedParamsOf, Catalogue } from "../../sdk/catalogue";
import type { Clock } from "./clock";
import type { RandomSource } from "./random";
import type { AccountState, World } from "./state";

/** The emulator's certificate authority (emulator/core/ca.ts). */
export interface CertificateAuthority {
  readonly certPem: string;
  /** Signs a CSR's public key for the given DNS names; returns the certificate PEM. */
  signCsr(csrPem: string, opts: { commonName: string; names: string[]; days: number; serial?: string }): string;
}

/** What time-driven transitions use besides the world: the clock (and its delays) and the random source. */
export interface TickContext {
  readonly clock: Clock;
  readonly random: RandomSource;
}

export interface HandlerContext extends TickContext {
  readonly world: World;
  readonly account: AccountState;
  /** Caller address. */
  readonly ip: string;
  readonly ca: CertificateAuthority;
  readonly operation: Operation;
  readonly version: string;
  /** Success messages to return in the envelope (spec: "on modifying operations a confirmation text"). */
  readonly messages: string[];
}

export type Handler<N extends OperationName> = (ctx: HandlerContext, params: ParsedParamsOf<N>) => unknown | Promise<unknown>;

/**
 * One module's handlers, keyed by action; the router finds them by the catalogue's names. An
 * operation that `wraps` another has none: the dispatcher calls the wrapped one's handler (a test,
 * tests/emulator/dispatch.test.ts, checks that every other operation has one).
 */
export type ModuleHandlers<M extends keyof Catalogue> = {
  [A in keyof Catalogue[M] & string]?: Handler<`${M}/${A}` & OperationName>;
};

/** A module's time-driven transitions, run before every request with the clock's now. */
export type Ticker = (world: World, nowMs: number, ctx: TickContext) => void;

/** Every module's handlers by module and action, and their tickers (assembled by emulator/modules). */
export interface EmulatorModules {
  readonly handlers: Readonly<Record<string, Readonly<Partial<Record<string, Handler<any>>>>>>;
  readonly tickers: readonly Ticker[];
}
