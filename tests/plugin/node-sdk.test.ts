/**
 * The generated Node SDK (sdks/nodejs), compiled with tsc, used by a TypeScript program run through
 * the Automation API (no Node language host on PATH here) against the emulator, on the plugin
 * installed from its archive (`pulumi plugin install resource dondominio <version> --file`): up of a
 * DnsRecord, an empty preview, destroy.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { createEngineStack, type EngineStack } from "../harness/engine";
import { emulatorConfig } from "../provider/harness";
import { type InstalledPlugin, installPluginWithNodeSdk } from "./installed-plugin";

const ZONE = "node-sdk.example";

describe("sdks/nodejs: a TypeScript program on the generated Node SDK, on the installed plugin", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let engine: EngineStack;
  let plugin: InstalledPlugin;
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];

  before(async () => {
    plugin = await installPluginWithNodeSdk();
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    engine = await createEngineStack({
      projectName: "node-sdk",
      installPackage: false,
      env: { PULUMI_HOME: plugin.pulumiHome },
      config: emulatorConfig(emu),
      program: async () => {
        const dondominio = require(plugin.sdkDir);
        const www = new dondominio.DnsRecord("www", { serviceName: ZONE, name: "www", type: "A", value: "192.0.2.60", ttl: 3600 });
        return { id: www.id };
      },
    });
  });
  after(async () => {
    await engine?.dispose();
    await emu?.close();
    plugin?.dispose();
  });

  it("up creates the record through the plugin; a preview then has no changes; destroy deletes it", async () => {
    const up = await engine.stack.up();
    expect(up.summary.resourceChanges?.create, "the stack and the record").to.equal(2);
    expect((await dnslist()).map((r) => `${r.name} ${r.type} ${r.value}`)).to.include(`www.${ZONE} A 192.0.2.60`);
    expect(engine.readStateFile()).to.include("dondominio:index:DnsRecord").and.not.include(emu.apiPasswd);
    const preview = await engine.stack.preview();
    expect(Object.keys(preview.changeSummary).filter((k) => k !== "same")).to.deep.equal([]);
    await engine.stack.destroy();
    expect((await dnslist()).filter((r) => r.value === "192.0.2.60")).to.deep.equal([]);
  });
});
