/**
 * The functions' README examples are programs that work: each TypeScript example, as the whole
 * program provider/functions/README.md shows, compiles against the installed package's types (the
 * result members it reads exist, with their types), and each Pulumi YAML example invokes its
 * own function, passes that function's argument rules (checkArgs) and returns a member it has. The README holds exactly these
 * programs (scripts/gen-docs.ts --check, tests/rules/docs.test.ts).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { checkArgs } from "../../provider/core/function";
import { FUNCTIONS } from "../../provider/function-registry";
import { typescriptProgram, yamlProgram } from "../../scripts/function-docs";
import { installPackage, REPO, WORK_ROOT } from "../harness/engine";

describe("functions: the README's examples", function () {
  this.timeout(300_000);

  it("each YAML example invokes its function with arguments its rules accept", () => {
    for (const f of FUNCTIONS) {
      expect(yamlProgram(f), f.name).to.include(`      function: dondominio:index:${f.name}\n`);
      expect(() => checkArgs(f, f.example.yaml.arguments), f.name).to.not.throw();
      const member = f.example.yaml.return;
      if (member) expect(Object.keys(f.result), `${f.name} return: ${member}`).to.include(member);
    }
  });

  it("each TypeScript example compiles against the installed package", async () => {
    installPackage();
    const dir = join(WORK_ROOT, "function-examples");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = FUNCTIONS.map((f) => {
      writeFileSync(join(dir, `${f.folder}.ts`), typescriptProgram(f));
      return `${f.folder}.ts`;
    });
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: "commonjs",
        moduleResolution: "node",
        target: "es2020",
        esModuleInterop: true,
        skipLibCheck: true,
      },
      files,
    };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
    const out = await promisify(execFile)(process.execPath, [tsc, "-p", dir], { encoding: "utf8" }).then(
      () => "",
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(out, "tsc diagnostics").to.equal("");
  });
});
