/**
 * A syntax check of C# sources with Mono's compiler (`mcs --parse`), the only C# parser Debian
 * ships (package mono-mcs). mcs knows C# up to 7.2, and the generated SDK uses three C# 8 forms,
 * which are lowered to their C# 7 equivalents first (same tokens otherwise, so every other
 * syntax error still shows, at its line): the null-forgiving `!` after `null` and `default`
 * (`= null!;`), and `using var x = ...;` declarations (here `var x = ...;`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const LOWERINGS: [RegExp, string][] = [
  [/\b(null|default)!(?!=)/g, "$1"],
  [/\busing var\b/g, "var"],
];

export function hasMcs(): boolean {
  try {
    execFileSync("mcs", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Parses `files` (relative to `root`); returns mcs's errors (empty when every file parses) and how many forms were lowered. */
export function parseCSharp(root: string, files: string[]): { errors: string[]; lowered: number } {
  const work = mkdtempSync(join(tmpdir(), "dondominio-csparse-"));
  let lowered = 0;
  try {
    for (const file of files) {
      let text = readFileSync(join(root, file), "utf8");
      for (const [from, to] of LOWERINGS) {
        text = text.replace(from, (...m) => {
          lowered++;
          return to.replace("$1", m[1] ?? "");
        });
      }
      mkdirSync(dirname(join(work, file)), { recursive: true });
      writeFileSync(join(work, file), text);
    }
    let output = "";
    try {
      output = execFileSync("mcs", ["--parse", "-langversion:7.2", ...files], { cwd: work, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e: any) {
      output = `${e.stdout ?? ""}${e.stderr ?? ""}`;
    }
    return { errors: output.split("\n").filter((l) => /error CS\d+/.test(l)), lowered };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
