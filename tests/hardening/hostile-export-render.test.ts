/**
 * dondominio-export's renderer on hostile data (issue 19 item 1), every string of
 * hostile-strings.ts in every field of an AccountSnapshot at once (also fields the emulator refuses:
 * the real API or another tool may store more than it does), with and without --zones. The program
 * must parse, and RUN (tests/export/run-program.ts) without calling the sentinel, every value
 * coming back intact as an argument; no line of it holds a raw line break, control or bidi
 * character; README.md outside its code blocks is the same as for a plain account, and its code
 * blocks close where they should.
 */
import { expect } from "chai";
import { type AccountSnapshot, renderProject, summaryText } from "../../provider/export";
import { ident, inline, literal, note, ts } from "../../provider/export/code";
import { runProgram } from "../export/run-program";
import { HOSTILE_STRINGS, hasUnsafeChar } from "./hostile-strings";

/**
 * An account whose every text field is `v`, but the service's name (a zone: the API names a hosting
 * service after a domain, and DnsZone's rules need one).
 */
function hostileSnapshot(v: string): AccountSnapshot {
  const svc = "hostile.example.com";
  const rec = (id: string, type: string, name: string, value: string) => ({ entityID: id, serviceName: svc, name, type: type as "TXT", value });
  return {
    contacts: [{ contactId: `ID-${v}`, name: v, email: v, country: v }],
    domains: [
      {
        name: `d.example${v}`,
        ascii: `d.example${v}`,
        status: v,
        tsExpir: v,
        renewalMode: v,
        transferBlock: true,
        tags: [v],
        nameservers: [v],
        glue: [{ name: v, ipv4: v, ipv6: v }],
        dnssec: [{ keytag: 1, algorithm: 13, digesttype: 2, digest: v }],
        dnssecNote: v,
      },
    ],
    services: [
      {
        name: svc,
        productKey: "basic",
        status: v,
        dns: [
          rec("S-1", "TXT", `t.${svc}`, v),
          rec("S-2", "TXT", v, v),
          rec("S-3", "PTR", v, v),
          rec("S-4", "NS", svc, v),
          rec("S-5", "CNAME", `c.${svc}`, v),
          rec("S-6", "A", `a.${svc}`, v),
        ],
        mail: [{ name: v, usage: 1, quotaMax: 2 }],
        aliases: [{ name: v, targets: [v] }],
        redirects: [{ origin: v, destination: v, type: v }],
        ftp: [{ name: v, ftpPath: v }],
        databases: [{ name: v, user: v, externalAccess: false }],
        subdomains: [{ name: v, ftpPath: v, hasSsl: true }],
      },
    ],
    certificates: [{ certificateId: 1, commonName: v, status: v, productId: 101, alternativeNames: [v] }],
    notes: [`--domain ${v}: not in this account`, v],
  };
}

/** README.md without its fenced code blocks (CommonMark: a fence closes on a line of at least as many backticks). */
function outsideFences(md: string): string[] {
  const out: string[] = [];
  let open = 0;
  for (const line of md.split("\n")) {
    const m = /^ {0,3}(`{3,})\s*(\S*)\s*$/.exec(line);
    if (!open && m) open = m[1].length;
    else if (open && m && !m[2] && m[1].length >= open) open = 0;
    else if (!open) out.push(line);
  }
  expect(open, "every code block is closed").to.equal(0);
  return out;
}

describe("hostile data: dondominio-export's renderer", () => {
  const plainReadme = (zones: boolean) => outsideFences(renderProject(hostileSnapshot(""), { packageVersion: "^0.1.0", zones }).files["README.md"]);

  for (const zones of [false, true])
    for (const h of HOSTILE_STRINGS)
      it(`${h.name}${zones ? " (--zones)" : ""}: the program parses and runs with no payload run, values intact; no raw unsafe character; README markup unchanged`, async () => {
        const { files, summary } = renderProject(hostileSnapshot(h.value), { packageVersion: "^0.1.0", zones });
        const index = files["index.ts"];
        const { pwned, constructed } = await runProgram(index);
        expect(pwned, "payloads that ran").to.deep.equal([]);
        const strings = new Set<string>();
        const walk = (v: unknown): void => {
          if (typeof v === "string") strings.add(v);
          else if (Array.isArray(v)) v.forEach(walk);
          else if (v && typeof v === "object") Object.values(v).forEach(walk);
        };
        for (const c of constructed) walk(c.args);
        expect(strings.has(h.value), "the value is an argument, intact").to.equal(true);
        for (const [i, l] of index.split("\n").entries()) expect(hasUnsafeChar(l), `index.ts line ${i + 1}`).to.equal(false);
        expect(index).to.not.match(/[\r\u2028\u2029]/);
        // Comments are single inert lines: no data line holds a payload outside a string literal.
        for (const l of index.split("\n").filter((x) => x.includes("__pwned")))
          expect(l, "a payload on a line").to.match(/^\s*(new [A-Za-z]+\(|\{ name:|serviceName:|\/\/ )/);
        const readme = files["README.md"];
        expect(readme).to.not.match(/[\r\u2028\u2029]/);
        for (const l of readme.split("\n")) expect(hasUnsafeChar(l), "README.md line").to.equal(false);
        expect(outsideFences(readme)).to.deep.equal(plainReadme(zones));
        for (const l of summaryText(summary).split("\n")) expect(hasUnsafeChar(l), "summary line").to.equal(false);
      });
});

describe("dondominio-export's writer (provider/export/code.ts)", () => {
  it("literal: JSON plus \\u escapes for line separators, C1 controls, bidi and invisible characters; evaluates back to the text", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template substitution is part of the hostile text
    const text = 'a\u2028b\u2029c\u0085d\u202ee\u2066f\u200bg\u00a0h"i\\j`${k}*/';
    const lit = literal(text);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the same text as a literal
    expect(lit).to.equal('"a\\u2028b\\u2029c\\u0085d\\u202ee\\u2066f\\u200bg\\u00a0h\\"i\\\\j`${k}*/"');
    expect(JSON.parse(lit)).to.equal(text);
    expect(literal("café 例え")).to.equal('"café 例え"');
  });

  it("inline and note: one line, `*/` broken, long text cut", () => {
    expect(inline("a\nb\rc\u2028d*/e")).to.equal("a\\u000ab\\u000dc\\u2028d*\\/e");
    expect(inline("x".repeat(300))).to.equal(`${"x".repeat(200)}…`);
    expect(note`  status ${"active\nglobalThis.x()"}`.text).to.equal("  // status active\\u000aglobalThis.x()");
  });

  it("ts: every placeholder is a literal; ident refuses what is no identifier", () => {
    expect(ts`  new ${ident("Contact")}(${"n\n"}, ${{ a: 1, "b-c": [true, null] }});`.text).to.equal('  new Contact("n\\n", { a: 1, "b-c": [true, null] });');
    expect(() => ident("Contact(); x")).to.throw(/not an identifier/);
  });
});
