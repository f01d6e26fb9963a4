# Shared by scripts/ensure-*.sh (sourced, after the script defines `log`): the cache of Go tools
# outside the clone, keyed by version, and the one way a tool is built into it.

# The cache, one per machine (every clone and worktree finds the tools built by another).
cache_root="${PULUMI_DONDOMINIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-dondominio}"

# stamp_is FILE VERSION: the stamp a build writes last (after the binary is in place) says VERSION.
stamp_is() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

# wait_for_other_build DIR READY_FN FOUND: two test files may ask at once: one builds, the other
# waits on DIR/.lock and then, when READY_FN says the cache is ready, prints FOUND and exits.
wait_for_other_build() {
  mkdir -p "$1"
  command -v flock >/dev/null 2>&1 || return 0
  exec 9>"$1/.lock"
  flock 9
  if "$2"; then echo "$3"; exit 0; fi
}

# build_in_background BUILDLOG CLEANUP [--packages] [--note TEXT] [--maven] -- COMMAND...
# Runs COMMAND in the background with its output in BUILDLOG (Go prints hundreds of "go:
# downloading" lines, then nothing for minutes); every PULUMI_BUILD_PROGRESS_SECONDS (20) a line
# says the build is alive: modules downloaded and, with --packages (a `go ... -v` build), packages
# compiled, then TEXT. CLEANUP (shell code: remove the half-built output) runs on exit, also when
# the script is interrupted. --maven: COMMAND is Maven's, whose log counts "Downloaded from" lines
# (artefacts) instead of Go's modules. On failure: the log's last lines and exit 1. Uses $start (the caller's
# `date +%s` before the build), for the times it prints.
build_in_background() {
  local buildlog=$1 cleanup=$2 packages="" note="" pattern='^go: downloading' what="modules"
  shift 2
  while [ "$1" != "--" ]; do
    case "$1" in
      --packages) packages=1; shift ;;
      --note) note=" $2"; shift 2 ;;
      --maven) pattern='^\[INFO\] Downloaded from'; what="artefacts"; shift ;;
      *) log "build_in_background: unknown option $1"; exit 2 ;;
    esac
  done
  shift
  "$@" >"$buildlog" 2>&1 &
  build_pid=$!
  # shellcheck disable=SC2064 # the pid and the cleanup are fixed now
  trap "kill $build_pid 2>/dev/null || true; $cleanup" EXIT INT TERM
  local downloads compiled
  while kill -0 "$build_pid" 2>/dev/null; do
    for _ in $(seq 1 "${PULUMI_BUILD_PROGRESS_SECONDS:-20}"); do kill -0 "$build_pid" 2>/dev/null || break; sleep 1; done
    kill -0 "$build_pid" 2>/dev/null || break
    downloads=$(grep -c "$pattern" "$buildlog" 2>/dev/null || true)
    if [ -n "$packages" ]; then
      compiled=$(grep -vc '^go: ' "$buildlog" 2>/dev/null || true)
      log "still building ($(( $(date +%s) - start )) s): ${downloads:-0} $what downloaded, ${compiled:-0} packages compiled${note}"
    else
      log "still building ($(( $(date +%s) - start )) s): ${downloads:-0} $what downloaded${note}"
    fi
  done
  if ! wait "$build_pid"; then
    log "the build failed after $(( $(date +%s) - start )) s; the last lines of $buildlog:"
    tail -n 30 "$buildlog" >&2
    exit 1
  fi
}
