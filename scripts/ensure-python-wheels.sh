#!/usr/bin/env bash
# Ensures a wheelhouse for the Python runs of the suite and prints its directory: the Pulumi Python
# SDK at the pinned CLI's version (pulumi==3.250.0: the CLI scripts/ensure-pulumi.sh builds, so the
# Automation API and the engine speak the same protocol), what the generated SDK (sdks/python)
# requires, and what builds its wheel and sdist. Downloaded from PyPI once per machine (about 15 MB,
# 20 s) into a cache outside the clone, keyed by Python version and this list; later runs install
# from it with `pip install --no-index --find-links`, offline, and the loopback package index of
# tests/packages serves it.
set -euo pipefail

PULUMI_PY="3.250.0"
REQUIREMENTS=("pulumi==$PULUMI_PY" "parver>=0.2.1" "semver>=2.8.1" "typing-extensions>=4.11,<5" "build" "setuptools" "wheel")
log() { echo "ensure-python-wheels: $*" >&2; }
. "$(dirname "${BASH_SOURCE[0]}")/lib/tool-cache.sh"

py="${PYTHON:-python3}"
command -v "$py" >/dev/null 2>&1 || { log "no $py on PATH"; exit 1; }
pyver="$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
key="$(printf '%s\n' "$pyver" "${REQUIREMENTS[@]}" | sha256sum | cut -c1-12)"
dir="$cache_root/python-wheels-$PULUMI_PY-py$pyver-$key"
stamp="$dir/.complete"

ready() { stamp_is "$stamp" "$key"; }
if ready; then echo "$dir"; exit 0; fi
wait_for_other_build "$cache_root/python-wheels.lock.d" ready "$dir"

log "downloading pulumi==$PULUMI_PY and the SDK's requirements from PyPI into $dir (once per machine, about 20 s)"
start=$(date +%s)
tmp="$dir.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
if ! "$py" -m pip download --disable-pip-version-check --no-input -q -d "$tmp" "${REQUIREMENTS[@]}" >"$tmp.log" 2>&1; then
  log "pip download failed after $(( $(date +%s) - start )) s:"
  tail -n 20 "$tmp.log" >&2
  rm -f "$tmp.log"
  exit 1
fi
rm -f "$tmp.log"
rm -rf "$dir"
mv "$tmp" "$dir"
echo "$key" >"$stamp" # last: a half-filled wheelhouse is never found by a later run
log "$(ls "$dir" | grep -c '\.whl$') wheels in $(( $(date +%s) - start )) s"
echo "$dir"
