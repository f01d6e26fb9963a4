#!/usr/bin/env bash
# Ensures the cert-manager DNS-01 webhook of integrations/cert-manager (a Go module over
# cert-manager's webhook library, github.com/cert-manager/cert-manager v1.21.2 from the Go module
# proxy) and its test binary, and prints the directory holding `dondominio-cert-manager-webhook` and
# `solver.test`. Built into the cache outside the clone, keyed by a hash of the module's files (an
# edit builds anew). A cold build compiles Kubernetes' API server libraries (about 1,500 packages):
# with `--background` the build starts detached (niced) and the script exits 3 while it is not
# ready, so the test says SKIPPED (CERT_MANAGER_WEBHOOK_WAIT=1: build or wait in the foreground).
set -euo pipefail

log() { echo "ensure-cert-manager-webhook: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/../integrations/cert-manager" && pwd)"
VERSION="$(cd "$src" && cat go.mod go.sum ./*.go | sha256sum | cut -c1-12)"
dir="$cache_root/cert-manager-webhook-$VERSION"
stamp="$dir/bin/.built"

ready() { [ -x "$dir/bin/dondominio-cert-manager-webhook" ] && [ -x "$dir/bin/solver.test" ] && stamp_is "$stamp" "$VERSION"; }

if ready; then echo "$dir/bin"; exit 0; fi
command -v go >/dev/null 2>&1 || { log "no cert-manager webhook $VERSION in $dir and no Go toolchain to build one"; exit 1; }
if [ "${1:-}" = "--background" ] && [ -z "${CERT_MANAGER_WEBHOOK_WAIT:-}" ]; then
  start_detached "$dir" "the cert-manager webhook ($VERSION)" CERT_MANAGER_WEBHOOK_WAIT "$0"
  exit 3
fi
wait_for_other_build "$dir" ready "$dir/bin"

log "building the cert-manager webhook ($VERSION) and its test binary from integrations/cert-manager into $dir/bin (log in $dir/build.log)"
start=$(date +%s)
mkdir -p "$dir/bin"
tmp="$(mktemp -d "$dir/bin.XXXXXX")"
build_in_background "$dir/build.log" "rm -rf '$tmp'" --packages --note "(of about 1,500)" -- bash -c '
  set -e
  cd "$1"
  export CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=readonly
  go build -v -trimpath -ldflags "-s -w" -o "$2/dondominio-cert-manager-webhook" .
  go test -c -v -trimpath -o "$2/solver.test" .
' _ "$src" "$tmp"
mv -f "$tmp/dondominio-cert-manager-webhook" "$tmp/solver.test" "$dir/bin/"
rm -rf "$tmp"
echo "$VERSION" >"$stamp"
log "built the cert-manager webhook ($VERSION) in $(( $(date +%s) - start )) s"
# Each edit of the module is a new version: builds of other versions (about 150 MB each) go, unless
# one is being built now (its lock is held).
for other in "$cache_root"/cert-manager-webhook-*; do
  [ "$other" = "$dir" ] || [ ! -d "$other" ] && continue
  if ! command -v flock >/dev/null 2>&1 || flock -n "$other/.lock" true 2>/dev/null; then rm -rf "$other"; fi
done
echo "$dir/bin"
