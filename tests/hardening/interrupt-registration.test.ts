/**
 * Interruptions of `pulumi up` during a long registration wait, through the real CLI (issue 14,
 * item 3): Ctrl-C once, Ctrl-C twice, and the CLI killed. Ctrl-C reaches the CLI only (Pulumi starts
 * its plugins in their own process groups, sdk/go/common/util/cmdutil/child_unix.go), so the test
 * sends SIGINT to the CLI process, as a terminal does: the first through the Automation API's abort
 * signal, the second to the same process by its id. After each, the next `up` converges with no
 * second charge, and the plan after it is empty. Last, the rule that tells an earlier order of this
 * program from any other object of the account, for services, certificates and domains.
 */

import { expect } from "chai";
import { orderParams } from "../../provider/resources/ssl-certificate/mapping";
import type { EngineStack } from "../harness/engine";
import { expectEmptyPlan, OWNER } from "../provider/harness";
import {
  cliProcess,
  eventually,
  type FaultHarness,
  pendingOperations,
  type RunResult,
  refresh,
  sleep,
  startFaultHarness,
  stateResources,
  up,
} from "./fault-harness";
import { keyAndCsr } from "../fixtures";

describe("hardening: interrupted registrations (engine, real CLI signals)", function () {
  this.timeout(600_000);
  let fh: FaultHarness;

  before(async () => {
    // A registration stays pending for an hour of emulator time, until the test moves the clock.
    fh = await startFaultHarness({ delays: { registerPendingSec: 3600 } });
  });
  after(async () => fh?.close());

  const program = (name: string) => async () => {
    const { Domain } = fh.h.pkg();
    const d = new Domain("site", { name, contacts: { owner: OWNER }, whoisPrivacy: true }, { customTimeouts: { create: "10m", update: "10m" } });
    return { status: d.status };
  };

  async function domainsNamed(name: string): Promise<Record<string, any>[]> {
    return Object.values((await fh.account()).domains as Record<string, any>).filter((d) => d.name === name);
  }

  /** Starts `up` and resolves once the registration was accepted and the provider is waiting for it. */
  async function upUntilWaiting(eng: EngineStack, name: string): Promise<{ run: Promise<RunResult>; abort: AbortController }> {
    const abort = new AbortController();
    const run = up(eng, { signal: abort.signal });
    await eventually(`${name} to be registering`, async () => (await domainsNamed(name)).find((d) => d.status === "register-pending"), 120_000);
    await sleep(1500); // the provider is now polling (pollIntervalMs 250)
    return { run, abort };
  }

  /** The re-run: the registration completes meanwhile (the clock moves while it waits). */
  async function rerun(eng: EngineStack): Promise<RunResult> {
    const run = up(eng);
    const mover = (async () => {
      await sleep(4000);
      await fh.advanceClock(7200);
    })();
    const r = await run;
    await mover;
    return r;
  }

  async function converged(eng: EngineStack, name: string, balanceBefore: number, price: number, result: RunResult) {
    expect(result.ok, result.error).to.equal(true);
    const found = await domainsNamed(name);
    expect(found, "one domain").to.have.length(1);
    expect(found[0].status).to.equal("active");
    expect(Math.round((balanceBefore - (await fh.balance())) * 100) / 100, "charged once").to.equal(price);
    const st = stateResources(eng);
    expect(st.site?.outputs.status).to.equal("active");
    expect(st.site?.outputs.whoisPrivacy).to.equal(true);
    await expectEmptyPlan(eng);
  }

  it("Ctrl-C once: the engine waits for the create in flight, records it, and the next up converges", async () => {
    const name = "interrupted-once.com";
    const eng = await fh.stack(program(name));
    const b0 = await fh.balance();
    const { run, abort } = await upUntilWaiting(eng, name);
    abort.abort(); // SIGINT to the CLI: "cancelling"
    await sleep(3000);
    // The create keeps waiting; the registration completes, the create returns, the engine stops.
    await fh.advanceClock(7200);
    const first = await run;
    expect(first.ok, "the update is cancelled").to.equal(false);
    expect(first.output).to.match(/cancel/i);
    expect(pendingOperations(eng), "nothing left pending").to.deep.equal([]);
    expect(stateResources(eng).site?.outputs.status, "recorded").to.be.oneOf(["active", "register-pending"]);
    await converged(eng, name, b0, 11.95, await up(eng));
  });

  it("Ctrl-C twice: the create is left pending in the checkpoint; the next up adopts the registration instead of failing", async () => {
    const name = "interrupted-twice.com";
    const eng = await fh.stack(program(name));
    const b0 = await fh.balance();
    const { run, abort } = await upUntilWaiting(eng, name);
    const cli = cliProcess(eng);
    expect(cli, "the CLI process of this up").to.not.equal(undefined);
    abort.abort();
    await sleep(1000);
    process.kill(cli!.pid, "SIGINT"); // the second Ctrl-C: terminate
    const first = await run;
    expect(first.ok).to.equal(false);
    expect(first.output + first.error).to.match(/terminat/i);
    const pending = pendingOperations(eng);
    expect(
      pending.map((p) => p.type),
      "the engine recorded a pending create",
    ).to.deep.equal(["creating"]);
    expect(stateResources(eng).site, "and not the domain").to.equal(undefined);
    expect(await domainsNamed(name), "which is registered (and paid)").to.have.length(1);

    const second = await rerun(eng);
    expect(second.output).to.include("Taken to be this program's own domain/create from an interrupted `pulumi up`");
    await converged(eng, name, b0, 11.95, second);
    // Pulumi 3.250 keeps its pending-create marker (and repeats its warning) after the resource was
    // created by a later up (backend/snapshot.go: pending CREATE operations are carried over until
    // the user resolves them). The stack works meanwhile; `pulumi refresh --clear-pending-creates`
    // removes the marker, and nothing else changes.
    expect(pendingOperations(eng).map((p) => p.type)).to.deep.equal(["creating"]);
    const cleared = await eng.stack.refresh({ clearPendingCreates: true });
    expect(cleared.summary.resourceChanges).to.deep.equal({ same: 2 });
    expect(pendingOperations(eng)).to.deep.equal([]);
    await expectEmptyPlan(eng);
  });

  it("CLI killed: the next up (after `pulumi cancel` releases the lock it left) adopts the registration", async () => {
    const name = "interrupted-killed.com";
    const eng = await fh.stack(program(name));
    const b0 = await fh.balance();
    const { run } = await upUntilWaiting(eng, name);
    const cli = cliProcess(eng);
    expect(cli).to.not.equal(undefined);
    process.kill(cli!.pid, "SIGKILL");
    const first = await run;
    expect(first.ok).to.equal(false);
    // The provider plugin runs in its own process group and outlives the CLI: end it (ours, by id).
    for (const pid of cli!.descendants) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    let second = await rerun(eng);
    if (!second.ok && /locked/i.test(second.error ?? "")) {
      console.log("      the killed CLI left the stack locked: `pulumi cancel` releases it");
      await eng.stack.cancel();
      second = await rerun(eng);
    }
    expect(second.output).to.include("Taken to be this program's own domain/create");
    await converged(eng, name, b0, 11.95, second);
    await refresh(eng);
    await expectEmptyPlan(eng);
  });
});

