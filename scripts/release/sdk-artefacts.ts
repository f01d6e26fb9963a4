/**
 * The release's package artefacts, one small builder each, every one into `out`:
 * - npm: the dynamic package (`npm pack` of this repository: dist/ must be built) and the Node SDK
 *   (sdks/nodejs compiled with tsc into bin/, then `npm pack`);
 * - Python: the SDK's sdist and wheel (setuptools, from a copy of sdks/python so the checkout stays clean);
 * - Java: the SDK's jar (Maven, from a POM written here with the coordinates of sdks/java/build.gradle),
 *   its sources jar and the POM, the layout Maven Central takes;
 * - Go: no file (the Go proxy serves the module from the tag `sdks/go/v<version>`): the module path
 *   of sdks/go/go.mod is checked and the tag named.
 * Used by scripts/release.ts (the release workflow and its dry run).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const REPO = join(__dirname, "..", "..");
export const GO_MODULE = "github.com/pulumi-dondominio/pulumi-dondominio/sdks/go";
export const JAVA = { groupId: "io.github.pulumidondominio", artifactId: "dondominio" };

function stageDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `dondominio-release-${name}-`));
}

/** `npm pack` of `dir` into `out`; returns the file name npm chose. */
function npmPack(dir: string, out: string): string {
  const name = execFileSync("npm", ["pack", dir, "--pack-destination", out, "--ignore-scripts", "--silent"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  })
    .trim()
    .split("\n")
    .pop()!;
  return name;
}

/** The dynamic package (pulumi-dondominio-<version>.tgz) as `npm publish` would send it. */
export function npmDynamicPackage(out: string): string {
  if (!readdirSync(REPO).includes("dist")) throw new Error("dist/ is not built: run `npm run build` first");
  return npmPack(REPO, out);
}

/** The Node SDK (@pulumi-dondominio/dondominio), compiled: bin/*.js and .d.ts. */
export function npmNodeSdk(out: string, version: string): string {
  const stage = stageDir("nodejs");
  try {
    execFileSync(
      process.execPath,
      [require.resolve("typescript/bin/tsc"), "-p", join(REPO, "sdks", "nodejs", "tsconfig.json"), "--outDir", join(stage, "bin")],
      { stdio: "pipe" },
    );
    const pkg = JSON.parse(readFileSync(join(REPO, "sdks", "nodejs", "package.json"), "utf8"));
    delete pkg.scripts;
    delete pkg.devDependencies;
    Object.assign(pkg, { version, main: "bin/index.js", types: "bin/index.d.ts", files: ["bin", "README.md", "LICENSE"] });
    writeFileSync(join(stage, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
    cpSync(join(REPO, "sdks", "nodejs", "README.md"), join(stage, "README.md"));
    cpSync(join(REPO, "LICENSE"), join(stage, "LICENSE"));
    return npmPack(stage, out);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The Python SDK's sdist and wheel (pulumi_dondominio-<version>.tar.gz, -py3-none-any.whl). */
export function pythonDists(out: string): string[] {
  const stage = stageDir("python");
  try {
    cpSync(join(REPO, "sdks", "python"), stage, { recursive: true });
    cpSync(join(REPO, "LICENSE"), join(stage, "LICENSE"));
    const before = new Set(readdirSync(out));
    execFileSync("python3", ["setup.py", "-q", "sdist", "-d", out], { cwd: stage, stdio: "pipe" });
    execFileSync("python3", ["-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check", "-w", out, "."], { cwd: stage, stdio: "pipe" });
    return readdirSync(out).filter((f) => !before.has(f));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The POM Maven Central gets: coordinates, licence, SCM, and the dependencies of sdks/java/build.gradle. */
export function javaPom(version: string): string {
  const gradle = readFileSync(join(REPO, "sdks", "java", "build.gradle"), "utf8");
  const deps = [...gradle.matchAll(/implementation\("([^:"]+):([^:"]+):([^"]+)"\)/g)]
    .map(([, g, a, v]) => `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${JAVA.groupId}</groupId>
  <artifactId>${JAVA.artifactId}</artifactId>
  <version>${version}</version>
  <packaging>jar</packaging>
  <name>dondominio</name>
  <description>Domains, DNS, hosting, mail and SSL at DonDominio (MrDomain), through its reseller API.</description>
  <url>https://github.com/pulumi-dondominio/pulumi-dondominio</url>
  <licenses><license><name>The Apache License, Version 2.0</name><url>http://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
  <scm><url>https://github.com/pulumi-dondominio/pulumi-dondominio</url><connection>scm:git:https://github.com/pulumi-dondominio/pulumi-dondominio.git</connection></scm>
  <developers><developer><name>pulumi-dondominio</name></developer></developers>
  <properties><maven.compiler.release>11</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <dependencies>
${deps}
  </dependencies>
  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version><configuration><release>11</release></configuration></plugin></plugins></build>
</project>
`;
}

/** The Java SDK's jar, sources jar and POM (dondominio-<version>.jar, -sources.jar, .pom). */
export function javaArtefacts(out: string, version: string): string[] {
  const stage = stageDir("java");
  const base = `${JAVA.artifactId}-${version}`;
  try {
    cpSync(join(REPO, "sdks", "java", "src"), join(stage, "src"), { recursive: true });
    // What build.gradle's genPulumiResources writes: the version and plugin info the SDK reads at run
    // time (Utilities.java reads com/pulumi/dondominio/version.txt).
    const info = `${JSON.stringify({ resource: true, name: "dondominio", version }, null, 2)}\n`;
    for (const dir of ["com/pulumi/dondominio", "io/github/pulumidondominio/dondominio"]) {
      mkdirSync(join(stage, "src", "main", "resources", dir), { recursive: true });
      writeFileSync(join(stage, "src", "main", "resources", dir, "version.txt"), version);
      writeFileSync(join(stage, "src", "main", "resources", dir, "plugin.json"), info);
    }
    writeFileSync(join(stage, "pom.xml"), javaPom(version));
    execFileSync("mvn", ["-B", "-q", "-DskipTests", "package"], { cwd: stage, stdio: "pipe", maxBuffer: 64 << 20 });
    cpSync(join(stage, "target", `${base}.jar`), join(out, `${base}.jar`));
    execFileSync("jar", ["cf", join(out, `${base}-sources.jar`), "-C", join(stage, "src", "main", "java"), "."]);
    cpSync(join(stage, "pom.xml"), join(out, `${base}.pom`));
    return [`${base}.jar`, `${base}-sources.jar`, `${base}.pom`];
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(`Java artefacts: ${err.message.split("\n")[0]}\n${`${err.stdout ?? ""}${err.stderr ?? ""}`.slice(-2000)}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The Go module's path (checked against sdks/go/go.mod) and the tag that publishes it. */
export function goModule(version: string): { module: string; tag: string } {
  const mod = readFileSync(join(REPO, "sdks", "go", "go.mod"), "utf8").match(/^module\s+(\S+)/m)?.[1];
  if (mod !== GO_MODULE) throw new Error(`sdks/go/go.mod names module ${mod}, not ${GO_MODULE}: the tag sdks/go/v${version} would publish nothing importable`);
  return { module: GO_MODULE, tag: `sdks/go/v${version}` };
}
