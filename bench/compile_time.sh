#!/usr/bin/env bash
# Compile time of the device layer against CUB's: times `nvcc -arch=sm_90 -c` of
# bench/compile_time/xcub_device_calls.cu and of cub_device_calls.cu (the same five calls written
# with CUB), XCUB_COMPILE_RUNS times each (default 3), xcub and CUB in alternation, and reports the
# median of each and their ratio (the target: xcub at most 0.7x CUB's time, bench/targets.py). No
# ccache: nvcc and its host compiler are called by their full paths, CCACHE_DISABLE=1 besides.
#
#   bash bench/compile_time.sh [results.json]
#
# Environment: NVCC (default /usr/local/cuda/bin/nvcc), NVCC_CCBIN (default the real path of g++),
# XCUB_COMMIT (recorded in the JSON), XCUB_COMPILE_ARCH (default 90).
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
ccbin=${NVCC_CCBIN:-$(readlink -f "$(command -v g++)")}
runs=${XCUB_COMPILE_RUNS:-3}
arch=${XCUB_COMPILE_ARCH:-90}
json=${1:-}
export CCACHE_DISABLE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The header Meson generates for a CUDA build (xcub/backend_config.hpp), so no build directory is needed.
mkdir -p "$tmp/include/xcub"
sed -e 's/@XCUB_BACKEND_HOST@/0/' -e 's/@XCUB_BACKEND_CUDA@/1/' -e 's/@XCUB_BACKEND_HIP@/0/' -e 's/@XCUB_BACKEND_KOKKOS@/0/' \
    -e 's/@XCUB_BACKEND_NAME@/"cuda"/' -e 's/@XCUB_HOST_WARP_THREADS@/32/' -e "s/@XCUB_TARGETS_TAG@/cuda_sm$arch/" \
    include/xcub/backend_config.hpp.in > "$tmp/include/xcub/backend_config.hpp"
if grep -q @ "$tmp/include/xcub/backend_config.hpp"; then
  echo "compile_time.sh: backend_config.hpp.in has a value this script does not fill:" >&2
  grep @ "$tmp/include/xcub/backend_config.hpp" >&2
  exit 1
fi

flags=(-ccbin "$ccbin" -arch=sm_$arch -std=c++17 --expt-relaxed-constexpr -O2
       -I"$tmp/include" -Iinclude -Ibackends/cuda/include -Ibackends/gpu/include -Ibackends/native/include)

# compile IMPL: prints the seconds one `nvcc -c` of IMPL's source takes (aborts on a compile error)
compile() {
  local src=bench/compile_time/$1_device_calls.cu start end
  start=$(date +%s%N)
  "$nvcc" "${flags[@]}" -c "$src" -o "$tmp/$1.o" 2> "$tmp/$1.log" || { cat "$tmp/$1.log" >&2; exit 1; }
  end=$(date +%s%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }'
}
median() {
  printf '%s\n' "$@" | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

xcub_times=() cub_times=()
for ((i = 0; i < runs; ++i)); do
  if ((i % 2 == 0)); then
    xcub_times+=("$(compile xcub)"); cub_times+=("$(compile cub)")
  else
    cub_times+=("$(compile cub)"); xcub_times+=("$(compile xcub)")
  fi
done
xcub_s=$(median "${xcub_times[@]}")
cub_s=$(median "${cub_times[@]}")
ratio=$(awk -v x="$xcub_s" -v c="$cub_s" 'BEGIN { printf "%.3f", x / c }')
nvcc_version=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
host="$(uname -n), $(nproc) cores"
day=$(date -u +%F)

echo "Compile time, nvcc $nvcc_version -arch=sm_$arch -c (host compiler $ccbin), on $host, $day,"
echo "commit ${XCUB_COMMIT:-?}: five device calls (DeviceReduce::Sum, ArgMax, DeviceScan::InclusiveSum,"
echo "ExclusiveScan, DeviceSegmentedReduce::Sum)"
echo
echo "| source | runs (s) | median (s) |"
echo "|---|---|---|"
echo "| bench/compile_time/xcub_device_calls.cu | ${xcub_times[*]} | $xcub_s |"
echo "| bench/compile_time/cub_device_calls.cu | ${cub_times[*]} | $cub_s |"
echo
echo "ratio xcub/CUB = $ratio (target: at most 0.7)"

if [ -n "$json" ]; then
  list() { local IFS=,; echo "$*"; }
  cat > "$json" <<EOF
{
  "benchmark": "compile_time",
  "device": "$host",
  "date": "$day",
  "commit": "${XCUB_COMMIT:-?}",
  "nvcc": "$nvcc_version",
  "flags": "-arch=sm_$arch -std=c++17 --expt-relaxed-constexpr -O2 -c",
  "ratio": $ratio,
  "rows": [
    {"benchmark": "compile five device calls", "impl": "xcub", "source": "bench/compile_time/xcub_device_calls.cu",
     "compile_seconds": $xcub_s, "runs": [$(list "${xcub_times[@]}")]},
    {"benchmark": "compile five device calls", "impl": "cub", "source": "bench/compile_time/cub_device_calls.cu",
     "compile_seconds": $cub_s, "runs": [$(list "${cub_times[@]}")]}
  ]
}
EOF
fi
