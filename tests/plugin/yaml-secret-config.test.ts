/**
 * A password provider setting under a misspelt key never printed (issue 27 item 1), through the real
 * CLI: a Pulumi YAML program on the plugin, the password set under two misspelt keys (the key is
 * apiPasswd): `dondominio:apiPassword` with --secret, `dondominio:apiPasword` with --plaintext. The
 * plugin's CheckConfig refuses each key naming it in its reason, never as the failure's property:
 * Pulumi 3.250 prints a failing property with its value ("property apiPasword value {<the
 * password>} has a problem"; measured: `{&{{[secret]}}}` for the --secret one, the password itself for
 * the plaintext one, which the plugin cannot know is a password since it knows no such key). The
 * preview fails and prints neither, nor does dondominio-review's comment of that preview (its `--json`
 * document and its streamed engine events); the review also drops the value of that engine form
 * whatever wrote it (tests/review/secrets.test.ts). Seen red on the plugin before this change (the
 * plaintext password in the preview's output and in the comment). Run `npm run build` first.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { collectReview, parseInput, renderMarkdown } from "../../provider/review";
import { pluginProgram, skipWithoutGo, type YamlProject, yamlProject } from "./yaml-project";

const run = promisify(execFile);
const SECRET = "Typo-Secret-7d41c9e2";
const PLAIN = "Typo-Plain-3f82a0b5";

describe("plugin: a password set under a misspelt provider key is never printed (the CLI, the review)", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: YamlProject;

  /** `pulumi <args>` that may fail: everything it printed. */
  const attempt = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const r = await run("pulumi", [...args, "--non-interactive"], { cwd: project.dir, env: { ...project.env, ...env }, maxBuffer: 1 << 30 });
      return { ok: true, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      return { ok: false, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
    }
  };

  before(async function () {
    skipWithoutGo(this);
    emu = await startEmulator();
    project = await yamlProject((dir, pluginDir) =>
      writeFileSync(
        join(dir, "Pulumi.yaml"),
        pluginProgram("secret-config", pluginDir, {
          resources: {
            www: { type: "dondominio:DnsRecord", properties: { serviceName: "secret-config.example", name: "www", type: "A", value: "192.0.2.7" } },
          },
        }),
      ),
    );
    await project.configureEmulator(emu);
    await project.pulumi("config", "set", "--secret", "dondominio:apiPassword", SECRET);
    await project.pulumi("config", "set", "--plaintext", "dondominio:apiPasword", PLAIN);
  });
  after(async () => {
    await emu?.close();
    project?.dispose();
  });

  it("the preview fails naming the key, and prints the secret nowhere", async () => {
    const r = await attempt(["preview"]);
    const text = `${r.stdout}${r.stderr}`;
    expect(r.ok, "a misspelt setting fails the preview").to.equal(false);
    expect(text).to.include("dondominio:apiPassword is not a setting of this provider");
    expect(text).to.include("dondominio:apiPasword is not a setting of this provider");
    for (const value of [SECRET, PLAIN]) expect(text.includes(value), `${value} in the output:\n${text.slice(-2000)}`).to.equal(false);
  });

  it("dondominio-review's comment of that preview holds no secret (the --json document and the streamed engine events)", async () => {
    const docs = [
      ["--json", (await attempt(["preview", "--json"])).stdout],
      ["the streamed events", (await attempt(["preview", "--json"], { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" })).stdout],
    ] as const;
    for (const [form, text] of docs) {
      const review = collectReview(parseInput(text));
      expect(review.failed, `${form}: the preview failed`).to.equal(true);
      const md = renderMarkdown(review);
      expect(md, form).to.include("apiPassword");
      for (const value of [SECRET, PLAIN]) expect(md.includes(value), `${form}: ${value} in the comment`).to.equal(false);
    }
  });
});
