/**
 * The README's "one SDK per language" snippets, taken from README.md itself and checked as far as
 * this machine allows (what each check is, the README says beside each snippet):
 * - TypeScript, both: type-checked with tsc, the dynamic one against provider/, the plugin one
 *   against sdks/nodejs;
 * - Go: `go vet` against sdks/go (type-checked; no Go language host here to `pulumi up` it);
 * - YAML: applied with the plain CLI and the YAML language host on the plugin, against the
 *   emulator: up, an empty preview, destroy (needs `npm run build` first);
 * - Python: byte-compiled, and every `dondominio.X(...)` it calls and every keyword it passes found
 *   in sdks/python's source (a program on the installed SDK runs in python-web.test.ts);
 * - C#: parsed by mcs (tests/plugin/csharp-parse.ts; no .NET SDK here, NuGet unreachable); Java:
 *   parsed by javac's parser (tests/plugin/JavaParse.java; a program on the SDK runs in java-web.test.ts).
 * Each is skipped, saying so, where its tool is absent.
 */
import { expect } from "chai";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { REPO } from "../harness/engine";
import { hasMcs, parseCSharp } from "./csharp-parse";
import { hasGo, skipWithoutGo, yamlProject } from "./yaml-project";

const SECTION = "## The provider plugin: one SDK per language";
const ZONE = "example.com";

/** The first fenced block of each `###` subsection of the section, by its fence's language, in order. */
function snippets(): Record<string, string[]> {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const start = readme.indexOf(SECTION);
  expect(start, `README.md has "${SECTION}"`).to.be.above(-1);
  const end = readme.indexOf("\n## ", start + SECTION.length);
  const out: Record<string, string[]> = {};
  for (const sub of readme.slice(start, end).split("\n### ").slice(1)) {
    const m = /\n```(\w+)\n([\s\S]*?)\n```\n/.exec(sub);
    if (m) out[m[1]] = [...(out[m[1]] ?? []), `${m[2]}\n`];
  }
  return out;
}

const has = (cmd: string, arg = "--version") => spawnSync(cmd, [arg], { stdio: "ignore" }).status === 0;

