/**
 * emulator/parity.ts and the table emulator/README.md shows of it (issue 22 item 1): complete (one
 * row per catalogue operation; an operation without a handler says "not modelled"), not stale (every
 * test named exists and still shows what it relies on), not missing a reliance (every test outside
 * tests/emulator that drives the emulator's clock is named in a behaviour row), and the README's
 * block equal to a fresh render.
 */
import { expect } from "chai";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BEHAVIOURS, EVERY_OPERATION, MODULE_TESTS, operationParity, parityTables, type Reliance } from "../../emulator/parity";
import { modules } from "../../emulator/modules";
import { operations } from "../../sdk/catalogue";
import { BLOCKS, withBlock } from "../../scripts/gen-docs";

const ROOT = join(__dirname, "..", "..");

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? filesUnder(rel) : rel.endsWith(".ts") ? [rel] : [];
  });
}

describe("emulator: parity table (emulator/parity.ts, emulator/README.md)", () => {
  it("has one row per catalogue operation; one without a handler is not modelled", () => {
    const rows = operationParity();
    expect(rows.map((r) => r.name)).to.deep.equal(operations.map((o) => o.name));
    const handlers = modules.handlers as Record<string, Record<string, unknown>>;
    for (const o of operations) {
      const row = rows.find((r) => r.name === o.name)!;
      if (!o.wraps && !handlers[o.module]?.[o.action]) expect(row.fidelity, o.name).to.equal("not modelled");
      if (row.fidelity !== "modelled") expect(row.how, `${o.name}: say how`).to.be.a("string").and.not.equal("");
    }
  });

  it("names only tests that exist and still show what they rely on", () => {
    const all: Reliance[] = [
      EVERY_OPERATION,
      ...Object.values(MODULE_TESTS).flat(),
      ...operationParity().flatMap((r) => r.tests),
      ...BEHAVIOURS.flatMap((b) => b.tests),
    ];
    for (const r of all) {
      const text = readFileSync(join(ROOT, r.file), "utf8");
      expect(text.includes(r.shows), `${r.file} should contain ${JSON.stringify(r.shows)}`).to.equal(true);
    }
    for (const b of BEHAVIOURS) if (b.fidelity !== "modelled") expect(b.how, b.behaviour).to.be.a("string").and.not.equal("");
  });

  it("names every test outside tests/emulator that moves the emulator's clock", () => {
    const named = new Set(BEHAVIOURS.flatMap((b) => b.tests.map((r) => r.file)));
    const driving = filesUnder("tests")
      .filter((f) => !f.startsWith("tests/emulator/"))
      .filter((f) => /advanceClock\(|clock\/advance/.test(readFileSync(join(ROOT, f), "utf8")))
      // The helper that only forwards the call to the control API.
      .filter((f) => f !== "tests/hardening/fault-harness.ts");
    expect(
      driving.filter((f) => !named.has(f)),
      "add them to a behaviour row of emulator/parity.ts",
    ).to.deep.equal([]);
  });

  it("the README's block is a fresh render (run: npx tsx scripts/gen-docs.ts)", () => {
    const block = BLOCKS.find((b) => b.name === "emulator-parity")!;
    expect(block.file).to.equal("emulator/README.md");
    const text = readFileSync(join(ROOT, block.file), "utf8");
    expect(withBlock(text, block) === text, "emulator/README.md's parity table is out of date: run npx tsx scripts/gen-docs.ts").to.equal(true);
    expect(text).to.include(parityTables());
  });
});
