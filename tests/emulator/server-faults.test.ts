import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { parseFault } from "../../emulator/core/faults";
import { DonDominioClient } from "../../sdk";
import { agentOf, person, post, type Reply } from "./server-helpers";

/** Polls until `cond` holds; fails only when it never does within 30 s (a bound against hangs, not a timing assertion). */
async function until(cond: () => Promise<boolean>, what = "the condition"): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`${what} never held`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("emulator server: injected faults", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await agentOf(emu).close();
    await emu.close();
  });
  afterEach(() => emu.control.clearFaults());

  it("latency: delays the next matching call only", async () => {
    // Order, not milliseconds: the delayed call must still be held when a later call has come and
    // gone. The latency is far longer than one round trip even on a loaded machine.
    await emu.control.addFault({ action: "tool/hello", kind: "latency", latencyMs: 1500 });
    const order: string[] = [];
    const delayed = post(emu, "/tool/hello/").then((r) => {
      order.push("delayed");
      return r;
    });
    // The fault is taken when the call is admitted: from then on it is being held.
    await until(async () => (await emu.control.listFaults()).length === 0);
    const next = await post(emu, "/tool/hello/");
    order.push("next");
    expect(next.json.success).to.equal(true);
    // The delayed call is still inside the emulator (one call in flight) after the next one answered.
    expect((await emu.control.counters()).concurrency).to.equal(1);
    expect((await delayed).json.success).to.equal(true);
    expect(order).to.deep.equal(["next", "delayed"]);
  });

  it("http5xx: answers the status for count calls, then normally", async () => {
    await emu.control.addFault({ action: "tool/*", kind: "http5xx", status: 502, count: 2 });
    expect((await post(emu, "/tool/hello/")).status).to.equal(502);
    expect((await post(emu, "/tool/hello/")).status).to.equal(502);
    expect((await post(emu, "/tool/hello/")).status).to.equal(200);
  });

  it("only applies to matching actions", async () => {
    await emu.control.addFault({ action: "account/info", kind: "http5xx" });
    expect((await post(emu, "/tool/hello/")).status).to.equal(200);
    expect(await emu.control.listFaults()).to.have.length(1);
    expect((await post(emu, "/account/info/")).status).to.equal(503);
    expect(await emu.control.listFaults()).to.have.length(0);
  });

  it("reset: the connection is destroyed before any answer", async () => {
    await emu.control.addFault({ action: "tool/hello", kind: "reset" });
    let failed: unknown;
    await post(emu, "/tool/hello/").catch((e) => (failed = e));
    expect(failed).to.be.instanceOf(Error);
  });

  it("timeout: never answers; the request is released when the client gives up", async () => {
    await emu.control.addFault({ action: "tool/hello", kind: "timeout" });
    const ac = new AbortController();
    let settled = false;
    const pending = post(emu, "/tool/hello/", {}, { signal: ac.signal })
      .then(
        (r) => r as Reply | Error,
        (e) => e as Error,
      )
      .finally(() => (settled = true));
    // Held: the fault was taken and the call stays in flight...
    await until(async () => (await emu.control.listFaults()).length === 0);
    expect((await emu.control.counters()).concurrency).to.equal(1);
    // ...while another call is answered in full.
    expect((await post(emu, "/tool/hello/")).json.success).to.equal(true);
    expect(settled, "the held call was answered").to.equal(false);
    expect((await emu.control.counters()).concurrency).to.equal(1);
    ac.abort();
    expect(((await pending) as Error).name).to.equal("AbortError");
    await until(async () => (await emu.control.counters()).concurrency === 0);
  });

  it("errorCode: answers the chosen error envelope without running the call", async () => {
    await emu.control.addFault({ action: "contact/create", kind: "errorCode", errorCode: 1100, messages: ["Injected: no money"] });
    const r = await post(emu, "/contact/create/", person);
    expect(r.status).to.equal(200);
    expect(r.json).to.include({ success: false, errorCode: 1100, errorCodeMsg: "Insufficient balance", action: "contact/create" });
    expect(r.json.messages).to.deep.equal(["Injected: no money"]);
    const state = await emu.control.getState(emu.apiUser);
    expect(Object.keys(state.contacts)).to.have.length(0);
  });

  it("dropAfterApply: the change is made and persisted, the response is lost", async () => {
    await emu.control.addFault({ action: "contact/create", kind: "dropAfterApply" });
    let failed: unknown;
    await post(emu, "/contact/create/", { ...person, LastName: "Dropped" }).catch((e) => (failed = e));
    expect(failed).to.be.instanceOf(Error);
    const list = await post(emu, "/contact/list/");
    const names = list.json.responseData.contacts.map((c: { contactName: string }) => c.contactName);
    expect(names.join(",")).to.include("Dropped");
  });

  it("hold: nothing runs until faults/release, then the call runs although its client has gone", async () => {
    await emu.control.addFault({ action: "contact/create", kind: "hold" });
    const ac = new AbortController();
    const pending = post(emu, "/contact/create/", { ...person, LastName: "Held" }, { signal: ac.signal }).catch((e) => e as Error);
    await until(async () => (await emu.control.heldCalls()).length === 1, "the call to be held");
    expect(await emu.control.heldCalls()).to.deep.equal(["contact/create"]);
    // The client gives up; the call has not run.
    ac.abort();
    expect(((await pending) as Error).name).to.equal("AbortError");
    const names = async () => Object.values((await emu.control.getState(emu.apiUser)).contacts).map((c: any) => String(c.lastName));
    expect(await names()).to.not.include("Held");
    expect(await emu.control.releaseHeld("tool/*"), "another action's release runs nothing").to.deep.equal([]);
    expect(await emu.control.releaseHeld("contact/create")).to.have.length(1);
    await until(async () => (await names()).includes("Held"), "the released call to run");
    expect(await emu.control.heldCalls()).to.deep.equal([]);
  });

  it("params: a fault meets only the calls whose parameters hold its values", async () => {
    await emu.control.addFault({ action: "contact/create", kind: "errorCode", errorCode: 1100, params: { LastName: "Target" } });
    expect((await post(emu, "/contact/create/", { ...person, LastName: "Other" })).json.success, "another call passes").to.equal(true);
    expect((await post(emu, "/contact/create/", { ...person, LastName: " Target\r\n" })).json.errorCode, "the target meets it").to.equal(1100);
    expect(await emu.control.listFaults()).to.deep.equal([]);
  });

  it("refuses an invalid fault spec with a message naming the field", async () => {
    let failed: Error | undefined;
    await emu.control.addFault({ action: "tool/hello", kind: "latency" }).catch((e) => (failed = e));
    expect(failed?.message).to.include("latencyMs");
  });

  it("close() drops a call held by a hold fault without running it", async () => {
    const other = await startEmulator();
    await other.control.addFault({ action: "contact/create", kind: "hold" });
    const pending = post(other, "/contact/create/", person).catch((e) => e as Error);
    await until(async () => (await other.control.heldCalls()).length === 1, "the call to be held");
    await other.close();
    expect(await pending).to.be.instanceOf(Error);
    expect(Object.keys(other.server.store.world.accounts[other.apiUser].contacts)).to.have.length(0);
    await agentOf(other).close();
  });

  it("close() ends a request held by a timeout fault at once", async () => {
    const other = await startEmulator();
    await other.control.addFault({ action: "*", kind: "timeout" });
    const pending = post(other, "/tool/hello/").catch((e) => e as Error);
    await until(async () => other.server.hanging.size === 1, "the request to be held");
    // What other.close() does, with a grace period of 40 s instead of 2 s: a held request not
    // dropped at once would keep the server's close() for all of it; half of it tells the two
    // apart whatever the machine's load.
    await other.control.close();
    const t = Date.now();
    await other.server.close(40_000);
    expect(Date.now() - t).to.be.below(20_000);
    expect(await pending).to.be.instanceOf(Error);
    await agentOf(other).close();
  });
});

