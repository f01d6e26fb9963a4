/** provider/dns/zone-lock.ts: record writes share a zone; a DnsZone's read-then-write holds it alone. */
import { expect } from "chai";
import { withZoneLock, type ZoneLockMode } from "../../provider/dns/zone-lock";

/** A holder that records when it runs, and finishes when told to. */
function holder(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return {
    run: (zone: string, mode: ZoneLockMode) =>
      withZoneLock(
        zone,
        async () => {
          log.push(`${name} in`);
          await done;
          log.push(`${name} out`);
        },
        mode,
      ),
    finish,
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe("zone lock (unit)", () => {
  it("lets shared holders of one zone run together (record writes keep their concurrency)", async () => {
    const log: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((n) => holder(log, n));
    const runs = [a.run("z.example", "shared"), b.run("Z.example", "shared"), c.run("z.example", "shared")];
    await tick();
    expect(log).to.deep.equal(["a in", "b in", "c in"]);
    for (const h of [a, b, c]) h.finish();
    await Promise.all(runs);
  });

  it("runs an exclusive holder alone, after the shared ones before it and before those after it", async () => {
    const log: string[] = [];
    const [r1, zone, r2] = ["r1", "zone", "r2"].map((n) => holder(log, n));
    const runs = [r1.run("z.example", "shared"), zone.run("z.example", "exclusive"), r2.run("z.example", "shared")];
    await tick();
    expect(log).to.deep.equal(["r1 in"]);
    r1.finish();
    await tick();
    await tick();
    expect(log).to.deep.equal(["r1 in", "r1 out", "zone in"]);
    zone.finish();
    await tick();
    await tick();
    expect(log).to.deep.equal(["r1 in", "r1 out", "zone in", "zone out", "r2 in"]);
    r2.finish();
    await Promise.all(runs);
  });

  it("keeps zones apart, and a failing holder releases the lock", async () => {
    const log: string[] = [];
    const other = holder(log, "other");
    const failing = withZoneLock("a.example", async () => {
      throw new Error("refused");
    });
    const running = other.run("b.example", "exclusive");
    await tick();
    expect(log).to.deep.equal(["other in"]);
    await failing.catch((e: Error) => expect(e.message).to.equal("refused"));
    expect(await withZoneLock("a.example", async () => "next")).to.equal("next");
    other.finish();
    await running;
  });
});
