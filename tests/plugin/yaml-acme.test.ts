/**
 * AcmeCertificate through the provider plugin (installed from its archive) and the real engine, in
 * a Pulumi YAML program, against pebble (Let's Encrypt's test CA) validating DNS-01 through the
 * emulator's DNS, as tests/acme/acme-certificate.test.ts does with the dynamic resource: up issues
 * a certificate pebble's CA signed, its keys kept secret (not in plaintext in the state), no TXT
 * record left; the next preview is empty; destroy. Then the CNAME delegation of issue 27 item 10:
 * `_acme-challenge.cname.<zone>` is a CNAME into another zone of the account, and up issues the
 * certificate with the TXT at the CNAME's target (before: 4004, the TXT beside the CNAME); a CNAME to
 * a name outside the account is refused at preview naming both, with no write. Run `npm run build`
 * first. Skipped (saying so) only when Go, needed for the YAML language host and pebble, is absent.
 */
import { expect } from "chai";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildPluginArchive, type PluginArchive } from "../../scripts/plugin-archive";
import { ensureTool, type Pebble, startPebble } from "../acme/pebble";
import { type Harness, startHarness } from "../provider/harness";
import { hasGo, SKIP_NO_GO, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "acme-plugin.com";
const DELEGATE = "acme-delegate.net";

describe("plugin: AcmeCertificate through the engine against pebble", function () {
  this.timeout(900_000);
  let h: Harness;
  let pebble: Pebble;
  let project: YamlProject;
  let archive: PluginArchive;
  const work = mkdtempSync(join(tmpdir(), "dondominio-acme-plugin-"));
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const zone = async (serviceName = ZONE) => ((await h.client.call("service/dnslist", { serviceName } as never)) as { dns: unknown[] }).dns;
  /** The program: one certificate for `names`. */
  const writeProgram = (dir: string, names: string[]) =>
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      [
        "name: acme-plugin",
        "runtime: yaml",
        "resources:",
        "  cert:",
        "    type: dondominio:index:AcmeCertificate",
        "    properties:",
        `      names: ${JSON.stringify(names)}`,
        `      directoryUrl: ${pebble.directory}`,
        `      directoryCaCert: { fn::readFile: ${JSON.stringify(pebble.tlsCaFile)} }`,
        `      dnsServers: ["127.0.0.1:${h.emu.dnsPort}"]`,
        "      email: acme@example.com",
        "outputs:",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's own interpolation, not JavaScript's
        "  certificate: ${cert.certificate}",
        "",
      ].join("\n"),
    );

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (!hasGo() || p.skip) {
      console.log(p.skip ? `      SKIPPED: ${p.skip}` : SKIP_NO_GO);
      this.skip();
    }
    archive = await buildPluginArchive({ outDir: work });
    h = await startHarness({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    for (const serviceName of [ZONE, DELEGATE]) await h.client.call("service/create", { serviceName, productkey: "basic" } as never);
    const cname = (name: string, value: string) => h.client.call("service/dnscreate", { serviceName: ZONE, name, type: "CNAME", value } as never);
    await cname(`_acme-challenge.cname.${ZONE}`, `_acme-challenge.${DELEGATE}`);
    await cname(`_acme-challenge.out.${ZONE}`, "_acme-challenge.elsewhere.org");
    pebble = await startPebble(p.bin as string, h.emu.dnsPort as number, work);
    project = await yamlProject((dir) => writeProgram(dir, [`*.${ZONE}`, ZONE]));
    await pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
    await project.configureEmulator(h.emu);
  });
  after(async () => {
    await pebble?.stop();
    await h?.close();
    project?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it("up issues *.zone + zone, signed by pebble's CA; the keys secret in the state; no TXT left; the next preview is empty", async () => {
    const before = await zone();
    const t0 = Date.now();
    await pulumi("up", "--yes", "--skip-preview");
    console.log(`      pulumi up (issuance through the plugin): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const pem = JSON.parse((await project.pulumiRun("stack", "output", "certificate", "--json")).stdout) as string;
    const leaf = new X509Certificate(pem);
    const intermediate = new X509Certificate(await pebble.get("/intermediates/0"));
    expect(leaf.verify(intermediate.publicKey), "signed by pebble's intermediate").to.equal(true);
    expect((leaf.subjectAltName ?? "").split(", ").sort()).to.deep.equal([`DNS:*.${ZONE}`, `DNS:${ZONE}`].sort());
    const state = JSON.parse((await project.pulumiRun("stack", "export")).stdout);
    const cert = state.deployment.resources.find((r: any) => r.type === "dondominio:index:AcmeCertificate");
    for (const k of ["privateKey", "accountKey"]) {
      expect(cert.outputs[k], k).to.have.property("4dabf18193072939515e22adb298388d");
      expect(JSON.stringify(state)).to.not.include("PRIVATE KEY");
    }
    expect(await zone()).to.deep.equal(before);
    await pulumi("preview", "--expect-no-changes");
  });

  it("destroy removes it from the stack", async () => {
    await pulumi("destroy", "--yes");
    const state = JSON.parse((await project.pulumiRun("stack", "export")).stdout);
    expect((state.deployment.resources ?? []).filter((r: any) => r.type === "dondominio:index:AcmeCertificate")).to.deep.equal([]);
  });

  it("a CNAME at _acme-challenge into another zone of the account: up issues it, the TXT at the target, both zones left as they were", async () => {
    writeProgram(project.dir, [`cname.${ZONE}`]);
    const before = [await zone(), await zone(DELEGATE)];
    const out = await pulumi("up", "--yes", "--skip-preview");
    expect(out).to.contain(`_acme-challenge.${DELEGATE} (CNAME of _acme-challenge.cname.${ZONE}) TXT created in zone ${DELEGATE}`);
    const pem = JSON.parse((await project.pulumiRun("stack", "output", "certificate", "--json")).stdout) as string;
    expect(new X509Certificate(pem).subjectAltName).to.equal(`DNS:cname.${ZONE}`);
    expect([await zone(), await zone(DELEGATE)]).to.deep.equal(before);
  });

  it("a CNAME to a name outside every zone of the account is refused at preview, naming the CNAME and its target; nothing written", async () => {
    writeProgram(project.dir, [`out.${ZONE}`]);
    await h.emu.control.counters({ reset: true });
    const msg = await pulumi("preview").then(
      () => "preview passed",
      (e: Error) => e.message,
    );
    expect(msg).to.contain(`_acme-challenge.out.${ZONE} is a CNAME to _acme-challenge.elsewhere.org`).and.contain("no zone of this account holds this name");
    const calls = (await h.emu.control.counters()).calls as Record<string, number>;
    expect(Object.keys(calls).filter((op) => !/list|info|get/.test(op))).to.deep.equal([]);
  });
});
