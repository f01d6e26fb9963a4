#!/usr/bin/env bash
# Packs the package as it was at a commit, the way `npm pack` packs a release: the commit's tree
# (git archive), built with its own tsconfig.build.json, packed. The result is the fixture the
# upgrade test installs (tests/upgrade/previous-release.test.ts) in place of a published release.
#
#   bash scripts/pack-previous-release.sh [commit] [out-dir]
#
# Default commit ca2d0c3: main just before issue 28's one lifecycle (frame.ts became the dynamic door
# over provider/core/lifecycle.ts, each class is built from its descriptor); the package has no
# tagged release yet. Before it: 676028b, main before issue 20's restructuring.
# node_modules is this checkout's (the commit's lock file is the same one for what the build needs).
set -euo pipefail
commit=${1:-ca2d0c3}
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
