/**
 * Outcomes set per name through the control API (issue 22 item 2): registered elsewhere or free,
 * premium with a price, the authcode the losing registrar holds, whatever the name's spelling; the
 * name magic ("taken", "premium", short labels, "wrong" in an authcode) only the default. Over
 * HTTPS, as a client sees it.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PERSON } from "../fixtures";
import { post } from "./server-helpers";

const OWNER = Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`ownerContact${k}`, v]));

describe("emulator: outcomes set per name (control API domain/outcome)", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator({ delays: { transferInitSec: 1, transferPendingSec: 1, registerInitSec: 1, registerPendingSec: 1 } });
  });
  after(() => emu?.close());

  const call = async (action: string, params: Record<string, string>) => (await post(emu, `/${action}/`, params)).json;
  const ok = async (action: string, params: Record<string, string>) => {
    const r = await call(action, params);
    expect(r.success, `${action}: ${r.errorCode} ${JSON.stringify(r.messages)}`).to.equal(true);
    return r.responseData;
  };
  const check = async (domain: string) => (await ok("domain/check", { domain })).domains[0];
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => "succeeded",
      (e: Error) => e.message,
    );

  it("taken: a plain name is registered elsewhere (check, create 2010, transfer accepted); taken false frees a name spelled taken", async () => {
    const plain = "plain-looking-example.com";
    expect((await check(plain)).available).to.equal(true);
    await emu.control.setNameOutcome(plain, { taken: true });
    expect((await check(plain)).available).to.equal(false);
    expect((await call("domain/create", { domain: plain, ...OWNER })).errorCode).to.equal(2010);
    expect((await ok("domain/checkfortransfer", { domain: plain })).domains[0].transferavail).to.equal(true);
    await ok("domain/transfer", { domain: plain, authcode: "Good-Code-123", ...OWNER });

    const spelled = "taken-but-free-example.com";
    expect((await check(spelled)).available).to.equal(false);
    await emu.control.setNameOutcome(spelled, { taken: false });
    expect((await check(spelled)).available).to.equal(true);
    await ok("domain/create", { domain: spelled, ...OWNER });
  });

  it("premium with a price: check shows it, create needs premium=true and charges it, renewals cost it; premium false makes a short name plain", async () => {
    const name = "luxury-example.com";
    await emu.control.setNameOutcome(name, { premium: true, price: 480.5 });
    expect(await check(name)).to.include({ available: true, premium: true, price: 480.5 });
    const refused = await call("domain/create", { domain: name, ...OWNER });
    expect(refused.errorCode).to.equal(2011);
    expect(refused.messages.join(" ")).to.include("480.50 EUR a year");
    const created = await ok("domain/create", { domain: name, premium: "true", period: "2", ...OWNER });
    expect(created.billing.total).to.equal(961);
    await emu.control.advanceClock(5);
    const info = await ok("domain/getinfo", { domain: name });
    const renewed = await ok("domain/renew", { domain: name, curExpDate: info.tsExpir, period: "1" });
    expect(renewed.billing.total).to.equal(480.5);

    const short = "abc.com";
    expect((await check(short)).premium).to.equal(true);
    await emu.control.setNameOutcome(short, { premium: false });
    expect(await check(short)).to.include({ premium: false, price: 11.95 });
    await ok("domain/create", { domain: short, ...OWNER });
  });

  it("authcode: only the code set for a name from outside transfers it, whatever its spelling", async () => {
    const name = "outside-held-example.com";
    const set = await emu.control.setNameOutcome(name, { taken: true, authcode: "wrong-looking-but-right" });
    // The control API does not echo the code back.
    expect(set).to.deep.equal({ taken: true, authcode: "[set]" });
    await ok("domain/transfer", { domain: name, authcode: "Perfectly-Good-123", ...OWNER });
    await emu.control.advanceClock(1);
    const cancelled = await ok("domain/getinfo", { domain: name });
    expect(cancelled).to.include({ status: "transfer-cancel", transferStatus: "cancelled" });
    await ok("domain/transferrestart", { domain: name, authcode: "wrong-looking-but-right" });
    await emu.control.advanceClock(2);
    expect(await ok("domain/getinfo", { domain: name })).to.include({ status: "active", transferStatus: "completed" });
  });

  it("clear goes back to the defaults; bad members are refused (400) naming the rule", async () => {
    const name = "cleared-example.com";
    await emu.control.setNameOutcome(name, { taken: true, transfer: "pending-tag" });
    expect(await emu.control.setNameOutcome(name, { clear: true })).to.deep.equal({});
    expect((await check(name)).available).to.equal(true);
    expect(await failure(emu.control.setNameOutcome(name, { taken: "maybe" as never }))).to.match(/HTTP 400: .*taken must be true or false/);
    expect(await failure(emu.control.setNameOutcome(name, { price: -3 }))).to.match(/HTTP 400: .*price must be a positive amount with at most 2 decimals/);
    expect(await failure(emu.control.setNameOutcome(name, { price: 10, premium: false }))).to.match(/HTTP 400: .*not with premium false/);
    expect(await failure(emu.control.setNameOutcome("not a name", { taken: true }))).to.match(/HTTP 400: .*domain: /);
  });
});
