#!/usr/bin/env bash
# Ensures actionlint (the GitHub Actions workflow linter, a Go module) and prints the path of its
# binary. Like ensure-pulumi.sh: an actionlint of the pinned version on PATH is used; otherwise it is
# built once with `go install` from the Go module proxy into a cache outside the clone, keyed by
# version (about 1 minute on 2 cores, once per machine); later runs find the cache at once.
set -euo pipefail

VERSION="v1.7.12"
log() { echo "ensure-actionlint: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/actionlint-$VERSION"
bin="$dir/bin/actionlint"

# `actionlint -version` prints the version on its first line, e.g. "v1.7.12" or "1.7.12".
version_of() { "$1" -version 2>/dev/null | head -n 1 | sed -E 's/^v?/v/'; }

# 1. The pinned version on PATH.
if command -v actionlint >/dev/null 2>&1 && [ "$(version_of "$(command -v actionlint)")" = "$VERSION" ]; then
  command -v actionlint; exit 0
fi

# 2. The cache built earlier.
if [ -x "$bin" ] && [ "$(version_of "$bin")" = "$VERSION" ]; then
  echo "$bin"; exit 0
fi

# 3. Build it from the Go module proxy. GOBIN is a temporary directory beside the cache, then one
#    rename: a half-built binary is never found by a later run.
command -v go >/dev/null 2>&1 || { log "no actionlint $VERSION on PATH and no Go toolchain to build one"; exit 1; }
log "building actionlint $VERSION from the Go module proxy into $dir/bin (once per machine)"
start=$(date +%s)
mkdir -p "$dir"
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
build_in_background "$dir/build.log" "rm -rf '$tmp'" -- env CGO_ENABLED=0 GOBIN="$tmp" go install -trimpath \
  -ldflags "-s -w -X github.com/rhysd/actionlint.version=$VERSION" "github.com/rhysd/actionlint/cmd/actionlint@$VERSION"
mkdir -p "$dir/bin"
mv -f "$tmp/actionlint" "$bin"
log "built $(version_of "$bin") in $(( $(date +%s) - start )) s"
echo "$bin"
