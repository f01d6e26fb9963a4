/**
 * Records the event fixtures of tests/review/render.test.ts from real runs: the Pulumi engine
 * (Automation API, the cached CLI) previews examples/ci-preview against the emulator. Run by hand
 * after `npm run build` when the engine or the provider's lines change:
 *
 *     npx tsx tests/review/record-fixtures.ts
 *
 * Each preview is recorded twice from the same run: the engine events the Automation API's
 * `onEvent` receives (the JSON lines `pulumi preview --event-log FILE` writes; `<name>.events.jsonl`)
 * and the document `pulumi preview --json` prints (`<name>.digest.json`: the CLI is called through a
 * wrapper that adds `--json` to `preview`); the drift preview also as the JSON lines that
 * `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json` prints (`drift.stream.jsonl`).
 *
 * The lines the provider prints at preview for DNS records and money (issue 12 items 2 and 3) are
 * printed here by a stand-in dynamic resource (`FixtureLines`) whose check() writes them to the
 * console exactly as provider/core/log.ts does, so the fixtures hold them as the engine carries
 * them (diagnostics of the provider process) until the resources print their own.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { type EngineEvent, LocalWorkspace, PulumiCommand, type PulumiFn } from "@pulumi/pulumi/automation";
import { startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { engineEnv, ensurePulumi, exampleProgram, installPackage, REPO, WORK_ROOT } from "../harness/engine";
import { DNS_LINES, MAILBOX_PASSWORD, MAILBOX_PASSWORD_2, MONEY_LINES, ZONE } from "./shared";
import { changedProgram } from "./programs";

export const FIXTURES = join(REPO, "tests", "fixtures", "review");
class FixtureLines extends pulumi.dynamic.Resource {
  constructor(provider: pulumi.dynamic.ResourceProvider, name: string, props: Record<string, unknown>) {
    super(provider, name, props, {}, "fixture", "FixtureLines");
  }
}

/** A dynamic resource whose check() prints `lines` the way provider/core/log.ts does. */
function fixtureLines(name: string, lines: string[], warning?: string): void {
  const provider: pulumi.dynamic.ResourceProvider = {
    async check(_olds: any, news: any) {
      for (const l of news.lines as string[]) console.log(`[dondominio] ${l}`);
      if (news.warning) console.error(`[dondominio] warning: ${news.warning}`);
      return { inputs: news };
    },
    async create(inputs: any) {
      return { id: "lines", outs: inputs };
    },
    async diff() {
      return { changes: false };
    },
  };
  new FixtureLines(provider, name, { lines, warning: warning ?? "" });
}

/** A program the provider refuses at preview (check): a bad address, a bad TTL. */
function refusedProgram(): PulumiFn {
  return async () => {
    const { DnsRecord } = require(join(installPackage(), "dist", "provider", "index.js"));
    new DnsRecord("www", { serviceName: ZONE, name: "www", type: "A", value: "203.0.113.300", ttl: 3600 });
    return {};
  };
}

