/** Shared set-up of the domain module tests: a world of two accounts driven through dispatch(). */
import { expect } from "chai";
import { Clock } from "../../emulator/core/clock";
import type { CertificateAuthority } from "../../emulator/core/context";
import { type DispatchEnv, dispatch, type Envelope } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";
import { PERSON } from "../fixtures";

const noCa: CertificateAuthority = {
  certPem: "",
  signCsr: () => {
    throw new Error("no CA in domain tests");
  },
};

export const DAY = 86_400;

/** An individual owner given as data (CONTACTS block, prefix owner). */
export function ownerData(prefix = "owner", overrides: Record<string, string> = {}): Record<string, string> {
  const data: Record<string, string> = { ...PERSON, ...overrides };
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [`${prefix}Contact${k}`, v]));
}

export interface Fixture {
  env: DispatchEnv;
  alice: AccountState;
  bob: AccountState;
  clock: Clock;
  /** Calls as alice (or the given account). */
  call(action: string, params?: Record<string, string>, as?: AccountState): Promise<Envelope>;
  /** Calls and expects success; returns responseData. */
  ok(action: string, params?: Record<string, string>, as?: AccountState): Promise<Record<string, any>>;
  /** Calls and expects the error code; returns the messages joined. */
  fails(code: number, action: string, params?: Record<string, string>, as?: AccountState): Promise<string>;
  /** Registers a name and advances the clock until it is active. */
  register(name: string, params?: Record<string, string>, as?: AccountState): Promise<Record<string, any>>;
  /** Advances the emulator clock (seconds) and lets the tickers run. */
  advance(seconds: number): Promise<void>;
}

export function fixture(): Fixture {
  const alice = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1", balance: 5000 });
  const bob = newAccount({ apiuser: "bob", apipasswd: "pw-bob-1", balance: 5000 });
  const clock = new Clock();
  const env: DispatchEnv = { world: newWorld([alice, bob]), clock, ca: noCa, random: new RandomSource(), modules, checkResponses: true };
  const f: Fixture = {
    env,
    alice,
    bob,
    clock,
    call: (action, params = {}, as = alice) => dispatch(env, as, action, params, "127.0.0.1"),
    async ok(action, params = {}, as = alice) {
      const r = await f.call(action, params, as);
      expect(r.success, `${action}: ${r.errorCode} ${JSON.stringify(r.messages)}`).to.equal(true);
      expect(r.errorCode).to.equal(0);
      return r.responseData as Record<string, any>;
    },
    async fails(code, action, params = {}, as = alice) {
      const r = await f.call(action, params, as);
      expect(r.success, `${action} should fail with ${code}`).to.equal(false);
      expect(r.errorCode, JSON.stringify(r.messages)).to.equal(code);
      expect(r.responseData).to.deep.equal([]);
      return r.messages.join(" | ");
    },
    async register(name, params = {}, as = alice) {
      const created = await f.ok("domain/create", { domain: name, ...ownerData(), ...params }, as);
      await f.advance(clock.delays.registerInitSec + clock.delays.registerPendingSec);
      const info = await f.ok("domain/getinfo", { domainID: String(created.domains[0].domainID) }, as);
      expect(info.status).to.equal("active");
      return info;
    },
    async advance(seconds) {
      clock.advance(seconds);
      await f.call("tool/hello");
    },
  };
  return f;
}
