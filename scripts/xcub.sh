#!/usr/bin/env bash
# One entry point for building xcub and running its examples or tests.
#
#   scripts/xcub.sh examples   install what is missing, configure, build, run the examples
#   scripts/xcub.sh tests      the same set-up, then run the whole test suite
#   scripts/xcub.sh build      the same set-up, build only (CI compiles GPU backends this way)
#
# Environment:
#   XCUB_BACKEND=host|cuda|hip|kokkos (default host; cuda needs nvcc, running needs an NVIDIA GPU;
#                                      hip compiles with Debian's hipcc and cannot run without an AMD GPU;
#                                      kokkos: the device layer on Debian's Kokkos 3.4, Serial, on the CPU)
#   XCUB_HOST_WARP_THREADS=32|64      warp width the host emulator simulates (default 32)
#   XCUB_HOST_SANITIZE=race,bounds,init  host: build with the shared-memory sanitizer
#                                     (-Dhost_sanitize=true, default dir build/host-san[-w64]) and run
#                                     the tests under these checks (docs/host-emulator.md); none: off
#   XCUB_CUDA_ARCHITECTURES="80 90"   CUDA targets (default: the Meson option's, sm_80 and sm_90)
#   XCUB_HIP_ARCHITECTURES="gfx90a gfx1030"
#   XCUB_BUILD_DIR=DIR                (default build/<backend>[-w64])
#   XCUB_DOCTEST_INCLUDE=DIR          where doctest/doctest.h is, if not installed
#   XCUB_MESON_ARGS="..."             more `meson setup` arguments
set -euo pipefail

mode=${1:-}
case "$mode" in examples|tests|build) ;; *) echo "usage: $0 examples|tests|build" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

backend=${XCUB_BACKEND:-host}
warp=${XCUB_HOST_WARP_THREADS:-32}
case "$backend" in host|cuda|hip|kokkos) ;; *) echo "xcub: XCUB_BACKEND must be host, cuda, hip or kokkos" >&2; exit 2 ;; esac
default_dir=build/$backend
sanitize=${XCUB_HOST_SANITIZE:-none}
[ "$backend" = host ] && [ "$sanitize" != none ] && default_dir=build/host-san
[ "$backend" = host ] && [ "$warp" != 32 ] && default_dir=$default_dir-w$warp
dir=${XCUB_BUILD_DIR:-$default_dir}
export PATH="$PATH:/usr/local/cuda/bin"

# ---- install what is missing (Debian 12 packages; needs root or sudo) ----------------------
packages=()
command -v meson >/dev/null || packages+=(meson)
command -v ninja >/dev/null || packages+=(ninja-build)
command -v c++ >/dev/null || packages+=(g++)
[ "$mode" = examples ] || [ -n "${XCUB_DOCTEST_INCLUDE:-}" ] || [ -f /usr/include/doctest/doctest.h ] || packages+=(doctest-dev)
if [ "$backend" = host ]; then
  command -v pkg-config >/dev/null || packages+=(pkg-config)  # the consumer tests use it
  [ -f /usr/include/boost/context/fiber.hpp ] || packages+=(libboost-context-dev)
fi
[ "$backend" = hip ] && { command -v hipcc >/dev/null || packages+=(hipcc); }
# the consumer tests build a CMake project against the installed xcub (host tests; CUDA: compile only)
if [ "$mode" != examples ] && { [ "$backend" = host ] || [ "$backend" = cuda ]; }; then
  command -v cmake >/dev/null || packages+=(cmake)
fi
if [ "$backend" = kokkos ]; then  # Kokkos 3.4.01 (Serial), found by Meson through its CMake package
  [ -f /usr/include/trilinos/Kokkos_Core.hpp ] || packages+=(libtrilinos-kokkos-dev)
  command -v cmake >/dev/null || packages+=(cmake)
