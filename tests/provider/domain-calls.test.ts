/**
 * API calls of a Domain update through the real engine (issue 11 item 4): a one-field change costs
 * one write and at most one read; the write's reply (DOMSUM) is used instead of reading again. The
 * state recorded that way is proven equal to the live domain by an empty plan and a clean refresh.
 * Counters from the emulator's control API; reads and writes told apart by the catalogue's readOnly.
 */
import { expect } from "chai";
import { operations } from "../../sdk/catalogue";
import type { EngineStack } from "../harness/engine";
import { activeDomain } from "./active-domain";
import { contactCreateParams, expectCleanRefresh, expectEmptyPlan, type Harness, OWNER, outputsOf, startHarness } from "./harness";

const DOMAIN = "calls-example.com";
const READ_ONLY = new Set(operations.filter((o) => o.readOnly).map((o) => o.name));

/** The calls since the last reset, split into reads and writes. */
async function callsOf(h: Harness): Promise<{ reads: Record<string, number>; writes: Record<string, number>; readCount: number; writeCount: number }> {
  const { calls } = await h.emu.control.counters();
  const reads: Record<string, number> = {};
  const writes: Record<string, number> = {};
  for (const [op, n] of Object.entries(calls)) (READ_ONLY.has(op) ? reads : writes)[op] = n;
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  return { reads, writes, readCount: sum(reads), writeCount: sum(writes) };
}

describe("Domain update: API calls (engine)", function () {
  this.timeout(600_000);
  let h: Harness;
  let eng: EngineStack;
  let owner = "";
  const want: Record<string, any> = {
    name: DOMAIN,
    registration: "adopt",
    nameservers: ["ns1.example.net", "ns2.example.net"],
    renewalMode: "autorenew",
    tags: ["web"],
    exposeAuthcode: true,
  };

  /** Applies `change`, runs up, and returns the calls it made; the plan is empty and a refresh changes nothing afterwards. */
  async function upWith(change: Record<string, unknown>) {
    Object.assign(want, change);
    await h.emu.control.counters({ reset: true });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ update: 1 });
    const calls = await callsOf(h);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
    return calls;
  }

  before(async () => {
    h = await startHarness();
    await activeDomain(h, DOMAIN);
    const live = await h.client.call("domain/getinfo", { domain: DOMAIN, infoType: "contact" });
    owner = String(live.contactOwner!.contactID);
    want.contacts = { owner };
    eng = await h.stack(async () => {
      const d = new (h.pkg().Domain)("d", want as any);
      return { status: d.status };
    });
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.include({ create: 2 });
    await expectEmptyPlan(eng);
  });
  after(async () => h?.close());

  it("changes the nameservers with one write and at most one read", async () => {
    const calls = await upWith({ nameservers: ["ns3.example.net", "ns4.example.net"] });
    expect(calls.writes).to.deep.equal({ "domain/updatenameservers": 1 });
    expect(calls.readCount, JSON.stringify(calls.reads)).to.be.at.most(1);
    expect(outputsOf(eng, "d").nameservers).to.deep.equal(["ns3.example.net", "ns4.example.net"]);
    const ns = await h.client.call("domain/getinfo", { domain: DOMAIN, infoType: "nameservers" });
    expect(ns.nameservers!.map((n) => n.name)).to.deep.equal(["ns3.example.net", "ns4.example.net"]);
  });

  it("changes the renewal mode with one write and at most one read", async () => {
    const calls = await upWith({ renewalMode: "manual" });
    expect(calls.writes).to.deep.equal({ "domain/update": 1 });
    expect(calls.readCount, JSON.stringify(calls.reads)).to.be.at.most(1);
    expect(outputsOf(eng, "d").renewalMode).to.equal("manual");
  });

  it("changes the owner contact with one write and at most one read", async () => {
    const other = await h.client.contact.create({ ...contactCreateParams(OWNER), FirstName: "Otra" });
    const calls = await upWith({ contacts: { owner: other.contactID } });
    expect(calls.writes).to.deep.equal({ "domain/updatecontacts": 1 });
    // check's free read that the new owner exists (provider/money/preview-facts.ts), not the update's.
    const { "contact/getinfo": fact, ...updateReads } = calls.reads;
    expect(fact).to.equal(1);
    expect(
      Object.values(updateReads).reduce((a, b) => a + b, 0),
      JSON.stringify(calls.reads),
    ).to.be.at.most(1);
    expect(outputsOf(eng, "d").contacts.owner).to.equal(other.contactID);
  });

  it("changes two settings with one write each and at most one read", async () => {
    const calls = await upWith({ tags: ["shop", "web"], transferBlock: true });
    expect(calls.writes).to.deep.equal({ "domain/update": 2 });
    expect(calls.readCount, JSON.stringify(calls.reads)).to.be.at.most(1);
    const s = await h.client.call("domain/getinfo", { domain: DOMAIN, infoType: "status" });
    expect(s.transferBlock).to.equal(true);
    expect(s.tag!.split(",").sort()).to.deep.equal(["shop", "web"]);
  });
});
