/**
 * The emulator's import graph (emulator/README.md "Layout"): no cycle between its files (type-only
 * imports included: a type cycle is still a cycle of meaning), and core/ and http/ import no module
 * (modules register themselves: handlers through modules/index.ts, account members through
 * registerAccountSlice). Read from the sources, so a new import that breaks a rule fails here.
 */
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(__dirname, "../../emulator");

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

/** Emulator file -> the emulator files it imports (paths relative to emulator/). */
function emulatorGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
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

describe("emulator layers: the import graph", () => {
  const graph = emulatorGraph();

  it("reads the imports of every emulator file", () => {
    expect(graph.size).to.be.greaterThan(40);
    expect(graph.get("server.ts")).to.include("http/api.ts");
    expect(importsOf('import type { A } from "./a";\nexport { b } from "../b";\nimport "./c";\nimport x from "node:fs";')).to.deep.equal(["./a", "../b", "./c"]);
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

  it("core/ and http/ import no module (modules register with them, not the other way round)", () => {
    const wrong = [...graph].flatMap(([file, deps]) => (/^(core|http)\//.test(file) ? deps.filter((d) => d.startsWith("modules/")).map((d) => `${file} -> ${d}`) : []));
    expect(wrong).to.deep.equal([]);
  });

  it("modules import core/ and data/, never the server, http/ or the control API", () => {
    const wrong = [...graph].flatMap(([file, deps]) =>
      file.startsWith("modules/") ? deps.filter((d) => !/^(core|data|modules)\//.test(d)).map((d) => `${file} -> ${d}`) : [],
    );
    expect(wrong).to.deep.equal([]);
  });
});