fi
# ccache only speeds rebuilds: take it along when installing anyway
[ ${#packages[@]} -gt 0 ] && ! command -v ccache >/dev/null && packages+=(ccache)
if [ ${#packages[@]} -gt 0 ]; then
  echo "xcub: installing ${packages[*]}"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
if [ "$backend" = cuda ] && ! command -v nvcc >/dev/null; then
  echo "xcub: the cuda backend needs nvcc (the CUDA Toolkit, e.g. /usr/local/cuda/bin)" >&2
  exit 1
fi

# ---- configure and build --------------------------------------------------------------------
setup_args=(-Dxcub_backend="$backend" -Dhost_warp_threads="$warp")
if [ "$backend" = host ]; then
  if [ "$sanitize" != none ]; then setup_args+=(-Dhost_sanitize=true); export XCUB_HOST_SANITIZE; else setup_args+=(-Dhost_sanitize=false); fi
fi
[ -n "${XCUB_CUDA_ARCHITECTURES:-}" ] && setup_args+=(-Dxcub_cuda_architectures="$(echo $XCUB_CUDA_ARCHITECTURES | tr ' ' ',')")
[ -n "${XCUB_HIP_ARCHITECTURES:-}" ] && setup_args+=(-Dxcub_hip_architectures="$(echo $XCUB_HIP_ARCHITECTURES | tr ' ' ',')")
[ -n "${XCUB_DOCTEST_INCLUDE:-}" ] && setup_args+=(-Ddoctest_include="$(realpath "$XCUB_DOCTEST_INCLUDE")")
# Tests, examples and benchmarks are off by default (a plain `meson setup && meson install`
# builds the library alone): each mode turns on what it runs or checks.
if [ "$mode" = examples ]; then
  setup_args+=(-Dtests=disabled -Dexamples=enabled -Dbenchmarks=disabled)
else
  setup_args+=(-Dtests=enabled -Dexamples=enabled -Dbenchmarks=enabled)
fi
# The host tests at -O1: a quarter less compile time than -O2 for a few percent more run time
# (docs/testing.md); XCUB_MESON_ARGS may still set another level.
[ "$mode" = tests ] && [ "$backend" = host ] && setup_args+=(-Doptimization=1)
# shellcheck disable=SC2206
setup_args+=(${XCUB_MESON_ARGS:-})
if [ "$backend" = hip ]; then export CXX=${CXX:-hipcc}; fi
if [ -f "$dir/build.ninja" ]; then
  meson setup --reconfigure "$dir" "${setup_args[@]}" >/dev/null
else
  meson setup "$dir" "${setup_args[@]}" >/dev/null
fi
echo "xcub: building $backend backend in $dir"
# Meson 1.0 (Debian 12) records no header dependencies for nvcc objects, so a changed header would
# not rebuild them: drop them every time (ccache makes the rebuild cheap).
[ "$backend" = cuda ] && find "$dir" -name '*.cu.o' -delete
ninja -C "$dir"

# ---- run --------------------------------------------------------------------------------------
case "$mode" in
  build) echo "xcub: $backend build finished (nothing run)" ;;
  examples) meson test -C "$dir" --no-rebuild --suite examples --print-errorlogs --verbose ;;
  tests)
    status=0
    # meson's own counts (test programs) are left out: the one summary is the line printed last
    meson test -C "$dir" --no-rebuild --print-errorlogs --num-processes 2 |
      grep -vE '^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout): ' || status=${PIPESTATUS[0]}
    log=$dir/meson-logs/testlog.txt
    # Every doctest program prints one summary line: add up their cases, then count each other
    # test program (examples, consumer builds, header checks) as one test.
    passed=0 failed=0 doctest_prog=0 doctest_ok=0
    while read -r line; do
      p=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) passed.*/\1/p')
      f=$(echo "$line" | sed -nE 's/.*\| *([0-9]+) failed.*/\1/p')
      passed=$(( passed + ${p:-0} )) failed=$(( failed + ${f:-1} )) doctest_prog=$(( doctest_prog + 1 ))
      [ "${f:-1}" = 0 ] && doctest_ok=$(( doctest_ok + 1 ))
    done < <(grep -E '^\[doctest\] test cases:' "$log" || true)
    meson_fail=$(sed -nE 's/^Fail: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    meson_ok=$(sed -nE 's/^Ok: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    [ "$doctest_prog" -gt 0 ] || echo "xcub: no doctest summary in $log: the test programs did not finish"
    # .ci/run adds up these files: keep the form "tests: N passed, N failed"
    echo "tests: $(( passed + ${meson_ok:-0} - doctest_ok )) passed, $(( failed + ${meson_fail:-0} - (doctest_prog - doctest_ok) )) failed" \
      > "$dir/summary.txt"
    echo
    cat "$dir/summary.txt"
    exit $status ;;
esac
