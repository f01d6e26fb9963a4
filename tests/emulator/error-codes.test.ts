/**
 * The named error codes (sdk/core/error-codes.ts ErrorCode) and the code table agree, and the
 * emulator writes no error code as a bare number (it names them all from ErrorCode).
 */
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ERROR_CODES, ErrorCode } from "../../sdk/core/error-codes";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("error codes: one named table for the client and the emulator", () => {
  it("names every code of the table once, and names nothing else (SUCCESS aside)", () => {
    const { SUCCESS, ...named } = ErrorCode;
    expect(SUCCESS).to.equal(0);
    const codes = Object.values(named);
    expect(new Set(codes).size, "one name per code").to.equal(codes.length);
    expect([...codes].sort((a, b) => a - b)).to.deep.equal(
      Object.keys(ERROR_CODES)
        .map(Number)
        .sort((a, b) => a - b),
    );
  });

  it("the emulator passes no bare number where an error code goes", () => {
    const root = resolve(__dirname, "../../emulator");
    // fault(105, ...), fault(a ? 2012 : 2005), new ApiFault(105), envelope(x, 105, ...), this.block(u, 1012, ...), blockCode = 1012, code = a ? 101 : 105
    const bare = /\b(?:fault|ApiFault)\([^,()]*?\b\d|\benvelope\([^,()]+,\s*\d|\.block\([^,()]+,\s*\d|\b(?:blockCode|code)\s*=\s*[^;]*?\b\d{3,5}\b/;
    const found = sources(root).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line: line.trim(), where: `${file.slice(root.length + 1)}:${i + 1}` }))
        .filter(({ line }) => !/^(\*|\/\/|\/\*)/.test(line) && bare.test(line))
        .map(({ line, where }) => `${where}: ${line.slice(0, 100)}`),
    );
    expect(found).to.deep.equal([]);
  });
});
