/**
 * Cancellation through the plugin and the real engine (Pulumi YAML): `pulumi up` of a Domain whose
 * registration the emulator keeps pending (and whose create would wait 20 minutes) is interrupted
 * with SIGINT, as Ctrl-C does. The engine sends the plugin Cancel (provider/core/cancel.ts): the
 * wait ends at once, the paid order already placed is recorded through the init-error path with the
 * domain's id, and the CLI exits in seconds. The next `up` sends no second domain/create: it takes
 * up the recorded domain, waits for it to be active and converges; the balance moved once.
 * Interrupted while the order itself is out (the emulator holds domain/create unanswered), the
 * order's reply is awaited, never abandoned: its outcome unknown, the domain is recorded as
 * unconfirmed (pendingOrder), and the next `up` looks for it and adopts it instead of ordering again.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Harness, OWNER, startHarness } from "../provider/harness";
import { pluginProgram, skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const NAME = "yaml-cancel-example.com";

describe("plugin: Ctrl-C of pulumi up cancels a waiting create (YAML)", function () {
  this.timeout(600_000);
  let h: Harness;
  let project: YamlProject;

  before(async function () {
    skipWithoutGo(this);
    // Registration stays pending for an hour of emulator time unless the clock is advanced.
    h = await startHarness({ delays: { registerPendingSec: 3600 } });
    project = await yamlProject((dir, pluginDir) => {
      // No customTimeouts: the create would wait for the registration 20 minutes.
      const slow = { type: "dondominio:index:Domain", properties: { name: NAME, contacts: { owner: OWNER } } };
      writeFileSync(join(dir, "Pulumi.yaml"), pluginProgram("yaml-cancel", pluginDir, { resources: { slow } }));
    });
    await project.configureEmulator(h.emu, { "dondominio:pollIntervalMs": "250" });
  });
  after(async () => {
    await h?.close();
    project?.dispose();
  });

  const recorded = () => project.resource("slow");
  const calls = async () => (await h.emu.control.counters()).calls;

  /**
   * `pulumi up` in its own process group (a CLI that hangs is ended with its plugins), interrupted
   * with SIGINT once `ready()` holds (polled every `pollMs`; `notReady` names a start that never came).
   * Bounded: a plugin that ignores Cancel keeps the CLI waiting for the create (20 minutes).
   */
  const interruptedUp = async (ready: () => Promise<boolean>, pollMs: number, notReady: string) => {
    const cli = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], { cwd: project.dir, env: project.env, detached: true });
    let output = "";
    cli.stdout.on("data", (d) => (output += d));
    cli.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
    const start = Date.now();
    while (!(await ready())) {
      if (Date.now() - start > 120_000) throw new Error(`${notReady}:\n${output}`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
    const t0 = Date.now();
    cli.kill("SIGINT");
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 60_000))]);
    if (code === "hung") {
      process.kill(-(cli.pid as number), "SIGKILL");
      throw new Error(`the CLI was still running 60 s after SIGINT:\n${output}`);
    }
    return { code, seconds: (Date.now() - t0) / 1000, output };
  };

  it("SIGINT during the wait: the CLI exits in seconds, the paid domain is recorded, and the next up orders nothing again", async () => {
    const before = (await h.client.call("account/info")).balance;
    // Interrupted once the order is placed and the create is polling the registration.
    const { code, seconds, output } = await interruptedUp(async () => (await calls())["domain/getinfo"] >= 2, 200, "the create never started waiting");
    console.log(`      the CLI exited ${seconds.toFixed(1)} s after SIGINT (code ${code}; the create would have waited 20 min)`);
    if (process.env.PLUGIN_TEST_LOG) writeFileSync(process.env.PLUGIN_TEST_LOG, output);
    expect(code, output).to.not.equal(0);
    expect(seconds, output).to.be.lessThan(20);
    expect(output).to.include("cancelled");

    // What was paid for is in the state, with the error that says it was cut short.
    const slow = await recorded();
    expect(slow, "the domain is in the state").to.not.equal(undefined);
    expect(slow.id).to.equal(NAME);
    expect(slow.outputs.status).to.match(/^register-/);
    expect(slow.initErrors?.join("\n")).to.include("create cancelled");
    expect((await calls())["domain/create"]).to.equal(1);
    const spent = (await h.client.call("account/info")).balance;
    expect(spent).to.be.lessThan(before);

    // The next up takes it up from the state: no second order, the same balance.
    await h.emu.control.advanceClock(7200);
    await project.pulumi("up", "--yes", "--skip-preview");
    expect((await recorded()).outputs.status).to.equal("active");
    expect((await calls())["domain/create"]).to.equal(1);
    expect((await h.client.call("account/info")).balance).to.equal(spent);
    await project.pulumi("preview", "--expect-no-changes");
  });

  it("SIGINT while the order itself is out: its reply is awaited, not abandoned; unconfirmed, it is recorded and the next up looks before ordering", async () => {
    // The order reaches the emulator and stays unanswered (and not run) until released; the client
    // gives up on the reply after 2 s (an ambiguous outcome).
    const HELD = "yaml-cancel-held.com";
    const program = JSON.parse(readFileSync(join(project.dir, "Pulumi.yaml"), "utf8"));
    program.resources.held = { type: "dondominio:index:Domain", properties: { name: HELD, contacts: { owner: OWNER } } };
    writeFileSync(join(project.dir, "Pulumi.yaml"), JSON.stringify(program, null, 2));
    await project.pulumi("config", "set", "dondominio:timeoutMs", "2000");
    await h.emu.control.addFault({ action: "domain/create", kind: "hold" });
    const before = (await h.client.call("account/info")).balance;
    const creates = (await calls())["domain/create"] ?? 0;

    const { code, seconds, output } = await interruptedUp(
      async () => (await h.emu.control.heldCalls()).includes("domain/create"),
      100,
      "the order was never sent",
    );
    console.log(`      the CLI exited ${seconds.toFixed(1)} s after SIGINT (the order's reply awaited up to the 2 s request timeout)`);
    expect(code, output).to.not.equal(0);
    expect(seconds, output).to.be.lessThan(20);
    const held = await project.resource("held");
    expect(held, `the order is in the state:\n${output}`).to.not.equal(undefined);
    expect(held.id).to.equal(HELD);
    expect(held.outputs.status).to.equal("unconfirmed");
    expect(held.outputs.pendingOrder?.operation).to.equal("domain/create");
    expect(held.initErrors?.join("\n")).to.include("create cancelled");

    // The service carries the order out after all; the next up finds it and orders nothing.
    await h.emu.control.releaseHeld("domain/create");
    await h.emu.control.clearFaults();
    const charged = (await h.client.call("account/info")).balance;
    expect(charged).to.be.lessThan(before);
    await h.emu.control.advanceClock(7200);
    const out = await project.pulumi("up", "--yes", "--skip-preview");
    expect(out).to.include("nothing was sent again");
    expect((await calls())["domain/create"]).to.equal(creates + 1);
    expect((await h.client.call("account/info")).balance).to.equal(charged);
    await project.pulumi("preview", "--expect-no-changes");
  });
});
