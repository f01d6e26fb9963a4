/**
 * customTimeouts and a partial result through the plugin and the real engine (Pulumi YAML): a
 * Domain registration still pending when its create timeout (3 s, from the request) ends is
 * recorded with its id and state through the engine's init-error path (ErrorResourceInitFailed);
 * nothing is spent twice, and the next up, once the registration is done, converges with no order.
 */
import { expect } from "chai";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { OWNER } from "../provider/harness";
import { pluginProgram, skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const NAME = "yaml-slow-example.com";

describe("plugin: customTimeouts and a partial result through the engine (YAML)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;

  before(async function () {
    skipWithoutGo(this);
    // Registration stays pending for an hour of emulator time unless the clock is advanced.
    emu = await startEmulator({ delays: { registerPendingSec: 3600 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    project = await yamlProject((dir, pluginDir) => {
      const resources = {
        slow: {
          type: "dondominio:index:Domain",
          properties: { name: NAME, contacts: { owner: OWNER } },
          options: { customTimeouts: { create: "3s", update: "3s" } },
        },
      };
      // A Pulumi YAML interpolation, not a JavaScript one.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's ${...} syntax.
      const outputs = { status: "${slow.status}" };
      writeFileSync(join(dir, "Pulumi.yaml"), pluginProgram("yaml-slow", pluginDir, { resources, outputs }));
    });
    await project.configureEmulator(emu, { "dondominio:pollIntervalMs": "250" });
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  const recorded = () => project.resource("slow");

  it("records the pending registration with its id when the create timeout ends, then converges without a second order", async () => {
    const before = (await client.call("account/info")).balance;
    const t0 = Date.now();
    const err = await project.pulumi("up", "--yes", "--skip-preview").then(
      () => "",
      (e: Error) => e.message,
    );
    const seconds = (Date.now() - t0) / 1000;
    console.log(`      the failed up took ${seconds.toFixed(1)} s (create timeout 3 s)`);
    expect(err).to.include("still register-pending");
    expect(seconds).to.be.lessThan(60);
    const slow = await recorded();
    expect(slow.id).to.equal(NAME);
    expect(slow.outputs.status).to.equal("register-pending");
    expect(slow.initErrors?.join("\n")).to.include("still register-pending");
    const spent = (await client.call("account/info")).balance;
    expect(spent).to.be.lessThan(before);

    await emu.control.advanceClock(7200);
    await project.pulumi("up", "--yes", "--skip-preview");
    expect((await recorded()).outputs.status).to.equal("active");
    expect((await client.call("account/info")).balance).to.equal(spent);
    await project.pulumi("preview", "--expect-no-changes");
  });
});
