/**
 * The shared limiter's rate and block rules (sdk/core/limiter.ts, issue 14 item 6), on a fake clock:
 * a rolling-minute budget, learning from a 1011 refusal, pauses that a refusal already on its way
 * does not lengthen, one probe after a pause; and the block hints of sdk/core/retry.ts.
 */
import { expect } from "chai";
import { DEFAULT_OPS_PER_MINUTE, Limiter, type LimiterClock } from "../../sdk/core/limiter";
import { blockHintMs, TEMPORARY_BLOCK_CODES } from "../../sdk/core/retry";

/** Virtual time: sleepers wake in time order whenever nothing else is runnable. */
class FakeClock implements LimiterClock {
  t = 0;
  private timers: { at: number; wake: () => void }[] = [];
  now = () => this.t;
  sleep = (ms: number) =>
    new Promise<void>((wake) => {
      this.timers.push({ at: this.t + ms, wake });
      this.timers.sort((a, b) => a.at - b.at);
    });
  async drive<T>(work: Promise<T>): Promise<T> {
    let done = false;
    work.then(
      () => (done = true),
      () => (done = true),
    );
    while (!done) {
      await new Promise((r) => setImmediate(r));
      if (done) break;
      const next = this.timers.shift();
      if (!next) continue;
      this.t = Math.max(this.t, next.at);
      next.wake();
    }
    return work;
  }
}

describe("hardening: limiter rate and blocks (unit)", () => {
  it("starts at most opsPerMinute calls in any rolling minute, and does not slow a smaller program", async () => {
    const clock = new FakeClock();
    const l = new Limiter(clock);
    l.configureRate(5);
    const starts: number[] = [];
    await clock.drive(Promise.all(Array.from({ length: 12 }, () => l.run(async () => void starts.push(clock.now())))));
    expect(
      starts.slice(0, 5).every((t) => t === 0),
      "the first five at once",
    ).to.equal(true);
    for (let i = 5; i < 12; i++) expect(starts[i] - starts[i - 5], `call ${i} a minute after call ${i - 5}`).to.be.at.least(60_000);
    for (const t of starts) expect(starts.filter((u) => u > t - 60_000 && u <= t).length).to.be.at.most(5);
    expect(l.rateWaits).to.be.greaterThan(0);

    const fresh = new Limiter(clock);
    fresh.configureRate(DEFAULT_OPS_PER_MINUTE); // what the provider configures
    const t0 = clock.now();
    await clock.drive(Promise.all(Array.from({ length: DEFAULT_OPS_PER_MINUTE }, () => fresh.run(async () => undefined))));
    expect(clock.now() - t0, `${DEFAULT_OPS_PER_MINUTE} calls (the default budget) wait for nothing`).to.equal(0);
    expect(fresh.opsPerMinute).to.equal(DEFAULT_OPS_PER_MINUTE);
  });

  it("learns the rate from a 1011 refusal: 90 % of the calls started in the minute before it", async () => {
    const clock = new FakeClock();
    const l = new Limiter(clock);
    l.configureRate(1000);
    await clock.drive(Promise.all(Array.from({ length: 40 }, () => l.run(async () => undefined))));
    l.blocked();
    const note = l.noteRefusal(1011, 30_000);
    expect(note.firstOfEpisode).to.equal(true);
    expect(note.learnt).to.equal("36 operations per minute");
    expect(l.opsPerMinute).to.equal(36);
    expect(note.pauseMs).to.equal(30_000);
    // A second refusal of the same episode is not reported again and learns nothing new.
    l.blocked();
    expect(l.noteRefusal(1000).firstOfEpisode).to.equal(false);
    // 1010 (simultaneous requests) halves the concurrency instead.
    const c = new Limiter(clock);
    c.configure(8);
    c.blocked();
    expect(c.noteRefusal(1010).learnt).to.equal("4 calls at once");
    expect(c.max).to.equal(4);
  });

  it("a refusal of a call already on its way keeps the pause; after it one probe goes first, then the rest", async () => {
    const clock = new FakeClock();
    const l = new Limiter(clock);
    l.configure(4);
    expect(l.blocked()).to.equal(1000);
    // Three more refusals that were in flight: the pause does not grow.
    for (let i = 0; i < 3; i++) expect(l.blocked()).to.be.at.most(1000);
    const order: string[] = [];
    let probeRefused = true;
    const call = (name: string) =>
      l
        .run(async () => {
          order.push(`${name}@${clock.now()}`);
        })
        .then(() => {
          // The client reports each outcome after run(): the first probe is refused once more.
          if (probeRefused) {
            probeRefused = false;
            l.blocked();
          } else l.succeeded();
        });
    await clock.drive(Promise.all(["a", "b", "c"].map(call)));
    // a probes at 1 s and is refused (pause doubles to 2 s); b probes at 3 s and succeeds; c follows.
    expect(order[0]).to.equal("a@1000");
    expect(order[1]).to.equal("b@3000");
    expect(order[2]).to.equal("c@3000");
    expect(l.episodes).to.equal(1);
    expect(l.inBlockEpisode).to.equal(false);
  });

  it("never has more calls in flight than the smallest configured maxConcurrency", async () => {
    const clock = new FakeClock();
    const l = new Limiter(clock);
    l.configure(6);
    l.configure(3);
    let now = 0;
    let top = 0;
    await clock.drive(
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          l.run(async () => {
            now++;
            top = Math.max(top, now);
            await clock.sleep(10 + (i % 7));
            now--;
          }),
        ),
      ),
    );
    expect(top).to.equal(3);
    expect(l.peak).to.equal(3);
  });

  it("reads block lengths from refusal messages; waits out only the temporary blocks", () => {
    const now = Date.parse("2025-01-01T10:00:00Z");
    expect(blockHintMs(["Account blocked for 30 s: more than 120 operations per minute"], now)).to.equal(30_000);
    expect(blockHintMs(["Account blocked until 2025-01-01T10:00:45.000Z after exceeding a usage limit"], now)).to.equal(45_000);
    expect(blockHintMs(["blocked for 2 minutes"], now)).to.equal(120_000);
    expect(blockHintMs(["Account blocked"], now)).to.equal(undefined);
    expect([...TEMPORARY_BLOCK_CODES].sort()).to.deep.equal([1000, 1006, 1010, 1011, 1012, 1013]);
    // 1007/1014 (address filtered) and 1030 (banned) do not end by waiting.
    for (const code of [1007, 1014, 1030, 1100]) expect(TEMPORARY_BLOCK_CODES.has(code)).to.equal(false);
  });
});
