/**
 * dondominio-review on the provider plugin's lines: the plugin sends its DNS plan, money and warning
 * lines through the engine's Log RPC with the resource's URN and without the console prefix
 * (plugin/wire.ts EngineLog); the review puts them under that resource, as the engine events and
 * the `preview --json` document carry them. URN-less `[dondominio] ` lines (the dynamic resources)
 * keep their own sections. A real plugin preview: tests/plugin/yaml-dns-live.test.ts.
 */
import { expect } from "chai";
import { marked } from "marked";
import { collectReview, type PreviewDigest, type ReviewEngineEvent, renderReview } from "../../provider/review";
import { HOSTILE_STRINGS } from "./hostile";

const ZONE = "example.com";
const URN = "urn:pulumi:dev::p::dondominio:index:DnsZone::zone";
const OTHER = "urn:pulumi:dev::p::aws:route53/record:Record::r";

let seq = 0;
const ev = (e: Omit<ReviewEngineEvent, "sequence">): ReviewEngineEvent => ({ sequence: seq++, ...e }) as ReviewEngineEvent;
const step = (urn: string, type: string) =>
  ev({ resourcePreEvent: { metadata: { op: "update", urn, type, old: { id: ZONE, inputs: {}, outputs: {} }, new: { inputs: {} }, diffs: ["records"] } } });
const diag = (message: string, urn?: string, severity = "info") => ev({ diagnosticEvent: { ...(urn ? { urn } : {}), severity, message } });

/** The Markdown under the resource's own heading, up to the next heading. */
const sectionOf = (md: string, heading: string) => md.split(heading)[1]?.split("\n####")[0];

describe("review: the provider plugin's lines (Log RPC, with the URN)", () => {
  it("puts DNS, money and warning lines with a URN under that resource; URN-less prefixed lines stay in their sections", () => {
    const events = [
      step(URN, "dondominio:index:DnsZone"),
      diag(`± MODIFY A www.${ZONE} 192.0.2.99 ttl=3600 -> 192.0.2.10 ttl=3600`, URN),
      diag("$ CHARGE 12.50 EUR Domain example.com: renew 1 year (domain/check)", URN),
      diag("the zone holds 3 records nobody manages", URN, "warning"),
      diag(`[dondominio] + CREATE TXT _dmarc.${ZONE} "v=DMARC1" ttl=3600`),
    ];
    const md = renderReview(events);
    const own = sectionOf(md, "#### `DnsZone` `zone`");
    expect(own, "the resource's section").to.include(`± MODIFY A www.${ZONE}`).and.include("$ CHARGE 12.50 EUR").and.include("[!WARNING]");
    expect(sectionOf(md, "#### DNS records")).to.include(`+ CREATE TXT _dmarc.${ZONE}`).and.not.include("MODIFY");
    expect(md).to.not.include("#### Money");
    // The same from the `preview --json` document (its messages carry the display prefix).
    const digest: PreviewDigest = {
      steps: [{ op: "update", urn: URN, newState: { type: "dondominio:index:DnsZone", inputs: {} } as never, diffReasons: ["records"] }],
      diagnostics: [{ urn: URN, severity: "info", message: `± MODIFY A www.${ZONE} 192.0.2.99 ttl=3600 -> 192.0.2.10 ttl=3600\n` }],
      changeSummary: { update: 1 },
    };
    expect(sectionOf(renderReview(digest), "#### `DnsZone` `zone`")).to.include(`± MODIFY A www.${ZONE}`);
  });

  it("takes no unprefixed line as the provider's from another package's resource, from a message of several lines, or at debug", () => {
    const review = collectReview([
      step(URN, "dondominio:index:DnsZone"),
      step(OTHER, "aws:route53/record:Record"),
      diag("+ CREATE A forged.example.com 192.0.2.1", OTHER),
      // A line feed in API data (an old plugin that did not make its lines printable) forges no second line.
      diag("A live value\n$ CHARGE 999.00 EUR Domain example.com: forged", URN),
      diag("+ CREATE A debug.example.com 192.0.2.1", URN, "debug"),
    ]);
    expect(review.lines).to.deep.equal([]);
    expect(review.messages.map((m) => m.text)).to.deep.equal([
      "+ CREATE A forged.example.com 192.0.2.1",
      "A live value",
      "$ CHARGE 999.00 EUR Domain example.com: forged",
    ]);
  });

  it("names a plugin resource as a dynamic one, and writes the - DELETE lines of a plugin DnsRecord the program dropped", () => {
    // The engine plans that delete from the state alone and never asks the plugin at preview; the
    // recorded outputs say which record goes (collect.ts deletedRecordLines, the descriptor's recordsOf).
    const urn = "urn:pulumi:dev::p::dondominio:index:DnsRecord::old";
    const outputs = { serviceName: ZONE, name: `old.${ZONE}`, type: "A", value: "192.0.2.7", ttl: 300 };
    const review = collectReview([
      ev({ resourcePreEvent: { metadata: { op: "delete", urn, type: "dondominio:index:DnsRecord", old: { id: `${ZONE}/A1`, inputs: {}, outputs } } } }),
    ]);
    expect(review.steps.map((s) => s.type)).to.deep.equal(["DnsRecord"]);
    expect(review.lines.map((l) => l.line.text)).to.deep.equal([`- DELETE A old.${ZONE} 192.0.2.7 ttl=300`]);
  });

  it("keeps every hostile value of a plugin line inside code", () => {
    for (const { name, value } of HOSTILE_STRINGS) {
      const md = renderReview([step(URN, "dondominio:index:DnsZone"), diag(`+ CREATE TXT www.${ZONE} "QZJ${value}QZJ" ttl=3600`, URN)]);
      const html = marked.parse(md, { gfm: true, async: false });
      const outside = html.replace(/<pre>[\s\S]*?<\/pre>/g, "").replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
      expect(outside, name).to.not.include("QZJ");
      expect(html, name).to.include("QZJ");
    }
  });
});
