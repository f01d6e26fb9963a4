/**
 * dondominio-review on hostile data (issue 19 items 2 and 3): every string of hostile.ts put in every
 * piece of plan text the renderer reads (resource names and types, project and stack, property
 * names, old and new values, step ops, ids, the engine's count keys, diagnostics, policy messages,
 * the provider's DNS, money and warning lines, drift), from the engine events and from the
 * `preview --json` document. The Markdown is then read by a real GFM renderer (marked, gfm: tables,
 * autolinks, raw HTML passed through as GitHub's sanitiser would see it) and must hold exactly one
 * table row per step, no HTML element the renderer does not write itself, no link, and every
 * hostile value only inside code (a sentinel around each value must never appear outside
 * `<code>`), with no raw control, separator or bidi character anywhere in the text.
 */
import { expect } from "chai";
import { marked } from "marked";
import { collectReview, type PreviewDigest, type ReviewEngineEvent, renderReview } from "../../provider/review";
import { HOSTILE_STRINGS, PROTOTYPE_NAMES } from "./hostile";

/** Around each hostile value: seen outside code, the value (or what follows it) escaped its span. */
const S = "QZJ";
const DYN = "pulumi-nodejs:dynamic/dondominio:";
const ZONE = "example.com";

/** Every piece of plan text the renderer reads; a test sets one of them to a hostile value. */
interface Plan {
  project: string;
  stack: string;
  name: string;
  type: string;
  propName: string;
  oldValue: string;
  newValue: string;
  createValue: string;
  op: string;
  id: string;
  summaryKey: string;
  errorMessage: string;
  warningMessage: string;
  infoMessage: string;
  resourceWarning: string;
  dnsLine: string;
  moneyLine: string;
  deletedRecordValue: string;
  policy: string;
  driftProp: string;
  driftValue: string;
}
type Field = keyof Plan;

const BENIGN: Plan = {
  project: "proj",
  stack: "dev",
  name: "www",
  type: "DnsRecord",
  propName: "ttl",
  oldValue: "3600",
  newValue: "600",
  createValue: "192.0.2.1",
  op: "replace",
  id: "example.com/SRV1-1",
  summaryKey: "create",
  errorMessage: "the API refused",
  warningMessage: "slow down",
  infoMessage: "hello",
  resourceWarning: "the plan spends money",
  dnsLine: "v=spf1 -all",
  moneyLine: "Domain example.com: register 1 year",
  deletedRecordValue: "v=old",
  policy: "no-public",
  driftProp: "value",
  driftValue: "198.51.100.7",
};
const FIELDS = Object.keys(BENIGN) as Field[];
/** Table rows the plan has: create, update, delete, and the step whose op is `op`. */
const STEPS = 4;

function urnOf(p: Plan, type: string, name: string): string {
  return `urn:pulumi:${p.stack}::${p.project}::${type}::${name}`;
}

/** The plan as the engine events of a preview with a refresh. */
function eventsOf(p: Plan): ReviewEngineEvent[] {
  const type = `${DYN}${p.type}`;
  const u = (name: string) => urnOf(p, type, name);
  const record = (value: string, name = "www") => ({ serviceName: ZONE, name: `${name}.${ZONE}`, type: "TXT", value });
  let seq = 0;
  const ev = (e: ReviewEngineEvent): ReviewEngineEvent => ({ sequence: ++seq, ...e });
  return [
    ev({ resourcePreEvent: { metadata: { op: "create", urn: u(p.name), type, new: { inputs: { ...record(p.createValue), [p.propName]: p.newValue } } } } }),
    ev({
      resourcePreEvent: {
        metadata: {
          op: "update",
          urn: u("mx"),
          type,
          old: { id: "x", inputs: { [p.propName]: p.oldValue }, outputs: { [p.propName]: p.oldValue } },
          new: { inputs: { [p.propName]: p.newValue } },
        },
      },
    }),
    ev({ resourcePreEvent: { metadata: { op: "delete", urn: u("old"), type, old: { id: p.id, inputs: {}, outputs: record(p.deletedRecordValue, "old") } } } }),
    ev({
      resourcePreEvent: {
        metadata: {
          op: p.op,
          urn: u("odd"),
          type,
          old: { id: "y", inputs: { value: "1" }, outputs: { value: "1" } },
          new: { inputs: { value: "2" } },
          keys: ["value"],
        },
      },
    }),
    ev({
      resOutputsEvent: {
        metadata: {
          op: "refresh",
          urn: u("drifted"),
          type,
          old: { id: "z", outputs: { [p.driftProp]: "203.0.113.10" } },
          new: { id: "z", outputs: { [p.driftProp]: p.driftValue } },
        },
      },
    }),
    ev({ diagnosticEvent: { urn: u(p.name), severity: "error", message: p.errorMessage } }),
    ev({ diagnosticEvent: { severity: "warning", message: p.warningMessage } }),
    ev({ diagnosticEvent: { severity: "info", message: p.infoMessage } }),
    ev({ diagnosticEvent: { urn: u(p.name), severity: "info", message: `[dondominio] warning: ${p.resourceWarning}` } }),
    ev({ diagnosticEvent: { severity: "info", message: `[dondominio] + CREATE TXT www.${ZONE} "${p.dnsLine}" ttl=3600` } }),
    ev({ diagnosticEvent: { severity: "info", message: `[dondominio] $ CHARGE 12.50 EUR ${p.moneyLine} (domain/check)` } }),
    ev({ policyEvent: { resourceUrn: u(p.name), message: p.policy, policyName: p.policy, policyPackName: p.policy, enforcementLevel: "advisory" } }),
    ev({ summaryEvent: { resourceChanges: { [p.summaryKey]: 2, same: 1 } } }),
  ];
}

