#!/usr/bin/env python3
"""Summarizes device benchmark results (bench/cuda/device_* JSON, and bench/compile_time.sh's JSON)
as markdown to paste: per benchmark, type and baseline, the ratio and % of copy at 2^28 items and
the min and median ratio over the sizes from 2^20 up; then the issue's targets, pass or miss.

    python3 bench/summarize_device.py device_reduce-DAY.json device_scan-DAY.json ... [compile_time-DAY.json]

Ratio = baseline median time / xcub median time (above 1: xcub faster); baseline = CUB unless named.
"""
import json
import statistics
import sys

HEADLINE = 28

# (label, benchmark, type, baseline, measure, target): measure "ratio" (baseline time / xcub time)
# or "pct_copy" (xcub GB/s of the minimum traffic over the same-size memcpy's), at 2^28 items.
TARGETS = [
    ("DeviceReduce::Sum int32 >= 0.98x CUB", "DeviceReduce::Sum", "int32", "cub", "ratio", 0.98),
    ("DeviceReduce::Sum float >= 0.98x CUB", "DeviceReduce::Sum", "float", "cub", "ratio", 0.98),
    ("DeviceScan::InclusiveSum int32 >= 90% of copy", "DeviceScan::InclusiveSum", "int32", "cub", "pct_copy", 90.0),
    ("DeviceSegmentedReduce::Sum int32, segments of 8, >= 50% of copy",
     "DeviceSegmentedReduce::Sum segments of 8", "int32", "cub", "pct_copy", 50.0),
    ("DeviceSegmentedReduce::Sum int32, segments of 1000, >= 80% of copy",
     "DeviceSegmentedReduce::Sum segments of 1000", "int32", "cub", "pct_copy", 80.0),
    # within 1.5x of the plain sum: plain time / reproducible time >= 1 / 1.5
    ("reproducible float Sum within 1.5x of xcub's plain Sum", "DeviceReduce::Sum reproducible", "float",
     "xcub Sum", "ratio", 1 / 1.5),
]
COMPILE_TARGET = 0.7  # xcub's compile time at most 0.7x CUB's


def pairs(paths):
    """({(benchmark, type, baseline): {log2: (xcub row, baseline row)}}, [compile-time rows], devices)."""
    out, compile_rows, devices = {}, [], set()
    for path in paths:
        with open(path) as f:
            results = json.load(f)
        devices.add((results.get("device", "?"), results.get("date", "?"), results.get("commit", "?")))
        if results.get("benchmark") == "compile_time":
            compile_rows += results["rows"]
            continue
        rows = results["rows"]
        for i, r in enumerate(rows):
            if r["impl"] != "xcub":
                continue
            b = rows[i + 1]  # the harness writes each xcub row followed by its baseline's
            assert b["benchmark"] == r["benchmark"] and b["items"] == r["items"], (r, b)
            key = (r["benchmark"], r["type"], r.get("baseline", "cub"))
            out.setdefault(key, {})[r["log2_items"]] = (r, b)
    return out, compile_rows, devices


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    table, compile_rows, devices = pairs(argv[1:])
    for device, date, commit in sorted(devices):
        print(f"Device {device}, {date}, commit {commit}.")
    print()
    print(f"| benchmark | type | baseline | ratio at 2^{HEADLINE} | xcub % of copy | baseline % of copy "
          f"| min ratio, >= 2^20 | median ratio, >= 2^20 | sizes |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (bench, typ, baseline), by_size in table.items():
        big = [x for k, x in by_size.items() if k >= 20]
        ratios = [b["median_ms"] / x["median_ms"] for x, b in big]
        head = by_size.get(HEADLINE)
        h_ratio = f"{head[1]['median_ms'] / head[0]['median_ms']:.3f}" if head else "-"
        h_x = f"{head[0]['pct_copy']:.0f}%" if head else "-"
        h_b = f"{head[1]['pct_copy']:.0f}%" if head else "-"
        lo = f"{min(ratios):.3f}" if ratios else "-"
        med = f"{statistics.median(ratios):.3f}" if ratios else "-"
        sizes = f"2^{min(by_size)}..2^{max(by_size)}"
        print(f"| {bench} | {typ} | {baseline} | {h_ratio} | {h_x} | {h_b} | {lo} | {med} | {sizes} |")

    print(f"\n**Targets** (at 2^{HEADLINE} items)\n")
    print("| target | measured | result |")
    print("|---|---|---|")
    for label, bench, typ, baseline, measure, target in TARGETS:
        head = table.get((bench, typ, baseline), {}).get(HEADLINE)
        if head is None:
            print(f"| {label} | not run | - |")
            continue
        x, b = head
        if measure == "ratio":
            value = b["median_ms"] / x["median_ms"]
            shown = f"{value:.3f}" if baseline == "cub" else f"{1 / value:.2f}x the plain sum's time"
        else:
            value = x[measure]
            shown = f"{value:.1f}% ({x['gbps']:.0f} of {x['copy_gbps']:.0f} GB/s)"
        print(f"| {label} | {shown} | {'pass' if value >= target else '**miss**'} |")
    if compile_rows:
        secs = {r["impl"]: r["compile_seconds"] for r in compile_rows}
        if "xcub" in secs and "cub" in secs:
            ratio = secs["xcub"] / secs["cub"]
            print(f"| compile time (sm_90) <= {COMPILE_TARGET}x CUB's | xcub {secs['xcub']:.1f} s, CUB "
                  f"{secs['cub']:.1f} s: {ratio:.2f}x | {'pass' if ratio <= COMPILE_TARGET else '**miss**'} |")
    else:
        print(f"| compile time (sm_90) <= {COMPILE_TARGET}x CUB's | not run | - |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