describe("hardening: a create that finds an earlier order (engine)", function () {
  this.timeout(300_000);
  let fh: FaultHarness;
  before(async () => {
    fh = await startFaultHarness();
  });
  after(async () => fh?.close());

  it("adopts this program's own service and certificate (same CSR), and refuses a domain of another owner", async () => {
    const { key, csr } = keyAndCsr("www.interrupted-ssl.com");
    const other = keyAndCsr("www.interrupted-ssl.com");
    const c = fh.h.client;
    // What an interrupted run left behind (the engine forgot the creates): ordered outside the stack.
    await c.call("service/create", { serviceName: "interrupted-svc.com", productkey: "mini" } as any);
    const admin = orderParams(
      { productId: 101, validationMethod: "http", adminContact: OWNER, commonName: "www.interrupted-ssl.com" } as any,
      other.csr,
      undefined,
    );
    await c.call("ssl/create", admin as any); // another CSR: not ours
    const mine = (await c.call(
      "ssl/create",
      orderParams({ productId: 101, validationMethod: "http", adminContact: OWNER, commonName: "www.interrupted-ssl.com" } as any, csr, key) as any,
    )) as any;
    await c.call("domain/create", {
      domain: "foreign-owner.com",
      ownerContactType: "individual",
      ownerContactFirstName: "Luis",
      ownerContactLastName: "Pérez",
      ownerContactIdentNumber: "87654321X",
      ownerContactEmail: "luis@example.com",
      ownerContactPhone: "+34.600000000",
      ownerContactAddress: "Calle 2",
      ownerContactPostalCode: "28001",
      ownerContactCity: "Madrid",
      ownerContactState: "Madrid",
      ownerContactCountry: "ES",
    } as any);
    const eng = await fh.stack(async () => {
      const { Domain, HostingService, SslCertificate } = fh.h.pkg();
      new HostingService("svc", { name: "interrupted-svc.com", productKey: "mini" });
      new SslCertificate("ssl", { productId: 101, csr, privateKey: key, adminContact: OWNER, validationMethod: "http" });
      new Domain("foreign", { name: "foreign-owner.com", contacts: { owner: OWNER } });
      return {};
    });
    const b0 = await fh.balance();
    await fh.counters(true);
    const r = await up(eng);
    expect(r.ok, "the foreign domain fails").to.equal(false);
    expect(r.error).to.include("foreign-owner.com is already in this account (status");
    expect(r.error).to.include("its owner contact is not the one this program gives");
    expect(r.error).to.include('use registration: "adopt"');
    expect(r.output).to.include("HostingService interrupted-svc.com: already in this account and no stack records it");
    expect(r.output).to.match(/SslCertificate www\.interrupted-ssl\.com: certificate \d+ .* Taken to be this program's own ssl\/create/);
    const calls = (await fh.counters()).calls;
    expect(calls["service/create"] ?? 0, "no service ordered").to.equal(0);
    expect(calls["ssl/create"] ?? 0, "no certificate ordered").to.equal(0);
    expect(calls["domain/create"] ?? 0, "no domain ordered").to.equal(0);
    expect(await fh.balance(), "nothing charged").to.equal(b0);
    const st = stateResources(eng);
    expect(st.ssl.id).to.equal(String(mine.ssl.certificateID));
    expect(st.svc.outputs.productKey).to.equal("mini");
    expect(st.foreign).to.equal(undefined);
  });
});
