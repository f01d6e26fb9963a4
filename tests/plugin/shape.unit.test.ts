/**
 * The shape issue 28 asked of the doors: no function in plugin/ over 60 lines (the wire, a table of
 * short handlers: plugin/wire.ts, plugin/handlers.ts), and no resource type name in plugin/ or
 * provider/export/ (everything about a resource is in its descriptor, which they loop over through
 * provider/registry.ts), comments included.
 */
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";
import { RESOURCES } from "../../provider/registry";

const REPO = join(__dirname, "..", "..");
const filesOf = (dir: string) =>
  readdirSync(join(REPO, dir))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));

/** Every function of a file with its length in lines, longest first. */
function functionLengths(file: string): { name: string; line: number; lines: number }[] {
  const src = ts.createSourceFile(file, readFileSync(join(REPO, file), "utf8"), ts.ScriptTarget.Latest, true);
  const out: { name: string; line: number; lines: number }[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) && "body" in n && n.body) {
      const first = src.getLineAndCharacterOfPosition(n.getStart()).line;
      const last = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      const parent = n.parent;
      const name =
        (n as ts.FunctionDeclaration).name?.getText(src) ??
        (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name.getText(src) : "(anonymous)");
      out.push({ name, line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out.sort((a, b) => b.lines - a.lines);
}

describe("the doors' shape", () => {
  it("no function in plugin/ is over 60 lines", () => {
    const all = filesOf("plugin").flatMap((f) => functionLengths(f).map((x) => ({ ...x, file: f })));
    const longest = all.sort((a, b) => b.lines - a.lines)[0];
    console.log(`      longest function in plugin/: ${longest.file}:${longest.line} ${longest.name}, ${longest.lines} lines`);
    expect(all.filter((x) => x.lines > 60).map((x) => `${x.file}:${x.line} ${x.name} (${x.lines} lines)`)).to.deep.equal([]);
  });

  it("no resource type name in plugin/ or provider/export/ (the registry's descriptors say everything about a resource)", () => {
    const names = new RegExp(`\\b(${RESOURCES.map((d) => d.type).join("|")})\\b`);
    const found: string[] = [];
    for (const f of [...filesOf("plugin"), ...filesOf(join("provider", "export"))]) {
      readFileSync(join(REPO, f), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (names.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).to.deep.equal([]);
  });
});
