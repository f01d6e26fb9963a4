/**
 * The C# and Java SDKs (sdks/dotnet, sdks/java), whose generators are not in the Pulumi CLI's Go
 * module: each is generated only where its generator is on PATH, else skipped with the reason.
 *
 * - C#: `pulumi package gen-sdk --language dotnet`, which hands the schema to pulumi-language-dotnet
 *   (committed output: its v3.107.3). That generator always downloads the package icon (the schema's
 *   logoUrl, else a raw.githubusercontent.com URL), so during generation a loopback server hands it
 *   a 1x1 transparent PNG (no network here; the icon is a placeholder until the project has a logo).
 *   It writes no version.txt (the csproj embeds one; release builds write it): written here.
 * - Java: `pulumi package gen-sdk --language java` through pulumi-language-java v1.16.0, built from
 *   the Go module proxy by scripts/ensure-pulumi-java.sh (so wherever Go is). Its build files are
 *   Gradle's (the schema's `buildFiles: gradle`); a pom.xml for the same artefact
 *   (io.github.pulumidondominio:dondominio, on com.pulumi:pulumi 1.16.0) is written beside them for
 *   Maven, with the two resources the Gradle build generates at build time (plugin.json: the plugin
 *   the SDK's programs need; version.txt) as files, so that both builds make the same jar.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const REPO = resolve(__dirname, "..");
export const ELSEWHERE = ["dotnet", "java"] as const;
const PLACEHOLDER_ICON = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=", "base64");

function onPath(command: string): boolean {
  try {
    execFileSync("sh", ["-c", 'command -v "$1"', "sh", command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Why `language` cannot be generated on this machine, or undefined when it can. */
export function whyNot(language: (typeof ELSEWHERE)[number]): string | undefined {
  if (language === "dotnet") {
    return onPath("pulumi-language-dotnet") ? undefined : "pulumi-language-dotnet is not on PATH (the C# generator is not in the Pulumi CLI's module)";
  }
  try {
    javaHost();
    return undefined;
  } catch (e) {
    return `pulumi-language-java could not be had (scripts/ensure-pulumi-java.sh): ${(e as Error).message.split("\n")[0]}`;
  }
}

let javaHostDir: string | undefined;
/** The directory of pulumi-language-java (built once from the Go module proxy, then cached). */
export function javaHost(): string {
  javaHostDir ??= execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi-java.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  return javaHostDir;
}

/** The pinned CLI (scripts/ensure-pulumi.sh), with an environment that downloads nothing. */
function pinnedCli(work: string, pathFirst: string[] = []): { cli: string; env: NodeJS.ProcessEnv } {
  const root = execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  return {
    cli: join(root, "bin", "pulumi"),
    env: {
      ...process.env,
      PATH: [...pathFirst, process.env.PATH ?? ""].join(":"),
      PULUMI_HOME: join(work, "pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    },
  };
}

/** Serves the placeholder icon on loopback while `run` runs; `run` gets its URL. */
async function withIconServer<T>(run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(PLACEHOLDER_ICON);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/logo.png`);
  } finally {
    server.close();
  }
}

/** Writes sdks/dotnet under `outRoot` from the schema file (its version from the schema). */
export async function generateDotnet(schemaFile: string, outRoot: string, work: string): Promise<void> {
  const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
  const out = join(outRoot, "dotnet");
  rmSync(out, { recursive: true, force: true });
  await withIconServer(async (logoUrl) => {
    const withIcon = join(work, "schema-dotnet.json");
    writeFileSync(withIcon, JSON.stringify({ ...schema, logoUrl }));
    // It finds pulumi-language-dotnet on PATH, and writes <out>/dotnet.
    const { cli, env } = pinnedCli(work);
    await promisify(execFile)(cli, ["package", "gen-sdk", withIcon, "--language", "dotnet", "--out", outRoot], { env });
  });
  writeFileSync(join(out, "version.txt"), `${schema.version}\n`);
}

/** Writes sdks/java under `outRoot` from the schema file: the host's SDK, then pom.xml and the build-time resources. */
export async function generateJava(schemaFile: string, outRoot: string, work: string): Promise<void> {
  const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
  const out = join(outRoot, "java");
  rmSync(out, { recursive: true, force: true });
  const { cli, env } = pinnedCli(work, [javaHost()]);
  await promisify(execFile)(cli, ["package", "gen-sdk", schemaFile, "--language", "java", "--out", outRoot], { env });
  const resources = join(out, "src", "main", "resources", ...`${schema.language.java.basePackage}.${schema.name}`.split("."));
  mkdirSync(resources, { recursive: true });
  // What build.gradle's genPulumiResources writes into the jar: the plugin a program on this SDK needs.
  const plugin = { resource: true, name: schema.name, server: schema.pluginDownloadURL, version: schema.version };
  writeFileSync(join(resources, "plugin.json"), `${JSON.stringify(plugin, null, 2)}\n`);
  writeFileSync(join(resources, "version.txt"), schema.version);
  writeFileSync(join(out, "pom.xml"), javaPom(schema, readFileSync(join(out, "build.gradle"), "utf8")));
}

/** Maven plugins of every Java build here (the SDK's, the examples'): pinned, so one cached Maven repository serves them all. */
export const MAVEN_PLUGINS: Record<string, string> = {
  "org.apache.maven.plugins:maven-resources-plugin": "3.3.1",
  "org.apache.maven.plugins:maven-compiler-plugin": "3.13.0",
  "org.apache.maven.plugins:maven-surefire-plugin": "3.5.2",
  "org.apache.maven.plugins:maven-jar-plugin": "3.4.2",
  "org.apache.maven.plugins:maven-install-plugin": "3.1.2",
  "org.apache.maven.plugins:maven-deploy-plugin": "3.1.2",
};

/** sdks/java/pom.xml: the Gradle build's artefact (group, name, version, dependencies) for Maven. */
function javaPom(schema: { name: string; version: string; description: string; repository: string; language: { java: any } }, gradle: string): string {
  const deps = [...gradle.matchAll(/^\s*implementation\("([^:]+):([^:]+):([^"]+)"\)/gm)].map(
    ([, g, a, v]) => `    <dependency>\n      <groupId>${g}</groupId>\n      <artifactId>${a}</artifactId>\n      <version>${v}</version>\n    </dependency>`,
  );
  const plugins = Object.entries(MAVEN_PLUGINS).map(([ga, v]) => {
    const [g, a] = ga.split(":");
    return `      <plugin>\n        <groupId>${g}</groupId>\n        <artifactId>${a}</artifactId>\n        <version>${v}</version>\n      </plugin>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- *** WARNING: this file was generated by scripts/gen-sdks-elsewhere.ts (the Maven build of build.gradle's artefact). *** -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${schema.language.java.basePackage}</groupId>
  <artifactId>${schema.name}</artifactId>
  <version>${schema.version}</version>
  <packaging>jar</packaging>
  <description>${schema.description.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</description>
  <url>${schema.repository}</url>
  <licenses>
    <license>
      <name>The Apache License, Version 2.0</name>
      <url>http://www.apache.org/licenses/LICENSE-2.0.txt</url>
    </license>
  </licenses>
  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
  </properties>
  <dependencies>
${deps.join("\n")}
  </dependencies>
  <build>
    <plugins>
${plugins.join("\n")}
    </plugins>
  </build>
</project>
`;
}
