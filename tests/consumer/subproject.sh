#!/usr/bin/env bash
# Builds tests/consumer/project with xcub as a Meson subproject and checks that:
#   - subprojects/xcub.wrap (the repository's, as a user copies it) with subprojects/xcub (a symlink
#     to the xcub source tree, so nothing is downloaded) makes dependency('xcub') and
#     dependency('xcub-host-sanitize') resolve to the subproject through the wrap's [provide];
#   - as a subproject xcub defines no tests, examples or benchmarks and installs nothing: the
#     build's only targets are the consumer's two programs and the xcub_host and
#     xcub_host_sanitizer libraries;
#   - the consumer's kernel runs and checks its result, and the racy kernel built against
#     xcub-host-sanitize is reported;
#   - with -Dxcub:host_sanitize=true the consumer itself is instrumented and runs clean.
# The subproject gets the xcub build's host_warp_threads, so a 64-lane build checks 64 lanes.
# Usage: subproject.sh XCUB_BUILD_DIR XCUB_SOURCE_DIR
# Everything it writes lives in one temporary directory, removed on exit.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh" subproject "$@"

step "copy the consumer project, with subprojects/xcub.wrap and subprojects/xcub -> $src"
project="$tmp/project"
mkdir -p "$project/subprojects"
cp "$src/tests/consumer/project/meson.build" "$src/tests/consumer/project/meson_options.txt" \
   "$src/tests/consumer/project/main.cpp" "$src/tests/consumer/project/race.cpp" "$project/"
cp "$src/xcub.wrap" "$project/subprojects/"
ln -s "$src" "$project/subprojects/xcub"
(cd "$tmp" && find project -maxdepth 2 | LC_ALL=C sort | sed 's/^/  /')

step "configure the consumer with xcub as a subproject"
meson setup "$tmp/build" "$project" -Dxcub_from=subproject -Dbuildtype=plain --force-fallback-for=xcub \
  -Dxcub:xcub_backend=host -Dxcub:host_warp_threads="$want_warp"

step "the build defines only the consumer's programs and xcub's libraries, no xcub tests, examples or benchmarks"
introspect() { meson introspect "$1" "$tmp/build"; }
targets=$(introspect --targets | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    print(t["name"], t["type"].replace(" ", "_"), t["subproject"] or "-")')
sed 's/^/  /' <<<"$targets"
names=$(awk '{print $1}' <<<"$targets" | LC_ALL=C sort | tr '\n' ' ')
[[ "$names" == "consumer race xcub_host xcub_host_sanitizer " ]] ||
  fail "expected the targets consumer, race, xcub_host and xcub_host_sanitizer, got: $names"
grep -qE '^consumer executable -$' <<<"$targets" || fail "consumer is not an executable of the top project"
grep -qE '^xcub_host (shared|static)_library xcub$' <<<"$targets" || fail "xcub_host is not a library of subproject xcub"
for what in --tests --benchmarks; do
  n=$(introspect "$what" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
  echo "  meson introspect $what: $n"
  [[ "$n" == 0 ]] || fail "the subproject build defines $n $what entries: $(introspect "$what")"
done
installed=$(introspect --installed | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
echo "  meson introspect --installed: $installed files"
[[ "$installed" == 0 ]] || fail "xcub as a subproject installs files: $(introspect --installed)"

step "build"
ninja -C "$tmp/build"

step "run the consumer"
exe="$tmp/build/consumer"
resolved=$(ldd "$exe" | awk '$1 ~ /^libxcub_host\.so/ {print $3}')
echo "  libxcub_host resolves to: ${resolved:-(linked statically)}"
[[ -z "$resolved" || "$resolved" == "$tmp/build/subprojects/xcub/"* ]] ||
  fail "the consumer loads $resolved, not the subproject's libxcub_host"
# The in-order schedule, then two seeded random ones (under which a missing barrier shows).
for seed in "" 1 2; do
  echo "  \$ XCUB_HOST_SCHEDULE_SEED=$seed $exe"
  out=$(XCUB_HOST_SCHEDULE_SEED=$seed "$exe") || { echo "$out"; fail "$exe failed"; }
  echo "  $out"
  grep -q "backend host, warp width $want_warp," <<<"$out" || fail "the consumer did not report the host backend, warp width $want_warp"
  grep -q ': OK$' <<<"$out" || fail "the consumer did not report OK"
done

step "the racy kernel, built against dependency('xcub-host-sanitize'), is reported"
if out=$("$tmp/build/race" 2>&1); then echo "$out"; fail "the race went unreported"; fi
grep -q 'shared-memory race' <<<"$out" || { echo "$out"; fail "no race report"; }
echo "  $(head -n 1 <<<"$out" | cut -c1-160)..."

step "with -Dxcub:host_sanitize=true, dependency('xcub') itself carries the sanitizer"
meson configure "$tmp/build" -Dxcub:host_sanitize=true
ninja -C "$tmp/build" consumer
nm "$exe" | grep -q ' T __tsan_read4$' || fail "the consumer is not linked with the sanitizer's hooks"
out=$(XCUB_HOST_SANITIZE=race,bounds,init "$exe" 2>"$tmp/stderr") || { echo "$out"; cat "$tmp/stderr"; fail "$exe failed under the sanitizer"; }
echo "  $out"
grep -q ': OK$' <<<"$out" || fail "the consumer did not report OK under the sanitizer"
[[ ! -s "$tmp/stderr" ]] || { cat "$tmp/stderr"; fail "the sanitized consumer wrote to stderr"; }

step "PASS: xcub works as a subproject (cleaning up $tmp)"
