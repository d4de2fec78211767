#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the CUDA benchmarks (sm_90 unless XCUB_CUDA_ARCHITECTURES
# says otherwise) and runs each. Each program's JSON and printed table go to
# $OUT/latest/<benchmark>-<gpu>.{json,md} (OUT defaults to bench/results), replacing the previous
# run's on that GPU model; bench/plot.py (block and warp programs) or bench/plot_device.py (device
# programs) draws the .png beside them where python3 has matplotlib; then bench/make_benchmarks_md.py
# regenerates BENCHMARKS.md from latest/ (with OUT set: $OUT/BENCHMARKS.md; copy $OUT/latest/* into
# bench/results/latest/ and rerun it in the repository). Earlier results live in git history only.
# Record the commit with XCUB_COMMIT=<hash> (the GPU machine's copy has no git history);
# XCUB_BENCH_SASS=1 also writes each benchmark's SASS (cuobjdump) next to its results.
# XCUB_BENCH_LOG2 picks the device programs' sizes (default 16-30: 2^16 to 2^30 items);
# XCUB_BENCH_COUNTS="int" or "i64" their count types (default both where CUB's speed depends on it).
# plain_cub (after the device programs): CUB alone, called as a CUB user calls it, on the same inputs
# (bench/cuda/plain_cub.cu; sizes from XCUB_BENCH_LOG2, default 16 20 24 28), every device family
# or those in XCUB_PLAIN_FAMILIES ("radix_sort scan ..."); it writes $OUT/latest/plain_cub-<gpu>.json
# (keeping an earlier run's rows that this one did not time)
# and plain_cub-<gpu>.md, the device programs' CUB times in latest/ beside its own
# (bench/compare_plain_cub.py: rows more than 3% apart are marked).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
base=${OUT:-bench/results}
out=$base/latest
mkdir -p "$out"
dir=build/cuda-bench  # its own build: the benchmarks need neither the tests nor the examples
all="warp_collectives block_collectives block_sorting device_reduce device_scan device_segmented_reduce device_radix_sort device_select device_merge_sort device_transform device_segmented_sort device_histogram device_find device_batched_copy device_topk plain_cub compile_time"
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
      -Dbenchmarks=enabled -Dtests=disabled -Dexamples=disabled > "$base/bench-build.log" 2>&1 ||
      { tail -n 30 "$base/bench-build.log"; exit 1; }
  fi
  find "$dir" -name '*.cu.o' -delete
  ninja -C "$dir" "${targets[@]}" >> "$base/bench-build.log" 2>&1 || build_ok=0
elif [ -z "${XCUB_BENCHES:-}" ]; then  # (XCUB_BENCHES=compile_time alone builds nothing)
  XCUB_BACKEND=cuda XCUB_BUILD_DIR=$dir XCUB_CUDA_ARCHITECTURES=${XCUB_CUDA_ARCHITECTURES:-90} \
    XCUB_MESON_ARGS="-Dbenchmarks=enabled -Dtests=disabled -Dexamples=disabled" \
    bash scripts/xcub.sh build > "$base/bench-build.log" 2>&1 || build_ok=0
fi
if [ $build_ok = 0 ]; then
  # A program that does not compile is left out ("was not built" below): build all the others.
  [ -f "$dir/build.ninja" ] || { tail -n 30 "$base/bench-build.log"; exit 1; }
  if ! ninja -C "$dir" -k 0 "${targets[@]}" >> "$base/bench-build.log" 2>&1; then
    echo "run-gpu: these did not compile (see $base/bench-build.log):"
    grep '^FAILED' "$base/bench-build.log" | sort -u || true
  fi
  status=1
fi
# The GPU model names the files: "NVIDIA H200" -> h200, "NVIDIA H100 80GB HBM3" -> h100.
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 |
  grep -oE '\b[A-Z][0-9]{2,4}\b' | head -n 1 | tr 'A-Z' 'a-z' || true)