async function main(): Promise<void> {
  installPackage();
  const realRoot = ensurePulumi();
  // A CLI root whose `pulumi preview` is `pulumi preview --json`; everything else passes through.
  const wrapRoot = mkdtempSync(join(WORK_ROOT, "json-cli-"));
  mkdirSync(join(wrapRoot, "bin"));
  const wrapper = join(wrapRoot, "bin", "pulumi");
  writeFileSync(wrapper, `#!/bin/sh\nif [ "$1" = preview ]; then exec "${realRoot}/bin/pulumi" "$@" --json; fi\nexec "${realRoot}/bin/pulumi" "$@"\n`);
  chmodSync(wrapper, 0o755);

  const emu = await startEmulator();
  const workDir = mkdtempSync(join(WORK_ROOT, "review-fixtures-"));
  const backendDir = join(workDir, "backend");
  mkdirSync(backendDir);
  mkdirSync(FIXTURES, { recursive: true });
  const secrets = [emu.apiPasswd, MAILBOX_PASSWORD, MAILBOX_PASSWORD_2];
  try {
    // The example, and the stand-in's lines (none in the drift run: a refresh plans no DNS change).
    let lines = [...DNS_LINES.slice(0, 1), ...MONEY_LINES.slice(1)];
    let program: PulumiFn = async () => {
      const out = await exampleProgram("ci-preview")();
      fixtureLines("plan-lines", lines);
      return out;
    };
    const stack = await LocalWorkspace.createOrSelectStack(
      { projectName: "dondominio-ci-preview", stackName: "dev", program: () => program() },
      {
        workDir,
        pulumiCommand: await PulumiCommand.get({ root: wrapRoot, skipVersionCheck: true }),
        envVars: engineEnv(backendDir),
        projectSettings: { name: "dondominio-ci-preview", runtime: "nodejs", backend: { url: `file://${backendDir}` } },
      },
    );
    const config: Record<string, { value: string; secret?: boolean }> = {
      "dondominio:apiUser": { value: emu.apiUser },
      "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
      "dondominio:baseUrl": { value: emu.url },
      "dondominio:caCertFile": { value: emu.caFile },
      "ci-preview:zone": { value: ZONE },
      "ci-preview:infoPassword": { value: MAILBOX_PASSWORD, secret: true },
    };
    for (const [k, v] of Object.entries(config)) await stack.setConfig(k, v);

    const record = async (name: string, expectFailure = false, opts: { refresh?: boolean } = {}) => {
      const events: EngineEvent[] = [];
      let stdout = "";
      let failed = false;
      await stack.preview({ ...opts, onEvent: (e) => events.push(e), onOutput: (o) => (stdout += o) }).catch((err: Error & { stdout?: string }) => {
        if (!expectFailure) throw err;
        failed = true;
        stdout ||= err.stdout ?? "";
      });
      if (expectFailure && !failed) throw new Error(`${name}: the preview was expected to fail`);
      const jsonl = events.map((e) => JSON.stringify(e)).join("\n") + "\n";
      const digest = JSON.stringify(JSON.parse(stdout.slice(stdout.indexOf("{"))), null, 2) + "\n";
      for (const s of secrets) {
        if (jsonl.includes(s) || digest.includes(s)) throw new Error(`${name}: a secret value appears in the recorded events`);
      }
      writeFileSync(join(FIXTURES, `${name}.events.jsonl`), jsonl);
      writeFileSync(join(FIXTURES, `${name}.digest.json`), digest);
      console.log(`${name}: ${events.length} events, digest ${digest.length} bytes`);
    };

    await record("create");
    const up = await stack.up();
    // Drift: the www record changed through the API beside the program; `preview --refresh` shows it.
    const client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    const wwwId = (up.outputs.records.value as string[])[0].split("/")[1];
    await client.call("service/dnsupdate", { serviceName: ZONE, entityID: wwwId, value: "198.51.100.7", ttl: 3600 } as any);
    lines = [];
    await record("drift", false, { refresh: true });
    // The same preview as `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json` streams it
    // (the workflows' form: --event-log exists only with PULUMI_DEBUG_COMMANDS set).
    stack.workspace.envVars.PULUMI_ENABLE_STREAMING_JSON_PREVIEW = "true";
    let streamed = "";
    await stack.preview({ refresh: true, onOutput: (o) => (streamed += o) });
    delete stack.workspace.envVars.PULUMI_ENABLE_STREAMING_JSON_PREVIEW;
    for (const s of secrets) if (streamed.includes(s)) throw new Error("drift.stream: a secret value appears in the streamed events");
    writeFileSync(join(FIXTURES, "drift.stream.jsonl"), streamed.endsWith("\n") ? streamed : `${streamed}\n`);
    console.log(`drift.stream: ${streamed.split("\n").filter(Boolean).length} lines`);
    program = changedProgram(() => fixtureLines("plan-lines", [...DNS_LINES, ...MONEY_LINES], "the plan spends money"));
    await stack.setConfig("ci-preview:infoPassword", { value: MAILBOX_PASSWORD_2, secret: true });
    await record("changes");
    program = refusedProgram();
    await record("refused", true);
    await stack.workspace.removeStack("dev", { force: true }).catch(() => undefined);
    // The repository's formatter (npm run lint) lays JSON out its own way: whitespace only.
    execFileSync(join(REPO, "node_modules", ".bin", "biome"), ["format", "--write", FIXTURES], { stdio: "ignore" });
  } finally {
    await emu.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
