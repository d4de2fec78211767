#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the CUDA benchmarks (sm_90 unless XCUB_CUDA_ARCHITECTURES
# says otherwise) and runs each, writing its JSON and printed table to $OUT (or bench/results).
# Record the commit with XCUB_COMMIT=<hash> (the GPU machine's copy has no git history).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-bench/results}
mkdir -p "$out"
XCUB_BACKEND=cuda XCUB_CUDA_ARCHITECTURES=${XCUB_CUDA_ARCHITECTURES:-90} XCUB_MESON_ARGS="-Dbenchmarks=enabled" \
  bash scripts/xcub.sh build > "$out/bench-build.log" 2>&1 || { tail -n 30 "$out/bench-build.log"; exit 1; }
day=$(date -u +%F)
for b in warp_collectives; do
  build/cuda/bench/cuda/$b "$out/$b-$day.json" | tee "$out/$b-$day.md"
done
