/**
 * The registered-IP rule (issue 22 item 5) met from CI: examples/ci-preview applied (apply.yml's
 * `pulumi up`), then the emulator restarted on the same data accepting the account only from
 * 127.0.0.2 (`allowedIps`; `--allowed-ips` on the command line), as when a hosted runner's address
 * is not the registered one, while the runner calls from 127.0.0.1. The workflows' commands run
 * again: the pull-request preview (`pulumi preview --json`, then `dondominio-review` on its events)
 * reads nothing and passes; the daily drift check (`pulumi preview --refresh
 * --expect-no-changes`) reads and fails with 1007, and its comment says which address called and
 * what to do. Run `npm run build` first.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createEngineStack, type EngineStack, exampleProgram, installPackage, WORK_ROOT } from "../harness/engine";
import { ZONE } from "./shared";

/** dondominio-review (the installed command) on the events, as the workflow runs it. */
function comment(events: EngineEvent[]): string {
  const dir = join(WORK_ROOT, "review-filtered");
  mkdirSync(dir, { recursive: true });
  const log = join(dir, "events.jsonl");
  writeFileSync(log, events.map((e) => JSON.stringify(e)).join("\n"));
  const bin = join(installPackage(), "bin", "dondominio-review.js");
  return execFileSync(process.execPath, [bin, log], { cwd: WORK_ROOT, encoding: "utf8" });
}

describe("review: examples/ci-preview from an address the account does not allow (emulator --allowed-ips)", function () {
  this.timeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), "dd-filtered-"));
  let emu: RunningEmulator | undefined;
  let eng: EngineStack | undefined;
  after(async () => {
    await eng?.dispose();
    await emu?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("fails the drift check with 1007, naming the calling address and how to register it, in the comment", async () => {
    emu = await startEmulator({ dataDir });
    const port = Number(new URL(emu.url).port);
    eng = await createEngineStack({
      program: exampleProgram("ci-preview"),
      projectName: "dondominio-ci-preview",
      installPackage: false,
      config: {
        "dondominio:apiUser": { value: emu.apiUser },
        "dondominio:apiPasswd": { value: emu.apiPasswd, secret: true },
        "dondominio:baseUrl": { value: emu.url },
        "dondominio:caCertFile": { value: emu.caFile },
        "dondominio:maxOpsPerMinute": { value: "20000" },
        "ci-preview:zone": { value: ZONE },
        "ci-preview:infoPassword": { value: "Ci-Preview-Secret-31", secret: true },
      },
    });
    await eng.stack.up();
    const passwd = emu.apiPasswd;
    await emu.close();
    emu = await startEmulator({ dataDir, port, allowedIps: ["127.0.0.2"] });

    // preview.yml: nothing to change, so nothing is read and the preview passes (a refused read would fail it).
    const pr = await eng.stack.preview();
    expect(pr.changeSummary).to.deep.equal({ same: 8 });

    // drift.yml: refresh reads every resource.
    const events: EngineEvent[] = [];
    const failed = await eng.stack.preview({ refresh: true, expectNoChanges: true, onEvent: (e) => events.push(e) }).then(
      () => false,
      () => true,
    );
    expect(failed, "the drift check should fail").to.equal(true);
    const md = comment(events);
    writeFileSync(join(WORK_ROOT, "review-filtered", "comment.md"), md);
    expect(md).to.include("1007");
    expect(md).to.include("The calling address 127.0.0.1 is not registered");
    expect(md).to.include("Register it in the DonDominio control panel");
    expect(md).to.match(/self-hosted runner or a runner with a fixed egress address/);
    expect(md.includes(passwd)).to.equal(false);
  });
});
