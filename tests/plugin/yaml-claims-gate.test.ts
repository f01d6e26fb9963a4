/**
 * The run's rules the dynamic resources enforce, through the plugin and the real engine (Pulumi
 * YAML), from the same code:
 * - DNS claims (provider/dns/dns-claim-rules.ts): the same record in two DnsRecords, or a name and
 *   type a DnsZone and a DnsRecord both manage, is refused at preview with the dynamic resources'
 *   text, and an `up --skip-preview` of it writes nothing;
 * - the run gate (provider/core/run-gate.ts): `up --skip-preview` of valid resources (a paid Domain
 *   among them) beside one that fails its check creates nothing and spends nothing (issue 19);
 * - log lines: a DNS plan line and a money line reach the engine through its Log RPC under their
 *   resource's URN (read from the engine's events, `pulumi up --json`).
 */
import { expect } from "chai";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { OWNER } from "../provider/harness";
import { pluginProgram, skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "yaml-claims.example";
const DOMAIN = "yaml-claims-paid.com";
/** Operations that write or spend (the emulator's per-action counters). */
const WRITES = /^(domain\/(create|transfer|renew|update)|service\/(create|dns(create|update|delete|setzone))|contact\/create)$/;

describe("plugin: DNS claims, the run gate and per-resource log lines through the engine (YAML)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  let pluginDir = "";

  /** Writes Pulumi.yaml with these resources (JSON is YAML). */
  const program = (resources: Record<string, { type: string; properties: Record<string, unknown> }>) =>
    writeFileSync(join(project.dir, "Pulumi.yaml"), pluginProgram("yaml-claims", pluginDir, { resources }));
  const record = (name: string, type: string, value: string, extra: Record<string, unknown> = {}) => ({
    type: "dondominio:index:DnsRecord",
    properties: { serviceName: ZONE, name, type, value, ...extra },
  });
  const failure = (...args: string[]) =>
    project.pulumi(...args).then(
      (out) => {
        throw new Error(`pulumi ${args.join(" ")} succeeded:\n${out}`);
      },
      (e: Error) => e.message,
    );
  const writes = async () => Object.entries((await emu.control.counters()).calls).filter(([action]) => WRITES.test(action));
  const balance = async () => (await client.call("account/info")).balance;

  before(async function () {
    skipWithoutGo(this);
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    project = await yamlProject((dir, plugins) => {
      pluginDir = plugins;
      writeFileSync(join(dir, "Pulumi.yaml"), JSON.stringify({ name: "yaml-claims", runtime: "yaml" }));
    });
    await project.configureEmulator(emu);
    await emu.control.counters({ reset: true });
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  it("refuses the same record in two DnsRecords at preview, with the dynamic resources' text", async () => {
    program({ a: record("www", "A", "192.0.2.10"), b: record(`www.${ZONE}.`, "a", "192.0.2.10") });
    const err = await failure("preview");
    expect(err).to.match(
      /DnsRecord "(a|b)" and DnsRecord "(a|b)" both manage the same record A www\.yaml-claims\.example 192\.0\.2\.10; the zone holds it once: keep one of them/,
    );
    // Different values at one name and type are fine (round robin).
    program({ a: record("www", "A", "192.0.2.10"), b: record("www", "A", "192.0.2.11") });
    await project.pulumi("preview");
    expect(await writes()).to.deep.equal([]);
  });

  it("refuses a name and type a DnsZone and a DnsRecord both manage, at preview and at up --skip-preview (nothing written)", async () => {
    program({
      zone: {
        type: "dondominio:index:DnsZone",
        properties: { serviceName: ZONE, records: [{ name: "mail", type: "MX", value: "mx1.example.net.", priority: 10 }] },
      },
      extra: record("mail", "MX", "mx2.example.net.", { priority: 20 }),
    });
    const text =
      /Dns(Zone|Record) "(zone|extra)" and Dns(Zone|Record) "(zone|extra)" both manage MX mail\.yaml-claims\.example; manage each name and type in one resource/;
    expect(await failure("preview")).to.match(text);
    expect(await failure("up", "--yes", "--skip-preview")).to.match(text);
    expect(await writes()).to.deep.equal([]);
    const dns = ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as { name: string; type: string }[];
    expect(dns.filter((r) => r.name === `mail.${ZONE}` && r.type === "MX")).to.deep.equal([]);
  });

  it("up --skip-preview of valid resources (a paid Domain among them) beside one bad one creates nothing and spends nothing", async () => {
    const before = await balance();
    program({
      dom: { type: "dondominio:index:Domain", properties: { name: DOMAIN, contacts: { owner: OWNER }, waitFor: "submitted" } },
      good: record("good", "A", "192.0.2.20"),
      zbad: record("zbad", "A", "not-an-address"),
    });
    const err = await failure("up", "--yes", "--skip-preview");
    expect(err).to.include("zbad");
    const written = await writes();
    console.log(`      writes at the emulator after the refused up: ${written.length}; balance ${before} -> ${await balance()}`);
    expect(written).to.deep.equal([]);
    expect(await balance()).to.equal(before);
    const state = JSON.parse((await project.pulumiRun("stack", "export")).stdout);
    expect((state.deployment.resources ?? []).filter((r: any) => String(r.type).startsWith("dondominio:index:"))).to.deep.equal([]);
  });

  it("sends the DNS plan line and the money line through the engine's Log RPC under their resource's URN", async () => {
    program({
      dom: { type: "dondominio:index:Domain", properties: { name: DOMAIN, contacts: { owner: OWNER }, waitFor: "submitted" } },
      good: record("good", "A", "192.0.2.20"),
    });
    /** The engine's diagnostic events of a command (`--json`: one event a line). */
    const diagnostics = async (...args: string[]) =>
      (await project.pulumiRun(...args, "--json")).stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => {
          try {
            return JSON.parse(l).diagnosticEvent;
          } catch {
            // `destroy --json` prints its plan as one indented JSON document before the events.
            return undefined;
          }
        })
        .filter(Boolean) as { urn?: string; message: string }[];
    let diags = await diagnostics("up", "--yes", "--skip-preview");
    const under = (name: string, needle: string) => diags.filter((d) => String(d.urn ?? "").endsWith(`::${name}`) && d.message.includes(needle));
    const plan = under("good", `+ CREATE A good.${ZONE} 192.0.2.20`);
    const money = under("dom", `$ CHARGE`);
    console.log(`      under their URN: ${plan.length} plan line(s) (${plan[0]?.message.trim()}), ${money.length} money line(s) (${money[0]?.message.trim()})`);
    expect(plan, "the DNS plan line under the DnsRecord's URN").to.have.length.greaterThan(0);
    expect(money, "the money line under the Domain's URN").to.have.length.greaterThan(0);
    // No provider line without its resource.
    expect(diags.filter((d) => !d.urn && /\$ CHARGE|\+ CREATE/.test(d.message))).to.deep.equal([]);
    // The lines of a diff and of a delete too (the DnsRecord's afterDiff and beforeDelete).
    program({
      dom: { type: "dondominio:index:Domain", properties: { name: DOMAIN, contacts: { owner: OWNER }, waitFor: "submitted" } },
      good: record("good", "A", "192.0.2.21"),
    });
    diags = await diagnostics("up", "--yes", "--skip-preview");
    expect(under("good", `± MODIFY A good.${ZONE} 192.0.2.20 ttl=default -> 192.0.2.21 ttl=default`), JSON.stringify(diags)).to.have.length(1);
    diags = await diagnostics("destroy", "--yes");
    expect(under("good", `- DELETE A good.${ZONE} 192.0.2.21`), JSON.stringify(diags)).to.have.length(1);
  });
});
