#!/usr/bin/env bash
# Ensures Debian's qemu-user and the arm64 C, C++ and atomic libraries it runs arm64 Linux binaries with
# (`qemu-aarch64 -L /usr/aarch64-linux-gnu <binary>`: scripts/release/qemu.ts), so that the build
# makes the linux-arm64 plugin's startup snapshot and the suite runs that plugin through the engine.
# apt-get, as root, once per machine (about 60 MB); prints the qemu-aarch64 path. Without root or
# apt it says so and exits 1: the arm64 archive is then built without a snapshot and only inspected.
set -euo pipefail
log() { echo "ensure-qemu: $*" >&2; }
have() { command -v qemu-aarch64 >/dev/null 2>&1 && [ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] && [ -e /usr/aarch64-linux-gnu/lib/libstdc++.so.6 ] && [ -e /usr/aarch64-linux-gnu/lib/libatomic.so.1 ]; }
if have; then command -v qemu-aarch64; exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  log "qemu-user and the arm64 libraries are absent, and apt-get as root is not available to install them"
  exit 1
fi
log "installing qemu-user, libc6-arm64-cross and libstdc++6-arm64-cross from Debian (once per machine)"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q --no-install-recommends qemu-user libc6-arm64-cross libstdc++6-arm64-cross libatomic1-arm64-cross >/dev/null 2>&1 || {
  apt-get update -q >/dev/null 2>&1
  apt-get install -y -q --no-install-recommends qemu-user libc6-arm64-cross libstdc++6-arm64-cross libatomic1-arm64-cross >/dev/null
}
have || { log "installed, but qemu-aarch64 or /usr/aarch64-linux-gnu is still missing"; exit 1; }
command -v qemu-aarch64
