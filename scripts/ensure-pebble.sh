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
log() { echo "ensure-pebble: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/pebble-$VERSION"
bin="$dir/bin/pebble"
certs="$dir/certs"
stamp="$dir/bin/.built"

ready() { [ -x "$bin" ] && stamp_is "$stamp" "$VERSION" && [ -f "$certs/localhost/cert.pem" ] && [ -f "$certs/pebble.minica.pem" ]; }

# 1. The cache built earlier (the stamp is written after the binary and the certificates are in place).
if ready; then echo "$bin"; exit 0; fi

command -v go >/dev/null 2>&1 || { log "no pebble $VERSION in $dir and no Go toolchain to build one"; exit 1; }
wait_for_other_build "$dir" ready "$bin"

# 2. Build it from the Go module proxy. GOBIN is a temporary directory beside the cache, then one
#    rename: a half-built binary is never found by a later run. Go's output goes to build.log; a
#    progress line every 20 seconds says the build is alive.
log "building pebble $VERSION from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
buildlog="$dir/build.log"
build_in_background "$buildlog" "rm -rf '$tmp'" -- env CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath -ldflags "-s -w" "$MODULE/cmd/pebble@$VERSION"
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
