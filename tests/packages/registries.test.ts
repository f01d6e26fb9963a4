/**
 * Each package as its users will install it once published: by name (and version) from a registry,
 * into a clean place, here from registries on loopback. One version across them all.
 * - Go: sdks/go zipped as the module proxy serves it (golang.org/x/mod/zip) into a file:// GOPROXY,
 *   `go get github.com/pulumi-dondominio/pulumi-dondominio/sdks/go@v<version>` with an empty module
 *   cache (its dependencies from the machine's module cache, served as a proxy, then
 *   proxy.golang.org), and the README's Go program built on it.
 * - npm: the Node SDK (sdks/nodejs compiled, as `npm run build` does, and packed) and this package
 *   (`npm pack`) served by a local npm registry (tests/packages/loopback-registry.ts: the packuments
 *   and tarballs, other names relayed from the npm registry), `npm install` of each by name into
 *   a fresh project, and each loaded.
 * - Python (wheel and sdist from a PEP 503 index): tests/plugin/python-web.test.ts; Java (by its
 *   coordinates from a file:// Maven repository): tests/plugin/java-web.test.ts.
 */
import { expect } from "chai";
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ensureSdkgen, GO_MODULE } from "../../scripts/gen-sdks";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { REPO } from "../harness/engine";
import { hasGo } from "../plugin/yaml-project";
import { serveNpmRegistry } from "./loopback-registry";

const run = promisify(execFile);
const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const VERSION = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version as string;
const read = (...p: string[]) => readFileSync(join(REPO, ...p), "utf8");

/** The README's Go snippet (the section's first go block). */
function readmeGo(): string {
  const m = /\n### Go\n[\s\S]*?\n```go\n([\s\S]*?)\n```\n/.exec(read("README.md"));
  if (!m) throw new Error("README.md has no Go snippet under ### Go");
  return `${m[1]}\n`;
}

