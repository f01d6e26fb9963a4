#!/usr/bin/env bash
# Ensures lego (go-acme's ACME client, a Go module; its `exec` DNS provider runs dondominio-acme) and
# prints the path of its binary. Like ensure-actionlint.sh: a lego of the pinned version on PATH is
# used; otherwise it is built once with `go install` from the Go module proxy into a cache outside
# the clone, keyed by version (a few minutes on 2 cores: lego links its ~200 DNS providers, once per
# machine); later runs find the cache at once. The build links only lego's `exec` DNS provider (see 3).
set -euo pipefail

VERSION="v5.6.0"
MODULE="github.com/go-acme/lego/v5"
log() { echo "ensure-lego: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"
dir="$cache_root/lego-$VERSION"
bin="$dir/bin/lego"
stamp="$dir/bin/.built"

ready() { [ -x "$bin" ] && stamp_is "$stamp" "$VERSION"; }

# 1. The pinned version on PATH (`lego --version` prints "lego version v5.6.0 linux/amd64").
if command -v lego >/dev/null 2>&1 && lego --version 2>/dev/null | grep -qE "version v?${VERSION#v}([+ ]|$)"; then
  command -v lego; exit 0
fi

# 2. The cache built earlier (the stamp is written after the binary is in place).
if ready; then echo "$bin"; exit 0; fi

command -v go >/dev/null 2>&1 || { log "no lego $VERSION on PATH or in $dir and no Go toolchain to build one"; exit 1; }
wait_for_other_build "$dir" ready "$bin"

# 3. Build it from the Go module proxy. Two facts of lego v5 shape the build:
#    - its main package is the module root (go names the binary "lego", without the /v5), and by
#      default it links its ~200 DNS providers, some of whose SDKs the proxy reachable here does not
#      serve; lego's own build tags `lego_dnslight,lego_dns_exec` (providers/dns/
#      dns_provider_registry.go) link only the `exec` provider, the one dondominio-acme serves;
#    - its CLI logs through gitlab.com/greyxor/slogor, which that proxy does not serve either: a
#      stand-in of ours (the standard library's text handler behind slogor's four names) replaces it
#      in a build module generated under $dir/src. lego's own code is built unchanged.
#    Go's output goes to build.log; a progress line every 20 seconds says the build is alive; the
#    binary is built beside the cache and renamed into place, so a half-built one is never found.
log "building lego $VERSION (exec DNS provider only) from the Go module proxy into $dir/bin (once per machine; log in $dir/build.log)"
start=$(date +%s)
src="$dir/src"
rm -rf "$src"
mkdir -p "$src/slogor"
cat >"$src/slogor/go.mod" <<'MOD'
module gitlab.com/greyxor/slogor

go 1.22
MOD
cat >"$src/slogor/slogor.go" <<'GO'
// Package slogor stands in for gitlab.com/greyxor/slogor (a coloured log/slog handler): lego's CLI
// only uses it to print its log, which the standard library's text handler does at the same level.
package slogor

import (
	"io"
	"log/slog"
)

type options struct{ level slog.Leveler }

// OptionFn configures the handler.
type OptionFn func(*options)

// SetLevel sets the lowest level written.
func SetLevel(l slog.Leveler) OptionFn { return func(o *options) { o.level = l } }

// SetTimeFormat is accepted; the text handler writes RFC 3339 times.
func SetTimeFormat(string) OptionFn { return func(*options) {} }

// DisableColor is accepted; the text handler writes no colour.
func DisableColor() OptionFn { return func(*options) {} }

// NewHandler returns a text handler writing to w.
func NewHandler(w io.Writer, fns ...OptionFn) slog.Handler {
	o := &options{level: slog.LevelInfo}
	for _, f := range fns {
		f(o)
	}
	return slog.NewTextHandler(w, &slog.HandlerOptions{Level: o.level})
}
GO
cat >"$src/go.mod" <<MOD
module pulumi-dondominio.local/lego-build

go 1.24

require $MODULE $VERSION

replace gitlab.com/greyxor/slogor => ./slogor
MOD
mkdir -p "$dir/bin"
tmp="$dir/bin/lego.tmp.$$"
buildlog="$dir/build.log"
build_in_background "$buildlog" "rm -f '$tmp'" -- \
  bash -c 'cd "$1" && shift && CGO_ENABLED=0 GOFLAGS=-mod=mod exec "$@"' _ "$src" go build -tags lego_dnslight,lego_dns_exec -trimpath -ldflags "-s -w" -o "$tmp" "$MODULE"
mv -f "$tmp" "$bin"
echo "$VERSION" >"$stamp"
log "built $("$bin" --version 2>/dev/null | head -n 1) in $(( $(date +%s) - start )) s"
echo "$bin"
