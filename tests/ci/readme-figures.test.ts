/**
 * The READMEs' figures about what the suite tries come from the suite (scripts/readme-figures.ts):
 * each figure equals what its source gives today (the catalogue, the tables of cases, the tests'
 * constants and asserted counts, the emulator's data). When a helper adds a bad-input case or a
 * fault case, this fails until `npx tsx scripts/readme-figures.ts` writes the new figure.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIGURES, patternOf, readFigure, withFigures } from "../../scripts/readme-figures";

const REPO = join(__dirname, "..", "..");
const READMES = ["README.md", "sdk/README.md", "emulator/README.md", "provider/README.md"];

describe("ci: the READMEs' figures are the suite's", () => {
  for (const figure of FIGURES) {
    it(`${figure.file}: ${figure.sentence.slice(0, 90)}`, () => {
      const f = readFigure(figure);
      expect(f.stated, `${f.file}: the sentence is gone or reworded; update scripts/readme-figures.ts`).to.not.equal(undefined);
      expect(f.stated, `${f.file}: run \`npx tsx scripts/readme-figures.ts\``).to.deep.equal(f.expected);
    });
  }

  it("no README states a count of tests (it changes with every test added)", () => {
    for (const file of READMES) expect(readFileSync(join(REPO, file), "utf8"), file).to.not.match(/\b\d[\d,]*\s+(tests|lifecycles)\b/);
  });

  it("a drifted figure is found, and the writer puts the computed one back; a reworded sentence is found", () => {
    const readme = readFileSync(join(REPO, "README.md"), "utf8");
    const figure = FIGURES.find((f) => f.file === "README.md" && f.sentence.includes("invalid inputs"))!;
    const match = patternOf(figure.sentence).exec(readme)!;
    const drifted = readme.replace(match[0], match[0].replace(/^\| \d+ invalid/, "| 1 invalid"));
    expect(drifted).to.not.equal(readme);
    const found = readFigure(figure, () => drifted);
    expect(found.stated![0]).to.equal("1");
    expect(found.expected[0]).to.not.equal("1");
    expect(withFigures(drifted, figure)).to.equal(readme);
    expect(readFigure(figure, () => drifted.replace("invalid inputs", "bad inputs")).stated).to.equal(undefined);
  });
});
