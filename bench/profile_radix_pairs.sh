#!/usr/bin/env bash
# On a machine with an NVIDIA GPU and Nsight Compute: the time of every kernel of SortPairs u32/u32
# at 2^LOG2 pairs (default 28), xcub's and CUB's, for uniformly random keys and for keys of nine
# values, with the clocks free (ncu --clock-control none), with DRAM bytes, registers and achieved
# occupancy per kernel; the probe's own timed comparison first. Where a pass's time goes is what
# docs/device-radix-sort.md ("What limits SortPairs") asks next.
#   bench/profile_radix_pairs.sh [PROBE] [LOG2]   (PROBE: build/cuda-bench/bench/cuda/packed_pairs_probe,
#                                                  built by ninja bench/cuda/packed_pairs_probe)
# Writes ncu-<keys>.csv under $OUT (or bench/results) and prints one line per kernel launch.
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"
probe=${1:-build/cuda-bench/bench/cuda/packed_pairs_probe}
log2=${2:-28}
out=${OUT:-bench/results}
mkdir -p "$out"
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread
metrics=$metrics,sm__warps_active.avg.pct_of_peak_sustained_active
for keys in random low; do
  "$probe" "$log2" "$keys"
  ncu --clock-control none --metrics "$metrics" --csv "$probe" "$log2" "$keys" profile > "$out/ncu-$keys.csv" 2> "$out/ncu-$keys.err" ||
    { echo "ncu failed ($keys): $(tail -n 3 "$out/ncu-$keys.err")"; continue; }
  python3 - "$out/ncu-$keys.csv" "$keys" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
head, rows = rows[0], rows[1:]
col = {name: head.index(name) for name in ('ID', 'Kernel Name', 'Metric Name', 'Metric Value', 'Metric Unit')}
launches = {}
for r in rows:
    entry = launches.setdefault(int(r[col['ID']]), {'kernel': r[col['Kernel Name']]})
    entry[r[col['Metric Name']]] = (r[col['Metric Value']], r[col['Metric Unit']])
print(f"== keys: {sys.argv[2]} (launch, kernel, time, DRAM read, DRAM write, registers, warps active %)")
for i in sorted(launches):
    e = launches[i]
    get = lambda m: ' '.join(e.get(m, ('-', '')))
    print(i, e['kernel'][:70].ljust(70), get('gpu__time_duration.sum'), get('dram__bytes_read.sum'),
          get('dram__bytes_write.sum'), get('launch__registers_per_thread'),
          get('sm__warps_active.avg.pct_of_peak_sustained_active'))
PY
done
