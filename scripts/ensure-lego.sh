#!/usr/bin/env bash
# Ensures lego (go-acme's ACME client, a Go module; its `exec` DNS provider runs dondominio-acme) and
# prints the path of its binary. Like ensure-actionlint.sh: a lego of the pinned version on PATH is
# used; otherwise it is built once with `go install` from the Go module proxy into a cache outside
# the clone, keyed by version (a few minutes on 2 cores: lego links its ~200 DNS providers, once per
# machine); later runs find the cache at once.
set -euo pipefail

VERSION="v5.6.0"
MODULE="github.com/go-acme/lego/v5"
cache_root="${PULUMI_DONDOMINIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-dondominio}"
dir="$cache_root/lego-$VERSION"
bin="$dir/bin/lego"
stamp="$dir/bin/.built"

log() { echo "ensure-lego: $*" >&2; }

ready() { [ -x "$bin" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$VERSION" ]; }

# 1. The pinned version on PATH (`lego --version` prints "lego version 5.6.0 ..." or "v5.6.0").
if command -v lego >/dev/null 2>&1 && lego --version 2>/dev/null | grep -qE "(^|[ v])${VERSION#v}( |$)"; then
  command -v lego; exit 0
fi

# 2. The cache built earlier (the stamp is written after the binary is in place).
if ready; then echo "$bin"; exit 0; fi

command -v go >/dev/null 2>&1 || { log "no lego $VERSION on PATH or in $dir and no Go toolchain to build one"; exit 1; }
mkdir -p "$dir"
# Two test files may ask at once: one builds, the other waits and then finds the cache.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$dir/.lock"
  flock 9
  if ready; then echo "$bin"; exit 0; fi
fi

# 3. Build it from the Go module proxy. GOBIN is a temporary directory beside the cache, then one
#    rename: a half-built binary is never found by a later run. Go's output goes to build.log; a
#    progress line every 20 seconds says the build is alive.
log "building lego $VERSION from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
buildlog="$dir/build.log"
( CGO_ENABLED=0 GOBIN="$tmp" exec go install -trimpath -ldflags "-s -w" "$MODULE/cmd/lego@$VERSION" ) >"$buildlog" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
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
mkdir -p "$dir/bin"
mv -f "$tmp/lego" "$bin"
echo "$VERSION" >"$stamp"
log "built lego $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
