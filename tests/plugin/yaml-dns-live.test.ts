/**
 * The provider plugin's Diff asks the live object as the dynamic resources do (provider/core/frame.ts
 * liveChanged, DnsZone's diffLive): a DnsZone applied through the plugin (Pulumi YAML, the plain CLI),
 * a managed record changed outside through the API, then `pulumi preview` WITHOUT a refresh plans an
 * update of the DnsZone naming `records`, writing nothing; `up` puts the record back.
 * The same preview's `--json` and its streamed engine events feed dondominio-review: the plan lines the plugin
 * sends with the resource's URN (Log RPC) come out under that resource in the comment.
 * Run `npm run build` first. Skipped (saying so) only when Go, needed to build the language host, is absent.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { collectReview, parseInput, renderMarkdown } from "../../provider/review";
import { DonDominioClient } from "../../sdk";
import { hasGo, SKIP_NO_GO, type YamlProject, yamlProject } from "./yaml-project";

const ZONE = "yaml-live.example";
const PROGRAM = `name: yaml-live
runtime: yaml
description: a DnsZone through the plugin
plugins:
  providers:
    - name: dondominio
      path: PLUGIN_DIR
resources:
  zone:
    type: dondominio:index:DnsZone
    properties:
      serviceName: ${ZONE}
      records:
        - name: www
          type: A
          value: 192.0.2.10
          ttl: 3600
        - name: "@"
          type: TXT
          value: live-diff
`;

type Rec = Record<string, string>;
const WRITES = new Set(["service/dnscreate", "service/dnsupdate", "service/dnsdelete", "service/dnssetzone"]);

describe("plugin: a DnsZone record changed outside is planned back at preview, without a refresh", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let project: YamlProject;
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Rec[];
  const www = async () => (await dnslist()).find((r) => r.name === `www.${ZONE}` && r.type === "A");
  const writes = async () => {
    const calls = ((await emu.control.counters()) as { calls: Record<string, number> }).calls;
    return Object.fromEntries(Object.entries(calls).filter(([k, n]) => WRITES.has(k) && n > 0));
  };

  /** The engine events of the same preview (PULUMI_ENABLE_STREAMING_JSON_PREVIEW: `preview --json` streams them). */
  const streamedEvents = async () => {
    const run = promisify(execFile);
    const env = { ...project.env, PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" };
    return (await run("pulumi", ["preview", "--json", "--non-interactive"], { cwd: project.dir, env, maxBuffer: 1 << 30 })).stdout;
  };

  before(async function () {
    if (!hasGo()) {
      console.log(SKIP_NO_GO);
      this.skip();
    }
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    project = await yamlProject((dir, pluginDir) => writeFileSync(join(dir, "Pulumi.yaml"), PROGRAM.replace("PLUGIN_DIR", pluginDir)));
    await pulumi("config", "set", "dondominio:apiUser", emu.apiUser);
    await pulumi("config", "set", "--secret", "dondominio:apiPasswd", emu.apiPasswd);
    await pulumi("config", "set", "dondominio:baseUrl", emu.url);
    await pulumi("config", "set", "dondominio:caCertFile", emu.caFile);
    await pulumi("up", "--yes", "--skip-preview");
    expect((await www())?.value).to.equal("192.0.2.10");
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  let json: string;

  it("preview (no refresh) after an outside change: an update of the DnsZone, its detailed diff naming records, no write", async () => {
    const rec = (await www())!;
    await client.call("service/dnsupdate", { serviceName: ZONE, entityID: rec.entityID, value: "192.0.2.99", ttl: 3600 } as any);
    await emu.control.counters({ reset: true });
    const t0 = Date.now();
    json = (await project.pulumiRun("preview", "--json")).stdout;
    console.log(`      pulumi preview (DnsZone of 2 records, one changed outside): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const doc = JSON.parse(json) as {
      steps: { op: string; urn: string; detailedDiff?: Record<string, { kind: string }> }[];
      changeSummary: Record<string, number>;
    };
    expect(doc.changeSummary).to.deep.include({ update: 1 });
    const step = doc.steps.find((s) => s.urn.endsWith("dondominio:index:DnsZone::zone"));
    expect(step?.op, "the DnsZone's step").to.equal("update");
    expect(Object.keys(step?.detailedDiff ?? {}), "the detailed diff names the field").to.deep.equal(["records"]);
    expect(await writes(), "a preview writes nothing").to.deep.equal({});
    expect((await www())?.value, "still the outside value").to.equal("192.0.2.99");
  });

  it("the review puts the plan lines the plugin sent with the URN under the DnsZone (the --json document and the streamed engine events)", async () => {
    for (const [form, text] of [
      ["--json", json],
      ["the streamed events", await streamedEvents()],
    ] as const) {
      const review = collectReview(parseInput(text));
      const placed = review.lines.filter((l) => l.urn?.endsWith("::zone")).map((l) => `${l.line.kind} ${l.line.text}`);
      expect(placed, `${form}: the plan lines with the zone's URN`).to.include(`dns ± MODIFY A www.${ZONE} 192.0.2.99 ttl=3600 -> 192.0.2.10 ttl=3600`);
      const md = renderMarkdown(review);
      const section = md.split("#### `DnsZone` `zone`")[1]?.split("####")[0] ?? "";
      expect(section, `${form}: the DnsZone's own section`).to.include(`± MODIFY A www.${ZONE}`);
      expect(md, `${form}: not in the URN-less DNS section`).to.not.include("#### DNS records");
    }
  });

  it("up puts the record back; the next preview is empty", async () => {
    await pulumi("up", "--yes", "--skip-preview");
    expect((await www())?.value).to.equal("192.0.2.10");
    const doc = JSON.parse((await project.pulumiRun("preview", "--json")).stdout) as { changeSummary: Record<string, number> };
    expect(Object.keys(doc.changeSummary)).to.deep.equal(["same"]);
  });
});
