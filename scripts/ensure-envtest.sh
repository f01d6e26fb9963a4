#!/usr/bin/env bash
# Ensures the test API server of cert-manager's DNS-01 conformance suite (test/acme, run by
# integrations/cert-manager: controller-runtime's envtest starts etcd and kube-apiserver) and prints
# the directory holding `etcd` and `kube-apiserver`. Neither is published as a Go module one can
# `go install`: both main packages sit in modules whose go.mod replaces their siblings with local
# directories (k8s.io/kubernetes -> ./staging/src/k8s.io/*, etcd's server -> ../api ...). So each is
# built from a small build module of ours that requires the released module and points every such
# sibling at its own release on the Go module proxy (k8s.io/api v0.36.3 for Kubernetes v1.36.3),
# which is what those local directories are published as. Their code is built unchanged.
# Built once into the cache outside the clone, keyed by version, like the other Go tools; a cold build
# is long (kube-apiserver links about 2,500 packages), so the suite starts it in the background and
# says SKIPPED until it is there (ENVTEST_WAIT=1: wait for it instead). `--background`: start the
# build detached (niced) unless it is running, print nothing on stdout and exit 3 while it is not
# ready.
set -euo pipefail

K8S="v1.36.3"
ETCD="v3.6.14"
VERSION="$K8S-etcd-$ETCD"
log() { echo "ensure-envtest: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/envtest-$VERSION"
stamp="$dir/bin/.built"

ready() { [ -x "$dir/bin/etcd" ] && [ -x "$dir/bin/kube-apiserver" ] && stamp_is "$stamp" "$VERSION"; }

if ready; then echo "$dir/bin"; exit 0; fi
command -v go >/dev/null 2>&1 || { log "no envtest $VERSION in $dir and no Go toolchain to build one"; exit 1; }
if [ "${1:-}" = "--background" ] && [ -z "${ENVTEST_WAIT:-}" ]; then
  start_detached "$dir" "etcd $ETCD and kube-apiserver $K8S" ENVTEST_WAIT "$0"; exit 3
fi
wait_for_other_build "$dir" ready "$dir/bin"

log "building etcd $ETCD and kube-apiserver $K8S from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
src="$dir/src"
rm -rf "$src"
mkdir -p "$src/etcd" "$src/kube" "$dir/bin"

# etcd: its server module's main package (go.etcd.io/etcd/server/v3), the binary envtest runs.
cat >"$src/etcd/go.mod" <<MOD
module pulumi-dondominio.local/etcd-build

go 1.24

require go.etcd.io/etcd/server/v3 $ETCD
MOD
printf 'package tools\n\nimport _ "go.etcd.io/etcd/server/v3/etcdmain"\n' >"$src/etcd/tools.go"

# kube-apiserver: k8s.io/kubernetes with each staging module (the replace lines of its go.mod) at
# its published v0 release.
minor="${K8S#v1.}"
gomod="$(GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@$K8S" | sed -n 's/.*"GoMod": "\(.*\)",*/\1/p')"
{
  printf 'module pulumi-dondominio.local/kube-apiserver-build\n\ngo 1.26\n\nrequire k8s.io/kubernetes %s\n\n' "$K8S"
  sed -n 's#^\s*\(k8s.io/[a-z0-9-]*\) => ./staging/src/.*#replace \1 => \1 v0.'"$minor"'#p' "$gomod"
} >"$src/kube/go.mod"
printf 'package tools\n\nimport _ "k8s.io/kubernetes/cmd/kube-apiserver/app"\n' >"$src/kube/tools.go"

tmp="$(mktemp -d "$dir/bin.XXXXXX")"
build_in_background "$dir/build.log" "rm -rf '$tmp'" --packages --note "(of about 3,000)" -- bash -c '
  set -e
  export CGO_ENABLED=0 GOFLAGS=-mod=mod GOTOOLCHAIN=local
  cd "$1/etcd" && go mod tidy && go build -v -trimpath -ldflags "-s -w" -o "$2/etcd" go.etcd.io/etcd/server/v3
  cd "$1/kube" && go mod tidy && go build -v -trimpath -ldflags "-s -w" -o "$2/kube-apiserver" k8s.io/kubernetes/cmd/kube-apiserver
' _ "$src" "$tmp"
mv -f "$tmp/etcd" "$dir/bin/etcd"
mv -f "$tmp/kube-apiserver" "$dir/bin/kube-apiserver"
rm -rf "$tmp"
echo "$VERSION" >"$stamp"
log "built etcd $ETCD and kube-apiserver $K8S in $(( $(date +%s) - start )) s"
echo "$dir/bin"