gpu=${gpu:-gpu}
# CUB as measured: the toolkit's CCCL version and nvcc's release, added to each results file.
cuda_inc=/usr/local/cuda/include
cub_v=$(grep -hoE 'define CUB_VERSION [0-9]+' "$cuda_inc/cccl/cub/version.cuh" "$cuda_inc/cub/version.cuh" 2>/dev/null |
  head -n 1 | awk '{v=$3; printf "%d.%d.%d", v/100000, (v/100)%1000, v%100}' || true)
nvcc_v=$(nvcc --version 2>/dev/null | grep -oE 'V[0-9.]+' | head -n 1 | tr -d V || true)
export XCUB_CUB_VERSION="CUB ${cub_v:-?} (CUDA ${nvcc_v:-?})"
stamp() {  # adds cub_version to a results file
  python3 - "$1" <<'PY'
import json, os, sys
p = sys.argv[1]
d = json.load(open(p))
d["cub_version"] = os.environ["XCUB_CUB_VERSION"]
head = ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in d.items() if not isinstance(v, list))
lists = "".join(f', {json.dumps(k)}: [\n' + ",\n".join(json.dumps(r) for r in v) + "\n]"
                for k, v in d.items() if isinstance(v, list))
open(p, "w").write("{" + head + lists + "}\n")
PY
}
plot=
python3 -c 'import matplotlib' 2>/dev/null && plot=1
# XCUB_BENCHES picks the programs (default: every one built, then compile_time: bench/compile_time.sh).
for b in ${XCUB_BENCHES:-$all}; do
  if [ "$b" = compile_time ]; then
    rm -f "$out/compile_time.json"
    bash bench/compile_time.sh "$out/compile_time.json" | tee "$out/compile_time.md" ||
      { echo "run-gpu: compile_time failed"; status=1; }
    continue
  fi
  [ -x "$dir/bench/cuda/$b" ] || { echo "run-gpu: $b was not built"; continue; }
  if [ "$b" = plain_cub ]; then
    f=$out/plain_cub-$gpu
    # shellcheck disable=SC2086  # the families are words
    "$dir/bench/cuda/plain_cub" "$f.json.new" ${XCUB_PLAIN_FAMILIES:-} > "$base/plain_cub-$gpu.log" ||
      { echo "run-gpu: plain_cub FAILED"; rm -f "$f.json.new"; status=1; continue; }
    # Rows of an earlier plain run on this GPU that this one did not time (other families or sizes) stay.
    [ -f "$f.json" ] && python3 - "$f.json" "$f.json.new" <<'PY'
import json, sys
old, new = (json.load(open(p)) for p in sys.argv[1:3])
if old.get("device") == new.get("device"):
    key = lambda r: (r["benchmark"], r["type"], r["log2_items"])
    have = {key(r) for r in new["rows"]}
    new["rows"] = [r for r in old.get("rows", []) if key(r) not in have] + new["rows"]
    json.dump(new, open(sys.argv[2], "w"), indent=1)
PY
    mv "$f.json.new" "$f.json"
    stamp "$f.json"
    python3 bench/compare_plain_cub.py "$f.json" "$out" | tee "$f.md"
    continue
  fi
  [ -n "${XCUB_BENCH_SASS:-}" ] && cuobjdump -sass "$dir/bench/cuda/$b" | gzip -9 > "$base/$b-$gpu.sass.txt.gz"
  # A failed check aborts that program only (its previous latest/ files stay); the others still run,
  # and the script's status says so. The new files replace the old only when the program succeeds.
  f=$out/$b-$gpu
  "$dir/bench/cuda/$b" "$f.json.new" | tee "$f.md.new" ||
    { echo "run-gpu: $b FAILED"; rm -f "$f.json.new" "$f.md.new"; status=1; continue; }
  mv "$f.json.new" "$f.json"; mv "$f.md.new" "$f.md"; rm -f "$f.png"
  stamp "$f.json"
  case $b in
    device_*) plotter=bench/plot_device.py ;;
    *) plotter=bench/plot.py ;;
  esac
  if [ -n "$plot" ]; then python3 $plotter "$f.json" || echo "run-gpu: no plot for $b"; fi
done
if [ -n "${OUT:-}" ]; then
  python3 bench/make_benchmarks_md.py --results "$out" --output "$base/BENCHMARKS.md"
else
  python3 bench/make_benchmarks_md.py
fi
exit $status
