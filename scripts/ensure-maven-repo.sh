#!/usr/bin/env bash
# Ensures a Maven repository holding everything the suite's Java builds take from Maven Central
# (com.pulumi:pulumi and its dependencies for sdks/java and examples/java-web, and the Maven plugins
# their poms pin) and prints its directory. Filled once per machine by building both projects
# online into it (about 2 minutes, 40 MB), keyed by the two poms and this script; later runs use it as the
# repository Central is mirrored to (file://), so a build with an empty local repository downloads
# nothing. The SDK's own artefact (io.github.pulumidondominio) is taken out: it must come from the
# loopback repository a test deploys it to.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
log() { echo "ensure-maven-repo: $*" >&2; }
. "$here/lib/tool-cache.sh"

key="$(cat "$repo/sdks/java/pom.xml" "$repo/examples/java-web/pom.xml" "${BASH_SOURCE[0]}" | sha256sum | cut -c1-12)"
dir="$cache_root/maven-repo-$key"
stamp="$dir/.complete"
ready() { stamp_is "$stamp" "$key"; }
if ready; then echo "$dir"; exit 0; fi

command -v mvn >/dev/null 2>&1 || { log "no mvn on PATH (Debian: apt-get install maven)"; exit 1; }
wait_for_other_build "$cache_root/maven-repo.lock.d" ready "$dir"
log "filling $dir from Maven Central: com.pulumi:pulumi and the plugins of sdks/java and examples/java-web"
log "this happens once per machine (and when either pom changes) and takes about 2 minutes; later runs take under a second"
start=$(date +%s)
work="$(mktemp -d)"
tmp="$dir.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
cp -r "$repo/sdks/java" "$work/sdk"
cp -r "$repo/examples/java-web" "$work/example"
# The SDK deployed (as a release is) and installed into the repository being filled, where the
# example then finds it; dependency:tree and exec:help fetch the two plugins pulumi-language-java
# runs (its dependency listing, exec:java).
build_in_background "$dir.build.log" "rm -rf '$tmp' '$work'" --maven -- bash -c '
  mvn -B -Dmaven.repo.local="$1" -f "$2/sdk/pom.xml" deploy -DaltDeploymentRepository=warm-up::file://"$2"/deployed &&
  mvn -B -Dmaven.repo.local="$1" -f "$2/example/pom.xml" compile dependency:tree exec:help' _ "$tmp" "$work"
rm -rf "$tmp/io/github/pulumidondominio" "$work"
rm -rf "$dir"
mv "$tmp" "$dir"
echo "$key" >"$stamp" # last: a half-filled repository is never found by a later run
log "$(find "$dir" -name '*.jar' | wc -l) jars in $(( $(date +%s) - start )) s"
echo "$dir"
