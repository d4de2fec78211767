#!/usr/bin/env bash
# Installs a configured and built xcub (host backend) into a staging directory and checks that
# a consumer can use it through pkg-config alone:
#   - the installed tree holds the headers, libxcub_host, libxcub_host_sanitizer, xcub.pc,
#     xcub-host-sanitize.pc and the CMake package, and nothing from the tests, examples or benchmarks;
#   - xcub.pc resolves into the staging directory, says backend=host and version VERSION;
#   - tests/consumer/project builds with Meson against it (dependency('xcub') via pkg-config),
#     and so does a plain `c++ main.cpp $(pkg-config --cflags --libs xcub)`;
#   - both programs run their kernel and check its result; the plain one, pointed at the staged
#     prefix with --define-variable=prefix, runs without LD_LIBRARY_PATH (the .pc's rpath);
#   - the racy kernel built against xcub-host-sanitize.pc (Meson, and a plain compile step and link
#     step) is reported by the sanitizer, and XCUB_HOST_SANITIZE on a plain program warns once.
# Usage: pkgconfig.sh XCUB_BUILD_DIR XCUB_SOURCE_DIR
# Everything it writes lives in one temporary directory, removed on exit.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/common.sh" pkgconfig "$@"
project="$src/tests/consumer/project"
stage="$tmp/stage"

step "meson install --no-rebuild -C $build --destdir $stage"
meson install --no-rebuild --quiet -C "$build" --destdir "$stage"

step "installed files"
installed=$(cd "$stage" && find . \( -type f -o -type l \) | sed 's|^\./||' | LC_ALL=C sort)
printf '  %s\n' $installed
[[ -n "$installed" ]] || fail "meson install put nothing under $stage"

step "the installed tree holds no tests, examples or benchmarks, only headers, the libraries, the .pc files and the CMake package"
forbidden=$(grep -E '(^|/)(tests?|examples?|bench(marks?)?)(/|$)|xcub_tests|block_sum|doctest|as_cuda|\.(cu|in|cpp|build|txt|sh)$' \
            <<<"$installed" || true)
[[ -z "$forbidden" ]] || fail "test/example/bench/build files were installed: $forbidden"
unexpected=$(grep -vE '^([^/]+/)*include/xcub/([A-Za-z0-9_]+/)*[A-Za-z0-9_]+\.(hpp|inl)$|^([^/]+/)*lib[^/]*/(([^/]+/)?)libxcub_host\.so(\.[0-9]+)*$|^([^/]+/)*lib[^/]*/(([^/]+/)?)libxcub_host_sanitizer\.a$|^([^/]+/)*lib[^/]*/(([^/]+/)?)pkgconfig/xcub(-host-sanitize)?\.pc$|^([^/]+/)*lib[^/]*/(([^/]+/)?)cmake/xcub/xcubConfig(Version)?\.cmake$' \
             <<<"$installed" || true)
[[ -z "$unexpected" ]] || fail "unexpected files were installed: $unexpected"
echo "  ok"

step "the installed tree holds the backend, generated and reference headers"
incdir=$(dirname "$(grep -E '(^|/)include/xcub/xcub\.hpp$' <<<"$installed" | head -n1)")
[[ "$incdir" != . ]] || fail "xcub/xcub.hpp was not installed"
for h in xcub.hpp version.hpp config.hpp launch.hpp runtime.hpp backend/arch.hpp backend/launch.hpp backend_config.hpp \
         reference/scan.hpp reference/reduce.hpp; do
  [[ -f "$stage/$incdir/$h" ]] || fail "$incdir/$h was not installed"
  echo "  $incdir/$h"
done
grep -qE '^#define XCUB_BACKEND_HOST 1$' "$stage/$incdir/backend_config.hpp" ||
  fail "the installed backend_config.hpp does not select the host backend"
grep -qE '^#define XCUB_BACKEND_NAME "host"$' "$stage/$incdir/backend_config.hpp" ||
  fail "the installed backend_config.hpp does not name the host backend"
grep -qE "^#define XCUB_HOST_WARP_THREADS $want_warp\$" "$stage/$incdir/backend_config.hpp" ||
  fail "the installed backend_config.hpp does not record warp width $want_warp"

