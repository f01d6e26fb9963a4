#!/usr/bin/env bash
# Ensures the Pulumi YAML language host (pulumi-language-yaml, a Go module) and prints the directory
# that holds it (put it on PATH before `pulumi up` of a YAML program). Like ensure-pulumi.sh: one on
# PATH is used; otherwise it is built once with `go install` from the Go module proxy into a cache
# outside the clone, keyed by version (about 6 minutes on 2 busy cores, once per machine); later runs
# find the cache at once.
set -euo pipefail

VERSION="v1.25.0"
log() { echo "ensure-pulumi-yaml: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/pulumi-yaml-$VERSION"
bin="$dir/bin"
stamp="$bin/.version" # the host has no version flag: the stamp says which version the build was

# 1. A language host already on PATH (users with a normal Pulumi install have one next to pulumi).
if [ -z "${PULUMI_DONDOMINIO_FORCE_BUILD:-}" ] && command -v pulumi-language-yaml >/dev/null 2>&1; then
  dirname "$(command -v pulumi-language-yaml)"; exit 0
fi

# 2. The cache built earlier.
if [ -x "$bin/pulumi-language-yaml" ] && stamp_is "$stamp" "$VERSION"; then
  echo "$bin"; exit 0
fi

# 3. Build from the Go module proxy. Go's own output goes to a log; a progress line says what the
#    build is doing every 20 seconds. GOBIN is a temporary directory beside the cache, then one
#    rename: a half-built binary is never found by a later run.
command -v go >/dev/null 2>&1 || { log "no pulumi-language-yaml on PATH and no Go toolchain to build one"; exit 1; }
log "building pulumi-language-yaml $VERSION from the Go module proxy into $bin"
log "this happens once per machine and takes about 6 minutes on 2 cores; later runs take under a second"
start=$(date +%s)
mkdir -p "$dir"
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
buildlog="$dir/build.log"
build_in_background "$buildlog" "rm -rf '$tmp'" --packages -- env CGO_ENABLED=0 GOBIN="$tmp" go install -v -trimpath -ldflags "-s -w" \
  "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@$VERSION"
mkdir -p "$bin"
mv -f "$tmp/pulumi-language-yaml" "$bin/pulumi-language-yaml"
echo "$VERSION" >"$stamp"
log "built pulumi-language-yaml $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
