/**
 * dondominio-review on events recorded from real previews of examples/ci-preview (record-fixtures.ts:
 * the Pulumi 3.250 engine against the emulator), in the three forms the CLI writes them: the engine
 * events (Automation API onEvent = `--event-log`), the `preview --json` document, and the streamed
 * JSON lines of `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json`.
 */
import { expect } from "chai";
import { marked } from "marked";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { code, collectReview, fenced, MARKER, main, parseInput, parseProviderLine, type ReviewEngineEvent, renderReview } from "../../provider/review";
import { CHANGED_ROWS, DNS_LINES, EXAMPLE_CREATE_ROWS, MAILBOX_PASSWORD, MAILBOX_PASSWORD_2, MONEY_LINES, tableRows } from "./shared";

const DIR = join(__dirname, "..", "fixtures", "review");
const text = (name: string) => readFileSync(join(DIR, name), "utf8");
const events = (name: string) => parseInput(text(`${name}.events.jsonl`)) as ReviewEngineEvent[];
/** A recorded preview with one input of one resource's step set to `value` (what the engine might have sent). */
const withInput = (fixture: string, resource: string, key: string, value: unknown): ReviewEngineEvent[] =>
  events(fixture).map((e) => {
    const m = e.resourcePreEvent?.metadata;
    if (!m?.urn.endsWith(`::${resource}`) || !m.new?.inputs) return e;
    return { ...e, resourcePreEvent: { ...e.resourcePreEvent!, metadata: { ...m, new: { ...m.new, inputs: { ...m.new.inputs, [key]: value } } } } };
  });

describe("review: provider lines", () => {
  it("reads the DNS and money lines of issue 12 and the provider's warnings", () => {
    expect(parseProviderLine(`[dondominio] ${DNS_LINES[0]}`)).to.deep.include({
      kind: "dns",
      action: "CREATE",
      recordType: "TXT",
      fqdn: "_dmarc.ci-preview.example",
    });
    expect(parseProviderLine(`[dondominio] ${DNS_LINES[1]}`)).to.deep.include({
      kind: "dns",
      action: "DELETE",
      recordType: "A",
      fqdn: "old.ci-preview.example",
    });
    expect(parseProviderLine(`[dondominio] ${DNS_LINES[2]}`)).to.deep.include({ kind: "dns", action: "MODIFY", recordType: "MX" });
    expect(MONEY_LINES.map((l) => parseProviderLine(`[dondominio] ${l}`))).to.deep.equal([
      { kind: "money", action: "CHARGE", text: MONEY_LINES[0] },
      { kind: "money", action: "NO PRICE", text: MONEY_LINES[1] },
      { kind: "money", action: "TOTAL", text: MONEY_LINES[2] },
    ]);
    expect(parseProviderLine("[dondominio] warning: slow down")).to.deep.equal({ kind: "warning", text: "slow down" });
    expect(parseProviderLine("[dondominio] Domain example.com: registered")).to.deep.equal({ kind: "info", text: "Domain example.com: registered" });
    expect(parseProviderLine("+ CREATE A x.example 192.0.2.1")).to.equal(undefined);
  });
});

