/**
 * DnssecKey through the real engine: preview, up, empty plan, clean refresh, any change replaces
 * (the API has no update; the new entry is added before the old one goes), an entry removed
 * outside is recreated, adopt, preview errors, destroy and the emulator's DS list after.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { activeDomain } from "./active-domain";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness } from "./harness";

const DOMAIN = "dnssec-example.com";
const SHA256 = "e2d3c916f6deeac73294e8268fb5885044a833fc5459588f4a9184cfc41a5766";
const SHA384 = "72D7B62976CE06438E9C0BF319013CF801F09ECC84B8D7E9495F27E305C6A9B0563A9B5F4D288405C3008A946DF983D6";

describe("DnssecKey (engine lifecycle)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  const want: Record<string, Record<string, unknown>> = {
    // Spaces and lower case, as zone-file tools print digests: normalised to one upper-case string.
    ksk: { domain: "DNSSEC-Example.com.", keytag: 2371, algorithm: 13, digesttype: 2, digest: `${SHA256.slice(0, 32)} ${SHA256.slice(32)}` },
  };
  const entries = async () => ((await h.client.call("domain/getdnssec", { domain: DOMAIN })) as any).dnssec.entries as Record<string, unknown>[];

  before(async () => {
    h = await startHarness();
    await activeDomain(h, DOMAIN);
    eng = await h.stack(async () => {
      const { DnssecKey } = h.pkg();
      const out: Record<string, unknown> = {};
      for (const [key, args] of Object.entries(want)) {
        const k = new DnssecKey(key, args as any);
        out[key] = k.id;
        out[`${key}Ds`] = k.dsRecord;
      }
      return out;
    });
  });
  after(async () => h?.close());

  it("creates the DS entry, then plans nothing and refreshes clean", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 2 });
    const up = await eng.stack.up();
    expect(up.outputs.ksk.value).to.equal(`${DOMAIN}/2371-13-2-${SHA256.slice(0, 16).toUpperCase()}`);
    expect(up.outputs.kskDs.value).to.equal(`2371 13 2 ${SHA256.toUpperCase()}`);
    expect(await entries()).to.deep.equal([{ keytag: 2371, algorithm: 13, digesttype: 2, digest: SHA256.toUpperCase() }]);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(1);
  });

  it("replaces on any change (a key rollover), adding the new entry before removing the old", async () => {
    await h.emu.control.counters({ reset: true });
    // The DNSSEC changes in the order they reach the (in-process) emulator, each with the number of
    // DS entries the domain had at that moment.
    const order: { action: string; entries: number }[] = [];
    const counters = h.emu.server.counters;
    const dsCount = () => Object.values(h.emu.server.store.world.accounts[h.emu.apiUser].domains).find((d) => d.punycode === DOMAIN)?.dnssec.length;
    counters.begin = (action: string) => {
      if (action === "domain/dnsseccreate" || action === "domain/dnssecdelete") order.push({ action, entries: dsCount() ?? -1 });
      Object.getPrototypeOf(counters).begin.call(counters, action);
    };
    want.ksk = { domain: DOMAIN, keytag: 4242, algorithm: 14, digesttype: 4, digest: SHA384 };
    let up: Awaited<ReturnType<typeof eng.stack.up>>;
    try {
      up = await eng.stack.up();
    } finally {
      delete (counters as { begin?: unknown }).begin;
    }
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, replace: 1 });
    expect(await entries()).to.deep.equal([{ keytag: 4242, algorithm: 14, digesttype: 4, digest: SHA384 }]);
    const log = (await h.emu.control.counters()).calls as Record<string, number>;
    expect(log["domain/dnsseccreate"]).to.equal(1);
    expect(log["domain/dnssecdelete"]).to.equal(1);
    // Add before remove: the old entry went only once the new one was there (never zero entries).
    expect(order).to.deep.equal([
      { action: "domain/dnsseccreate", entries: 1 },
      { action: "domain/dnssecdelete", entries: 2 },
    ]);
    await expectEmptyPlan(eng);
  });

  it("recreates an entry deleted outside", async () => {
    await h.client.call("domain/dnssecdelete", { domain: DOMAIN, keytag: 4242, algorithm: 14, digesttype: 4, digest: SHA384 } as any);
    expect((await eng.stack.refresh()).summary.resourceChanges).to.deep.equal({ same: 1, delete: 1 });
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: 1, create: 1 });
    await eng.stack.up();
    expect(await entries()).to.have.length(1);
    await expectEmptyPlan(eng);
  });

  it("names the field and the rule at preview", async () => {
    const previewError = async (args: Record<string, unknown>) => {
      want.bad = args;
      const err = await eng.stack.preview().then(
        () => "",
        (e: Error) => e.message,
      );
      delete want.bad;
      return err;
    };
    expect(await previewError({ domain: DOMAIN, keytag: 70000, algorithm: 13, digesttype: 2, digest: SHA256 })).to.include("keytag: must be at most 65535");
    expect(await previewError({ domain: DOMAIN, keytag: 7, algorithm: 13, digesttype: 2, digest: "ABCDEF" })).to.include(
      "digest: a digest of type 2 has 64 hex characters, 6 given",
    );
    expect(await previewError({ domain: DOMAIN, keytag: 7, algorithm: 13, digesttype: 2, digest: "XYZ" })).to.include("digest: must be hexadecimal");
  });

  it("refuses an entry that exists unless adopt is set, then adopts it", async () => {
    const zsk = { domain: DOMAIN, keytag: 11, algorithm: 8, digesttype: 2, digest: SHA256.toUpperCase() };
    await h.client.call("domain/dnsseccreate", zsk as any);
    want.zsk = zsk;
    const failed = await eng.stack.up().then(
      () => "",
      (e: Error) => e.message,
    );
    expect(failed).to.match(/this DS entry already exists on dnssec-example\.com; set adopt: true/);
    want.zsk = { ...zsk, adopt: true };
    expect((await eng.stack.up()).summary.resourceChanges).to.deep.equal({ same: 2, create: 1 });
    expect(await entries()).to.have.length(2);
    await expectEmptyPlan(eng);
  });

  it("destroys the managed entries only", async () => {
    await h.client.call("domain/dnsseccreate", { domain: DOMAIN, keytag: 99, algorithm: 13, digesttype: 2, digest: SHA256 } as any);
    expect((await eng.stack.destroy()).summary.resourceChanges).to.deep.equal({ delete: 3 });
    expect((await entries()).map((e) => e.keytag)).to.deep.equal([99]);
    const state = await h.emu.control.getState(h.emu.apiUser);
    const d = Object.values(state.domains as Record<string, any>).find((x) => x.punycode === DOMAIN);
    expect(d.dnssec).to.have.length(1);
  });
});
