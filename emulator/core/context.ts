/** What a handler receives besides its parsed parameters. */
import type { Operation, OperationName, ParsedParamsOf, Catalogue } from "../../sdk/catalogue";
import type { Clock } from "./clock";
import type { AccountState, World } from "./state";

/** The emulator's certificate authority (emulator/core/ca.ts). */
export interface CertificateAuthority {
  readonly certPem: string;
  /** Signs a CSR's public key for the given DNS names; returns the certificate PEM. */
  signCsr(csrPem: string, opts: { commonName: string; names: string[]; days: number; serial?: string }): string;
}

export interface HandlerContext {
  readonly world: World;
  readonly account: AccountState;
  readonly clock: Clock;
  /** Caller address. */
  readonly ip: string;
  readonly ca: CertificateAuthority;
  readonly operation: Operation;
  readonly version: string;
  /** Success messages to return in the envelope (spec: "on modifying operations a confirmation text"). */
  readonly messages: string[];
}

export type Handler<N extends OperationName> = (ctx: HandlerContext, params: ParsedParamsOf<N>) => unknown | Promise<unknown>;

/** One module's handlers, keyed by action; the router finds them by the catalogue's names. */
export type ModuleHandlers<M extends keyof Catalogue> = {
  [A in keyof Catalogue[M] & string]: Handler<`${M}/${A}` & OperationName>;
};

/** A module's time-driven transitions, run before every request with the clock's now. */
export type Ticker = (world: World, nowMs: number, clock: Clock) => void;
