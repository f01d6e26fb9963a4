/**
 * What the provider hands the engine or writes to the console, which the engine shows in the
 * terminal and CI logs and `dondominio-review` parses: check failures, errors of create / read /
 * update / delete, and the `[dondominio]` lines (provider/core/log.ts). Live API data and user
 * values reach them (a live record's value, a status, a rule quoting the input), so each is one
 * visible line (provider/core/errors.ts printableText / printableError): a line feed cannot forge a
 * second `[dondominio] $ TOTAL` line, and no escape sequence reaches the terminal.
 */
import { expect } from "chai";
import { z } from "zod";
import { DnsOverlapError } from "../../provider/dns/dns-claims";
import { printableError } from "../../provider/core/printable";
import { defineProvider, type ResourceDefinition } from "../../provider/core/frame";
import { info, warn } from "../../provider/core/log";
import { parseProviderLine } from "../../provider/review";
import { HOSTILE_STRINGS } from "../review/hostile";

type Rec = { name: string; value: string };
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const FORGED = "x\n[dondominio] $ TOTAL 0.00 EUR planned\u001b[2K\r\u001b]8;;https://evil.example/\u0007";

function provider(fail: string, readFailsAtCheck = false) {
  const def: ResourceDefinition<Rec, Rec> = {
    type: "Thing",
    inputs: z.object({ name: z.string(), value: z.string() }),
    replaceOn: ["name"],
    label: (r) => r.name,
    checkFacts: async (_olds, news) => {
      if (readFailsAtCheck) throw new Error(`zone read failed: ${fail}`);
      return [["value", `the live zone holds "${fail}" at ${news.name}`]];
    },
    create: async () => {
      throw new Error(`the API answered status ${fail}`);
    },
    read: async () => {
      throw new Error(fail);
    },
    update: async (_ctx, _id, _olds, news) => news,
    delete: async () => undefined,
  };
  return defineProvider(def);
}

/** The lines `fn` writes to console.log and console.error. */
async function consoleLines(fn: () => unknown): Promise<string[]> {
  const out: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => void out.push(a.join(" "));
  console.error = (...a: unknown[]) => void out.push(a.join(" "));
  try {
    await fn();
  } finally {
    console.log = log;
    console.error = error;
  }
  return out;
}

describe("provider messages on hostile data", () => {
  it("check: a failure quoting live data is one visible line", async () => {
    const r = await provider(FORGED).check({}, { name: "www", value: "v" });
    expect(r.failures).to.have.length(1);
    const reason = r.failures![0].reason;
    expect(reason).not.to.match(RAW);
    expect(reason).to.include('value: the live zone holds "x\\n[dondominio] $ TOTAL 0.00 EUR planned\\u001b[2K\\r');
  });

  it("create and read: the error the engine prints is one visible line, its stack's first line too", async () => {
    for (const op of ["create", "read"] as const) {
      let err: Error | undefined;
      try {
        if (op === "create") await provider(FORGED).create({ name: "www", value: "v" });
        else await provider(FORGED).read("id-1", { name: "www", value: "v" });
      } catch (e) {
        err = e as Error;
      }
      expect(err?.message, op).to.match(/^Thing www: (create|read): /);
      expect(err!.message, op).not.to.match(RAW);
      expect(err!.stack!.split("\n")[0], op).to.equal(`Error: ${err!.message}`);
    }
  });

  it("check: a read that fails at preview (its message quoting the API) is one visible line", async () => {
    const p = provider(FORGED, true);
    const err = await p.check({}, { name: "www", value: "v" }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).to.match(/^zone read failed: x\\n\[dondominio\]/);
    expect(err!.message).not.to.match(RAW);
  });

  it("printableError: any thrown value, every hostile string", () => {
    for (const h of HOSTILE_STRINGS) {
      const e = printableError(new Error(h.value));
      expect(e.message, h.name).not.to.match(RAW);
      expect(e.stack!.split("\n")[0], h.name).not.to.match(RAW);
    }
    expect(printableError("plain\nstring").message).to.equal("plain\\nstring");
    expect(new DnsOverlapError(`TXT "${FORGED}" is declared twice`).message).not.to.match(RAW);
  });

  it("[dondominio] lines: data in a message cannot forge a second line the review would read as the provider's", async () => {
    const lines = await consoleLines(() => {
      info(`+ CREATE TXT www.example.com "${FORGED}" ttl=3600`);
      warn(FORGED);
    });
    expect(lines).to.have.length(2);
    for (const l of lines) {
      expect(l).not.to.match(RAW);
      expect(l.split("\n")).to.have.length(1);
    }
    expect(parseProviderLine(lines[0])?.kind).to.equal("dns");
    expect(parseProviderLine(lines[1])?.kind).to.equal("warning");
  });
});
