#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the CUDA backend, runs the whole test suite and the
# examples, then the suite again under compute-sanitizer's memcheck, racecheck and synccheck.
# Logs go to $OUT (the device tool's output folder) or build/gpu-check.
# XCUB_COMMIT=<hash> names the commit in device.txt (the GPU machine's copy has no current git history).
set -uo pipefail
cd "$(dirname "$0")/.."
# The logs go to a folder that is packed into $OUT/gpu-check-logs.tar.gz at the end (the device
# tool brings back at most 8 files); the summary printed here is the part to read.
final=${OUT:-build/gpu-check}
out=$(mktemp -d)
# Packed after every step too, so that a run cut off by a time limit still brings back
# the logs of the steps it finished.
pack() { tar -C "$out" -czf "$final/gpu-check-logs.tar.gz" . ; cp "$out/device.txt" "$final/" 2>/dev/null; }
trap pack EXIT
mkdir -p "$final"
export XCUB_BACKEND=cuda XCUB_CUDA_ARCHITECTURES=${XCUB_CUDA_ARCHITECTURES:-90}
export PATH="$PATH:/usr/local/cuda/bin"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nvcc --version | tail -n 2;
  echo "commit ${XCUB_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}"; } | tee "$out/device.txt"
# XCUB_GPU_STEPS picks the steps (default all), so that a long run can be split over several calls
# on one machine: tests (build and run the suite and the examples), differential (xcub against CUB,
# bitwise: tests/reliability/test_cub_differential.cu, built by the tests step), large (every device
# family over more than 2^31 items: tests/reliability/test_large_*.cu, built by the tests step; about
# 22 GB of device memory), memcheck, racecheck, synccheck, isa.
steps=" ${XCUB_GPU_STEPS:-tests differential large memcheck racecheck synccheck isa} "
want() { [[ "$steps" == *" $1 "* ]]; }
if want tests; then
  bash scripts/xcub.sh tests > "$out/cuda-tests.log" 2>&1
  echo "cuda tests exit $? (${SECONDS}s since start)"
  grep -E '^\[doctest\]|^tests:|block_sum:|euclidean_norm:|block_sort:|^meson:' "$out/cuda-tests.log"
  grep -B2 -A12 'ERROR' "$out/cuda-tests.log" | head -n 60
  pack
fi
if want differential; then
  diff_bin=build/cuda/tests/reliability/xcub_cub_differential
  if [ -x "$diff_bin" ]; then
    "$diff_bin" > "$out/differential.log" 2>&1
    echo "differential against CUB: exit $? (${SECONDS}s since start)"
    grep -E '^\[doctest\]' "$out/differential.log"
    grep -B2 -A12 'ERROR' "$out/differential.log" | head -n 40
  else
    echo "differential against CUB: $diff_bin is not built (the tests step builds it)"
  fi
  pack
fi
if want large; then
  large_bin=build/cuda/tests/reliability/xcub_large_tests
  if [ ! -x "$large_bin" ]; then  # without the tests step: configure if need be, build this program only
    { [ -f build/cuda/build.ninja ] || meson setup build/cuda -Dxcub_backend=cuda \
        -Dxcub_cuda_architectures="$(echo "$XCUB_CUDA_ARCHITECTURES" | tr ' ' ',')" -Dtests=enabled; } &&
      ninja -C build/cuda tests/reliability/xcub_large_tests
  fi > "$out/large-build.log" 2>&1
  if [ -x "$large_bin" ]; then
    # The device memory in use, sampled while it runs (the suite's peak: about 22 GB).
    nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 200 > "$out/large-memory.txt" 2>/dev/null &
    smi=$!
    # XCUB_LARGE_CASES (a doctest --test-case filter, default every case) narrows it.
    "$large_bin" --test-case="${XCUB_LARGE_CASES:-*}" --duration=true > "$out/large.log" 2>&1
    echo "large inputs (past 2^31 items): exit $? (${SECONDS}s since start)"
    kill "$smi" 2>/dev/null
    echo "large inputs: peak device memory in use $(sort -n "$out/large-memory.txt" | tail -n 1) MiB"
    grep -E '^\[doctest\]|^[0-9.]+ s: ' "$out/large.log"  # with the seconds of each case
    grep -B2 -A12 'ERROR' "$out/large.log" | head -n 40
  else
    echo "large inputs: $large_bin did not build (large-build.log)"; tail -n 20 "$out/large-build.log"
  fi
  pack