describe("packages: one version, and each installed by name from a registry on loopback", function () {
  this.timeout(1_200_000);
  let work: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), "dondominio-registries-"));
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("package.json, schema.json, every SDK and the plugin archive carry one version", async () => {
    const found: Record<string, string | undefined> = {
      "schema.json": JSON.parse(read("schema.json")).version,
      "sdks/nodejs/package.json": JSON.parse(read("sdks", "nodejs", "package.json")).version,
      "sdks/python/setup.py": /^VERSION = "([^"]+)"$/m.exec(read("sdks", "python", "setup.py"))?.[1],
      "sdks/java/pom.xml": /<artifactId>dondominio<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(read("sdks", "java", "pom.xml"))?.[1],
      "sdks/java/build.gradle": /\? "([^"]+)"/.exec(read("sdks", "java", "build.gradle"))?.[1],
      "sdks/java plugin.json": JSON.parse(read("sdks", "java", "src", "main", "resources", "io", "github", "pulumidondominio", "dondominio", "plugin.json"))
        .version,
      "sdks/dotnet/version.txt": read("sdks", "dotnet", "version.txt").trim(),
      "examples/java-web/pom.xml": /<artifactId>dondominio<\/artifactId>\s*<version>([^<]+)<\/version>/.exec(read("examples", "java-web", "pom.xml"))?.[1],
    };
    const archive = await buildPluginArchive({ outDir: work });
    found["plugin archive package.json"] = JSON.parse(execFileSync("tar", ["-xzOf", archive.file, "package.json"], { encoding: "utf8" })).version;
    // pulumi-resource-dondominio-v<version>-<platform>.tar.gz (scripts/plugin-archive.ts archiveName)
    found["plugin archive name"] = /-v(\d+\.\d+\.\d+[^-/]*)-[^/]+\.tar\.gz$/.exec(archive.file)?.[1];
    expect(found).to.deep.equal(Object.fromEntries(Object.keys(found).map((k) => [k, VERSION])));
  });

  it("Go: the module by its path and version from a file:// GOPROXY, into an empty module cache; the README's program builds on it", async function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent");
      this.skip();
    }
    const t0 = Date.now();
    const version = `v${VERSION}`;
    const at = join(work, "goproxy", ...GO_MODULE.split("/"), "@v");
    mkdirSync(at, { recursive: true });
    execFileSync(ensureSdkgen(), ["go-module-zip", join(REPO, "sdks", "go"), GO_MODULE, version, join(at, `${version}.zip`)]);
    copyFileSync(join(REPO, "sdks", "go", "go.mod"), join(at, `${version}.mod`));
    writeFileSync(join(at, `${version}.info`), JSON.stringify({ Version: version, Time: "2026-01-01T00:00:00Z" }));
    writeFileSync(join(at, "list"), `${version}\n`);
    const app = join(work, "go-app");
    mkdirSync(app);
    writeFileSync(join(app, "go.mod"), "module example.com/dns\n\ngo 1.25\n");
    writeFileSync(join(app, "main.go"), readmeGo());
    const modcache = join(work, "gomodcache");
    const machineCache = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8" }).trim();
    const env = {
      ...process.env,
      CGO_ENABLED: "0",
      GOMODCACHE: modcache,
      GOFLAGS: "-modcacherw",
      // The module from the loopback proxy; its dependencies from the machine's module cache (a proxy's layout), else upstream.
      GOPROXY: `file://${join(work, "goproxy")},file://${join(machineCache, "cache", "download")},https://proxy.golang.org`,
      // The checksum database does not know an unpublished module.
      GONOSUMDB: "github.com/pulumi-dondominio",
    };
    await run("go", ["get", `${GO_MODULE}@${version}`], { cwd: app, env }).catch((e) => {
      throw new Error(`go get: ${e.stderr}`);
    });
    expect(readFileSync(join(app, "go.mod"), "utf8")).to.include(`${GO_MODULE} ${version}`);
    expect(existsSync(join(modcache, ...`${GO_MODULE}@${version}`.split("/"), "dondominio", "dnsZone.go"))).to.equal(true);
    await run("go", ["mod", "tidy"], { cwd: app, env });
    // -trimpath: compiled packages are cached by content, not by the (temporary) module cache's path.
    await run("go", ["build", "-trimpath", "-o", join(app, "dns"), "."], { cwd: app, env }).catch((e) => {
      throw new Error(`go build: ${e.stderr}`);
    });
    console.log(`      go get ${GO_MODULE}@${version} and go build: ${secs(t0)}`);
  });

  it("npm: the Node SDK and this package by name from a local npm registry, into a fresh project", async () => {
    let t0 = Date.now();
    // The Node SDK as its release is built: compiled (its own build is tsc), package.json beside, packed.
    const sdk = join(work, "nodejs-sdk");
    await run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(REPO, "sdks", "nodejs", "tsconfig.json"), "--outDir", sdk]);
    copyFileSync(join(REPO, "sdks", "nodejs", "package.json"), join(sdk, "package.json"));
    const packs = join(work, "packs");
    mkdirSync(packs);
    const pack = async (cwd: string) =>
      join(packs, (JSON.parse((await run("npm", ["pack", "--json", "--pack-destination", packs], { cwd })).stdout) as { filename: string }[])[0].filename);
    const tarballs = [await pack(sdk), await pack(REPO)];
    console.log(`      npm pack of sdks/nodejs (compiled) and of this package: ${secs(t0)}`);
    const registry = await serveNpmRegistry(tarballs, "https://registry.npmjs.org");
    try {
      t0 = Date.now();
      const app = join(work, "npm-app");
      mkdirSync(app);
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "dns", version: "1.0.0", private: true }));
      const npmEnv = {
        ...process.env,
        npm_config_registry: `${registry.url}/`,
        npm_config_audit: "false",
        npm_config_fund: "false",
        npm_config_update_notifier: "false",
      };
      await run("npm", ["install", "@pulumi-dondominio/dondominio", "pulumi-dondominio", "@pulumi/pulumi@3.250.0"], { cwd: app, env: npmEnv }).catch((e) => {
        throw new Error(`npm install: ${e.stderr}`);
      });
      const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8"));
      for (const [name, tarball] of [
        ["@pulumi-dondominio/dondominio", tarballs[0]],
        ["pulumi-dondominio", tarballs[1]],
      ]) {
        const entry = lock.packages[`node_modules/${name}`];
        expect(entry?.version, name).to.equal(VERSION);
        // The packument from the loopback registry; the tarball its, by integrity (npm's cache may hold it from an earlier run).
        expect(registry.served, `${name}: its packument from the loopback registry`).to.include(`/${name}`);
        expect(entry?.integrity, `${name}: the packed tarball`).to.equal(`sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`);
      }
      const loaded = execFileSync(
        process.execPath,
        ["-e", 'const s = require("@pulumi-dondominio/dondominio"); const p = require("pulumi-dondominio"); console.log(typeof s.DnsZone, typeof p.DnsZone)'],
        { cwd: app, encoding: "utf8" },
      );
      expect(loaded.trim()).to.equal("function function");
      console.log(`      npm install of both by name from the loopback registry: ${secs(t0)}`);
    } finally {
      await registry.close();
    }
  });
});
