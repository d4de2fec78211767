#!/usr/bin/env python3
"""The device benchmarks' CUB times beside a plain CUB program's (bench/cuda/plain_cub.cu).

    python3 bench/compare_plain_cub.py PLAIN.json [RESULTS_DIR_OR_JSON ...] [--limit 3]

PLAIN.json: the plain program's results (impl "cub-plain"). The benchmark results: every
device_*.json in the folders and the files given (default bench/results/latest), on the plain
file's GPU where the names carry one (<program>-<gpu>.json). For each CUB row of the benchmarks
(impl "cub", or "cub ..." where CUB's call stands in for a missing algorithm) that the plain program
also timed (same benchmark, type with its count type, size), it prints CUB in the benchmark, CUB
plain and their ratio (bench / plain; above 1: the benchmark's CUB is slower than a plain program's)
as a markdown table, and marks the rows beyond the limit (3% by default). Then the rows found on one
side only. It measures: the exit status is always 0 (an unreadable file is reported on stderr).
"""
import argparse
import glob
import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bench_files(paths, gpu):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(glob.glob(os.path.join(p, "device_*.json"))):
                stem = os.path.basename(f)[:-5]
                _, _, g = stem.rpartition("-")
                if gpu and g and g != gpu:
                    continue
                out.append(f)
        else:
            out.append(p)
    return out


def compare(plain, paths):
    """(matched, bench_only, plain_only): matched rows (program, (benchmark, type, log2), bench ms,
    plain ms, runs); the benchmarks' CUB rows without a plain row; the plain rows without one."""
    plain_rows = {(r["benchmark"], r["type"], r["log2_items"]): r for r in plain["rows"]}
    matched, bench_only, seen = [], [], set()
    for path in paths:
        try:
            with open(path) as f:
                res = json.load(f)
        except (OSError, ValueError) as e:
            print(f"compare_plain_cub: {path}: {e} (left out)", file=sys.stderr)
            continue
        program = res.get("benchmark", os.path.basename(path))
        for r in res.get("rows", []):
            impl = r.get("impl", "")
            if not (impl == "cub" or impl.startswith("cub ")):
                continue
            key = (r["benchmark"], r["type"], r["log2_items"])
            p = plain_rows.get(key)
            if p is None:
                bench_only.append((program, key))
                continue
            seen.add(key)
            matched.append((program, key, r["median_ms"], p["median_ms"], r.get("runs", 0)))
    return matched, bench_only, sorted(k for k in plain_rows if k not in seen)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("plain")
    ap.add_argument("results", nargs="*", default=[os.path.join(ROOT, "bench", "results", "latest")])
    ap.add_argument("--limit", type=float, default=3.0, help="percent beyond which a row is marked (default 3)")
    args = ap.parse_args(argv[1:])
    try:
        with open(args.plain) as f:
            plain = json.load(f)
    except (OSError, ValueError) as e:
        print(f"compare_plain_cub: {args.plain}: {e}", file=sys.stderr)
        return 0
    stem = os.path.basename(args.plain)[:-5] if args.plain.endswith(".json") else ""
    gpu = stem.rpartition("-")[2] if "-" in stem else ""
    matched, bench_only, plain_only = compare(plain, bench_files(args.results, gpu))
    limit = args.limit / 100.0
    print(f"CUB in the device benchmarks against CUB alone (plain_cub) on {plain.get('device', '?')}, plain run "
          f"{plain.get('date', '?')}, commit {plain.get('commit', '?')}.")
    print()
    print("bench: the benchmark's CUB row (median of 30 calls, or 20, interleaved with xcub's, buffers swapped "
          "where the program swaps them); plain: the plain program (median of 15 calls each timed alone after "
          "3 warm-ups); ratio = bench / plain (above 1: slower in the benchmark). Types ending in \" i64\": "
          f"64-bit counts. Marked (**): more than {args.limit:g}% apart.")
    print()
    print("| program | benchmark | type | items | CUB bench ms | CUB plain ms | ratio | |")
    print("|---|---|---|---|---|---|---|---|")
    beyond = 0
    for program, (bench, typ, k), b, p, _ in matched:
        ratio = b / p if p > 0 else float("inf")
        off = abs(ratio - 1.0) > limit
        beyond += off
        mark = "**beyond**" if off else ""
        print(f"| {program} | {bench} | {typ} | 2^{k} | {b:.4f} | {p:.4f} | {ratio:.3f} | {mark} |")
    print()
    if matched:
        ratios = [b / p for _, _, b, p, _ in matched if p > 0]
        big = [b / p for _, (_, _, k), b, p, _ in matched if p > 0 and k >= 24]
        print(f"{len(matched)} rows compared: median ratio {statistics.median(ratios):.3f}, "
              f"{beyond} beyond {args.limit:g}%"
              + (f"; from 2^24 up: {len(big)} rows, median {statistics.median(big):.3f}, "
                 f"range {min(big):.3f}-{max(big):.3f}" if big else "") + ".")
    else:
        print("No rows compared (no benchmark results for this GPU, or no common rows).")
    if bench_only:
        print()
        print(f"{len(bench_only)} CUB rows of the benchmarks have no plain row (a size or count type the plain run "
              "did not time): " + ", ".join(f"{b} {t} 2^{k}" for _, (b, t, k) in bench_only[:12])
              + (" ..." if len(bench_only) > 12 else ""))
    if plain_only:
        print()
        print(f"{len(plain_only)} plain rows have no benchmark row: "
              + ", ".join(f"{b} {t} 2^{k}" for b, t, k in plain_only[:12]) + (" ..." if len(plain_only) > 12 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
