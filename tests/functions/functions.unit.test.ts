/**
 * The function descriptors as data (no API): every one complete (docs of every member, nested ones
 * included; a secret member that exists; examples in both languages), its arguments refused by the
 * rules before any call (an unknown argument too), and the value mappings (values.ts).
 */
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fakeCaller, getApi, setCallerFactoryForTests } from "../../provider/core/client";
import { callFunction, describeFunction, FunctionArgumentError, type MemberSpec } from "../../provider/core/function";
import type { TypeSpec } from "../../provider/core/descriptor";
import { FUNCTIONS, functionOf } from "../../provider/function-registry";
import { RESOURCES } from "../../provider/registry";
import { isoDate, yearList } from "../../provider/functions/values";
import { coverageProblems } from "./cases";

/** Members of a type (nested objects' properties) without a doc, by path. */
function undocumented(t: TypeSpec, path: string): string[] {
  if (t.kind === "array") return undocumented(t.items, path);
  if (t.kind !== "object") return [];
  return Object.entries(t.properties).flatMap(([k, p]) => [...(p.doc ? [] : [`${path}.${k}`]), ...undocumented(p.type, `${path}.${k}`)]);
}
const missingDocs = (members: MemberSpec[], where: string) =>
  members.flatMap((m) => [...(m.doc ? [] : [`${where}.${m.name}`]), ...undocumented(m.type, `${where}.${m.name}`)]);

describe("function descriptors", () => {
  it("the function table covers every registered function (a case or a reason for every kind)", () => {
    expect(coverageProblems()).to.deep.equal([]);
    expect(coverageProblems(["getNothing", ...FUNCTIONS.map((f) => f.name)])).to.include(
      "getNothing: no read case and no reason it does not apply (NOT_APPLICABLE)",
    );
  });

  it("names are unique, folders are their kebab-case, and each has examples in TypeScript and YAML", () => {
    expect(new Set(FUNCTIONS.map((f) => f.name)).size).to.equal(FUNCTIONS.length);
    for (const f of FUNCTIONS) {
      expect(f.folder, f.name).to.equal(f.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
      expect(f.example.typescript, f.name).to.include(`${f.name}(`);
      expect(f.calls, f.name).to.match(/`[a-z]+\/[a-z]+`/);
    }
  });

  it("every argument and result member has its doc, nested members included; secrets name result members", () => {
    for (const f of FUNCTIONS) {
      const s = describeFunction(f);
      expect([...missingDocs(s.args, `${f.name} args`), ...missingDocs(s.result, `${f.name} result`)]).to.deep.equal([]);
      for (const k of f.secrets ?? []) expect(s.result.find((m) => m.name === k)?.secret, `${f.name}.${k}`).to.equal(true);
    }
    const domain = describeFunction(functionOf("getDomain")!);
    expect(domain.result.find((m) => m.name === "authcode")).to.include({ secret: true, required: false });
    expect(domain.result.find((m) => m.name === "name")).to.include({ secret: false, required: true });
    expect(domain.args.find((m) => m.name === "name")).to.include({ required: true });
  });

  describe("arguments are refused before any call", () => {
    let calls = 0;
    before(() => setCallerFactoryForTests(() => fakeCaller(async () => ++calls)));
    after(() => setCallerFactoryForTests(undefined));
    const api = () => getApi({ apiUser: "u", apiPasswd: "p" });

    it("an unknown argument, naming it and what the function takes", async () => {
      const e = await callFunction(functionOf("getAccount")!, { currency: "USD" }, api()).catch((x) => x);
      expect(e).to.be.instanceOf(FunctionArgumentError);
      expect(e.message).to.equal("getAccount: currency: unknown argument (getAccount takes none)");
      const e2 = await callFunction(functionOf("getDomain")!, { name: "example.com", authCode: true }, api()).catch((x) => x);
      expect(e2.message).to.equal("getDomain: authCode: unknown argument (getDomain takes name, authcode)");
      expect(calls).to.equal(0);
    });

    it("a field with its rule; the record name checked against the zone; a missing required one", async () => {
      const e = await callFunction(functionOf("getDnsRecords")!, { serviceName: "example.com", name: "www.other.org.", type: "SPF" }, api()).catch((x) => x);
      expect(e.message).to.equal('getDnsRecords: type: "SPF" is not a supported record type; use one of A, AAAA, CNAME, MX, SRV, TXT, NS, CAA');
      const e2 = await callFunction(functionOf("getDnsRecords")!, { serviceName: "example.com", name: "www.other.org." }, api()).catch((x) => x);
      expect(e2.message).to.equal('getDnsRecords: name: "www.other.org." is outside the zone example.com');
      const e3 = await callFunction(functionOf("getDomain")!, {}, api()).catch((x) => x);
      expect(e3.message).to.match(/^getDomain: name: /);
      expect(calls).to.equal(0);
    });
  });

  describe("results are checked against their shape", () => {
    after(() => setCallerFactoryForTests(undefined));
    it("a member of the wrong type is an error saying so, not a wrong value handed on", async () => {
      setCallerFactoryForTests(() => fakeCaller(async () => ({ clientName: "x", apiuser: "u", balance: "lots", threshold: 1, currency: "EUR", ip: "" })));
      const e = await callFunction(functionOf("getAccount")!, {}, getApi({ apiUser: "u", apiPasswd: "p" })).catch((x) => x);
      expect(e.message).to.match(/^getAccount: /);
    });
  });

  it("values: ISO dates and year lists from the API's texts", () => {
    expect(isoDate("2026-03-01")).to.equal("2026-03-01");
    expect(isoDate("20260301")).to.equal("2026-03-01");
    expect(isoDate("2026-03-01 10:20:30")).to.equal("2026-03-01T10:20:30");
    expect(isoDate("")).to.equal(undefined);
    expect(isoDate("soon")).to.equal(undefined);
    expect(yearList("1,2, 10")).to.deep.equal([1, 2, 10]);
    expect(yearList("")).to.deep.equal([]);
  });
});

describe("function descriptors: in every generated SDK", () => {
  const sdks = join(__dirname, "..", "..", "sdks");
  const read = (...p: string[]) => (existsSync(join(sdks, ...p)) ? readFileSync(join(sdks, ...p), "utf8") : "");
  const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
  const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const java = read("java", "src", "main", "java", "io", "github", "pulumidondominio", "dondominio", "DondominioFunctions.java");

  // Pulumi's Go generator names getX LookupX where a resource X exists (getDomain: LookupDomain).
  const goName = (n: string) => (RESOURCES.some((d) => `get${d.type}` === n) ? n.replace(/^get/, "Lookup") : cap(n));
  // Each language's direct (Promise, awaitable, plain) and Output form, as npm run gen writes them from schema.json.
  for (const f of FUNCTIONS)
    it(`${f.name}: nodejs, python, go and java have its direct and Output forms`, () => {
      const missing = [
        [read("nodejs", `${f.name}.ts`), `export function ${f.name}(`, `export function ${f.name}Output(`],
        [read("python", "pulumi_dondominio", `${snake(f.name)}.py`), `def ${snake(f.name)}(`, `def ${snake(f.name)}_output(`],
        [read("go", "dondominio", `${f.name}.go`), `func ${goName(f.name)}(ctx`, `func ${goName(f.name)}Output(ctx`],
        [java, `CompletableFuture<${cap(f.name)}Result> ${f.name}Plain(`, `Output<${cap(f.name)}Result> ${f.name}(`],
      ].flatMap(([text, ...forms]) => forms.filter((form) => !text.includes(form)));
      expect(missing, "not generated (npm run gen)").to.deep.equal([]);
    });
});