describe("fault specs (core/faults.ts parseFault)", () => {
  it("answers the first problem, naming its field", () => {
    const problem = (body: unknown) => {
      const r = parseFault(body);
      return "problem" in r ? r.problem : "";
    };
    expect(problem({})).to.match(/^action: /);
    expect(problem({ action: "  ", kind: "reset" })).to.match(/^action: /);
    expect(problem({ action: "x", kind: "nope" })).to.match(/^kind: one of latency, http5xx, reset, timeout, errorCode, dropAfterApply/);
    expect(problem({ action: "x", kind: "latency" })).to.match(/^latencyMs: .*required for kind latency/);
    expect(problem({ action: "x", kind: "latency", latencyMs: -1 })).to.match(/^latencyMs: /);
    expect(problem({ action: "x", kind: "http5xx", status: 404 })).to.equal("status: 500 to 599");
    expect(problem({ action: "x", kind: "errorCode" })).to.match(/^errorCode: .*required for kind errorCode/);
    expect(problem({ action: "x", kind: "errorCode", errorCode: 1.5 })).to.match(/^errorCode: a positive integer/);
    expect(problem({ action: "x", kind: "reset", count: 0 })).to.equal("count: a positive integer");
    expect(problem({ action: "x", kind: "errorCode", errorCode: 1000, messages: [1] })).to.match(/^messages: /);
    expect(problem({ action: "x", kind: "callAfter" })).to.match(/^sideAction: .*required for kind callAfter/);
    expect(problem({ action: "x", kind: "callAfter", sideAction: "service/dnscreate", sideParams: { ttl: 1 } })).to.match(/^sideParams: /);
  });

  it("takes numbers as text (form-encoded bodies) and one message as a text; drops unknown members", () => {
    expect(parseFault({ action: "tool/*", kind: "errorCode", errorCode: "1000", count: "2", messages: "blocked", other: 1 })).to.deep.equal({
      spec: { action: "tool/*", kind: "errorCode", errorCode: 1000, count: 2, messages: ["blocked"] },
    });
    expect(parseFault({ action: "x", kind: "http5xx" })).to.deep.equal({ spec: { action: "x", kind: "http5xx" } });
  });
});

describe("fault callAfter: another writer right after a call", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => emu.close());

  it("runs the side call after the matching one (uncounted), which answers what it read before", async () => {
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: "side.example", productkey: "redir" } as any);
    const side = { serviceName: "side.example", name: "racer", type: "TXT", value: "other writer" };
    await emu.control.addFault({ action: "service/dnslist", kind: "callAfter", sideAction: "service/dnscreate", sideParams: side });
    await emu.control.counters({ reset: true });
    const names = async () =>
      (((await client.call("service/dnslist", { serviceName: "side.example" } as any)) as any).dns as { name: string }[]).map((r) => r.name);
    expect(await names()).to.not.include("racer.side.example");
    expect(await names()).to.include("racer.side.example");
    expect((await emu.control.counters()).calls).to.deep.equal({ "service/dnslist": 2 });
  });
});