fi
# Test cases named "(deliberate API errors)" make failing runtime calls on purpose: memcheck would
# report each, so they run in a memcheck pass of their own that does not report API errors.
# XCUB_SANITIZE_SUITES (default: every doctest program, the differential suite against CUB among
# them) picks the programs the sanitizers run (paths under build/cuda/tests).
api='*deliberate API errors*'
for suite in ${XCUB_SANITIZE_SUITES:-xcub_tests xcub_block_tests xcub_sort_tests xcub_device_tests xcub_device_sort_tests reliability/xcub_cub_differential}; do
  [ -x "build/cuda/tests/$suite" ] || continue
  bin=build/cuda/tests/$suite
  for tool in memcheck racecheck synccheck; do
    want "$tool" || continue
    # racecheck loses track of kernels launched from several host threads at once (an "Internal
    # Sanitizer Error", and once a hang, on the H100 with CUDA 13.0): the allocator's multi-threaded
    # case launches no kernel that uses shared memory, so racecheck skips it.
    # Test cases named "(large)" move gigabytes (counts past 2^31): the plain run covers them, the
    # sanitizers would take hours.
    exclude="$api,*(large)*"; [ "$tool" = racecheck ] && exclude="$exclude,*several host threads*"
    # XCUB_SANITIZE_CASES (a doctest --test-case filter, default every case) narrows the sanitizers
    # to the cases a change touched, when the rest were sanitized before and time on the GPU is short.
    compute-sanitizer --tool "$tool" --error-exitcode 1 "$bin" --test-case-exclude="$exclude" \
      --test-case="${XCUB_SANITIZE_CASES:-*}" \
      > "$out/sanitizer-${suite##*/}-$tool.log" 2>&1
    echo "compute-sanitizer $tool $suite: exit $? (${SECONDS}s since start)"
    grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^\[doctest\] test cases' "$out/sanitizer-${suite##*/}-$tool.log"
    pack
  done
done
want memcheck && {
compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 1 build/cuda/tests/xcub_tests \
  --test-case="$api" > "$out/sanitizer-memcheck-api.log" 2>&1
echo "compute-sanitizer memcheck (deliberate API errors, not reported): exit $?"
grep -E 'ERROR SUMMARY|^\[doctest\] test cases' "$out/sanitizer-memcheck-api.log"
compute-sanitizer --tool memcheck --error-exitcode 1 build/cuda/examples/block_sum > "$out/sanitizer-example.log" 2>&1
echo "compute-sanitizer memcheck block_sum: exit $?"; tail -n 2 "$out/sanitizer-example.log"
}

# The machine code of the cache modifiers (docs/cache-modifiers.md), where cuobjdump is installed.
if want isa && command -v cuobjdump >/dev/null; then
  nvcc -x cu -arch=sm_90 -O2 -std=c++17 --expt-relaxed-constexpr -Iinclude -Ibackends/cuda/include -Ibackends/gpu/include -Ibackends/native/include \
       -Ibuild/cuda/include -cubin docs/isa/cache_modifiers.cpp -o "$out/isa.cubin" &&
    cuobjdump -sass "$out/isa.cubin" | grep -E 'Function|LDG|STG|LD\.|ST\.|LDS|STS' > "$out/isa-sass.txt"
  echo "cache-modifier SASS: $(grep -c Function "$out/isa-sass.txt" 2>/dev/null) kernels in isa-sass.txt"
  rm -f "$out/isa.cubin"
fi