describe("review: recorded previews of examples/ci-preview", () => {
  it("a first preview: every resource of the example to create, inputs shown, the password as [secret]", () => {
    const md = renderReview(events("create"));
    expect(md.startsWith(`${MARKER}\n### Pulumi preview of \`dondominio-ci-preview/dev\``)).to.equal(true);
    expect(md).to.include("**Plan:** 9 to create.");
    expect(tableRows(md)).to.deep.equal([...EXAMPLE_CREATE_ROWS, "+ create | FixtureLines | plan-lines"].sort());
    expect(md).to.include("type=A, value=203.0.113.10");
    expect(md).to.include("password=[secret]");
    // No stack config, no provider resource, no serialized provider.
    for (const s of ["dondominio:apiUser", "pulumi:providers", "__provider", "require(", "caCertFile"]) expect(md).not.to.include(s);
  });

  it("a change of every kind: update with the changed properties, replace with its reason, create, delete", () => {
    const md = renderReview(events("changes"));
    expect(md).to.include("**Plan:** 1 to create, 3 to update, 1 to replace, 1 to delete, 4 unchanged.");
    expect(tableRows(md)).to.deep.equal([...CHANGED_ROWS].sort());
    const row = (name: string) => md.split("\n").find((l) => l.includes(`| \`${name}\` |`)) ?? "";
    expect(row("site")).to.include("`renewalMode`: `autorenew` → `manual`");
    expect(row("www")).to.include("`ttl`: `3600` → `600`<br>`value`: `203.0.113.10` → `203.0.113.20`");
    expect(row("docs")).to.include("`name`: `docs.ci-preview.example` → `help.ci-preview.example` (forces replacement)");
    expect(row("info")).to.include("`password`: `[secret]`");
    expect(row("mx")).to.match(/id `ci-preview\.example\/SRV\d+-\d+`/);
  });

  it("the DNS lines in one diff block, the money lines with their total, the provider's warning", () => {
    const md = renderReview(events("changes"));
    // The DnsRecord "mx" the program removed: the engine never asks the provider at preview, so its
    // delete line comes from the recorded outputs (collect.ts deletedRecordLines).
    const removed = "- DELETE MX ci-preview.example 10 mail.ci-preview.example. ttl=default";
    expect(md).to.include(`#### DNS records\n\n\`\`\`diff\n${[...DNS_LINES, removed].join("\n")}\n\`\`\``);
    expect(md).to.include(`#### Money\n\n\`\`\`text\n${MONEY_LINES.join("\n")}\n\`\`\``);
    expect(md).to.include("#### Warnings\n\n```text\n[dondominio] the plan spends money\n```");
    // The engine carries the provider's console lines without a resource (no urn): none is placed under a resource.
    const review = collectReview(events("changes"));
    expect(review.lines.length).to.equal(DNS_LINES.length + 1 + MONEY_LINES.length + 1);
    expect(review.lines.every((l) => l.urn === undefined)).to.equal(true);
  });

  it("places a line under its resource when the event names one", () => {
    const evs = events("changes");
    const www = evs.find((e) => e.resourcePreEvent?.metadata.urn.endsWith("::www"))!.resourcePreEvent!.metadata.urn;
    const withUrn = evs.map((e) => (e.diagnosticEvent?.message.includes("MODIFY MX") ? { ...e, diagnosticEvent: { ...e.diagnosticEvent, urn: www } } : e));
    const md = renderReview(withUrn);
    const under = md.indexOf("#### `DnsRecord` `www`");
    expect(under).to.be.greaterThan(0);
    expect(md.indexOf("± MODIFY MX", under)).to.be.greaterThan(under);
    expect(md.indexOf("± MODIFY MX")).to.be.greaterThan(under);
    expect(md.slice(md.indexOf("#### DNS records"))).not.to.include("MODIFY");
  });

  it("drift: what refresh read beside the plan that repairs it", () => {
    const md = renderReview(events("drift"));
    expect(md).to.include("**Plan:** 1 to update, 8 unchanged.");
    expect(tableRows(md)).to.deep.equal(["~ update | DnsRecord | www"]);
    expect(md).to.include("`value`: `198.51.100.7` → `203.0.113.10`");
    expect(md).to.include("#### Drift (what refresh read differs from the state)\n\n- `DnsRecord` `www`: `value`: `203.0.113.10` → `198.51.100.7`");
  });

  it("a preview refused at check: failed, the error named after its resource", () => {
    const md = renderReview(events("refused"));
    expect(md).to.include("**Preview failed.**");
    expect(md).to.include('#### Errors\n\n```text\nDnsRecord www: value: "203.0.113.300" is not an IPv4 address for an A record\n```');
  });

  // Whether a fixture's review has sections below its table (a drift-only preview plans no DNS change).
  const HAS_SECTIONS: Record<string, boolean> = { create: true, changes: true, drift: false, refused: true };
  for (const name of Object.keys(HAS_SECTIONS)) {
    it(`${name}: \`preview --json\` gives the same steps, lines and counts as the engine events`, () => {
      const fromEvents = renderReview(events(name));
      const fromDigest = renderReview(text(`${name}.digest.json`));
      expect(tableRows(fromDigest).sort()).to.deep.equal(tableRows(fromEvents).sort());
      expect(fromDigest.split("\n")[3]).to.equal(fromEvents.split("\n")[3]);
      const sections = (md: string) => md.slice(md.search(/^#### (DNS|Money|Errors|Warnings)/m));
      const heading = /^#### (DNS|Money|Errors|Warnings)/m;
      expect(heading.test(fromEvents), "sections from the events").to.equal(HAS_SECTIONS[name]);
      expect(heading.test(fromDigest), "sections from the digest").to.equal(HAS_SECTIONS[name]);
      if (HAS_SECTIONS[name]) expect(sections(fromDigest)).to.equal(sections(fromEvents));
    });
  }

  it("the streamed JSON lines of `preview --json` render as the event log does", () => {
    expect(renderReview(text("drift.stream.jsonl"))).to.equal(renderReview(events("drift")));
  });

  it("no fixture and no rendering holds a secret value", () => {
    for (const f of ["create", "changes", "drift", "refused"]) {
      for (const file of [`${f}.events.jsonl`, `${f}.digest.json`]) {
        const t = text(file);
        expect(t.includes(MAILBOX_PASSWORD) || t.includes(MAILBOX_PASSWORD_2), file).to.equal(false);
        const md = renderReview(t);
        expect(md).not.to.include("ciphertext");
        expect(md).not.to.include("4dabf18193072939515e22adb298388d");
      }
    }
  });

  it("shows [secret] for a property named like a secret even when the engine sent it in plain text", () => {
    const evs = withInput("changes", "info", "password", "plain-Text-99");
    const md = renderReview(evs);
    expect(md).not.to.include("plain-Text-99");
    expect(md).to.include("`password`: `[secret]`");
  });
});

describe("review: Markdown safety", () => {
  it("a value with backticks and pipes stays one code span in a table cell", () => {
    expect(code("a`b|c", true)).to.equal("``a`b\\|c``");
    expect(code("`x`")).to.equal("`` `x` ``");
    // A backslash of the data before a pipe: the pipe stays escaped for renderers that count them.
    expect(code("a\\|b", true)).to.equal("`a\\\\\\|b`");
    expect(code(" x ")).to.equal("`  x  `");
    expect(code("")).to.equal("` `");
  });

  it("every line terminator, control, bidi and zero-width character is written visibly, on one line", () => {
    expect(code("two\nlines")).to.equal("`two\\nlines`");
    expect(code("lone\rcr")).to.equal("`lone\\rcr`");
    expect(code("crlf\r\nx")).to.equal("`crlf\\r\\nx`");
    expect(code("a\u2028b\u2029c\u0085d")).to.equal("`a\\u2028b\\u2029c\\u0085d`");
    expect(code("nul\u0000 esc\u001b[2J csi\u009b")).to.equal("`nul\\u0000 esc\\u001b[2J csi\\u009b`");
    expect(code("ok\u202egnp \u2066x\u2069 z\u200bw")).to.equal("`ok\\u202egnp \\u2066x\\u2069 z\\u200bw`");
    expect(fenced(["a\rb", "c\u2028d"])).to.equal("```text\na\\rb\nc\\u2028d\n```");
  });

  it("caps a value's length", () => {
    const span = code("x".repeat(10_000));
    expect(span.length).to.equal(302);
    expect(span.endsWith("…`")).to.equal(true);
  });

  it("a fenced block cannot be closed by its content", () => {
    expect(fenced(["```", "x"])).to.equal("````text\n```\nx\n````");
  });

  it("a record value cannot inject markup into the comment", () => {
    const evs = withInput("create", "verify", "value", "x` | <img src=y> |");
    const row = renderReview(evs)
      .split("\n")
      .find((l) => l.includes("`verify`"))!;
    expect(row.split(/(?<!\\)\|/).length, "the row keeps its 4 cells").to.equal(6);
    expect(row).to.include("``name=ci-preview.example, serviceName=ci-preview.example, type=TXT, value=x` \\| <img src=y> \\|``");
  });

  it("cuts a long plan under the comment limit and closes the open block", () => {
    const md = renderReview(events("changes"), { maxChars: 700 });
    expect(md.length).to.be.at.most(700);
    expect((md.match(/^`{3,}/gm) ?? []).length % 2).to.equal(0);
    expect(md).to.include("…cut here");
  });

  it("cuts at a line's end: no code span is left open for the rest of its line to be read as Markdown", () => {
    const evs = withInput("create", "verify", "value", "<img src=x onerror=alert(1)>");
    const full = renderReview(evs);
    const row = full.split("\n").findIndex((l) => l.includes("`verify`"));
    // Every limit that ends inside the row: the row is dropped whole, never cut inside.
    const start = full.split("\n").slice(0, row).join("\n").length + 1;
    const note = "\n\n…cut here: the plan is longer than a comment may be; the job's log has all of it.\n".length;
    for (let at = start + 10; at < start + 120; at += 7) {
      const md = renderReview(evs, { maxChars: at + note });
      expect(md.length).to.be.at.most(at + note);
      const body = md.slice(0, md.indexOf("\n\n…cut here"));
      for (const line of body.split("\n")) expect(full.split("\n"), `cut at ${at}`).to.include(line);
      expect(body).not.to.include("<img");
    }
  });

  it("closes a fenced block whose fence is longer than 3 when a line of three backticks is inside it", () => {
    // An error of three lines, the first a fence of three backticks (the block's fence is four), and a long warning after it.
    const evs: ReviewEngineEvent[] = [
      ...events("changes"),
      { diagnosticEvent: { severity: "error", message: "```\nmore\nand more" } },
      { diagnosticEvent: { severity: "warning", message: "w".repeat(300) } },
    ];
    const full = renderReview(evs);
    const errors = full.indexOf("#### Errors");
    const note = "\n\n…cut here: the plan is longer than a comment may be; the job's log has all of it.\n".length;
    for (let max = errors + note; max < errors + note + 60; max += 1) {
      const md = renderReview(evs, { maxChars: max });
      const html = marked.parse(md, { gfm: true, async: false });
      expect(html, `cut at ${max}`).to.include("…cut here");
      expect(html.slice(html.indexOf("…cut here") - 3, html.indexOf("…cut here")), `cut at ${max}: the note is a paragraph, outside any block`).to.equal("<p>");
    }
  });

  it("a marker per stack, or none", () => {
    expect(renderReview(events("refused"), { marker: "prod" }).split("\n")[0]).to.equal("<!-- dondominio-review:prod -->");
    expect(renderReview(events("refused"), { marker: false, title: "Drift" }).split("\n")[0]).to.equal("### Drift");
    // A marker name cannot close the comment early nor add a line.
    expect(renderReview(events("refused"), { marker: "x--->\n<img src=x>" }).split("\n")[0]).to.equal("<!-- dondominio-review:x- - ->\\n<img src=x> -->");
  });
});

describe("review: the dondominio-review command", () => {
  const io = (stdin = "") => {
    const out: string[] = [];
    const err: string[] = [];
    const input = new PassThrough();
    input.end(stdin);
    return { io: { stdin: input, stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) } }, out, err };
  };

  it("renders a file, or standard input, the same", async () => {
    const a = io();
    expect(await main([join(DIR, "changes.events.jsonl")], {}, a.io)).to.equal(0);
    const b = io(text("changes.events.jsonl"));
    expect(await main([], {}, b.io)).to.equal(0);
    expect(a.out.join("")).to.equal(b.out.join(""));
    expect(a.out.join("")).to.equal(renderReview(events("changes")));
  });

  it("writes --out and takes --title and --marker", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "review-")), "comment.md");
    const r = io();
    expect(await main([join(DIR, "drift.digest.json"), "--out", out, "--title", "Drift on prod", "--marker", "drift"], {}, r.io)).to.equal(0);
    expect(r.out).to.deep.equal([]);
    expect(readFileSync(out, "utf8").split("\n").slice(0, 2)).to.deep.equal(["<!-- dondominio-review:drift -->", "### Drift on prod"]);
  });

  it("exits 2 naming the problem: input that is not what the CLI writes, an unknown option", async () => {
    const a = io("Previewing update (dev):\n");
    expect(await main([], {}, a.io)).to.equal(2);
    expect(a.err.join("")).to.match(/^dondominio-review: no JSON in the input/);
    const b = io('{"sequence":1}\n{oops\n');
    expect(await main([], {}, b.io)).to.equal(2);
    expect(b.err.join("")).to.include("event 2 of the input is not JSON");
    const c = io();
    expect(await main(["--nope"], {}, c.io)).to.equal(2);
    expect(c.err.join("")).to.include("usage: dondominio-review");
  });
});
