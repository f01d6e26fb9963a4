/**
 * Issue 12 items 1 ("Overlap") and 2 through the real engine against the emulator:
 * - the DNSControl-style lines DnsRecords print (provider/dns/dns-plan.ts), collected from the
 *   `[dondominio]` diagnostics of each run (onEvent), each expected line exactly once: creates at the
 *   first preview and up, a modify, a replacement and a new record at the second, the delete of a
 *   record removed from the program at the apply (the engine gives no hook at preview), nothing at a
 *   no-change preview;
 * - the overlap refusal (provider/dns/dns-claims.ts): a DnsRecord and a DnsZone, two DnsZones, and two DnsRecords holding the same record, each refused at preview naming both
 *   resources; `up` refused as well; 0 API writes (emulator counters) and the zone unchanged.
 * Run `npm run build` first.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent, PulumiFn } from "@pulumi/pulumi/automation";
import type { EngineStack } from "../harness/engine";
import { expectEmptyPlan, type Harness, startHarness } from "./harness";

const ZONE = "plan.example";
const OVERLAP = "overlap.example";
const LONG = `v=DKIM1; k=rsa; p=${"Q".repeat(282)}`; // 300 bytes: two strings

type Args = Record<string, unknown>;

/** The plan lines of one run: `[dondominio] ` diagnostics that start with +, - or ±. */
async function planLines(run: (opts: { onEvent: (e: EngineEvent) => void }) => Promise<unknown>): Promise<{ lines: string[]; error?: string }> {
  const lines: string[] = [];
  const onEvent = (e: EngineEvent) => {
    for (const l of e.diagnosticEvent?.message.split("\n") ?? []) {
      const m = /^\[dondominio\] ([-+±] .*)$/.exec(l.trimEnd());
      if (m) lines.push(m[1]);
    }
  };
  try {
    await run({ onEvent });
    return { lines };
  } catch (e) {
    return { lines, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Each expected line exactly once, and no other plan line. */
function expectLines(got: string[], want: string[]): void {
  expect([...got].sort(), `plan lines:\n${got.join("\n")}`).to.deep.equal([...want].sort());
}

describe("DNS plan lines and overlap refusal through the engine (issue 12)", function () {
  this.timeout(600_000);
  let h: Harness;
  let records: Record<string, Args> = {};
  let eng: EngineStack;

  before(async () => {
    h = await startHarness();
    for (const serviceName of [ZONE, OVERLAP]) await h.client.call("service/create", { serviceName, productkey: "redir" } as any);
    eng = await h.stack(async () => {
      const { DnsRecord } = h.pkg();
      for (const [name, args] of Object.entries(records)) new DnsRecord(name, { serviceName: ZONE, ...args } as any);
    });
  });
  after(async () => h?.close());

  it("prints one line per record change, once: create, modify, replace, delete at apply", async () => {
    records = {
      www: { name: "WWW", type: "A", value: "192.0.2.1", ttl: 300 },
      mx: { name: "@", type: "MX", value: "MX1.plan.example.", priority: 10, ttl: 3600 },
      dmarc: { name: "_dmarc", type: "TXT", value: "v=DMARC1; p=none", ttl: 3600 },
      dkim: { name: "s1._domainkey", type: "TXT", value: LONG },
      idn: { name: "café", type: "AAAA", value: "2001:DB8::0:1" },
      caa: { name: "@", type: "CAA", value: "0 issue letsencrypt.org" },
      old: { name: "old", type: "A", value: "192.0.2.9" },
      // Two records at one name and type with different values: no overlap.
      rr1: { name: "rr", type: "A", value: "192.0.2.7" },
      rr2: { name: "rr", type: "A", value: "192.0.2.8" },
    };
    const created = [
      "+ CREATE A www.plan.example 192.0.2.1 ttl=300",
      "+ CREATE MX plan.example 10 mx1.plan.example. ttl=3600",
      '+ CREATE TXT _dmarc.plan.example "v=DMARC1; p=none" ttl=3600',
      `+ CREATE TXT s1._domainkey.plan.example "${LONG.slice(0, 255)}" "${LONG.slice(255)}" ttl=default`,
      "+ CREATE AAAA café.plan.example 2001:db8::1 ttl=default",
      '+ CREATE CAA plan.example 0 issue "letsencrypt.org" ttl=default',
      "+ CREATE A old.plan.example 192.0.2.9 ttl=default",
      "+ CREATE A rr.plan.example 192.0.2.7 ttl=default",
      "+ CREATE A rr.plan.example 192.0.2.8 ttl=default",
    ];
    const preview = await planLines((o) => eng.stack.preview(o));
    expect(preview.error).to.equal(undefined);
    expectLines(preview.lines, created);
    const up = await planLines((o) => eng.stack.up(o));
    expect(up.error).to.equal(undefined);
    expectLines(up.lines, created);

    // A no-change preview prints nothing.
    const same = await planLines((o) => eng.stack.preview(o));
    expectLines(same.lines, []);

    // In place (MX priority; ttl back to the default), a replacement (new name), a new record, a removed one.
    records.mx = { ...records.mx, priority: 20 };
    records.www = { name: "www", type: "A", value: "192.0.2.1" };
    records.dmarc = { ...records.dmarc, name: "_dmarc.sub" };
    records.spf = { name: "@", type: "TXT", value: "v=spf1 -all" };
    delete records.old;
    const changed = [
      "± MODIFY MX plan.example 10 mx1.plan.example. ttl=3600 -> 20 mx1.plan.example. ttl=3600",
      "± MODIFY A www.plan.example 192.0.2.1 ttl=300 -> 192.0.2.1 ttl=default",
      '- DELETE TXT _dmarc.plan.example "v=DMARC1; p=none" ttl=3600',
      '+ CREATE TXT _dmarc.sub.plan.example "v=DMARC1; p=none" ttl=3600',
      '+ CREATE TXT plan.example "v=spf1 -all" ttl=default',
    ];
    const preview2 = await planLines((o) => eng.stack.preview(o));
    expect(preview2.error).to.equal(undefined);
    // The removed record: the engine plans its delete from the state alone, the provider hears nothing.
    expectLines(preview2.lines, changed);
    const up2 = await planLines((o) => eng.stack.up(o));
    expect(up2.error).to.equal(undefined);
    expectLines(up2.lines, [...changed, "- DELETE A old.plan.example 192.0.2.9 ttl=default"]);
    await expectEmptyPlan(eng);
  });

  describe("overlap", () => {
    let overlap: EngineStack;
    /** The program of the next run: DnsRecords and DnsZones in OVERLAP. */
    let declare: (pkg: ReturnType<Harness["pkg"]>) => void = () => undefined;

    before(async () => {
      overlap = await h.stack((async () => declare(h.pkg())) as PulumiFn);
    });

    const writes = async () =>
      Object.entries((await h.emu.control.counters()).calls as Record<string, number>).filter(([op]) => /create|update|delete|setzone/.test(op));
    const zoneText = async () => JSON.stringify(((await h.client.call("service/dnslist", { serviceName: OVERLAP } as any)) as any).dns);

    /** Preview and up of `declare` both fail with `message`, and the API saw no write. */
    async function refused(message: string): Promise<void> {
      const before = await zoneText();
      await h.emu.control.counters({ reset: true });
      const preview = await planLines((o) => overlap.stack.preview(o));
      if (process.env.SHOW_ERRORS) console.log(preview.error);
      expect(preview.error, "the preview should fail").to.be.a("string");
      expect(preview.error).to.include(message);
      const up = await planLines((o) => overlap.stack.up(o));
      expect(up.error, "the up should fail").to.be.a("string");
      expect(up.error).to.include(message);
      expect(await writes()).to.deep.equal([]);
      expect(await zoneText()).to.equal(before);
    }

    it("refuses a name and type managed by a DnsRecord and a DnsZone, naming both, with 0 API writes", async () => {
      declare = ({ DnsRecord, DnsZone }) => {
        new DnsRecord("app", { serviceName: OVERLAP, name: "app", type: "A", value: "192.0.2.1" });
        new DnsRecord("other", { serviceName: OVERLAP, name: "other", type: "A", value: "192.0.2.2" });
        new DnsZone("main", { serviceName: "OVERLAP.example.", records: [{ name: "app.overlap.example.", type: "A", value: "192.0.2.3" }] });
      };
      await refused('DnsRecord "app" and DnsZone "main" both manage A app.overlap.example; manage each name and type in one resource');
      // The same with inputs that are Outputs: claimed when they resolve, every DNS resource of the run refused.
      declare = ({ DnsRecord, DnsZone }) => {
        new DnsRecord("other", { serviceName: OVERLAP, name: "other", type: "A", value: "192.0.2.2" });
        new DnsRecord("app", { serviceName: pulumi.output(OVERLAP), name: pulumi.output("app"), type: "A", value: "192.0.2.1" });
        new DnsZone("main", { serviceName: pulumi.output("overlap.example"), records: [{ name: "app", type: "A", value: "192.0.2.3" }] });
      };
      await refused('DnsRecord "app" and DnsZone "main" both manage A app.overlap.example; manage each name and type in one resource');
    });

    it("refuses two zones claiming one name and type, and two DnsRecords holding the same record", async () => {
      declare = ({ DnsZone }) => {
        new DnsZone("one", { serviceName: OVERLAP, records: [{ name: "@", type: "MX", value: "mx1.overlap.example" }] });
        new DnsZone("two", { serviceName: OVERLAP, records: [{ name: "overlap.example.", type: "MX", value: "mx2.overlap.example" }] });
      };
      await refused('DnsZone "one" and DnsZone "two" both manage MX overlap.example; manage each name and type in one resource');
      declare = ({ DnsRecord }) => {
        new DnsRecord("a", { serviceName: OVERLAP, name: "dup", type: "TXT", value: "same text" });
        new DnsRecord("b", { serviceName: OVERLAP, name: "dup.overlap.example.", type: "TXT", value: '"same text"' });
      };
      await refused('DnsRecord "a" and DnsRecord "b" both manage the same record TXT dup.overlap.example');
    });
  });
});
