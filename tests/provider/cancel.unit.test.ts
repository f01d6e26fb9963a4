/**
 * Cancellation (provider/core/cancel.ts, the sdk client's `signal`): a wait ends at once as a
 * timeout does, so the caller records what exists; a call queued in the limiter is refused and never
 * sent; a read in flight is no longer waited for; a write already sent is awaited (its reply decides
 * what is recorded), against the emulator's `hold` fault.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { cancelAll, isCancelled, resetCancelForTests } from "../../provider/core/cancel";
import { waitUntil } from "../../provider/core/wait";
import { DonDominioClient } from "../../sdk";
import { Limiter } from "../../sdk/core/limiter";
import { contactCreateParams, OWNER } from "./harness";

describe("cancellation: waits, the limiter's queue, reads and writes in flight", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    resetCancelForTests();
    await emu?.close();
  });
  afterEach(async () => {
    resetCancelForTests();
    await emu.control.clearFaults();
    await emu.control.releaseHeld();
  });

  const client = (signal: AbortSignal) =>
    new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile, signal, maxConcurrency: 1 });
  const settled = <T>(p: Promise<T>) =>
    p.then(
      (v) => ({ ok: true as const, v }),
      (e: Error) => ({ ok: false as const, e }),
    );

  it("a wait ends at once as a timeout, with the last value seen and `cancelled`", async () => {
    let polls = 0;
    const t0 = Date.now();
    setTimeout(cancelAll, 150);
    const r = await waitUntil({
      what: "test",
      poll: async () => ++polls,
      done: () => false,
      describe: (n) => `poll ${n}`,
      timeoutMs: 120_000,
      initialDelayMs: 40_000,
      log: () => undefined,
    });
    expect(isCancelled()).to.equal(true);
    expect(r).to.include({ outcome: "timeout", cancelled: true, value: 1 });
    // Not after the 40 s delay before the next poll: half of it tells the two apart whatever the load.
    expect(Date.now() - t0).to.be.lessThan(20_000);
  });

  it("the limiter refuses a call waiting in its queue with the signal's reason, and never runs it", async () => {
    const limiter = new Limiter();
    limiter.configure(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((r) => (release = r)));
    const ac = new AbortController();
    let ran = false;
    const queued = settled(
      limiter.run(async () => {
        ran = true;
      }, ac.signal),
    );
    ac.abort(new Error("stop"));
    const r = await queued;
    expect(r.ok).to.equal(false);
    expect((r as { e: Error }).e.message).to.equal("stop");
    release();
    await first;
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).to.equal(false);
    expect(limiter.active).to.equal(0);
  });

  it("a read in flight is let go; a write in flight is awaited and answers; a call after the abort is not sent", async () => {
    const ac = new AbortController();
    const api = client(ac.signal);
    await emu.control.addFault({ action: "account/info", kind: "hold" });
    const read = settled(api.call("account/info"));
    while (!(await emu.control.heldCalls()).includes("account/info")) await new Promise((r) => setTimeout(r, 20));
    ac.abort(new Error("cancelled: test"));
    const r = await read;
    expect(r.ok).to.equal(false);
    expect((r as { e: Error }).e.message).to.equal("cancelled: test");
    await emu.control.releaseHeld();

    const ac2 = new AbortController();
    const api2 = client(ac2.signal);
    await emu.control.addFault({ action: "contact/create", kind: "hold" });
    const write = settled(api2.call("contact/create", contactCreateParams(OWNER) as any));
    while (!(await emu.control.heldCalls()).includes("contact/create")) await new Promise((r) => setTimeout(r, 20));
    ac2.abort(new Error("cancelled: test"));
    await new Promise((r) => setTimeout(r, 100));
    await emu.control.releaseHeld();
    const w = await write;
    expect(w.ok, "the write's reply is awaited").to.equal(true);

    const before = (await emu.control.counters()).calls["account/info"] ?? 0;
    const after = await settled(api2.call("account/info"));
    expect(after.ok).to.equal(false);
    expect((await emu.control.counters()).calls["account/info"] ?? 0).to.equal(before);
  });
});
