#!/usr/bin/env bash
# Ensures external-dns (kubernetes-sigs/external-dns, a Go module) and prints the path of its binary,
# for the webhook provider's tests (issue 32): the real external-dns, run with --provider=webhook
# against our webhook and the emulator. Built once with `go install` from the Go module proxy into a
# cache outside the clone, keyed by version. v0.21.0 is the newest that builds from the proxy here
# (v0.22.0 and v0.23.0 need modules the proxy refuses); a cold build takes about 25 minutes on two busy
# cores (hundreds of cloud SDK modules; 1,817 s measured here on a machine shared by ten builds), so
# the suite runs this script with `--background`: the build starts detached (niced) unless it is
# running, and the script exits 3 while it is not ready, so the test says SKIPPED and a later run
# finds the cache (EXTERNAL_DNS_WAIT=1 makes this script build or wait in the foreground instead).
set -euo pipefail

VERSION="v0.21.0"
MODULE="sigs.k8s.io/external-dns"
log() { echo "ensure-external-dns: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/external-dns-$VERSION"
bin="$dir/bin/external-dns"
stamp="$dir/bin/.built"

ready() { [ -x "$bin" ] && stamp_is "$stamp" "$VERSION"; }

# 1. The cache built earlier (the stamp is written after the binary is in place).
if ready; then echo "$bin"; exit 0; fi

command -v go >/dev/null 2>&1 || { log "no external-dns $VERSION in $dir and no Go toolchain to build one"; exit 1; }
if [ "${1:-}" = "--background" ] && [ -z "${EXTERNAL_DNS_WAIT:-}" ]; then
  start_detached "$dir" "external-dns $VERSION" EXTERNAL_DNS_WAIT "$0"
  exit 3
fi
wait_for_other_build "$dir" ready "$bin"

# 2. Build it from the Go module proxy into a temporary GOBIN, then one rename.
log "building external-dns $VERSION from the Go module proxy into $dir/bin (once per machine, about 25 minutes cold; log in $dir/build.log)"
start=$(date +%s)
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
buildlog="$dir/build.log"
build_in_background "$buildlog" "rm -rf '$tmp'" --packages --note "(of about 1,900)" -- env CGO_ENABLED=0 GOBIN="$tmp" GOTOOLCHAIN=local go install -v -trimpath -ldflags "-s -w" "$MODULE@$VERSION"
mkdir -p "$dir/bin"
mv -f "$tmp/external-dns" "$bin"
rm -rf "$tmp"
echo "$VERSION" >"$stamp"
log "built external-dns $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
