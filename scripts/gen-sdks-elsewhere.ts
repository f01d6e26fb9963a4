/**
 * The C# and Java SDKs (sdks/dotnet, sdks/java), whose generators are not in the Pulumi CLI's Go
 * module: each is generated only where its generator is on PATH, else skipped with the reason.
 *
 * - C#: `pulumi package gen-sdk --language dotnet`, which hands the schema to pulumi-language-dotnet
 *   (committed output: its v3.107.3). That generator always downloads the package icon (the schema's
 *   logoUrl, else a raw.githubusercontent.com URL), so during generation a loopback server hands it
 *   a 1x1 transparent PNG (no network here; the icon is a placeholder until the project has a logo).
 *   It writes no version.txt (the csproj embeds one; release builds write it): written here.
 * - Java: `pulumi package gen-sdk --language java` needs a Java host that answers GeneratePackage,
 *   and no such pulumi-java can be had here, so the Java codegen's own command, `pulumi-java-gen
 *   generate` (pulumi-java v0.11.0), writes it; another version writes other code (drift), so only
 *   that version is used.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const REPO = resolve(__dirname, "..");
export const ELSEWHERE = ["dotnet", "java"] as const;
export const JAVA_GEN_VERSION = "0.11.0";
/** The com.pulumi:pulumi version the Java SDK depends on: the one its generator was released with. */
const JAVA_SDK_DEPENDENCY = JAVA_GEN_VERSION;
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
  if (!onPath("pulumi-java-gen")) return `pulumi-java-gen ${JAVA_GEN_VERSION} is not on PATH (the Java generator is not in the Pulumi CLI's module)`;
  const found = execFileSync("pulumi-java-gen", ["version"], { encoding: "utf8" }).trim();
  return found === JAVA_GEN_VERSION ? undefined : `pulumi-java-gen on PATH is ${found}; sdks/java is the output of ${JAVA_GEN_VERSION}`;
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
    // The pinned CLI (scripts/ensure-pulumi.sh); it finds pulumi-language-dotnet on PATH. It writes <out>/dotnet.
    const cli = join(
      execFileSync("bash", [join(REPO, "scripts", "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim(),
      "bin",
      "pulumi",
    );
    const env = {
      ...process.env,
      PULUMI_HOME: join(work, "pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    await promisify(execFile)(cli, ["package", "gen-sdk", withIcon, "--language", "dotnet", "--out", outRoot], { env });
  });
  writeFileSync(join(out, "version.txt"), `${schema.version}\n`);
}

/** Writes sdks/java under `outRoot` from the schema file. */
export function generateJava(schemaFile: string, outRoot: string): void {
  const version = JSON.parse(readFileSync(schemaFile, "utf8")).version as string;
  rmSync(join(outRoot, "java"), { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });
  // --out is taken relative to the working directory.
  execFileSync("pulumi-java-gen", ["generate", "--schema", schemaFile, "--out", "java", "--version", version, "--sdk", JAVA_SDK_DEPENDENCY], {
    cwd: outRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
}
