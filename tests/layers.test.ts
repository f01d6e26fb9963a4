/**
 * The import graph of the three layers, read from the sources, so a new import that breaks a rule
 * fails here (README "Architecture", sdk/, emulator/ and provider/ READMEs):
 * - provider -> sdk <- emulator: the sdk imports neither; the emulator and the provider do not
 *   import each other; sdk/rules imports nothing of the project but itself;
 * - no cycle between files anywhere (type-only imports included: a type cycle is still a cycle of
 *   meaning);
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
const LAYERS = ["sdk", "emulator", "provider"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Relative specifiers of `import ... from`, `export ... from` and side-effect imports. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gms;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith(".")) out.push(spec);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, "index.ts")].find((c) => existsSync(c));
}

/** File -> the project files it imports (paths relative to the repository), over the three layers. */
function projectGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of LAYERS.flatMap((l) => sources(join(ROOT, l)))) {
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

  it("reads the imports of every file of sdk/, emulator/ and provider/", () => {
    expect(graph.size).to.be.greaterThan(150);
    expect(graph.get("emulator/server.ts")).to.include("emulator/http/api.ts");
    expect(graph.get("provider/core/client.ts")).to.include("sdk/index.ts");
    expect(importsOf('import type { A } from "./a";\nexport { b } from "../b";\nimport "./c";\nimport x from "node:fs";')).to.deep.equal([
      "./a",
      "../b",
      "./c",
    ]);
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

  it("has no import cycle, type-only imports included", () => {
    expect(cycles(graph)).to.deep.equal([]);
  });

  it("provider -> sdk <- emulator: the sdk imports neither, and they do not import each other", () => {
    expect(edges(graph, /^sdk\//, /^(emulator|provider)\//)).to.deep.equal([]);
    expect(edges(graph, /^emulator\//, /^provider\//)).to.deep.equal([]);
    expect(edges(graph, /^provider\//, /^emulator\//)).to.deep.equal([]);
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
