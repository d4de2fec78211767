# Sourced by the consumer tests: reads "XCUB_BUILD_DIR XCUB_SOURCE_DIR" from the arguments and sets
# build, src, tmp (a temporary directory removed on exit), want_backend and want_warp (the xcub
# build's options), want_version (the file VERSION); defines step and fail; keeps the xcub build's libraries out of
# LD_LIBRARY_PATH (meson test puts them there), so that consumers load their own.
# Usage: source common.sh NAME "$@"
name=$1
shift
if [[ $# -ne 2 ]]; then
  echo "usage: $0 XCUB_BUILD_DIR XCUB_SOURCE_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/xcub-consumer-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "xcub build dir:  $build"
echo "xcub source dir: $src"
echo "temporary dir:   $tmp"
if [[ -n "${LD_LIBRARY_PATH:-}" ]]; then echo "unset LD_LIBRARY_PATH (was $LD_LIBRARY_PATH)"; fi
unset LD_LIBRARY_PATH
build_option() {
  meson introspect --buildoptions "$build" |
    python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
want_backend=$(build_option xcub_backend)
want_warp=$(build_option host_warp_threads)
echo "xcub configured: xcub_backend=$want_backend host_warp_threads=$want_warp"
# Most checks run programs, hence need the host backend; a script that also handles another one
# sets consumer_backends before sourcing this file.
[[ " ${consumer_backends:-host} " == *" $want_backend "* ]] ||
  fail "this check is for the ${consumer_backends:-host} backend(s); $build is configured for $want_backend"
want_version=$(cat "$src/VERSION")
