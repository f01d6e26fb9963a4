/**
 * The import graph of the sources (the layers, the plugin, and the tooling: bench/, scripts/,
 * tests/), read from the files, so a new import that breaks a rule fails here (README
 * "Architecture", sdk/, emulator/ and provider/ READMEs):
 * - provider -> sdk <- emulator: the sdk imports neither; the emulator and the provider do not
 *   import each other; sdk/rules imports nothing of the project but itself;
 * - plugin -> provider (and sdk): the plugin is a door onto the provider, never the emulator, and
 *   no layer imports it;
 * - what the package ships (sdk/, emulator/, provider/, plugin/) imports no tooling (bench/,
 *   scripts/, tests/, which are not packed); nothing imports bench/ (a benchmark is an end);
 * - no cycle between files anywhere but tests/ (type-only imports included: a type cycle is still
 *   a cycle of meaning; tests/lifecycle has one, runner.ts <-> steps.ts, verify.ts, through a type);
 * - in the provider, core/ is the framework only: it imports no resource and none of the families
 *   built on it (dns/, service-entities/; one exception: every class waits for the run's DNS
 *   claims, dns/dns-claims.ts), and of money/ only the spend rule the frame enforces at preview
 *   (spend.ts, with the PreviewFacts it prices from); money/, dns/ and service-entities/
 *   import no resource either (provider/README.md);
 * - in the emulator, core/ and http/ import no module (modules register themselves: handlers
 *   through modules/index.ts, account members through registerAccountSlice), and modules import
 *   core/ and data/ only.
 */
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
/** What the package ships, then the tooling around it. */
const SHIPPED = ["sdk", "emulator", "provider", "plugin"];
const TOOLING = ["bench", "scripts", "tests"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Relative specifiers of `import ... from`, `export ... from`, side-effect imports and `require("./...")`. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\brequire\(\s*["'](\.[^"']*)["']\s*\)/gms;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith(".")) out.push(spec);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, "index.ts"), `${base}.js`].find((c) => existsSync(c));
}

/** File -> the project files it imports (paths relative to the repository), over the shipped layers and the tooling. */
function projectGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...SHIPPED, ...TOOLING].flatMap((l) => sources(join(ROOT, l)))) {
    const deps = importsOf(readFileSync(file, "utf8"))
      .map((s) => resolveSpec(file, s))
      .filter((p): p is string => p?.startsWith(`${ROOT}/`) === true)
      .map((p) => relative(ROOT, p));
    graph.set(relative(ROOT, file), [...new Set(deps)]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/** The edges `from -> to` where `from` matches the first pattern and `to` the second. */
function edges(graph: Map<string, string[]>, from: RegExp, to: RegExp): string[] {
  return [...graph].flatMap(([file, deps]) => (from.test(file) ? deps.filter((d) => to.test(d)).map((d) => `${file} -> ${d}`) : []));
}

describe("layers: the import graph", () => {
  const graph = projectGraph();

  it("reads the imports of every file of sdk/, emulator/, provider/, plugin/, bench/, scripts/ and tests/", () => {
    expect(graph.size).to.be.greaterThan(500);
    expect(graph.get("emulator/server.ts")).to.include("emulator/http/api.ts");
    expect(graph.get("provider/core/client.ts")).to.include("sdk/index.ts");
    expect(edges(graph, /^plugin\//, /^provider\//)).to.not.deep.equal([]);
    expect(graph.get("scripts/gen-commands.ts")).to.include("bin/commands.js");
    for (const dir of [...SHIPPED, ...TOOLING])
      expect(
        [...graph.keys()].some((f) => f.startsWith(`${dir}/`)),
        dir,
      ).to.equal(true);
    expect(
      importsOf('import type { A } from "./a";\nexport { b } from "../b";\nimport "./c";\nimport x from "node:fs";\nconst d = require("./d");'),
    ).to.deep.equal(["./a", "../b", "./c", "./d"]);
  });

  it("finds a cycle when there is one (the check itself)", () => {
    const g = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(g)).to.deep.equal([["a.ts", "b.ts", "c.ts"]]);
  });

  it("has no import cycle, type-only imports included (tests/ aside: its helpers are not held to it yet)", () => {
    const withoutTests = new Map([...graph].filter(([f]) => !f.startsWith("tests/")).map(([f, deps]) => [f, deps.filter((d) => !d.startsWith("tests/"))]));
    expect(cycles(withoutTests)).to.deep.equal([]);
  });

  it("provider -> sdk <- emulator: the sdk imports neither, and they do not import each other", () => {
    expect(edges(graph, /^sdk\//, /^(emulator|provider)\//)).to.deep.equal([]);
    expect(edges(graph, /^emulator\//, /^provider\//)).to.deep.equal([]);
    expect(edges(graph, /^provider\//, /^emulator\//)).to.deep.equal([]);
  });

  it("plugin -> provider (and sdk): the plugin never imports the emulator, and no layer imports the plugin", () => {
    expect(edges(graph, /^plugin\//, /^(?!(plugin|provider|sdk)\/)/)).to.deep.equal([]);
    expect(edges(graph, /^(sdk|emulator|provider)\//, /^plugin\//)).to.deep.equal([]);
  });

  it("what the package ships imports no tooling (bench/, scripts/, tests/ are not packed); nothing imports bench/", () => {
    expect(edges(graph, /^(sdk|emulator|provider|plugin)\//, /^(?!(sdk|emulator|provider|plugin)\/)/)).to.deep.equal([]);
    expect(edges(graph, /^(?!bench\/)/, /^bench\//)).to.deep.equal([]);
  });

  it("sdk/rules imports nothing of the project but itself", () => {
    expect(edges(graph, /^sdk\/rules\//, /^(?!sdk\/rules\/)/)).to.deep.equal([]);
  });

  it("emulator core/ and http/ import no module (modules register with them, not the other way round)", () => {
    expect(edges(graph, /^emulator\/(core|http)\//, /^emulator\/modules\//)).to.deep.equal([]);
  });

  it("emulator modules import core/, data/ and the sdk, never the server, http/ or the control API", () => {
    expect(edges(graph, /^emulator\/modules\//, /^emulator\/(?!(core|data|modules)\/)/)).to.deep.equal([]);
  });

  it("provider core/ is the framework: no resource, no family built on it, of money/ only the frame's spend rule", () => {
    // One arrow to dns/: every class waits for the run's DNS claims (a refused run registers none).
    expect(
      edges(graph, /^provider\/core\//, /^provider\/(resources|dns|service-entities|export|review|functions)\/|^provider\/(registry|index)\.ts$/),
    ).to.deep.equal(["provider/core/resource-class.ts -> provider/dns/dns-claims.ts"]);
    expect(edges(graph, /^provider\/core\//, /^provider\/money\/(?!(spend|preview-facts)\.ts$)/)).to.deep.equal([]);
  });

  it("provider money/, dns/ and service-entities/ import no resource", () => {
    expect(edges(graph, /^provider\/(money|dns|service-entities)\//, /^provider\/(resources|export|review)\/|^provider\/(registry|index)\.ts$/)).to.deep.equal(
      [],
    );
  });
});
