/**
 * The requests the vendor's WHMCS registrar module sends for the registrar lock and for domain
 * suggestions (tests/fixtures/whmcs-wire.json, issue 22), replayed over HTTPS: the answers are the
 * ones the module needs (lock offered only where the TLD has one; dotted TLDs and the SDK's TLD
 * list accepted).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { ownerData } from "./domain-fixture";
import { post } from "./server-helpers";

interface WireCase {
  name: string;
  path: string;
  form: Record<string, string>;
  needs: { success: boolean; present?: string[]; absent?: string[]; suggestTlds?: string[] };
}
const wire = JSON.parse(readFileSync(path.join(__dirname, "../fixtures/whmcs-wire.json"), "utf8")) as { cases: WireCase[] };

describe("emulator: the WHMCS module's requests (tests/fixtures/whmcs-wire.json)", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
    for (const domain of ["whmcs-lock.com", "whmcs-lock.es"]) {
      const r = await post(emu, "/domain/create/", { domain, ...ownerData() });
      expect(r.json.success, JSON.stringify(r.json.messages)).to.equal(true);
    }
    // Past register-init and register-pending (core/clock.ts DEFAULT_DELAYS).
    await emu.control.advanceClock(60);
  });
  after(() => emu?.close());

  for (const c of wire.cases) {
    it(c.name, async () => {
      const r = await post(emu, c.path, c.form);
      expect(r.status).to.equal(200);
      expect(r.json.success, JSON.stringify(r.json.messages)).to.equal(c.needs.success);
      const data = r.json.responseData as Record<string, any>;
      for (const member of c.needs.present ?? []) expect(data, member).to.have.property(member).that.is.a("boolean");
      for (const member of c.needs.absent ?? []) expect(data, member).to.not.have.property(member);
      if (c.needs.suggestTlds) {
        const words = Object.entries(data.suggests as Record<string, Record<string, unknown>>);
        expect(words.length).to.be.greaterThan(0);
        for (const [word, byTld] of words) {
          expect(Object.keys(byTld), word).to.have.members(c.needs.suggestTlds);
          for (const v of Object.values(byTld)) expect(v).to.be.a("boolean");
        }
      }
    });
  }
});
