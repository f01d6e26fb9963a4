/**
 * GlueRecord through the real engine: preview, up, empty plan, clean refresh, addresses changed in
 * place (ipv6 removed by leaving it out), rename = replace, changes made outside through the sdk
 * (refresh detects, up repairs), adopt, preview errors, destroy and the emulator's glue list after.
 */
import { expect } from "chai";
import type { EngineStack } from "../harness/engine";
import { activeDomain } from "./active-domain";
import { checkStoredProviders, expectCleanRefresh, expectEmptyPlan, expectNoPlaintext, type Harness, startHarness } from "./harness";

const DOMAIN = "glue-example.com";

describe("GlueRecord (engine lifecycle)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  const want: Record<string, Record<string, unknown>> = {
    ns1: { domain: "Glue-Example.com", name: "NS1", ipv4: "192.0.2.53", ipv6: "2001:DB8:0::53" },
    ns2: { domain: DOMAIN, name: "ns2.glue-example.com.", ipv4: "192.0.2.54" },
  };
  const glue = async () =>
    ((await h.client.call("domain/getgluerecords", { domain: DOMAIN })) as any).gluerecords as { name: string; ipv4: string; ipv6?: string }[];
  const byName = async () => Object.fromEntries((await glue()).map((g) => [g.name, g]));

  before(async () => {
    h = await startHarness();
    await activeDomain(h, DOMAIN);
    eng = await h.stack(async () => {
      const { GlueRecord } = h.pkg();
      const out: Record<string, unknown> = {};
      for (const [key, args] of Object.entries(want)) {
        const g = new GlueRecord(key, args as any);
        out[key] = g.id;
        out[`${key}v6`] = g.ipv6;
      }
      return out;
    });
  });
  after(async () => h?.close());

  it("creates the hosts, then plans nothing and refreshes clean", async () => {
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ create: 3 });
    const up = await eng.stack.up();
    expect(up.outputs.ns1.value).to.equal(`${DOMAIN}/ns1.${DOMAIN}`);
    expect(up.outputs.ns1v6.value).to.equal("2001:db8::53");
    expect(await byName()).to.deep.equal({
      [`ns1.${DOMAIN}`]: { name: `ns1.${DOMAIN}`, ipv4: "192.0.2.53", ipv6: "2001:db8::53" },
      [`ns2.${DOMAIN}`]: { name: `ns2.${DOMAIN}`, ipv4: "192.0.2.54" },
    });
    await expectEmptyPlan(eng);
    await h.emu.control.counters({ reset: true });
    await expectCleanRefresh(eng);
    // Both records come from one getgluerecords call (the list cache, scope domain:<name>).
    expect((await h.emu.control.counters()).calls).to.deep.equal({ "domain/getgluerecords": 1 });
    await expectEmptyPlan(eng);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd])).to.equal(2);
  });

  it("changes the addresses in place; leaving ipv6 out removes it", async () => {
    want.ns1 = { domain: DOMAIN, name: "ns1", ipv4: "198.51.100.53" };
    await h.emu.control.counters({ reset: true });
    const up = await eng.stack.up();
    // gluerecordupdate answers the domain's glue records: no list is read after it.
    expect((await h.emu.control.counters()).calls).to.deep.equal({ "domain/gluerecordupdate": 1 });
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, update: 1 });
    expect(up.outputs.ns1.value).to.equal(`${DOMAIN}/ns1.${DOMAIN}`);
    expect((await byName())[`ns1.${DOMAIN}`]).to.deep.equal({ name: `ns1.${DOMAIN}`, ipv4: "198.51.100.53" });
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
  });

  it("replaces on a new name", async () => {
    want.ns2 = { domain: DOMAIN, name: "ns3", ipv4: "192.0.2.54" };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 2, replace: 1 });
    expect(Object.keys(await byName()).sort()).to.deep.equal([`ns1.${DOMAIN}`, `ns3.${DOMAIN}`]);
    await expectEmptyPlan(eng);
  });

  it("detects changes made outside and repairs them", async () => {
    await h.client.call("domain/gluerecordupdate", { domain: DOMAIN, name: `ns1.${DOMAIN}`, ipv4: "203.0.113.9", ipv6: "2001:db8::99" } as any);
    await h.client.call("domain/gluerecorddelete", { domain: DOMAIN, name: `ns3.${DOMAIN}` } as any);
    const refresh = await eng.stack.refresh();
    expect(refresh.summary.resourceChanges).to.deep.equal({ same: 1, update: 1, delete: 1 });
    expect((await eng.stack.preview()).changeSummary).to.deep.equal({ same: 1, update: 1, create: 1 });
    await eng.stack.up();
    expect(await byName()).to.deep.equal({
      [`ns1.${DOMAIN}`]: { name: `ns1.${DOMAIN}`, ipv4: "198.51.100.53" },
      [`ns3.${DOMAIN}`]: { name: `ns3.${DOMAIN}`, ipv4: "192.0.2.54" },
    });
    await expectEmptyPlan(eng);
  });

  it("names the field and the rule at preview, with no API call", async () => {
    want.bad = { domain: DOMAIN, name: "ns9.other.example.", ipv4: "192.0.2.300" };
    await h.emu.control.counters({ reset: true });
    const err = await eng.stack.preview().then(
      () => "",
      (e: Error) => e.message,
    );
    delete want.bad;
    expect(err).to.include("name: ns9.other.example is not under glue-example.com");
    expect(err).to.include('ipv4: "192.0.2.300" is not an IPv4 address');
    expect((await h.emu.control.counters()).totalCalls).to.equal(0);
  });

  it("refuses a host that exists unless adopt is set, then adopts it", async () => {
    await h.client.call("domain/gluerecordcreate", { domain: DOMAIN, name: `ns4.${DOMAIN}`, ipv4: "192.0.2.4" } as any);
    want.ns4 = { domain: DOMAIN, name: "ns4", ipv4: "192.0.2.44" };
    const failed = await eng.stack.up().then(
      () => "",
      (e: Error) => e.message,
    );
    expect(failed).to.match(/glue record ns4\.glue-example\.com already exists .*adopt: true/);
    want.ns4 = { ...want.ns4, adopt: true };
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 3, create: 1 });
    expect((await byName())[`ns4.${DOMAIN}`].ipv4).to.equal("192.0.2.44");
    await expectEmptyPlan(eng);
  });

  it("destroys every managed host", async () => {
    await h.client.call("domain/gluerecordcreate", { domain: DOMAIN, name: `unmanaged.${DOMAIN}`, ipv4: "192.0.2.8" } as any);
    const destroyed = await eng.stack.destroy();
    expect(destroyed.summary.resourceChanges).to.deep.equal({ delete: 4 });
    expect((await glue()).map((g) => g.name)).to.deep.equal([`unmanaged.${DOMAIN}`]);
    const state = await h.emu.control.getState(h.emu.apiUser);
    const d = Object.values(state.domains as Record<string, any>).find((x) => x.punycode === DOMAIN);
    expect(d.gluerecords).to.deep.equal([{ name: `unmanaged.${DOMAIN}`, ipv4: "192.0.2.8" }]);
  });
});
