#!/usr/bin/env bash
# Installs a configured and built xcub into a staging directory and checks that a CMake project
# (tests/consumer/cmake) uses it through find_package(xcub 0.2 REQUIRED) alone:
#   - lib/cmake/xcub holds xcubConfig.cmake and xcubConfigVersion.cmake, relocatable (found
#     through CMAKE_PREFIX_PATH in the staging directory);
#   - the package version is VERSION; find_package accepts 0.2 and refuses 0.1 and 0.3;
#   - host backend: the consumer and version programs build, run without LD_LIBRARY_PATH (CMake's
#     rpath) and check their results; the racy program built against xcub::host_sanitize stops
#     with the sanitizer's race report;
#   - kokkos backend: the consumer (xcub's Kokkos example) builds, runs and checks its results;
#   - cuda backend: the project configures (the CUDA language, xcub's architectures) and
#     compiles with nvcc; nothing runs (no GPU needed).
# Usage: cmake.sh XCUB_BUILD_DIR XCUB_SOURCE_DIR
# Everything it writes lives in one temporary directory, removed on exit.
set -euo pipefail

consumer_backends="host cuda kokkos"
source "$(dirname "${BASH_SOURCE[0]}")/common.sh" cmake "$@"
command -v cmake >/dev/null || fail "cmake is not installed"
project="$src/tests/consumer/cmake"
stage="$tmp/stage"

step "meson install --no-rebuild -C $build --destdir $stage"
meson install --no-rebuild --quiet -C "$build" --destdir "$stage"
config=$(cd "$stage" && find . -path '*/cmake/xcub/xcubConfig.cmake' | sed 's|^\./||')
[[ $(wc -l <<<"$config") -eq 1 && -n "$config" ]] || fail "expected one lib/cmake/xcub/xcubConfig.cmake, found: ${config:-none}"
[[ -f "$stage/$(dirname "$config")/xcubConfigVersion.cmake" ]] || fail "xcubConfigVersion.cmake is not next to $config"
prefix=$stage$(meson introspect --buildoptions "$build" |
                python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
echo "  $config; CMAKE_PREFIX_PATH=$prefix"

step "find_package(xcub VERSION) for other versions: 0.1 and 0.3 are refused"
for v in 0.1 0.3; do
  mkdir "$tmp/probe-$v"
  printf 'cmake_minimum_required(VERSION 3.18)\nproject(probe NONE)\nfind_package(xcub %s QUIET)\nif(xcub_FOUND)\n  message(FATAL_ERROR "xcub ${xcub_VERSION} accepted for %s")\nendif()\n' \
    "$v" "$v" > "$tmp/probe-$v/CMakeLists.txt"
  cmake -S "$tmp/probe-$v" -B "$tmp/probe-$v/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null || fail "find_package(xcub $v) found the $want_version package"
  echo "  find_package(xcub $v): not found, as it must be"
done

step "configure tests/consumer/cmake"
cmake -S "$project" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release | tee "$tmp/configure.log"
grep -q "xcub $want_version: backend $want_backend, warp width" "$tmp/configure.log" ||
  fail "find_package did not report xcub $want_version, backend $want_backend"
grep -q "from $prefix/" "$tmp/configure.log" || fail "find_package did not find the staged package"

step "build"
cmake --build "$tmp/build"

if [[ $want_backend == cuda ]]; then
  step "PASS: the installed xcub (cuda) configures and compiles through find_package (cleaning up $tmp)"
  exit 0
fi

if [[ $want_backend == kokkos ]]; then
  step "run"
  out=$("$tmp/build/consumer") || { echo "$out"; fail "the consumer failed"; }
  sed 's/^/  /' <<<"$out"
  grep -qE ': ok$' <<<"$out" || fail "the Kokkos consumer did not report ok"
  out=$("$tmp/build/version") || { echo "$out"; fail "<xcub/version.hpp> disagrees with the CMake package version"; }
  echo "  $out"
  step "PASS: the installed xcub (kokkos) works through find_package (cleaning up $tmp)"
  exit 0
fi

step "run, with no LD_LIBRARY_PATH"
resolved=$(ldd "$tmp/build/consumer" | awk '$1 ~ /^libxcub_host\.so/ {print $3}')
echo "  libxcub_host resolves to: ${resolved:-(linked statically)}"
[[ -z "$resolved" || "$resolved" == "$stage"/* ]] || fail "the consumer loads $resolved, not the staged libxcub_host"
out=$("$tmp/build/consumer") || { echo "$out"; fail "the consumer failed"; }
echo "  $out"
grep -q "backend host, warp width $want_warp,.*: OK$" <<<"$out" || fail "the consumer did not report OK at warp width $want_warp"
out=$("$tmp/build/version") || { echo "$out"; fail "<xcub/version.hpp> disagrees with the CMake package version"; }
echo "  $out"
grep -q "header $want_version .*package $want_version$" <<<"$out" || fail "version $want_version expected: $out"

step "the racy kernel, built against xcub::host_sanitize, is reported"
if out=$("$tmp/build/race" 2>&1); then echo "$out"; fail "the race went unreported"; fi
grep -q 'shared-memory race' <<<"$out" || { echo "$out"; fail "no race report"; }
echo "  $(head -n 1 <<<"$out" | cut -c1-160)..."

step "PASS: the installed xcub works through find_package (cleaning up $tmp)"
