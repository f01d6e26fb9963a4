/**
 * Every operation of the catalogue, called through the sdk client over real HTTPS against one
 * emulator, in the order of operation-table.ts, twice: with JSON output, then on a fresh emulator
 * with XML output. The RAW reply of each call (the body the client received, before any zod
 * schema) must satisfy the API reference's envelope facts and the operation's documented result
 * members (tests/fixtures/spec-shapes.ts, copied from api-spec.md and facts.md, not derived from the
 * catalogue). In the JSON run every read is also made by the XML client, whose raw reply is checked
 * the same way and whose typed result must equal the JSON one (sdk/core/xml.ts: "both formats parse
 * to the same typed result"). Failure envelopes and path spellings are checked raw in both formats.
 */
import { expect } from "chai";
import { getOperation, type OperationName, operations } from "../../sdk";
import { decodeXml } from "../../sdk/core/xml";
import { RESULT_NOT_SHOWN, RESULTS, resultKey } from "../fixtures/spec-shapes";
import { type E2e, expectSpecReply, type Format, rawPost, startE2e } from "./helpers";
import { type Params, type Result, STEPS, type Step } from "./operation-table";

/** Reads (the catalogue's readOnly flag): answered from state only, so JSON and XML must agree on them. */
function isRead(name: string): boolean {
  return getOperation(name)?.readOnly === true;
}

