/** Docs generated from the rule library: the README's blocks equal a fresh render (scripts/gen-docs.ts). */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BLOCKS, generateDocs, withBlock } from "../../scripts/gen-docs";
import { dnsSupportMatrix } from "../../sdk/rules";

describe("rules: generated docs", () => {
  it("the DnsRecord README's support matrix is the capability table's", () => {
    const readme = readFileSync(join(__dirname, "..", "..", "provider", "resources", "dns-record", "README.md"), "utf8");
    expect(readme).to.include(dnsSupportMatrix());
    expect(generateDocs(true), "run: npx tsx scripts/gen-docs.ts").to.deep.equal([]);
  });

  it("a matrix edited by hand, or missing markers, is found", () => {
    const block = BLOCKS[0];
    const text = `a\n<!-- BEGIN generated: ${block.name} (npx tsx scripts/gen-docs.ts; do not edit) -->\n| old |\n<!-- END generated: ${block.name} -->\nb\n`;
    expect(withBlock(text, block)).to.equal(text.replace("| old |", block.render()));
    expect(() => withBlock("no markers", block)).to.throw(/markers of dns-support-matrix are missing/);
  });
});
