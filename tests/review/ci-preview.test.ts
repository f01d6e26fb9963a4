/**
 * dondominio-review through the real engine: examples/ci-preview previewed against the emulator (the
 * same index.ts users run), then applied, then previewed again with a change of every kind; the
 * Markdown of each preview, from the installed package's `pulumi-dondominio/review` and from its
 * `dondominio-review` command, names every resource with its operation and holds no secret. Any DNS
 * or money line the provider prints (issue 12 items 2 and 3) appears in it.
 *
 * The comment of the second preview is written to .work/engine/review/comment.md (the README's
 * example comment is that file). Run `npm run build` first.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type * as Review from "../../provider/review";
import { createEngineStack, type EngineStack, exampleProgram, installPackage, loadInstalled, WORK_ROOT } from "../harness/engine";
import { type Harness, startHarness } from "../provider/harness";
import { CHANGED_ROWS, EXAMPLE_CREATE_ROWS, tableRows, ZONE } from "./shared";
import { changedProgram } from "./programs";

const PASSWORD = "Ci-Preview-Secret-31";
const PASSWORD_2 = "Ci-Preview-Secret-47";
const OUT = join(WORK_ROOT, "review");

/** The provider's DNS and money lines among the events' diagnostics. */
function providerPlanLines(review: typeof Review, events: EngineEvent[]): string[] {
  return events
    .flatMap((e) => (e.diagnosticEvent ? e.diagnosticEvent.message.split("\n") : []))
    .map((l) => review.parseProviderLine(l.trim()))
    .filter((l) => l?.kind === "dns" || l?.kind === "money")
    .map((l) => l!.text);
}

describe("review: examples/ci-preview previewed through the engine (emulator)", function () {
  this.timeout(300_000);
  let h: Harness;
  let review: typeof Review;
  const stacks: EngineStack[] = [];
  before(async () => {
    h = await startHarness();
    review = loadInstalled<typeof Review>("dist/provider/review/index.js");
  });
  after(async () => {
    for (const s of stacks) await s.dispose();
    await h?.close();
  });

  it("renders the first preview, the apply's next change of every kind, from the API and the command", async () => {
    // The harness's credentials, under the example's own project name (the comment's heading shows it).
    const eng = await createEngineStack({
      program: exampleProgram("ci-preview"),
      projectName: "dondominio-ci-preview",
      installPackage: false,
      config: {
        "dondominio:apiUser": { value: h.emu.apiUser },
        "dondominio:apiPasswd": { value: h.emu.apiPasswd, secret: true },
        "dondominio:baseUrl": { value: h.emu.url },
        "dondominio:caCertFile": { value: h.emu.caFile },
        "dondominio:maxOpsPerMinute": { value: "20000" },
        "ci-preview:zone": { value: ZONE },
        "ci-preview:infoPassword": { value: PASSWORD, secret: true },
      },
    });
    stacks.push(eng);
    const secrets = [h.emu.apiPasswd, PASSWORD, PASSWORD_2];

    // 1. A first preview: everything to create.
    const first: EngineEvent[] = [];
    const p1 = await eng.stack.preview({ onEvent: (e) => first.push(e) });
    const md1 = review.renderReview(first);
    expect(md1).to.include(`**Plan:** ${p1.changeSummary.create} to create.`);
    expect(tableRows(md1)).to.deep.equal([...EXAMPLE_CREATE_ROWS].sort());
    // The parser must find the provider's lines (a parser finding none would pass a loop alone).
    const lines1 = providerPlanLines(review, first);
    expect(lines1).to.have.members([
      `$ NO PRICE HostingService ${ZONE}: create (basic, 1 year): the API shows no price before purchase`,
      "$ TOTAL 0.00 EUR planned; balance 5000.00 EUR",
      `+ CREATE A www.${ZONE} 203.0.113.10 ttl=3600`,
      `+ CREATE CNAME docs.${ZONE} www.${ZONE}. ttl=default`,
      `+ CREATE MX ${ZONE} 10 mail.${ZONE}. ttl=default`,
      `+ CREATE TXT ${ZONE} "site-verification=3f9c2a7e" ttl=default`,
      `+ CREATE TXT _dmarc.${ZONE} "v=DMARC1; p=quarantine; rua=mailto:dmarc@${ZONE}" ttl=default`,
    ]);
    for (const line of lines1) expect(md1).to.include(line);
    for (const s of secrets) expect(md1.includes(s)).to.equal(false);

    // 2. Applied; 3. the program changed (and the mailbox password in the stack config).
    await eng.stack.up();
    await eng.stack.setConfig("ci-preview:infoPassword", { value: PASSWORD_2, secret: true });
    eng.stack.workspace.program = changedProgram();
    const second: EngineEvent[] = [];
    const p2 = await eng.stack.preview({ onEvent: (e) => second.push(e) });
    expect(p2.changeSummary).to.deep.include({ create: 1, update: 3, replace: 1, delete: 1 });
    const md2 = review.renderReview(second);
    expect(md2).to.include("**Plan:** 1 to create, 3 to update, 1 to replace, 1 to delete");
    expect(tableRows(md2)).to.deep.equal([...CHANGED_ROWS].sort());
    expect(md2).to.include("`value`: `203.0.113.10` → `203.0.113.20`");
    expect(md2).to.include("`name`: `docs.ci-preview.example` → `help.ci-preview.example` (forces replacement)");
    expect(md2).to.include("`password`: `[secret]`");
    // The removed record's "- DELETE" line is the renderer's (the engine does not ask the provider).
    const lines2 = providerPlanLines(review, second);
    expect(lines2).to.have.members([
      `+ CREATE CAA ${ZONE} 0 issue "letsencrypt.org" ttl=default`,
      `± MODIFY A www.${ZONE} 203.0.113.10 ttl=3600 -> 203.0.113.20 ttl=600`,
      `- DELETE CNAME docs.${ZONE} www.${ZONE}. ttl=default`,
      `+ CREATE CNAME help.${ZONE} www.${ZONE}. ttl=default`,
    ]);
    for (const line of lines2) expect(md2).to.include(line);
    for (const s of secrets) expect(md2.includes(s)).to.equal(false);

    // The command of the installed package, on the same events as the event log's JSON lines.
    mkdirSync(OUT, { recursive: true });
    const log = join(OUT, "events.jsonl");
    writeFileSync(log, second.map((e) => JSON.stringify(e)).join("\n"));
    const bin = join(installPackage(), "bin", "dondominio-review.js");
    const fromCommand = execFileSync(process.execPath, [bin, log], { cwd: WORK_ROOT, encoding: "utf8" });
    expect(fromCommand).to.equal(md2);
    writeFileSync(join(OUT, "comment.md"), md2);
  });
});
