/**
 * What a release archive holds, read from its bytes (for the archives that cannot run here: darwin,
 * windows): the executable's format and machine from its header (ELF e_machine, Mach-O cputype, PE
 * machine), Node's single-executable fuse flipped (the marker `node --build-sea` sets when it
 * injects a blob) and the blob itself, found by what the plugin's script holds: its version and a
 * resource token. Used by tests/plugin/archive.test.ts and the release dry-run (scripts/release.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Platform } from "./node-dist";

// Node's sentinel (src/node_sea.cc): "...:0" in a plain Node binary, "...:1" once a blob is injected.
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:";

export interface ExecutableFacts {
  format: "elf" | "macho" | "pe" | "unknown";
  machine: "x86-64" | "arm64" | "unknown";
  seaFuse: boolean;
  /** The plugin's script (or its snapshot) is inside: the version and a resource token appear. */
  plugin: boolean;
  /** A Mach-O carries a code signature load command (LC_CODE_SIGNATURE). */
  codeSignature?: boolean;
}

export function inspectExecutable(bytes: Buffer, version: string): ExecutableFacts {
  let format: ExecutableFacts["format"] = "unknown";
  let machine: ExecutableFacts["machine"] = "unknown";
  let codeSignature: boolean | undefined;
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    format = "elf";
    const m = bytes.readUInt16LE(18);
    machine = m === 0x3e ? "x86-64" : m === 0xb7 ? "arm64" : "unknown";
  } else if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    format = "macho";
    const cpu = bytes.readUInt32LE(4);
    machine = cpu === 0x01000007 ? "x86-64" : cpu === 0x0100000c ? "arm64" : "unknown";
    // Load commands follow the 32-byte header: LC_CODE_SIGNATURE is 0x1d.
    const ncmds = bytes.readUInt32LE(16);
    let off = 32;
    codeSignature = false;
    for (let i = 0; i < ncmds && off + 8 <= bytes.length; i++) {
      if (bytes.readUInt32LE(off) === 0x1d) codeSignature = true;
      off += bytes.readUInt32LE(off + 4);
    }
  } else if (bytes.toString("latin1", 0, 2) === "MZ") {
    const pe = bytes.readUInt32LE(0x3c);
    if (bytes.toString("latin1", pe, pe + 4) === "PE\0\0") {
      format = "pe";
      const m = bytes.readUInt16LE(pe + 4);
      machine = m === 0x8664 ? "x86-64" : m === 0xaa64 ? "arm64" : "unknown";
    }
  }
  const fuse = bytes.indexOf(FUSE);
  const seaFuse = fuse >= 0 && bytes[fuse + FUSE.length] === "1".charCodeAt(0);
  const plugin = [`Symbol.for("pulumi-dondominio.build")`, `version:${JSON.stringify(version)}`, "dondominio:index:DnsRecord"].every((s) => bytes.includes(s));
  return { format, machine, seaFuse, plugin, ...(codeSignature === undefined ? {} : { codeSignature }) };
}

export const expectedMachine = (p: Platform): ExecutableFacts["machine"] => (p.arch === "amd64" ? "x86-64" : "arm64");

/** The names at an archive's root (tar's listing). */
export function archiveEntries(file: string): string[] {
  return execFileSync("tar", ["-tzf", file], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((e) => e.replace(/^\.\//, ""));
}

/** One file of an archive, read into memory. */
export function archiveFile(file: string, entry: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "dondominio-inspect-"));
  try {
    execFileSync("tar", ["-xzf", file, "-C", dir, entry]);
    return readFileSync(join(dir, entry));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
