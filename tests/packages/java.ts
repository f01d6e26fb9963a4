/**
 * The Java side of the suite: Maven with Central mirrored to the cached repository of
 * scripts/ensure-maven-repo.sh (file://, filled from Maven Central once per machine), a loopback
 * release repository (file://) that sdks/java is deployed to, and an empty local repository per
 * build, so that every artefact a build uses comes from one of those two, by its coordinates.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO } from "../harness/engine";

const run = promisify(execFile);

/** Why Java builds cannot happen here (no JDK or no Maven), or undefined. */
export function whyNoJava(): string | undefined {
  if (spawnSync("javac", ["-version"], { stdio: "ignore" }).status !== 0) return "javac is absent (a JDK >= 11: Debian's openjdk-17-jdk)";
  if (spawnSync("mvn", ["-v"], { stdio: "ignore" }).status !== 0) return "mvn is absent (Debian: apt-get install maven)";
  return undefined;
}

let cacheRepo: string | undefined;
/** The cached repository of Maven Central's artefacts (fills on a machine's first run). */
export function ensureMavenRepo(): string {
  cacheRepo ??= execFileSync("bash", [join(REPO, "scripts", "ensure-maven-repo.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  return cacheRepo;
}

/** The release repository's id, as a user's settings would name it. */
export const RELEASE_REPO_ID = "dondominio-releases";

/**
 * settings.xml for builds in `work`: a local repository of their own (empty at first), Central
 * mirrored to the cache, the release repository at `release` (file://) active for dependencies.
 */
export function mavenSettings(work: string, release: string): string {
  const local = join(work, "m2-repository");
  mkdirSync(local, { recursive: true });
  const file = join(work, "settings.xml");
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<settings>
  <localRepository>${local}</localRepository>
  <offline>false</offline>
  <mirrors>
    <mirror><id>central-cache</id><mirrorOf>*,!${RELEASE_REPO_ID}</mirrorOf><url>file://${ensureMavenRepo()}</url></mirror>
  </mirrors>
  <profiles>
    <profile>
      <id>releases</id>
      <repositories><repository><id>${RELEASE_REPO_ID}</id><url>file://${release}</url></repository></repositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>releases</activeProfile></activeProfiles>
</settings>
`,
  );
  return file;
}

/** `mvn -B -s settings <args>` in `cwd`; output kept for the error. */
export async function mvn(settings: string, cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run("mvn", ["-B", "--no-transfer-progress", "-s", settings, ...args], { cwd, maxBuffer: 1 << 26 });
    return stdout + stderr;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`mvn ${args.join(" ")}: ${err.message.split("\n")[0]}\n${(err.stdout ?? "").slice(-4000)}${(err.stderr ?? "").slice(-2000)}`);
  }
}

/** sdks/java built (compile, jar) and deployed to `release` as a release would: returns the jar's path in it. */
export async function deployJavaSdk(work: string, release: string, settings: string): Promise<string> {
  const src = mkdtempSync(join(work, "sdk-"));
  cpSync(join(REPO, "sdks", "java"), src, { recursive: true });
  await mvn(settings, src, ["deploy", `-DaltDeploymentRepository=${RELEASE_REPO_ID}::file://${release}`]);
  const { version } = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8")) as { version: string };
  return join(release, "io", "github", "pulumidondominio", "dondominio", version, `dondominio-${version}.jar`);
}
