#!/usr/bin/env bash
# Ensures pebble (Let's Encrypt's ACME test server, a Go module) and prints the path of its binary.
# Like ensure-actionlint.sh: built once with `go install` from the Go module proxy into a cache
# outside the clone, keyed by version (about 1-2 minutes on 2 cores, once per machine); later runs
# find the cache at once. Pebble's own test certificates (its HTTPS listener's key and the minica
# root that signed it, from the module's test/certs) are copied beside the binary, into
# <cache>/pebble-<version>/certs, because pebble cannot start without a TLS certificate.
set -euo pipefail

VERSION="v2.10.3"
MODULE="github.com/letsencrypt/pebble/v2"
cache_root="${PULUMI_DONDOMINIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-dondominio}"
dir="$cache_root/pebble-$VERSION"
bin="$dir/bin/pebble"
certs="$dir/certs"
stamp="$dir/bin/.built"

log() { echo "ensure-pebble: $*" >&2; }

ready() { [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$VERSION" ] && [ -f "$certs/localhost/cert.pem" ] && [ -f "$certs/pebble.minica.pem" ]; }

# 1. The cache built earlier (the stamp is written after the binary and the certificates are in place).
if ready; then echo "$bin"; exit 0; fi

command -v go >/dev/null 2>&1 || { log "no pebble $VERSION in $dir and no Go toolchain to build one"; exit 1; }
mkdir -p "$dir"
# Two test files may ask at once: one builds, the other waits and then finds the cache.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$dir/.lock"
  flock 9
  if ready; then echo "$bin"; exit 0; fi
fi

# 2. Build it from the Go module proxy. GOBIN is a temporary directory beside the cache, then one
#    rename: a half-built binary is never found by a later run. Go's output goes to build.log; a
#    progress line every 20 seconds says the build is alive.
log "building pebble $VERSION from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
buildlog="$dir/build.log"
( CGO_ENABLED=0 GOBIN="$tmp" exec go install -trimpath -ldflags "-s -w" "$MODULE/cmd/pebble@$VERSION" ) >"$buildlog" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT INT TERM
while kill -0 "$pid" 2>/dev/null; do
  for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -0 "$pid" 2>/dev/null || break
  log "still building ($(( $(date +%s) - start )) s): $(grep -c '^go: downloading' "$buildlog" 2>/dev/null || true) modules downloaded"
done
if ! wait "$pid"; then
  log "the build failed after $(( $(date +%s) - start )) s; the last lines of $buildlog:"
  tail -n 30 "$buildlog" >&2
  exit 1
fi
# The module's source is in the module cache now: its test certificates (read-only there) are copied.
src="$(go env GOMODCACHE)/$MODULE@$VERSION/test/certs"
[ -f "$src/localhost/cert.pem" ] || { log "pebble's test certificates are missing from $src"; exit 1; }
rm -rf "$certs"
mkdir -p "$certs/localhost"
cp "$src/pebble.minica.pem" "$certs/"
cp "$src/localhost/cert.pem" "$src/localhost/key.pem" "$certs/localhost/"
chmod u+w -R "$certs"
chmod 600 "$certs/localhost/key.pem"
mkdir -p "$dir/bin"
mv -f "$tmp/pebble" "$bin"
echo "$VERSION" >"$stamp"
log "built pebble $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