describe("README: the per-language snippets", function () {
  this.timeout(600_000);
  const code = snippets();
  let work: string;
  before(() => {
    mkdirSync(join(REPO, ".work"), { recursive: true });
    // Under the repository, where @pulumi/pulumi resolves to its node_modules.
    work = mkdtempSync(join(REPO, ".work", "readme-languages-"));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it("has one snippet per language: TypeScript twice, Go, YAML, Python, C#, Java", () => {
    expect(Object.fromEntries(Object.entries(code).map(([k, v]) => [k, v.length]))).to.deep.equal({ ts: 2, go: 1, yaml: 1, python: 1, csharp: 1, java: 1 });
  });

  it("TypeScript: both type-check (the dynamic resources against provider/, the plugin SDK against sdks/nodejs)", () => {
    writeFileSync(join(work, "dynamic.ts"), code.ts[0]);
    writeFileSync(join(work, "node-sdk.ts"), code.ts[1]);
    expect(code.ts[0]).to.include('from "pulumi-dondominio"');
    expect(code.ts[1]).to.include('from "@pulumi-dondominio/dondominio"');
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        extends: join(REPO, "tsconfig.check.json"),
        compilerOptions: {
          // sdks/nodejs is compiled here under the repository's options; its generator does not write `override`.
          noImplicitOverride: false,
          paths: { "pulumi-dondominio": [join(REPO, "provider", "index.ts")], "@pulumi-dondominio/dondominio": [join(REPO, "sdks", "nodejs", "index.ts")] },
        },
        include: ["dynamic.ts", "node-sdk.ts"],
      }),
    );
    const r = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(work, "tsconfig.json")], { encoding: "utf8" });
    expect(r.stdout + r.stderr, "tsc").to.equal("");
    expect(r.status).to.equal(0);
  });

  it("Go: builds against sdks/go (go vet)", function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent");
      this.skip();
    }
    const dir = join(work, "go");
    mkdirSync(dir);
    // examples/go-dns's module (same requirements), the SDK replaced by this checkout's sdks/go.
    const mod = readFileSync(join(REPO, "examples", "go-dns", "go.mod"), "utf8");
    writeFileSync(join(dir, "go.mod"), mod.replace(/^module .*$/m, "module readme").replace("=> ../../sdks/go", `=> ${join(REPO, "sdks", "go")}`));
    copyFileSync(join(REPO, "examples", "go-dns", "go.sum"), join(dir, "go.sum"));
    writeFileSync(join(dir, "main.go"), code.go[0]);
    const r = spawnSync("go", ["vet", "."], { cwd: dir, encoding: "utf8", env: { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" } });
    expect(r.stdout + r.stderr, "go vet").to.equal("");
    expect(r.status).to.equal(0);
  });

  it("Python: byte-compiles, and calls only classes and keywords sdks/python defines", function () {
    if (!has("python3")) {
      console.log("SKIPPED: python3 is absent");
      this.skip();
    }
    const file = join(work, "__main__.py");
    writeFileSync(file, code.python[0]);
    execFileSync("python3", ["-m", "py_compile", file], { env: { ...process.env, PYTHONPYCACHEPREFIX: join(work, "pycache") } });
    // Without the Pulumi runtime the SDK cannot be imported: its source is read with ast instead.
    const check = `
import ast, sys, pathlib
sdk = {}
for f in pathlib.Path(sys.argv[2]).rglob("*.py"):
    for node in ast.walk(ast.parse(f.read_text())):
        if isinstance(node, ast.ClassDef):
            params = set()
            for fn in node.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    params |= {a.arg for a in fn.args.args + fn.args.kwonlyargs}
            sdk.setdefault(node.name, set()).update(params)
bad = []
for node in ast.walk(ast.parse(pathlib.Path(sys.argv[1]).read_text())):
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id", "") == "dondominio":
        name = node.func.attr
        if name not in sdk:
            bad.append(name)
        bad += [name + "." + k.arg for k in node.keywords if k.arg not in sdk.get(name, set())]
print(" ".join(bad))
`;
    const bad = execFileSync("python3", ["-c", check, file, join(REPO, "sdks", "python", "pulumi_dondominio")], { encoding: "utf8" }).trim();
    expect(bad, "names the SDK does not define").to.equal("");
  });

  it("C#: parses (mcs --parse)", function () {
    if (!hasMcs()) {
      console.log("SKIPPED: mcs is absent (Debian: apt-get install mono-mcs)");
      this.skip();
    }
    writeFileSync(join(work, "Program.cs"), code.csharp[0]);
    expect(parseCSharp(work, ["Program.cs"]).errors).to.deep.equal([]);
  });

  it("Java: parses (javac's parser)", function () {
    if (!has("java")) {
      console.log("SKIPPED: java is absent");
      this.skip();
    }
    const file = join(work, "App.java");
    writeFileSync(file, code.java[0]);
    const r = spawnSync("java", [join(__dirname, "JavaParse.java"), file], { encoding: "utf8" });
    expect(r.stdout.trim(), r.stderr).to.equal("parsed 1 compilation units");
  });

  describe("YAML: applied with the plain CLI and the YAML language host, against the emulator", () => {
    let emu: RunningEmulator;
    let client: DonDominioClient;
    let project: Awaited<ReturnType<typeof yamlProject>>;
    const dnslist = async () =>
      (((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[]).map(
        (r) => `${r.name} ${r.type} ${r.value}`,
      );

    before(async function () {
      skipWithoutGo(this);
      emu = await startEmulator();
      client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
      await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
      project = await yamlProject((dir, pluginDir) => {
        // The snippet as written, plus the checkout form of the plugin (the packed package's bin/).
        writeFileSync(join(dir, "Pulumi.yaml"), `${code.yaml[0]}plugins:\n  providers:\n    - name: dondominio\n      path: ${pluginDir}\n`);
      });
      await project.configureEmulator(emu);
    });
    after(async () => {
      await emu?.close();
      project?.dispose();
    });

    it("up creates the zone's record and the CNAME; a preview then has no changes; destroy deletes both", async () => {
      await project.pulumi("up", "--yes", "--skip-preview");
      // The emulator lists a CNAME's target without the final dot.
      const made = [`www.${ZONE} A 192.0.2.1`, `api.${ZONE} CNAME www.${ZONE}`];
      expect(await dnslist()).to.include.members(made);
      await project.pulumi("preview", "--expect-no-changes");
      await project.pulumi("destroy", "--yes", "--skip-preview");
      expect((await dnslist()).filter((r) => made.includes(r))).to.deep.equal([]);
    });
  });
});
