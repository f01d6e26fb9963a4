#!/usr/bin/env bash
# Ensures pulumi-java's language host (pulumi-language-java, a Go module: scripts/pulumi-java) and
# prints the directory that holds it (put it on PATH before `pulumi up` of a Java program, `pulumi
# package gen-sdk --language java`, or `pulumi import --generate-code` in a Java project). Like
# ensure-pulumi-yaml.sh: one on PATH is used; otherwise it is built once from the Go module proxy
# into a cache outside the clone, keyed by version (about 6 minutes on 2 busy cores, once per
# machine); later runs find the cache at once.
set -euo pipefail

VERSION="v1.16.0"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
log() { echo "ensure-pulumi-java: $*" >&2; }
. "$here/lib/tool-cache.sh"
dir="$cache_root/pulumi-java-$VERSION"
bin="$dir/bin"
stamp="$bin/.version" # the host has no version flag: the stamp says which version the build was

# 1. A language host already on PATH (a Pulumi install with Java support has one next to pulumi).
if [ -z "${PULUMI_DONDOMINIO_FORCE_BUILD:-}" ] && command -v pulumi-language-java >/dev/null 2>&1; then
  dirname "$(command -v pulumi-language-java)"; exit 0
fi

# 2. The cache built earlier.
ready() { [ -x "$bin/pulumi-language-java" ] && stamp_is "$stamp" "$VERSION"; }
if ready; then echo "$bin"; exit 0; fi

# 3. Build from the Go module proxy (scripts/pulumi-java pins it). Go's own output goes to a log;
#    a progress line every 20 seconds. One rename: a half-built binary is never found later.
command -v go >/dev/null 2>&1 || { log "no pulumi-language-java on PATH and no Go toolchain to build one"; exit 1; }
wait_for_other_build "$dir" ready "$bin"
log "building pulumi-language-java $VERSION from the Go module proxy into $bin"
log "this happens once per machine and takes about 6 minutes on 2 cores; later runs take under a second"
start=$(date +%s)
mkdir -p "$bin"
tmp="$bin/pulumi-language-java.tmp.$$"
buildlog="$dir/build.log"
build_in_background "$buildlog" "rm -f '$tmp'" --packages -- \
  bash -c 'cd "$1" && shift && exec env CGO_ENABLED=0 GONOSUMDB=github.com/pulumi/pulumi-java "$@"' _ "$here/pulumi-java" \
  go build -v -trimpath -ldflags "-s -w -X github.com/pulumi/pulumi-java/pkg/version.Version=${VERSION#v}" \
  -o "$tmp" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java
mv -f "$tmp" "$bin/pulumi-language-java"
echo "$VERSION" >"$stamp"
log "built pulumi-language-java $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