step "locate the installed xcub.pc"
pcs=$(grep -E '(^|/)pkgconfig/xcub\.pc$' <<<"$installed" || true)
[[ $(wc -l <<<"$pcs") -eq 1 && -n "$pcs" ]] || fail "expected exactly one xcub.pc, found: ${pcs:-none}"
pcdir="$stage/$(dirname "$pcs")"
echo "  $pcdir/xcub.pc:"
sed 's/^/    /' "$pcdir/xcub.pc"
# The .pc records the configured prefix (/usr/local by default, libdir maybe multiarch), which
# --define-prefix cannot undo for lib/<triplet>/pkgconfig; the sysroot variable is made for
# staged installs: pkgconf prefixes the -I and -L paths (and the variables) with it.
export PKG_CONFIG_PATH="$pcdir"
export PKG_CONFIG_SYSROOT_DIR="$stage"
unset PKG_CONFIG_LIBDIR PKG_CONFIG_ALLOW_SYSTEM_CFLAGS PKG_CONFIG_ALLOW_SYSTEM_LIBS
echo "  PKG_CONFIG_PATH=$PKG_CONFIG_PATH"
echo "  PKG_CONFIG_SYSROOT_DIR=$PKG_CONFIG_SYSROOT_DIR"

step "pkg-config reads the staged xcub.pc"
pc_path=$(pkg-config --path xcub)
echo "  pkg-config --path xcub: $pc_path"
[[ "$pc_path" == "$pcdir/xcub.pc" ]] || fail "pkg-config found $pc_path, not the staged $pcdir/xcub.pc"
pc_backend=$(pkg-config --variable=backend xcub)
echo "  pkg-config --variable=backend xcub: $pc_backend"
[[ "$pc_backend" == host ]] || fail "xcub.pc says backend=$pc_backend, expected host"
pc_warp=$(pkg-config --variable=warp_threads xcub)
echo "  pkg-config --variable=warp_threads xcub: $pc_warp"
[[ "$pc_warp" == "$want_warp" ]] || fail "xcub.pc says warp_threads=$pc_warp, the build $want_warp"
pc_version=$(pkg-config --modversion xcub)
build_version=$(meson introspect --projectinfo "$build" |
               python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
echo "  pkg-config --modversion xcub: $pc_version (build: $build_version)"
[[ "$pc_version" == "$build_version" ]] || fail "xcub.pc has version $pc_version, the build $build_version"
[[ "$pc_version" == "$(cat "$src/VERSION")" ]] || fail "xcub.pc has version $pc_version, VERSION says $(cat "$src/VERSION")"
[[ "$(pkg-config --modversion xcub-host-sanitize)" == "$pc_version" ]] || fail "xcub-host-sanitize.pc has another version"
grep -qE "^#define XCUB_VERSION_STRING \"$pc_version\"\$" "$stage/$incdir/version.hpp" ||
  fail "the installed <xcub/version.hpp> does not say $pc_version"
cflags=$(pkg-config --cflags xcub)
libs=$(pkg-config --libs xcub)
echo "  cflags: $cflags"
echo "  libs:   $libs"
found_inc=no
for f in $cflags; do
  if [[ $f == -I* && -f "${f#-I}/xcub/xcub.hpp" && -f "${f#-I}/xcub/backend_config.hpp" ]]; then found_inc=yes; fi
  if [[ $f == -I* && "${f#-I}" != "$stage"/* ]]; then fail "include path $f is outside the staged install"; fi
done
[[ $found_inc == yes ]] || fail "no -I in '$cflags' holds xcub/xcub.hpp and xcub/backend_config.hpp"
libdir=""
for f in $libs; do
  if [[ $f == -L* && -e "${f#-L}/libxcub_host.so" ]]; then libdir="${f#-L}"; fi
done
[[ -n "$libdir" && "$libdir" == "$stage"/* ]] || fail "no -L in '$libs' holds the staged libxcub_host.so"

run_consumer() {  # run_consumer EXE: runs it against the staged library and checks its output
  local exe=$1 out seed
  resolved=$(LD_LIBRARY_PATH="$libdir" ldd "$exe" | awk '$1 ~ /^libxcub_host\.so/ {print $3}')
  echo "  libxcub_host resolves to: $resolved"
  [[ "$resolved" == "$libdir"/* ]] || fail "$exe does not load the staged libxcub_host.so"
  # The in-order schedule, then two seeded random ones (under which a missing barrier shows).
  for seed in "" 1 2; do
    echo "  \$ XCUB_HOST_SCHEDULE_SEED=$seed LD_LIBRARY_PATH=$libdir $exe"
    out=$(XCUB_HOST_SCHEDULE_SEED=$seed LD_LIBRARY_PATH="$libdir" "$exe") || { echo "$out"; fail "$exe failed"; }
    echo "  $out"
    grep -q "backend host, warp width $want_warp," <<<"$out" || fail "$exe did not report the host backend, warp width $want_warp"
    grep -q ': OK$' <<<"$out" || fail "$exe did not report OK"
  done
}

step "build the consumer project with Meson against the installed xcub (pkg-config)"
meson setup "$tmp/build-meson" "$project" -Dxcub_from=pkg-config -Dbuildtype=plain
ninja -C "$tmp/build-meson"
run_consumer "$tmp/build-meson/consumer"

step "build main.cpp with a plain compiler command line"
mkdir "$tmp/build-plain"
echo "  \$ c++ -std=c++17 $project/main.cpp \$(pkg-config --cflags --libs xcub) -o $tmp/build-plain/consumer"
# shellcheck disable=SC2046  # the flags must split into words, as in any makefile
c++ -std=c++17 "$project/main.cpp" $(pkg-config --cflags --libs xcub) -o "$tmp/build-plain/consumer"
run_consumer "$tmp/build-plain/consumer"

run_race() {  # run_race EXE [env...]: the sanitizer must stop the racy kernel with its report
  local exe=$1 out
  shift
  if out=$(env "$@" "$exe" 2>&1); then echo "$out"; fail "$exe: the race went unreported"; fi
  grep -q 'shared-memory race' <<<"$out" || { echo "$out"; fail "$exe: no race report"; }
  echo "  $(head -n 1 <<<"$out" | cut -c1-160)..."
}

step "the racy kernel, built with Meson against xcub-host-sanitize.pc, is reported"
[[ -x "$tmp/build-meson/race" ]] || fail "the Meson consumer did not find xcub-host-sanitize.pc"
run_race "$tmp/build-meson/race" LD_LIBRARY_PATH="$libdir"

step "a plain c++ command line with the staged prefix, run without LD_LIBRARY_PATH"
unset PKG_CONFIG_SYSROOT_DIR
prefix=$(pkg-config --variable=prefix xcub)
define=(--define-variable=prefix="$stage$prefix")
echo "  \$ c++ -std=c++17 $project/main.cpp \$(pkg-config ${define[*]} --cflags --libs xcub) -o $tmp/build-plain/consumer-rpath"
# shellcheck disable=SC2046
c++ -std=c++17 "$project/main.cpp" $(pkg-config "${define[@]}" --cflags --libs xcub) -o "$tmp/build-plain/consumer-rpath"
resolved=$(ldd "$tmp/build-plain/consumer-rpath" | awk '$1 ~ /^libxcub_host\.so/ {print $3}')
echo "  libxcub_host resolves to: $resolved"
[[ "$resolved" == "$libdir"/* ]] || fail "without LD_LIBRARY_PATH the program does not load the staged libxcub_host.so"
out=$(XCUB_HOST_SANITIZE=race "$tmp/build-plain/consumer-rpath" 2>"$tmp/stderr") || { echo "$out"; fail "the program failed"; }
echo "  $out"
grep -q ': OK$' <<<"$out" || fail "the program did not report OK"
echo "  with XCUB_HOST_SANITIZE=race, stderr: $(cat "$tmp/stderr")"
[[ $(grep -c 'XCUB_HOST_SANITIZE=race has no effect' "$tmp/stderr") == 1 ]] ||
  fail "a plain build did not warn once that XCUB_HOST_SANITIZE has no effect"

step "the racy kernel, compiled and linked in two steps with xcub-host-sanitize.pc, is reported"
# shellcheck disable=SC2046
c++ -std=c++17 -c "$project/race.cpp" $(pkg-config "${define[@]}" --cflags xcub-host-sanitize) -o "$tmp/build-plain/race.o"
# shellcheck disable=SC2046
c++ "$tmp/build-plain/race.o" $(pkg-config "${define[@]}" --libs xcub-host-sanitize) -o "$tmp/build-plain/race"
run_race "$tmp/build-plain/race"

step "PASS: the installed xcub works through pkg-config (cleaning up $tmp)"
