/**
 * Running another Linux architecture's binaries here: Debian's qemu-user with that architecture's
 * C library (scripts/ensure-qemu.sh installs both). The machine has no binfmt_misc registration, so
 * a foreign binary is run as `qemu-aarch64 -L <sysroot> <binary>`.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Platform } from "./node-dist";

const QEMU: Record<string, { bin: string; sysroot: string }> = {
  "linux-arm64": { bin: "qemu-aarch64", sysroot: "/usr/aarch64-linux-gnu" },
};

function onPath(cmd: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The command prefix that runs `p`'s binaries here, or undefined when qemu-user (or its C library) is absent. */
export function qemuFor(p: Pick<Platform, "os" | "arch">): string[] | undefined {
  const q = QEMU[`${p.os}-${p.arch}`];
  if (!q || process.env.PULUMI_DONDOMINIO_NO_QEMU) return undefined;
  const bin = onPath(q.bin) ?? onPath(`${q.bin}-static`);
  if (!bin || !["ld-linux-aarch64.so.1", "libstdc++.so.6", "libatomic.so.1"].every((l) => existsSync(`${q.sysroot}/lib/${l}`))) return undefined;
  return [bin, "-L", q.sysroot];
}
