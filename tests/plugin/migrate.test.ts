/**
 * Moving a stack from the dynamic resources to the provider plugin, with no write and no spend
 * (README "Moving a stack from the dynamic resources to the plugin"), through the real engine: a
 * stack applied with the dynamic resources (a Domain, a HostingService, two DnsRecords, a MailBox)
 * through the Automation API; then, with the plain CLI on the same backend and the plugin installed
 * from its archive: `pulumi stack export`, `dondominio-export --from-state` (the import file and the
 * URNs), the project switched to Pulumi YAML, `pulumi import --file` (the plugin reads each object by
 * its id), `pulumi state delete` of the dynamic resources (the state only: their provider's delete
 * is never called), the generated program in Pulumi.yaml; its preview and up plan no change. The
 * emulator saw no write from the export on, the balance did not move, and every object is still
 * there. Run `npm run build` first.
 */
import { expect } from "chai";
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { main } from "../../provider/export";
import { createEngineStack, type EngineStack, engineEnv, installPackage, REPO } from "../harness/engine";
import { buildPluginArchive, type PluginArchive } from "../../scripts/plugin-archive";
import { contactCreateParams, emulatorConfig, type Harness, OWNER, startHarness, writeCalls } from "../provider/harness";
import { skipWithoutGo } from "./yaml-project";

const run = promisify(execFile);
const DOMAIN = "move-me.com";
const PASSWORD = "Mailbox-pw-2026";

