/** Shared set-up of the ssl module tests: one account, a real CA, dispatch() with response checking. */
import { expect } from "chai";
import { Ca, createCa } from "../../emulator/core/ca";
import { Clock } from "../../emulator/core/clock";
import { type DispatchEnv, dispatch, type Envelope } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";
import { CSR_SUBJECT } from "../fixtures";

export type Data = Record<string, any>;

let sharedCa: Ca | undefined;
/** One CA for all ssl tests (RSA key generation is the slow part). */
export function testCa(): Ca {
  sharedCa ??= new Ca(createCa());
  return sharedCa;
}

export const ADMIN = {
  adminContactType: "individual",
  adminContactFirstName: "Ana",
  adminContactLastName: "García",
  adminContactIdentNumber: "12345678Z",
  adminContactEmail: "ana@example.com",
  adminContactPhone: "+34.931234567",
  adminContactAddress: "Calle Mayor 1",
  adminContactPostalCode: "08001",
  adminContactCity: "Barcelona",
  adminContactState: "Barcelona",
  adminContactCountry: "ES",
};

export interface SslFixture {
  env: DispatchEnv;
  account: AccountState;
  call(action: string, params?: Record<string, string>): Promise<Envelope>;
  ok(action: string, params?: Record<string, string>): Promise<Data>;
  fails(action: string, params: Record<string, string>, code: number): Promise<Envelope>;
  /** ssl/csrcreate for a common name: { csrData, keyData }. */
  csr(commonName: string): Promise<{ csrData: string; keyData: string }>;
  /** ssl/create with the admin contact data; answers responseData.ssl. */
  order(params: Record<string, string>): Promise<Data>;
  advance(seconds: number): void;
}

export function sslFixture(balance = 2000): SslFixture {
  const account = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1", balance });
  const env: DispatchEnv = {
    world: newWorld([account]),
    clock: new Clock({ sslValidationSec: 30, serviceInitSec: 0 }),
    ca: testCa(),
    random: new RandomSource(),
    modules,
    checkResponses: true,
  };
  const call = (action: string, params: Record<string, string> = {}) => dispatch(env, account, action, params, "127.0.0.1");
  const ok = async (action: string, params: Record<string, string> = {}) => {
    const r = await call(action, params);
    expect(r.success, `${action}: ${r.errorCode} ${r.messages.join(" ")}`).to.equal(true);
    return r.responseData as Data;
  };
  return {
    env,
    account,
    call,
    ok,
    async fails(action, params, code) {
      const r = await call(action, params);
      expect(r.errorCode, `${action}: ${r.messages.join(" ")}`).to.equal(code);
      expect(r.success).to.equal(false);
      expect(r.messages.length).to.be.greaterThan(0);
      return r;
    },
    async csr(commonName) {
      const d = await ok("ssl/csrcreate", { commonName, ...CSR_SUBJECT });
      return { csrData: d.csrData, keyData: d.keyData };
    },
    async order(params) {
      return (await ok("ssl/create", { ...ADMIN, ...params })).ssl;
    },
    advance(seconds) {
      env.clock.advance(seconds);
    },
  };
}
