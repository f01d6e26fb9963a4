#!/usr/bin/env bash
# Packs the package as it was at a commit, the way `npm pack` packs a release: the commit's tree
# (git archive), built with its own tsconfig.build.json, packed. The result is the fixture the
# upgrade test installs (tests/upgrade/previous-release.test.ts) in place of a published release.
#
#   bash scripts/pack-previous-release.sh [commit] [out-dir]
#
# Default commit 676028b: main just before issue 20's restructuring (the descriptors merge c4e842a
# moved provider/core apart and rewrote every crud.ts); the package has no tagged release yet.
# node_modules is this checkout's (the commit's lock file is the same one for what the build needs).
set -euo pipefail
commit=${1:-676028b}
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$repo/tests/fixtures/previous-release}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
full=$(git -C "$repo" rev-parse --verify "$commit^{commit}")
git -C "$repo" archive "$full" | tar -x -C "$tmp"
ln -s "$repo/node_modules" "$tmp/node_modules"
(cd "$tmp" && npx tsc -p tsconfig.build.json)
mkdir -p "$out"
name=$(cd "$tmp" && npm pack --ignore-scripts --json --pack-destination "$tmp" | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)')
cp "$tmp/$name" "$out/pulumi-dondominio-${full:0:7}.tgz"
echo "$full" >"$out/COMMIT"
echo "$out/pulumi-dondominio-${full:0:7}.tgz"