describe("plugin: moving a stack from the dynamic resources to the plugin, with no write and no spend", function () {
  this.timeout(1_200_000);
  let h: Harness;
  let eng: EngineStack;
  let archive: PluginArchive;
  let env: Record<string, string>;
  let dir: string;
  const passphrase = randomBytes(12).toString("hex");
  const pulumi = async (...args: string[]) => {
    try {
      const r = await run("pulumi", [...args, "--non-interactive"], { cwd: dir, env, maxBuffer: 1 << 28 });
      return `${r.stdout}${r.stderr}`;
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`pulumi ${args.join(" ")} failed:\n${(err.stdout ?? "").slice(-3000)}\n${(err.stderr ?? "").slice(-3000)}`);
    }
  };
  const balance = async () => ((await h.client.call("account/info", {} as never)) as { balance: number }).balance;
  const live = async () => {
    const dns = ((await h.client.call("service/dnslist", { serviceName: DOMAIN } as never)) as { dns: { name: string; value: string }[] }).dns;
    const mail = ((await h.client.call("service/maillist", { serviceName: DOMAIN } as never)) as { mail: { name: string }[] }).mail;
    return { dns: dns.map((r) => `${r.name} ${r.value}`).sort(), mail: mail.map((m) => m.name).sort() };
  };

  before(async function () {
    skipWithoutGo(this);
    const yamlBin = execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
    const pkg = installPackage();
    h = await startHarness();
    const owner = ((await h.client.call("contact/create", contactCreateParams(OWNER) as never)) as { contactID: string }).contactID;
    await h.client.call("domain/create", { domain: DOMAIN, ownerContactID: owner } as never);
    await h.emu.control.advanceClock(2 * 3600);
    // The stack as a TypeScript program on the dynamic resources has it.
    eng = await createEngineStack({
      program: async () => {
        const { Domain, HostingService, DnsRecord, MailBox } = require(join(pkg, "dist/provider/index.js"));
        new Domain("domain", { name: DOMAIN, registration: "adopt" });
        const svc = new HostingService("hosting", { name: DOMAIN, productKey: "basic" });
        new DnsRecord("www", { serviceName: svc.name, name: "www", type: "A", value: "192.0.2.80", ttl: 600 });
        new DnsRecord("spf", { serviceName: svc.name, name: "@", type: "TXT", value: "v=spf1 mx -all" });
        new MailBox("info", { serviceName: svc.name, name: "info", password: PASSWORD });
      },
      env: { PULUMI_CONFIG_PASSPHRASE: passphrase },
      config: { ...emulatorConfig(h.emu), "dondominio:maxOpsPerMinute": { value: "20000" } },
    });
    await eng.stack.up();
    dir = eng.workDir;
    const base = engineEnv(eng.backendDir, { PULUMI_CONFIG_PASSPHRASE: passphrase });
    env = { ...base, PATH: `${yamlBin}:${base.PATH}` };
    archive = await buildPluginArchive({ outDir: join(dir, "release") });
    await pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
    await pulumi("stack", "select", "dev");
  });
  after(async () => {
    await eng?.dispose();
    await h?.close();
  });

  it("moves the five resources: import by id into the plugin's types, state delete of the dynamic ones; the preview then plans no change; no write, no spend", async () => {
    const before = { balance: await balance(), live: await live() };
    expect(before.live.mail).to.include(`info@${DOMAIN}`);
    await h.emu.control.counters({ reset: true });

    // 1. The state, and from it the import file and the URNs to delete (no API call).
    await pulumi("stack", "export", "--file", "before.json");
    const stdout: string[] = [];
    const stderr: string[] = [];
    const status = await main(
      ["--from-state", join(dir, "before.json"), "--import-file", join(dir, "import.json")],
      {},
      {
        stdout: { write: (t: string) => stdout.push(t) },
        stderr: { write: (t: string) => stderr.push(t) },
      },
    );
    expect(status, stderr.join("")).to.equal(0);
    writeFileSync(join(dir, "dynamic-urns.txt"), stdout.join(""));
    const urns = stdout.join("").split("\n").filter(Boolean);
    expect(urns.filter((u) => u.includes("::pulumi-nodejs:dynamic/dondominio:"))).to.have.length(5);
    expect(urns.at(-1)).to.match(/::pulumi:providers:pulumi-nodejs::default/);

    // 2. The project in Pulumi YAML (any language the plugin serves), nothing declared yet; the import.
    const project = "name: engine-test\nruntime: yaml\n";
    writeFileSync(join(dir, "Pulumi.yaml"), project);
    rmSync(join(dir, "index.ts"), { force: true });
    await pulumi("import", "--file", "import.json", "--yes", "--protect=false", "--generate-code", "--out", "generated.yaml");

    // 3. The dynamic resources out of the state: an edit of the state, no provider call.
    await pulumi("state", "delete", "--yes", ...urns);

    // 4. The generated program; its preview and up plan no change.
    const generated = readFileSync(join(dir, "generated.yaml"), "utf8");
    expect(generated).to.not.include(PASSWORD);
    writeFileSync(join(dir, "Pulumi.yaml"), `${project}${generated}`);
    await pulumi("preview", "--expect-no-changes");
    await pulumi("up", "--yes", "--expect-no-changes");

    const calls = (await h.emu.control.counters()).calls;
    expect(writeCalls(calls), "no write from the export on").to.deep.equal({});
    expect(await balance(), "nothing spent").to.equal(before.balance);
    expect(await live(), "every object still there, unchanged").to.deep.equal(before.live);
    const state = JSON.parse(await pulumi("stack", "export"));
    const types = state.deployment.resources.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t.startsWith("pulumi-nodejs"))).to.deep.equal([]);
    expect(types.filter((t: string) => t.startsWith("dondominio:index:")).sort()).to.deep.equal(
      [
        "dondominio:index:DnsRecord",
        "dondominio:index:DnsRecord",
        "dondominio:index:Domain",
        "dondominio:index:HostingService",
        "dondominio:index:MailBox",
      ].sort(),
    );
    // The URNs keep their names (logicalName): "www", "spf", "info", "hosting", "domain".
    const names = state.deployment.resources
      .filter((r: { type: string }) => r.type.startsWith("dondominio:index:"))
      .map((r: { urn: string }) => r.urn.split("::").pop());
    expect(names.sort()).to.deep.equal(["domain", "hosting", "info", "spf", "www"]);
    console.log(`      moved 5 resources; API calls from the export on: ${JSON.stringify(calls)} (reads only)`);
  });
});
