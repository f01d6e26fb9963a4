/** Shared set-up of the service module tests: one account, dispatch() with response checking. */
import { expect } from "chai";
import { Clock } from "../../emulator/core/clock";
import type { CertificateAuthority } from "../../emulator/core/context";
import { type DispatchEnv, dispatch, type Envelope } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";

const noCa: CertificateAuthority = {
  certPem: "",
  signCsr: () => {
    throw new Error("no CA in service tests");
  },
};

export type Data = Record<string, any>;

export interface Fixture {
  env: DispatchEnv;
  account: AccountState;
  call(action: string, params?: Record<string, string>): Promise<Envelope>;
  ok(action: string, params?: Record<string, string>): Promise<Data>;
  fails(action: string, params: Record<string, string>, code: number): Promise<Envelope>;
}

export function fixture(balance = 5000): Fixture {
  const account = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1", balance });
  const env: DispatchEnv = {
    world: newWorld([account]),
    clock: new Clock({ serviceInitSec: 0, renewSec: 1 }),
    ca: noCa,
    random: new RandomSource(),
    modules,
    checkResponses: true,
  };
  const call = (action: string, params: Record<string, string> = {}) => dispatch(env, account, action, params, "198.51.100.4");
  return {
    env,
    account,
    call,
    async ok(action, params = {}) {
      const r = await call(action, params);
      expect(r.success, `${action}: ${r.errorCode} ${r.messages.join(" ")}`).to.equal(true);
      return r.responseData as Data;
    },
    async fails(action, params, code) {
      const r = await call(action, params);
      expect(r.errorCode, `${action}: ${r.messages.join(" ")}`).to.equal(code);
      expect(r.success).to.equal(false);
      expect(r.messages.length).to.be.greaterThan(0);
      return r;
    },
  };
}

/** A fixture with one service already bought. */
export async function withService(productkey = "basic", serviceName = "example.com"): Promise<Fixture> {
  const f = fixture();
  await f.ok("service/create", { serviceName, productkey });
  return f;
}