/** The plan as the document `pulumi preview --json` prints. */
function digestOf(p: Plan): PreviewDigest {
  const steps = eventsOf(p)
    .map((e) => e.resourcePreEvent?.metadata)
    .filter((m) => m !== undefined)
    .map((m) => ({
      op: m.op,
      urn: m.urn,
      oldState: m.old ?? undefined,
      newState: m.new ? { ...m.new, type: m.type } : undefined,
      replaceReasons: m.keys ?? undefined,
    }));
  const diagnostics = eventsOf(p)
    .map((e) => e.diagnosticEvent)
    .filter((d) => d !== undefined)
    .map((d) => ({ urn: d.urn, severity: d.severity, message: `${d.severity}: ${d.message}` }));
  return { steps, diagnostics, changeSummary: { [p.summaryKey]: 2, same: 1 } };
}

/** What the renderer writes itself (render.ts), and the only attributes it gives them. */
const OWN_ELEMENTS = new Set([
  "h3",
  "h4",
  "p",
  "strong",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "code",
  "pre",
  "br",
  "blockquote",
  "details",
  "summary",
  "ul",
  "li",
]);
const OWN_ATTRIBUTES = /^(| class="language-(text|diff)")$/;
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** What is wrong with the comment `md` of a plan with `STEPS` steps, read by a GFM renderer ([] when nothing). */
function problems(md: string): string[] {
  const found: string[] = [];
  const raw = md.replace(/\n/g, "");
  if (UNSAFE.test(raw)) found.push(`a raw control, separator or bidi character U+${raw.match(UNSAFE)![0].codePointAt(0)!.toString(16)} in the Markdown`);
  const html = marked.parse(md, { gfm: true, async: false });
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  const rows = body.match(/<tr>[\s\S]*?<\/tr>/g) ?? [];
  if (rows.length !== STEPS) found.push(`${rows.length} table rows for ${STEPS} steps`);
  for (const r of rows) if ((r.match(/<td[ >]/g) ?? []).length !== 4) found.push(`a row of ${(r.match(/<td[ >]/g) ?? []).length} cells`);
  const table = md.slice(md.indexOf("| | resource |")).split("\n");
  const tableLines = table.findIndex((l) => !l.startsWith("|"));
  if (tableLines !== STEPS + 2) found.push(`${tableLines} table lines in the Markdown`);
  for (const m of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!OWN_ELEMENTS.has(m[1].toLowerCase())) found.push(`an element <${m[1]}> from the data`);
    else if (!m[0].startsWith("</") && !OWN_ATTRIBUTES.test(m[2])) found.push(`attributes ${m[2]} on <${m[1]}>`);
  }
  if ((html.match(/<!--/g) ?? []).length !== 1) found.push("an HTML comment from the data");
  // Text outside code: no sentinel (so no value, link, mention or reference made of data).
  const outside = html.replace(/<pre>[\s\S]*?<\/pre>/g, "").replace(/<code[^>]*>[\s\S]*?<\/code>/g, "");
  if (outside.includes(S)) found.push(`plan text outside code: …${outside.slice(Math.max(0, outside.indexOf(S) - 60), outside.indexOf(S) + 60)}…`);
  if (!html.includes(S)) found.push("the value is not shown at all");
  return found;
}

function check(render: (p: Plan) => string, field: Field): void {
  const failures: string[] = [];
  for (const h of HOSTILE_STRINGS) {
    const md = render({ ...BENIGN, [field]: `${S}${h.value}${S}` });
    for (const p of problems(md)) failures.push(`${h.name}: ${p}`);
  }
  expect(failures, `${field}:\n${failures.join("\n")}`).to.deep.equal([]);
}

describe("review: hostile plan text, read by a GFM renderer (marked)", () => {
  it("the benign plan renders every part the tests put hostile values in", () => {
    const md = renderReview(eventsOf(BENIGN));
    expect(collectReview(eventsOf(BENIGN)).steps).to.have.length(STEPS);
    for (const part of [
      "| + create |",
      "| ~ update |",
      "| - delete |",
      "| +- replace |",
      "#### DNS records",
      "#### Money",
      "#### Errors",
      "#### Warnings",
      "> [!WARNING]",
      "#### Drift",
      "<details>",
    ])
      expect(md).to.include(part);
    for (const field of FIELDS) expect(md, field).to.include(BENIGN[field]);
  });

  for (const field of FIELDS) {
    it(`${field}: every hostile string stays inside code, one row per step (engine events)`, () => check((p) => renderReview(eventsOf(p)), field));
  }

  // The document carries no refresh and no policy events.
  for (const field of FIELDS.filter((f) => !["policy", "driftProp", "driftValue"].includes(f))) {
    it(`${field}: the same from \`pulumi preview --json\``, () => check((p) => renderReview(digestOf(p)), field));
  }

  it("an op or count key named like a prototype member is shown as data", () => {
    for (const name of PROTOTYPE_NAMES) {
      const md = renderReview(eventsOf({ ...BENIGN, op: name, summaryKey: name }));
      expect(md).not.to.match(/native code|\[object|function /);
      expect(md).to.include(`| \`${name}\` |`);
      expect(md).to.include(`2 \`${name}\``);
    }
  });

  it("a count that is not a number is not printed", () => {
    const evs = eventsOf(BENIGN).map((e) => (e.summaryEvent ? { summaryEvent: { resourceChanges: { create: "1<img src=x>", update: "\n\n2" } as never } } : e));
    expect(renderReview(evs)).to.include("**Plan:** no changes.");
  });
});
