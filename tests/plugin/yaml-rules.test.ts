/**
 * Issue 27's rules across resources through the plugin and the real engine (Pulumi YAML), with the
 * dynamic resources' text (tests/hardening/bad-input-engine.test.ts runs the same through the
 * dynamic door): both doors share provider/core/frame.ts checkInputs and the pure claim rules.
 * - one object twice: a MailBox and a MailAlias of one address are refused at preview, naming both
 *   (provider/dns/object-claim-rules.ts, at the plugin's Check);
 * - a ring of two aliases is refused at preview (provider/resources/mail-alias/facts.ts);
 * - warnings of two classes (an MX to a CNAME of the live zone; a Spanish contact's French phone)
 *   reach the engine once each, as warnings under their resource's URN, and the preview passes; with `dondominio:strict` true the preview fails with the
 *   rule, and an `up --skip-preview` writes nothing; a strict value that is not a boolean is
 *   refused by CheckConfig naming the key.
 */
import { expect } from "chai";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { OWNER } from "../provider/harness";
import { pluginProgram, skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "yaml-rules.example";
const WRITES = /^(service\/(create|dns(create|update|delete|setzone)|mail(alias)?create)|contact\/create|domain\/create)$/;

describe("plugin: issue 27's rules across resources, warnings and dondominio:strict through the engine (YAML)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  let pluginDir = "";

  const program = (resources: Record<string, { type: string; properties: Record<string, unknown> }>) =>
    writeFileSync(join(project.dir, "Pulumi.yaml"), pluginProgram("yaml-rules", pluginDir, { resources }));
  const failure = (...args: string[]) =>
    project.pulumi(...args).then(
      (out) => {
        throw new Error(`pulumi ${args.join(" ")} succeeded:\n${out}`);
      },
      (e: Error) => e.message,
    );
  const writes = async () => Object.entries((await emu.control.counters()).calls).filter(([action]) => WRITES.test(action));

  before(async function () {
    skipWithoutGo(this);
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "professional" } as any);
    await client.call("service/dnscreate", { serviceName: ZONE, name: "mailalias", type: "CNAME", value: "mx.mail-host-example.net" } as any);
    project = await yamlProject((dir, plugins) => {
      pluginDir = plugins;
      writeFileSync(join(dir, "Pulumi.yaml"), JSON.stringify({ name: "yaml-rules", runtime: "yaml" }));
    });
    await project.configureEmulator(emu);
    await emu.control.counters({ reset: true });
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  it("refuses a MailBox and a MailAlias of one address at preview, naming both as the dynamic resources do", async () => {
    program({
      box: { type: "dondominio:index:MailBox", properties: { serviceName: ZONE, name: "Shared", password: "Good-Pass-123" } },
      alias: { type: "dondominio:index:MailAlias", properties: { serviceName: ZONE, name: `shared@${ZONE}`, targets: ["a@example.org"] } },
    });
    expect(await failure("preview")).to.match(
      /Mail(Box|Alias) "(box|alias)" and Mail(Box|Alias) "(box|alias)" are one object to the API: the (mailbox|alias) shared@yaml-rules\.example and the (mailbox|alias) shared@yaml-rules\.example once normalised; declare it once/,
    );
    expect(await writes()).to.deep.equal([]);
  });

  it("refuses two aliases delivering to each other at preview", async () => {
    program({
      a: { type: "dondominio:index:MailAlias", properties: { serviceName: ZONE, name: "loop-a", targets: [`loop-b@${ZONE}`] } },
      b: { type: "dondominio:index:MailAlias", properties: { serviceName: ZONE, name: "loop-b", targets: [`loop-a@${ZONE}`] } },
    });
    expect(await failure("preview")).to.match(
      /targets: the aliases deliver in a ring, loop-(a|b)@yaml-rules\.example -> loop-(a|b)@yaml-rules\.example -> loop-(a|b)/,
    );
    expect(await writes()).to.deep.equal([]);
  });

  it("prints each warning once under its resource's URN and passes; refuses it with dondominio:strict, up writing nothing; CheckConfig refuses strict=maybe", async () => {
    program({
      mx: { type: "dondominio:index:DnsRecord", properties: { serviceName: ZONE, name: "@", type: "MX", value: `mailalias.${ZONE}`, priority: 10 } },
      good: { type: "dondominio:index:DnsRecord", properties: { serviceName: ZONE, name: "good", type: "A", value: "192.0.2.20" } },
      // Contact data's warning: a Spanish contact's French phone.
      owner: { type: "dondominio:index:Contact", properties: { ...OWNER, phone: "+33.612345678" } },
    });
    const rules: [string, RegExp][] = [
      ["mx", /value: mailalias\.yaml-rules\.example is a CNAME .*RFC 2181 10\.3, RFC 5321 5\.1/],
      ["owner", /phone: \+33 is not ES's country code \(\+34\)/],
    ];
    // `preview --json` prints one JSON document: its diagnostics carry each line's URN and severity.
    const doc = JSON.parse((await project.pulumiRun("preview", "--json")).stdout) as { diagnostics?: { urn?: string; severity: string; message: string }[] };
    const diagnostics = doc.diagnostics ?? [];
    const shown = JSON.stringify(diagnostics).slice(0, 3000);
    for (const [name, rule] of rules) {
      const hits = diagnostics.filter((d) => rule.test(d.message));
      expect(hits.length, `${rule} once in ${shown}`).to.equal(1);
      expect(hits[0].severity).to.equal("warning");
      expect(String(hits[0].urn)).to.match(new RegExp(`::${name}$`));
      expect(hits[0].message).to.match(/dondominio:strict makes it an error/);
    }
    expect(diagnostics.filter((d) => d.severity === "warning" && /dondominio:strict/.test(d.message)).length, shown).to.equal(2);

    await project.pulumi("config", "set", "dondominio:strict", "true");
    expect(await failure("preview")).to.match(
      /(value: mailalias\.yaml-rules\.example is a CNAME|phone: \+33 is not ES's).*\(a warning, refused: dondominio:strict is true\)/,
    );
    expect(await failure("up", "--yes", "--skip-preview")).to.match(/dondominio:strict is true/);
    expect(await writes()).to.deep.equal([]);

    await project.pulumi("config", "set", "dondominio:strict", "maybe");
    expect(await failure("preview")).to.match(/dondominio:strict must be true or false/);
    await project.pulumi("config", "rm", "dondominio:strict");
  });
});
