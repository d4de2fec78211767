#!/usr/bin/env python3
"""Summarizes a benchmark results JSON (bench/results/*.json) as a markdown table: per benchmark
name, the number of configurations and the min, median and max ratio xcub/CUB (CUB time over xcub
time); then every configuration below the target (default 0.98)."""
import json
import statistics
import sys
from collections import defaultdict

path = sys.argv[1]
target = float(sys.argv[2]) if len(sys.argv) > 2 else 0.98
rows = json.load(open(path))["rows"]
key = lambda r: (r["benchmark"], r["type"], r.get("block_threads"), r["repeat"])
xcub = {key(r): r["median_ms"] for r in rows if r["impl"] == "xcub"}
cub = {key(r): r["median_ms"] for r in rows if r["impl"] == "cub"}
per, misses = defaultdict(list), []
for k, ms in xcub.items():
    ratio = cub[k] / ms
    per[k[0]].append(ratio)
    if ratio < target:
        misses.append((ratio, k))
print("| benchmark | configurations | min ratio | median ratio | max ratio |")
print("|---|---|---|---|---|")
for name, v in per.items():
    low = f"**{min(v):.3f}**" if min(v) < target else f"{min(v):.3f}"
    print(f"| {name} | {len(v)} | {low} | {statistics.median(v):.3f} | {max(v):.3f} |")
every = [r for v in per.values() for r in v]
print(f"\n{len(every)} pairs, median ratio {statistics.median(every):.3f}, "
      f"{sum(r >= target for r in every)} at or above {target}.")
if misses:
    print("\n| below target | type | threads | items per thread | ratio |")
    print("|---|---|---|---|---|")
    for ratio, (name, typ, threads, items) in sorted(misses):
        print(f"| {name} | {typ} | {threads} | {items} | {ratio:.3f} |")
