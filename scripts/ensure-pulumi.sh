#!/usr/bin/env bash
# Ensures a Pulumi CLI (>= 3.216) and the dynamic-provider plugin are available, and prints the
# directory that holds them (the "root" for PulumiCommand.get). The CLI cannot be downloaded on our
# machines, so when none is on PATH it is built once from its Go modules into a cache outside the
# clone, keyed by version; later runs find the cache and take about a second.
set -euo pipefail

VERSION="v3.250.0"
MIN_MINOR=216
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
plugin_src="$repo/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

log() { echo "ensure-pulumi: $*" >&2; }
. "$here/lib/tool-cache.sh"

install_plugin() { # $1 = bin dir
  if [ -f "$plugin_src" ]; then
    cp -f "$plugin_src" "$1/pulumi-resource-pulumi-nodejs"
    chmod +x "$1/pulumi-resource-pulumi-nodejs"
  else
    log "warning: $plugin_src not found (run npm ci first); dynamic providers need it"
  fi
}

# 1. A pulumi already on PATH (users with a normal install), new enough.
if [ -z "${PULUMI_DONDOMINIO_FORCE_BUILD:-}" ] && command -v pulumi >/dev/null 2>&1; then
  v="$(pulumi version 2>/dev/null || true)"
  minor="$(echo "$v" | sed -nE 's/^v?3\.([0-9]+)\..*/\1/p')"
  if [ -n "$minor" ] && [ "$minor" -ge "$MIN_MINOR" ]; then
    bindir="$(dirname "$(command -v pulumi)")"
    if [ ! -x "$bindir/pulumi-resource-pulumi-nodejs" ] && ! command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
      # Keep the user's install untouched: put the plugin next to a symlink in our cache.
      bindir="$cache_root/system-pulumi/bin"; mkdir -p "$bindir"
      ln -sf "$(command -v pulumi)" "$bindir/pulumi"; install_plugin "$bindir"
    fi
    echo "$(dirname "$bindir")"; exit 0
  fi
fi

# 2. The cache built earlier.
dir="$cache_root/pulumi-$VERSION"
bin="$dir/bin"
if [ -x "$bin/pulumi" ] && [ "$("$bin/pulumi" version 2>/dev/null)" = "$VERSION" ]; then
  [ -x "$bin/pulumi-resource-pulumi-nodejs" ] || install_plugin "$bin"
  echo "$dir"; exit 0
fi

# 3. Build from the Go module proxy (about 4-5 minutes on 2 cores, once per machine). Go's own output
#    (hundreds of "go: downloading" lines, then nothing for minutes) goes to a log; a progress line
#    says what the build is doing at least every 30 seconds.
command -v go >/dev/null 2>&1 || { log "no pulumi >= 3.$MIN_MINOR on PATH and no Go toolchain to build one"; exit 1; }
log "no Pulumi CLI found: building $VERSION from its Go modules into $bin"
log "this happens once per machine and takes about 5 minutes on 2 cores (1.5 GB of module cache, 1.6 GB of build cache); later runs take under a second"
start=$(date +%s)
mkdir -p "$bin"
tmp="$bin/pulumi.tmp.$$"
buildlog="$bin/build.log"
build_in_background "$buildlog" "rm -f '$tmp'" --packages --note "(of about 1,650)" -- \
  bash -c 'cd "$1" && shift && CGO_ENABLED=0 exec "$@"' _ "$here/pulumi-cli" go build -v -trimpath -tags osusergo,grpcnotrace \
  -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$VERSION" \
  -o "$tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
mv -f "$tmp" "$bin/pulumi"   # atomic: a half-built binary is never found by a later run
install_plugin "$bin"
log "built $("$bin/pulumi" version) in $(( $(date +%s) - start )) s"
echo "$dir"