/** Paths (a.b[0].c) where two values differ, with the type of each side. */
function differingPaths(a: unknown, b: unknown, path = "$"): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return [`${path} (${typeof a} vs ${typeof b})`];
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort();
  return keys.flatMap((k) => differingPaths(ra[k], rb[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`));
}

type AnyCall = (name: OperationName, params: Params) => Promise<Result>;
const callOf = (c: E2e["client"]): AnyCall => c.call.bind(c) as unknown as AnyCall;

/** The reference's result facts checked against a raw reply, per format (for the coverage check). */
const checked: Record<Format, Set<string>> = { json: new Set(), xml: new Set() };
const FORMATS: Format[] = ["json", "xml"];

function expectReply(e: E2e, format: Format, op: string, params: Params): void {
  expectSpecReply(e.lastReply(format, op), format, op, params);
  const key = resultKey(op, params);
  if (RESULTS[key]) checked[format].add(key);
}

function runTable(format: Format): void {
  describe(`e2e: every catalogue operation through the client, ${format} output`, function () {
    this.timeout(30_000);
    let e: E2e;
    const stats = { calls: 0, xmlCompared: 0 };
    const client = () => (format === "json" ? e.client : e.xml);

    before(async () => {
      e = await startE2e();
    });
    after(async () => {
      await e?.close();
    });

    if (format === "json") {
      it("the table has a step for each of the 97 operations and names no unknown one", () => {
        expect(operations).to.have.length(97);
        const covered = new Set(STEPS.map((s) => s.op));
        const missing = operations.map((o) => o.name).filter((n) => !covered.has(n));
        expect(missing, "operations without a step in tests/e2e/operation-table.ts").to.deep.equal([]);
        const unknown = [...covered].filter((n) => !getOperation(n));
        expect(unknown, "steps naming no catalogue operation").to.deep.equal([]);
      });
    }

    /** Result of each step, for the XML comparison that follows it. */
    const results = new Map<number, { params: Params; result: Result }>();

    const runStep = (step: Step, index: number) => async () => {
      if (step.before) await step.before(e);
      const params = step.params();
      const result = await callOf(client())(step.op as OperationName, params);
      stats.calls++;
      expectReply(e, format, step.op, params);
      results.set(index, { params, result });
      if (step.after) await step.after(result, e);
    };

    /** The same read through the XML client, right after the JSON one (nothing changed in between). */
    const compareXml = (step: Step, index: number) => async () => {
      const json = results.get(index);
      expect(json, `the JSON call of step ${index} ran`).to.not.equal(undefined);
      const fromXml = await callOf(e.xml)(step.op as OperationName, json!.params);
      expectReply(e, "xml", step.op, json!.params);
      // Paths only: a failure must not print values (authcodes, passwords are among them).
      expect(differingPaths(fromXml, json!.result), `${step.op} (step ${index}): members where XML and JSON results differ`).to.deep.equal([]);
      stats.xmlCompared++;
    };

    STEPS.forEach((step, i) => {
      describe(step.op, () => {
        it(`succeeds; the raw ${format} reply matches the reference [step ${i}]`, runStep(step, i));
        if (format !== "json" || !isRead(step.op)) return;
        it(`the same read in XML: raw reply matches the reference, same typed result [step ${i}]`, compareXml(step, i));
      });
    });

    // Child suites run after the parent's own tests: this check goes in a suite defined last.
    describe("summary", () => {
      it("made one successful call per step (and compared the reads in both formats)", () => {
        expect(stats.calls).to.equal(STEPS.length);
        if (format !== "json") return;
        const reads = STEPS.filter((s) => isRead(s.op));
        expect(stats.xmlCompared).to.equal(reads.length);
        expect(stats.xmlCompared).to.be.greaterThan(40);
      });
    });
  });
}

runTable("json");
runTable("xml");

describe("e2e: failure envelopes and path spellings, raw, in JSON and XML", () => {
  let e: E2e;
  before(async () => {
    e = await startE2e();
  });
  after(async () => {
    await e?.close();
  });

  const envelopeOf = (body: string, format: Format) => (format === "json" ? JSON.parse(body) : decodeXml(body)) as Record<string, any>;

  /** [path, params, the codes facts.md gives for the case, what it is]. */
  const failures: [string, Record<string, string>, number[], string][] = [
    ["domain/getinfo", { domain: "not-in-this-account.com" }, [2008], "a domain not in the account (2008 domain not found)"],
    ["contact/getinfo", { contactID: "ZZZ-99999" }, [3001], "an unknown contact (3001 contact does not exist)"],
    ["service/ftpgetinfo", { serviceName: "no-such-service.com", entityID: "SRV1-1" }, [4001], "an unknown service (4001 service not found)"],
    ["domain/getinfo", {}, [100, 101, 105], "no domain and no domainID (a syntax / parameter error)"],
  ];

  for (const format of FORMATS) {
    it(`an unknown module/action: HTTP 200, errorCode 102, messages naming the invalid object/action (${format})`, async () => {
      const r = await rawPost(e.emu, "/domain/nope/", {}, format);
      expect(r.status).to.equal(200);
      expectSpecReply(r.body, format, "domain/nope");
      const env = envelopeOf(r.body, format);
      expect(Number(env.errorCode)).to.equal(102);
      expect(env.messages.join(" ")).to.match(/object|action/i);
    });

    for (const [op, params, codes, what] of failures) {
      it(`${op}, ${what}: the failure envelope (${format})`, async () => {
        const r = await rawPost(e.emu, `/${op}/`, params, format);
        expect(r.status).to.equal(200);
        expectSpecReply(r.body, format, op, params);
        expect(codes).to.include(Number(envelopeOf(r.body, format).errorCode));
      });
    }

    it(`a wrong password: 1004/1005/1009, the password not echoed (${format})`, async () => {
      const r = await rawPost(e.emu, "/account/info/", {}, format, { apiuser: e.emu.apiUser, apipasswd: "Wrong-Pass-771" });
      expectSpecReply(r.body, format, "account/info");
      expect([1004, 1005, 1009]).to.include(Number(envelopeOf(r.body, format).errorCode));
      expect(r.body).to.not.include("Wrong-Pass-771");
    });

    it(`paths without the trailing slash or with a doubled leading slash: action is exactly module/action (${format})`, async () => {
      // facts "What real clients send and read": the PHP SDK calls account/zones and account/promos without the slash.
      for (const [path, op] of [
        ["/account/promos", "account/promos"],
        ["//account/zones", "account/zones"],
        ["//tool/hello/", "tool/hello"],
      ]) {
        const r = await rawPost(e.emu, path, {}, format);
        expect(r.status, path).to.equal(200);
        expectSpecReply(r.body, format, op);
        expect(envelopeOf(r.body, format).success, path).to.be.oneOf([true, "1"]);
      }
    });
  }
});

describe("e2e: the reference's result facts were all checked", () => {
  it("every catalogue operation has documented result facts or is one whose result the reference does not show", () => {
    const documented = new Set(Object.keys(RESULTS).map((k) => k.split("#")[0]));
    const neither = operations.map((o) => o.name).filter((n) => !documented.has(n) && !RESULT_NOT_SHOWN.includes(n));
    expect(neither, "operations with no facts in tests/fixtures/spec-shapes.ts").to.deep.equal([]);
    expect(RESULT_NOT_SHOWN.filter((n) => documented.has(n))).to.deep.equal([]);
    expect(documented.size).to.equal(97 - RESULT_NOT_SHOWN.length);
  });

  for (const format of FORMATS) {
    it(`every result fact (operation and infoType/updateType variant) was checked on a raw ${format} reply`, () => {
      const unchecked = Object.keys(RESULTS).filter((k) => !checked[format].has(k));
      expect(unchecked, "facts no step exercised: add a step to tests/e2e/operation-table.ts").to.deep.equal([]);
    });
  }
});
