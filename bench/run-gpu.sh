#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the CUDA benchmarks (sm_90 unless XCUB_CUDA_ARCHITECTURES
# says otherwise) and runs each, writing its JSON and printed table to $OUT (or bench/results).
# Record the commit with XCUB_COMMIT=<hash> (the GPU machine's copy has no git history);
# XCUB_BENCH_SASS=1 also writes each benchmark's SASS (cuobjdump) next to its results. Where python3
# has matplotlib, bench/plot.py draws each results file's xcub/CUB ratios into a PNG beside it
# (device_* programs: bench/plot_device.py, throughput against size); bench/summarize_device.py then
# prints the device programs' ratio table and the issue's target checks into device-summary-<day>.md.
# XCUB_BENCH_LOG2 picks the device programs' sizes (default 16-30: 2^16 to 2^30 items).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
out=${OUT:-bench/results}
mkdir -p "$out"
dir=build/cuda-bench  # its own build: the benchmarks need neither the tests nor the examples
all="warp_collectives block_collectives block_sorting device_reduce device_scan device_segmented_reduce device_radix_sort device_select device_merge_sort device_transform device_segmented_sort device_histogram device_find device_batched_copy device_topk compile_time"
for b in $all; do rm -f "$dir/bench/cuda/$b"; done  # never run a program left from an earlier build
status=0
build_ok=1
targets=()  # XCUB_BENCHES: build only those programs (none named: all)
for b in ${XCUB_BENCHES:-}; do [ "$b" = compile_time ] || targets+=("bench/cuda/$b"); done
if [ ${#targets[@]} -gt 0 ]; then
  # Configure as scripts/xcub.sh does where nothing is configured yet; drop the nvcc objects as it
  # does (Meson 1.0 records no header dependencies for them); build just the programs asked for.
  if [ ! -f "$dir/build.ninja" ]; then
    archs=$(echo "${XCUB_CUDA_ARCHITECTURES:-90}" | tr ' ' ',')
    meson setup "$dir" -Dxcub_backend=cuda -Dxcub_cuda_architectures="$archs" \
      -Dbenchmarks=enabled -Dtests=disabled -Dexamples=disabled > "$out/bench-build.log" 2>&1 ||
      { tail -n 30 "$out/bench-build.log"; exit 1; }
  fi
  find "$dir" -name '*.cu.o' -delete
  ninja -C "$dir" "${targets[@]}" >> "$out/bench-build.log" 2>&1 || build_ok=0
elif [ -z "${XCUB_BENCHES:-}" ]; then  # (XCUB_BENCHES=compile_time alone builds nothing)
  XCUB_BACKEND=cuda XCUB_BUILD_DIR=$dir XCUB_CUDA_ARCHITECTURES=${XCUB_CUDA_ARCHITECTURES:-90} \
    XCUB_MESON_ARGS="-Dbenchmarks=enabled -Dtests=disabled -Dexamples=disabled" \
    bash scripts/xcub.sh build > "$out/bench-build.log" 2>&1 || build_ok=0
fi
if [ $build_ok = 0 ]; then
  # A program that does not compile is left out ("was not built" below): build all the others.
  [ -f "$dir/build.ninja" ] || { tail -n 30 "$out/bench-build.log"; exit 1; }
  if ! ninja -C "$dir" -k 0 "${targets[@]}" >> "$out/bench-build.log" 2>&1; then
    echo "run-gpu: these did not compile (see $out/bench-build.log):"
    grep '^FAILED' "$out/bench-build.log" | sort -u || true
  fi
  status=1
fi
day=$(date -u +%F)
plot=
python3 -c 'import matplotlib' 2>/dev/null && plot=1
# XCUB_BENCHES picks the programs (default: every one built, then compile_time: bench/compile_time.sh).
device_json=()
for b in ${XCUB_BENCHES:-$all}; do
  if [ "$b" = compile_time ]; then
    rm -f "$out/compile_time-$day.json"
    bash bench/compile_time.sh "$out/compile_time-$day.json" | tee "$out/compile_time-$day.md" ||
      { echo "run-gpu: compile_time failed"; status=1; }
    [ -f "$out/compile_time-$day.json" ] && device_json+=("$out/compile_time-$day.json")
    continue
  fi
  [ -x "$dir/bench/cuda/$b" ] || { echo "run-gpu: $b was not built"; continue; }
  [ -n "${XCUB_BENCH_SASS:-}" ] && cuobjdump -sass "$dir/bench/cuda/$b" | gzip -9 > "$out/$b.sass.txt.gz"
  # A failed check aborts that program only; the others still run, and the script's status says so.
  "$dir/bench/cuda/$b" "$out/$b-$day.json" | tee "$out/$b-$day.md" || { echo "run-gpu: $b FAILED"; status=1; continue; }
  case $b in
    device_*) device_json+=("$out/$b-$day.json"); plotter=bench/plot_device.py ;;
    *) plotter=bench/plot.py ;;
  esac
  if [ -n "$plot" ]; then python3 $plotter "$out/$b-$day.json" || echo "run-gpu: no plot for $b"; fi
done
if [ ${#device_json[@]} -gt 0 ]; then
  python3 bench/summarize_device.py "${device_json[@]}" | tee "$out/device-summary-$day.md"
fi
exit $status
