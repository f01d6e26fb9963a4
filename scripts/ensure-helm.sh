#!/usr/bin/env bash
# Ensures helm (helm.sh/helm/v3, a Go module) and prints the path of its binary, for the packaging
# tests of integrations/ (issue 32): `helm lint` and `helm template` of the external-dns and
# cert-manager charts (shipped inside their Go modules) with our values files. Built once with
# `go install` from the Go module proxy into the cache outside the clone, keyed by version. A cold
# build links Kubernetes' client libraries: with `--background` it starts detached (niced) and the
# script exits 3 while it is not ready, so the test says SKIPPED (HELM_WAIT=1: build or wait here).
set -euo pipefail

VERSION="v3.22.0"
MODULE="helm.sh/helm/v3/cmd/helm"
log() { echo "ensure-helm: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/helm-$VERSION"
bin="$dir/bin/helm"
stamp="$dir/bin/.built"

ready() { [ -x "$bin" ] && stamp_is "$stamp" "$VERSION"; }

if ready; then echo "$bin"; exit 0; fi
command -v go >/dev/null 2>&1 || { log "no helm $VERSION in $dir and no Go toolchain to build one"; exit 1; }
if [ "${1:-}" = "--background" ] && [ -z "${HELM_WAIT:-}" ]; then
  start_detached "$dir" "helm $VERSION" HELM_WAIT "$0"
  exit 3
fi
wait_for_other_build "$dir" ready "$bin"

log "building helm $VERSION from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
mkdir -p "$dir/bin"
tmp="$(mktemp -d "$dir/gobin.XXXXXX")"
build_in_background "$dir/build.log" "rm -rf '$tmp'" --packages --note "(of about 900)" -- env CGO_ENABLED=0 GOBIN="$tmp" GOTOOLCHAIN=local go install -v -trimpath -ldflags "-s -w" "$MODULE@$VERSION"
mv -f "$tmp/helm" "$bin"
rm -rf "$tmp"
echo "$VERSION" >"$stamp"
log "built helm $VERSION in $(( $(date +%s) - start )) s"
echo "$bin"
