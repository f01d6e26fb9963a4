/**
 * Ad-hoc code signatures for the darwin executables. macOS on Apple silicon runs no arm64 code
 * without a valid signature, and injecting the plugin into Node's binary breaks the signature Node
 * shipped with. An ad-hoc signature (no identity: what `codesign --sign - <file>` makes on a Mac)
 * is enough for a binary the Pulumi CLI downloads (it sets no quarantine attribute); a release
 * signed with a Developer ID and notarized needs Apple's credentials, which this build does not have.
 *
 * Signers that run on Linux: rcodesign (`rcodesign sign <file>`: the apple-codesign crate) or quill
 * (`quill sign <file>`: a Go module). None is installed by default (`cargo install apple-codesign`
 * builds for a long while); without one the archives are left unsigned and the README says what a
 * macOS user runs: `codesign --sign - <plugin dir>/pulumi-resource-dondominio`.
 */
import { execFileSync } from "node:child_process";

const SIGNERS: { cmd: string; args: (file: string) => string[] }[] = [
  { cmd: "rcodesign", args: (f) => ["sign", f] },
  { cmd: "quill", args: (f) => ["sign", f] },
];

function onPath(cmd: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The first signer found on PATH, if any. */
export function macSigner(): string | undefined {
  return SIGNERS.find((s) => onPath(s.cmd))?.cmd;
}

export function adHocSign(file: string): void {
  const s = SIGNERS.find((x) => onPath(x.cmd));
  if (!s) throw new Error("no Mach-O signer on PATH (rcodesign or quill)");
  execFileSync(s.cmd, s.args(file), { stdio: ["ignore", "ignore", "pipe"] });
}
