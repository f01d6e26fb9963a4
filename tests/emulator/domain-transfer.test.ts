/**
 * Domain transfer and registration as state machines the tests drive (issue 22 item 2): every
 * status and transferStatus of the spec, reached at once, after time (the emulator clock) or on
 * request (control API domain/transition, domain/outcome set beforehand); register-cancel and
 * transfer-cancel reachable; domain/transferrestart from a cancelled or stalled transfer, free.
 * Over HTTPS, as a client sees it.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PERSON } from "../fixtures";
import { post } from "./server-helpers";

const OWNER = Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`ownerContact${k}`, v]));

async function ok(emu: RunningEmulator, action: string, params: Record<string, string>): Promise<Record<string, any>> {
  const r = await post(emu, `/${action}/`, params);
  expect(r.json.success, `${action}: ${r.json.errorCode} ${JSON.stringify(r.json.messages)}`).to.equal(true);
  return r.json.responseData;
}
async function state(emu: RunningEmulator, domain: string): Promise<{ status: string; transferStatus: string }> {
  const info = await ok(emu, "domain/getinfo", { domain, infoType: "status" });
  return { status: info.status, transferStatus: info.transferStatus };
}
const balance = async (emu: RunningEmulator) => (await ok(emu, "account/info", {})).balance as number;
const transfer = (emu: RunningEmulator, domain: string, authcode = "Good-Code-123") => ok(emu, "domain/transfer", { domain, authcode, ...OWNER });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => "succeeded",
    (e: Error) => e.message,
  );

describe("emulator: domain transfer and registration state machines (control API domain/transition, domain/outcome)", () => {
  let emu: RunningEmulator;
  // set-auth lasts 2 s here (default 0: passed at once), so each step can be seen.
  const D = { transferInitSec: 1, transferSetAuthSec: 2, transferPendingSec: 3, registerInitSec: 1, registerPendingSec: 2 };
  before(async () => {
    emu = await startEmulator({ delays: D });
  });
  after(() => emu?.close());

  it("passes init -> set-auth -> queued -> completed by time, each step in the history", async () => {
    const name = "taken-steps.com";
    await transfer(emu, name);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-init", transferStatus: "init" });
    await emu.control.advanceClock(D.transferInitSec);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-pending", transferStatus: "set-auth" });
    await emu.control.advanceClock(D.transferSetAuthSec);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-pending", transferStatus: "queued" });
    await emu.control.advanceClock(D.transferPendingSec);
    expect(await state(emu, name)).to.deep.equal({ status: "active", transferStatus: "completed" });
    const history = (await ok(emu, "domain/gethistory", { domain: name })).history.map((h: { message: string }) => h.message).join("\n");
    expect(history).to.match(/\(set-auth\)[\s\S]*\(queued\)[\s\S]*completed/);
  });

  for (const waiting of ["pending-auth", "pending-tag", "pending-registry"] as const) {
    it(`stops at ${waiting} (outcome set beforehand) however long, until a request moves it on`, async () => {
      const name = `taken-${waiting}.com`;
      expect(await emu.control.setNameOutcome(name, { transfer: waiting })).to.deep.equal({ transfer: waiting });
      await transfer(emu, name);
      await emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec);
      expect(await state(emu, name)).to.deep.equal({ status: "transfer-pending", transferStatus: waiting });
      await emu.control.advanceClock(30 * 86_400);
      expect(await state(emu, name)).to.deep.equal({ status: "transfer-pending", transferStatus: waiting });
      // On request: queued, then completed by time (the outcome only decides where set-auth goes).
      const moved = await emu.control.transitionDomain(emu.apiUser, name, { transferStatus: "queued" });
      expect(moved).to.deep.include({ transferStatus: "queued", held: false });
      expect(moved.domain.status).to.equal("transfer-pending");
      await emu.control.advanceClock(D.transferPendingSec);
      const info = await ok(emu, "domain/getinfo", { domain: name, infoType: "status" });
      expect(info).to.include({ status: "active", transferStatus: "completed" });
      expect(info.tsCreate).to.match(/^\d{4}-\d{2}-\d{2}$/);
    });
  }

  it("restarts a transfer stalled at pending-auth with domain/transferrestart, free", async () => {
    const name = "taken-stalled.com";
    await emu.control.setNameOutcome(name, { transfer: "pending-auth" });
    await transfer(emu, name);
    await emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec);
    expect((await state(emu, name)).transferStatus).to.equal("pending-auth");
    await emu.control.setNameOutcome(name, { clear: true });
    const before = await balance(emu);
    const restarted = await ok(emu, "domain/transferrestart", { domain: name, authcode: "Other-Code-456" });
    expect(restarted.status).to.equal("transfer-init");
    expect(await balance(emu)).to.equal(before);
    await emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec + D.transferPendingSec);
    expect(await state(emu, name)).to.deep.equal({ status: "active", transferStatus: "completed" });
  });

  it("ends in transfer-cancel when the registry refuses (outcome cancelled); a restart after the outcome is cleared completes, charged once", async () => {
    const name = "taken-refused.com";
    await emu.control.setNameOutcome(name, { transfer: "cancelled" });
    const start = await balance(emu);
    const order = await transfer(emu, name);
    expect(order.billing.total).to.equal(10.95);
    await emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec + D.transferPendingSec);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-cancel", transferStatus: "cancelled" });
    const history = (await ok(emu, "domain/gethistory", { domain: name })).history.map((h: { message: string }) => h.message).join("\n");
    expect(history).to.include("The registry refused the transfer: restart it with domain/transferrestart");
    await emu.control.setNameOutcome(name, { clear: true });
    await ok(emu, "domain/transferrestart", { domain: name });
    await emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec + D.transferPendingSec);
    expect(await state(emu, name)).to.deep.equal({ status: "active", transferStatus: "completed" });
    expect(Math.round((start - (await balance(emu))) * 100)).to.equal(1095);
  });

  it("moves a transfer on request to any pending transferStatus, to cancelled or to completed, and holds it", async () => {
    const name = "taken-driven.com";
    await transfer(emu, name);
    // Held at init: no move by time.
    expect(await emu.control.transitionDomain(emu.apiUser, name, { status: "transfer-init", hold: true })).to.deep.include({ held: true });
    await emu.control.advanceClock(3600);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-init", transferStatus: "init" });
    for (const ts of ["set-auth", "pending-registry", "queued"]) {
      await emu.control.transitionDomain(emu.apiUser, name, { status: "transfer-pending", transferStatus: ts, hold: true });
      await emu.control.advanceClock(3600);
      expect(await state(emu, name)).to.deep.equal({ status: "transfer-pending", transferStatus: ts });
    }
    await emu.control.transitionDomain(emu.apiUser, name, { transferStatus: "cancelled" });
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-cancel", transferStatus: "cancelled" });
    await ok(emu, "domain/transferrestart", { domain: name });
    const done = await emu.control.transitionDomain(emu.apiUser, name, { status: "active" });
    expect(done).to.deep.include({ transferStatus: "completed", held: false });
    const info = await ok(emu, "domain/getinfo", { domain: name, infoType: "status" });
    expect(info.status).to.equal("active");
    expect(info.tsCreate).to.match(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("ends a registration in register-cancel (outcome cancelled, or on request); the charge stays and nothing restarts it", async () => {
    const refused = "refused-by-registry.com";
    await emu.control.setNameOutcome(refused, { registration: "cancelled" });
    const start = await balance(emu);
    const order = await ok(emu, "domain/create", { domain: refused, ...OWNER });
    await emu.control.advanceClock(D.registerInitSec);
    expect((await state(emu, refused)).status).to.equal("register-pending");
    await emu.control.advanceClock(D.registerPendingSec);
    const info = await ok(emu, "domain/getinfo", { domain: refused, infoType: "status" });
    expect(info).to.include({ status: "register-cancel", tsCreate: "" });
    expect(Math.round((start - (await balance(emu))) * 100)).to.equal(Math.round(order.billing.total * 100));
    const history = (await ok(emu, "domain/gethistory", { domain: refused })).history.map((h: { message: string }) => h.message).join("\n");
    expect(history).to.include("The registry refused the registration");
    expect(await failure(emu.control.transitionDomain(emu.apiUser, refused, { status: "active" }))).to.match(
      /HTTP 409: .*register-cancel: only a registration or transfer in progress/,
    );

    const driven = "cancelled-on-request.com";
    await ok(emu, "domain/create", { domain: driven, ...OWNER });
    await emu.control.transitionDomain(emu.apiUser, driven, { status: "register-cancel" });
    await emu.control.advanceClock(3600);
    expect((await state(emu, driven)).status).to.equal("register-cancel");
    // And the other way: a registration completed on request gets its dates at once.
    const quick = "completed-on-request.com";
    await ok(emu, "domain/create", { domain: quick, period: "2", ...OWNER });
    await emu.control.transitionDomain(emu.apiUser, quick, { status: "active" });
    const active = await ok(emu, "domain/getinfo", { domain: quick, infoType: "status" });
    expect(active.status).to.equal("active");
    expect(Number(active.tsExpir.slice(0, 4)) - Number(active.tsCreate.slice(0, 4))).to.equal(2);
  });

  it("refuses moves the machine does not have (409), unknown accounts and domains (404) and bad outcomes (400), naming what is wrong", async () => {
    const name = "taken-refusals.com";
    await transfer(emu, name);
    const move = (to: Record<string, unknown>, account = emu.apiUser, domain = name) => failure(emu.control.transitionDomain(account, domain, to));
    expect(await move({ status: "register-pending" })).to.match(
      /HTTP 409: .*transfer-init: it can move to transfer-init, transfer-pending, active, transfer-cancel on request, not register-pending/,
    );
    expect(await move({ status: "transfer-pending" })).to.match(
      /HTTP 409: .*send transferStatus for transfer-pending: one of set-auth, queued, pending-auth, pending-tag, pending-registry/,
    );
    expect(await move({ transferStatus: "lost" })).to.match(/HTTP 409: .*transferStatus must be one of init, set-auth, queued/);
    expect(await move({ status: "transfer-cancel", transferStatus: "completed" })).to.match(
      /HTTP 409: .*transferStatus completed does not go with status transfer-cancel/,
    );
    expect(await move({ status: "active", hold: true })).to.match(/HTTP 409: .*hold applies to a registration or transfer in progress/);
    expect(await move({ status: "active" }, "nobody")).to.match(/HTTP 404: .*account nobody does not exist/);
    expect(await move({ status: "active" }, emu.apiUser, "not-here.com")).to.match(/HTTP 404: .*not-here\.com not found/);
    expect(await state(emu, name)).to.deep.equal({ status: "transfer-init", transferStatus: "init" });
    expect(await failure(emu.control.setNameOutcome(name, { transfer: "lost" as "completed" }))).to.match(
      /HTTP 400: .*transfer must be one of completed, cancelled, pending-auth, pending-tag, pending-registry/,
    );
    expect(await failure(emu.control.setNameOutcome("no-tld.invalidtld", { registration: "cancelled" }))).to.match(/HTTP 400: .*domain: TLD \.invalidtld/);
    // A transfer in progress is not restarted (2012), naming where it is.
    const early = (await post(emu, "/domain/transferrestart/", { domain: name })).json;
    expect(early.errorCode).to.equal(2012);
    expect(early.messages.join(" ")).to.include("is in status transfer-init (transfer init)");
  });
});
