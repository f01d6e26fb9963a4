/**
 * A transfer that is cancelled and restarted (issue 22 item 4), through the real engine, on the
 * emulator's transfer state machine (emulator/modules/domain/transfer.ts): a wrong authcode ends in
 * transfer-cancel; `refresh` records it with the provider's warning; an `up` with a new authcode
 * restarts it with domain/transferrestart (Domain README: no new order, nothing charged, no
 * "$ CHARGE" at preview); the registry then refuses it (control API domain/outcome: cancelled), and
 * an `up` after the cause is gone restarts it again with the same authcode, and it completes. Over
 * the whole story one domain/transfer is sent and the balance drops by one transfer price.
 * Run `npm run build` first.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { countCalls, expectEmptyPlan, type Harness, OWNER, outputsOf, startHarness, writeCalls } from "./harness";

const NAME = "xfer-restart-taken.com";

describe("Domain transfer cancelled and restarted (engine, domain/transferrestart)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  let authcode = "wrong-code-1";
  // Steps long enough that only the emulator clock moves them (set-auth lasts 0 s by default).
  const D = { transferInitSec: 60, transferSetAuthSec: 60, transferPendingSec: 60 };
  const balance = async () => Number((await h.client.call("account/info")).balance);
  const transferStatus = async () => {
    const s = await h.client.call("domain/getinfo", { domain: NAME, infoType: "status" });
    return `${s.status}/${s.transferStatus}`;
  };
  /** The provider's money lines ("$ CHARGE ...") of a preview. */
  const previewMoney = async () => {
    const lines: string[] = [];
    const onEvent = (e: EngineEvent) => {
      for (const l of (e.diagnosticEvent?.message ?? "").split("\n")) if (/\[dondominio\] \$ /.test(l)) lines.push(l.trim());
    };
    const preview = await eng.stack.preview({ onEvent, color: "never" });
    return { summary: preview.changeSummary, lines };
  };

  before(async () => {
    h = await startHarness({ delays: D });
    eng = await h.stack(async () => {
      const { Domain } = h.pkg();
      const d = new Domain("incoming", { name: NAME, registration: "transfer", authcode, contacts: { owner: OWNER } });
      return { status: d.status };
    });
  });
  after(async () => h?.close());

  it("orders once, records transfer-cancel on refresh, restarts for free with a new authcode and again with the same one, and completes", async () => {
    const price = (await h.client.call("domain/checkfortransfer", { domain: NAME })).domains[0].price;
    expect(price).to.be.greaterThan(0);
    const start = await balance();

    // 1. The order: one domain/transfer, charged; waitFor "submitted" (a transfer's default) returns at transfer-init.
    const first = await countCalls(h, () => eng.stack.up());
    expect(writeCalls(first.calls)).to.deep.equal({ "domain/transfer": 1 });
    expect(outputsOf(eng, "incoming")).to.include({ status: "transfer-init", transferStatus: "init" });
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(price * 100));

    // 2. The losing side refuses the authcode: refresh records transfer-cancel and says what to do.
    await h.emu.control.advanceClock(D.transferInitSec);
    expect(await transferStatus()).to.equal("transfer-cancel/cancelled");
    const refreshed = await eng.stack.refresh();
    expect(outputsOf(eng, "incoming")).to.include({ status: "transfer-cancel", transferStatus: "cancelled" });
    expect(refreshed.stdout).to.match(
      /is transfer-cancel \(transfer cancelled\): it was not acquired; fix the cause and change authcode to restart a transfer/,
    );

    // 3. A new authcode: an update, no charge at preview; the up restarts the transfer (no new order, nothing spent).
    authcode = "Right-Code-123";
    const planned = await previewMoney();
    expect(planned.summary).to.deep.include({ update: 1 });
    expect(planned.lines, "a restart is free: no money line").to.deep.equal([]);
    // Meanwhile the registry will refuse this name's transfer (even with the right code).
    await h.emu.control.setNameOutcome(NAME, { transfer: "cancelled" });
    const restart = await countCalls(h, () => eng.stack.up());
    expect(writeCalls(restart.calls)).to.deep.equal({ "domain/transferrestart": 1 });
    expect(restart.result.stdout).to.include("transfer restarted");
    expect(outputsOf(eng, "incoming")).to.include({ status: "transfer-init", transferStatus: "init" });
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(price * 100));

    // 4. Accepted (set-auth), queued, then refused by the registry: cancelled again.
    await h.emu.control.advanceClock(D.transferInitSec);
    expect(await transferStatus()).to.equal("transfer-pending/set-auth");
    await h.emu.control.advanceClock(D.transferSetAuthSec);
    expect(await transferStatus()).to.equal("transfer-pending/queued");
    await h.emu.control.advanceClock(D.transferPendingSec);
    await eng.stack.refresh();
    expect(outputsOf(eng, "incoming")).to.include({ status: "transfer-cancel", transferStatus: "cancelled" });

    // 5. The cause gone, an up with the same authcode restarts it once more, and it completes.
    await h.emu.control.setNameOutcome(NAME, { clear: true });
    const again = await countCalls(h, () => eng.stack.up());
    expect(writeCalls(again.calls)).to.deep.equal({ "domain/transferrestart": 1 });
    await h.emu.control.advanceClock(D.transferInitSec + D.transferSetAuthSec + D.transferPendingSec);
    await eng.stack.refresh();
    expect(outputsOf(eng, "incoming")).to.include({ status: "active", transferStatus: "completed" });
    await expectEmptyPlan(eng);

    // One order over the whole story: one transfer price spent, the restarts free.
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(price * 100));
    const history = (await h.client.call("domain/gethistory", { domain: NAME })).history.map((x: { title: string }) => x.title);
    expect(history.filter((t: string) => t === "Transfer requested")).to.have.length(1);
    expect(history.filter((t: string) => t === "Transfer restarted")).to.have.length(2);
  });
});
