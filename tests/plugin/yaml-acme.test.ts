/**
 * AcmeCertificate through the provider plugin (installed from its archive) and the real engine, in
 * a Pulumi YAML program, against pebble (Let's Encrypt's test CA) validating DNS-01 through the
 * emulator's DNS, as tests/acme/acme-certificate.test.ts does with the dynamic resource: up issues
 * a certificate pebble's CA signed, its keys kept secret (not in plaintext in the state), no TXT
 * record left; the next preview is empty; destroy. Run `npm run build` first. Skipped (saying so)
 * only when Go, needed for the YAML language host and pebble, is absent.
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

describe("plugin: AcmeCertificate through the engine against pebble", function () {
  this.timeout(900_000);
  let h: Harness;
  let pebble: Pebble;
  let project: YamlProject;
  let archive: PluginArchive;
  const work = mkdtempSync(join(tmpdir(), "dondominio-acme-plugin-"));
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const zone = async () => ((await h.client.call("service/dnslist", { serviceName: ZONE } as never)) as { dns: unknown[] }).dns;

  before(async function () {
    const p = ensureTool("ensure-pebble.sh");
    if (!hasGo() || p.skip) {
      console.log(p.skip ? `      SKIPPED: ${p.skip}` : SKIP_NO_GO);
      this.skip();
    }
    archive = await buildPluginArchive({ outDir: work });
    h = await startHarness({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    await h.client.call("service/create", { serviceName: ZONE, productkey: "basic" } as never);
    pebble = await startPebble(p.bin as string, h.emu.dnsPort as number, work);
    project = await yamlProject((dir) => {
      writeFileSync(
        join(dir, "Pulumi.yaml"),
        [
          "name: acme-plugin",
          "runtime: yaml",
          "resources:",
          "  cert:",
          "    type: dondominio:index:AcmeCertificate",
          "    properties:",
          `      names: ["*.${ZONE}", "${ZONE}"]`,
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
    });
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
});
