#!/usr/bin/env python3
"""Writes BENCHMARKS.md from the newest results and the hand-kept targets.

    python3 bench/make_benchmarks_md.py [--results bench/results/latest] [--output BENCHMARKS.md]
    python3 bench/make_benchmarks_md.py --headline     # one row per target and GPU, for the README

Reads every <benchmark>-<gpu>.json in the results folder (the harness's files: device, date, commit,
copy bandwidth, rows of benchmark, type, impl, items, bytes, median_ms) and bench/targets.py (titles,
what each benchmark runs, targets, what limits each miss). Per family and device it prints the
table, the plot (the .png beside the .json), the targets with pass or miss and, for a miss, what
limits it. Ratio = baseline time / xcub time (above 1: xcub faster). Nothing is measured here.
"""
import argparse
import glob
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import targets as T  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(results_dir):
    """{family key: [(gpu, results dict, json path)]}, GPUs in name order."""
    out = {}
    for path in sorted(glob.glob(os.path.join(results_dir, "*.json"))):
        stem = os.path.basename(path)[:-5]
        family, _, gpu = stem.rpartition("-")
        if not family:
            family, gpu = stem, ""
        with open(path) as f:
            out.setdefault(family, []).append((gpu, json.load(f), path))
    return out


BASE = ROOT  # links are relative to the output file's folder


def rel(path):
    return os.path.relpath(path, BASE)


def fmt_ratio(r):
    return f"{r:.3f}" if r < 10 else f"{r:.1f}"


def header_line(res, path):
    cub = res.get("cub_version", T.DEFAULT_CUB)
    copy = res.get("copy_bandwidth_gbps")
    copy = f"; copy bandwidth {copy:.0f} GB/s" if copy else ""
    return (f"{res.get('device', '?')}, {res.get('date', '?')}, commit {res.get('commit', '?')}, "
            f"{cub}{copy}. Results: `{rel(path)}`.")


# Device families: the harness writes each xcub row followed by its baseline's.
def device_pairs(res):
    out = {}
    rows = res["rows"]
    for i, r in enumerate(rows):
        if r["impl"] != "xcub":
            continue
        b = rows[i + 1]
        assert b["benchmark"] == r["benchmark"] and b["items"] == r["items"], (r, b)
        key = (r["benchmark"], r["type"], r.get("baseline", "cub"))
        out.setdefault(key, {})[r["log2_items"]] = (r, b)
    return out


def headline(by_size, log2=None):
    if log2 is not None:
        return log2 if log2 in by_size else None
    return T.HEADLINE_LOG2 if T.HEADLINE_LOG2 in by_size else max(by_size)


def device_measure(pairs, bench, typ, baseline, log2, measure):
    """A target's value and where it was measured. Where the benchmark also ran with 64-bit counts
    (rows of type `typ + " i64"`), the lower of the two values, its size then noted with the count."""
    best = (None, None)
    for t, note in ((typ, ""), (typ + " i64", ", i64 counts")):
        value, n = device_measure_one(pairs, bench, t, baseline, log2, measure)
        if value is not None and (best[0] is None or value < best[0]):
            best = (value, f"{n}{note}" if note else n)
    return best


def device_measure_one(pairs, bench, typ, baseline, log2, measure):
    by_size = pairs.get((bench, typ, baseline))
    if not by_size:
        return None, None
    n = headline(by_size, log2)
    if n is None:
        return None, None
    x, b = by_size[n]
    if measure == "ratio":
        return b["median_ms"] / x["median_ms"], n
    if measure == "pct_copy":
        return x["pct_copy"], n
    raise ValueError(measure)


def device_table(fam, res, lines):
    pairs = device_pairs(res)
    lines.append("| benchmark | type | baseline | items | xcub ms | baseline ms | ratio | xcub GB/s "
                 "| xcub % of copy | baseline % of copy | lowest ratio from 2^20 (at) |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
    below = []
    for (bench, typ, baseline), by_size in pairs.items():
        n = headline(by_size)
        x, b = by_size[n]
        ratio = b["median_ms"] / x["median_ms"]
        big = {k: v[1]["median_ms"] / v[0]["median_ms"] for k, v in by_size.items() if k >= 20}
        low = f"{fmt_ratio(min(big.values()))} (2^{min(big, key=big.get)})" if big else "-"
        lines.append(f"| {bench} | {typ} | {baseline} | 2^{n} | {x['median_ms']:.3f} | {b['median_ms']:.3f} "
                     f"| {fmt_ratio(ratio)} | {x['gbps']:.0f} | {x['pct_copy']:.0f}% | {b['pct_copy']:.0f}% "
                     f"| {low} |")
        why = T.KNOWN_BELOW.get((fam["key"], bench, typ)) or T.KNOWN_BELOW.get(
            (fam["key"], bench, typ[:-4] if typ.endswith(" i64") else typ))
        if why and ratio < 1.0:
            below.append(f"- {bench} {typ} at {fmt_ratio(ratio)}x: {why}")
    if below:
        lines.append("")
        lines += below
    return pairs


# Block and warp families: rows keyed by shape, xcub and CUB rows matched by key.
def shape_key(r):
    return (r["benchmark"], r["type"], r.get("block_threads"), r.get("repeat"))


def shape_ratios(res):
    xcub = {shape_key(r): r for r in res["rows"] if r["impl"] == "xcub"}
    cub = {shape_key(r): r for r in res["rows"] if r["impl"] == "cub"}
    return {k: (cub[k]["median_ms"] / x["median_ms"], x, cub[k]) for k, x in xcub.items() if k in cub}


def block_table(res, lines, target=0.98):
    ratios = shape_ratios(res)
    per = {}
    for (bench, typ, _, _), (r, _, _) in ratios.items():
        per.setdefault((bench, typ), []).append(r)
    lines.append("| benchmark | type | configurations | min ratio | median ratio | max ratio |")
    lines.append("|---|---|---|---|---|---|")
    for (bench, typ), v in per.items():
        lo = f"**{min(v):.3f}**" if min(v) < target else f"{min(v):.3f}"
        lines.append(f"| {bench} | {typ} | {len(v)} | {lo} | {statistics.median(v):.3f} | {max(v):.3f} |")
    every = [r for r, _, _ in ratios.values()]
    lines.append("")
    lines.append(f"{len(every)} configurations, median ratio {statistics.median(every):.3f}, "
                 f"{sum(r >= target for r in every)} at or above {target}.")
    misses = sorted((r, k) for k, (r, _, _) in ratios.items() if r < target)
    if misses:
        label = res.get("repeat_label", "items per thread")
        lines.append("")
        lines.append(f"| below {target} | type | threads x {label} | ratio |")
        lines.append("|---|---|---|---|")
        for r, (bench, typ, threads, rep) in misses:
            lines.append(f"| {bench} | {typ} | {threads} x {rep} | {r:.3f} |")
    return ratios


def warp_table(res, lines):
    ratios = shape_ratios(res)
    copy = res.get("copy_bandwidth_gbps")
    label = res.get("repeat_label", "collectives per item")
    lines.append(f"| benchmark | type | {label} | xcub ms | CUB ms | xcub G items/s | CUB G items/s | xcub % of copy "
                 "| ratio |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for (bench, typ, _, rep), (r, x, c) in ratios.items():
        gx = x["items"] / x["median_ms"] / 1e6
        gc = c["items"] / c["median_ms"] / 1e6
        pct = f"{100 * x['bytes'] / x['median_ms'] / 1e6 / copy:.0f}%" if copy else "-"
        lines.append(f"| {bench} | {typ} | {rep} | {x['median_ms']:.3f} | {c['median_ms']:.3f} | {gx:.1f} | {gc:.1f} "
                     f"| {pct} | {r:.3f} |")
    return ratios


def shape_measure(ratios, prefix):
    v = [r for (bench, _, _, _), (r, _, _) in ratios.items() if prefix is None or bench.startswith(prefix)]
    return min(v) if v else None


def targets_block(fam, gpu_results, lines):
    rows = []
    for label, bench, typ, baseline, log2, measure, threshold in fam["targets"]:
        for gpu, res, measured in gpu_results:
            if measure == "min_ratio":
                value, at = shape_measure(measured, bench), None
            else:
                value, at = device_measure(measured, bench, typ, baseline, log2, measure)
            if value is None:
                continue
            shown = f"{value:.1f}%" if measure == "pct_copy" else f"{fmt_ratio(value)}x"
            if measure == "min_ratio":
                shown = f"lowest {value:.3f}"
            elif at is not None:
                shown += f" (2^{at})"
            ok = value >= threshold
            rows.append((label, res.get("device", gpu), shown, ok, gpu))
    if not rows:
        return
    lines.append("")
    lines.append("| target | device | measured | result |")
    lines.append("|---|---|---|---|")
    misses = []
    for label, device, shown, ok, gpu in rows:
        result = "pass" if ok else "**miss**"
        if fam.get("note"):
            result += " (provisional)"
        lines.append(f"| {label} | {device} | {shown} | {result} |")
        if not ok:
            keys = (f"{label}@{fam['key']}@{gpu}", f"{label}@{fam['key']}", label)
            why = next((T.LIMITS[k] for k in keys if k in T.LIMITS), "not analysed yet.")
            misses.append((label, device, why))
    for label, device, why in misses:
        lines.append("")
        lines.append(f"What limits \"{label}\" on the {device}: {why}")


def family_section(fam, entries, lines):
    lines.append(f"## {fam['title']}")
    lines.append("")
    doc = f" Design: `{fam['doc']}`." if fam.get("doc") else ""
    lines.append(fam["about"] + doc)
    if fam.get("note"):
        lines.append("")
        lines.append(fam["note"])
    measured = []
    for gpu, res, path in entries:
        lines.append("")
        lines.append(f"### {res.get('device', gpu)}")
        lines.append("")
        lines.append(header_line(res, path))
        lines.append("")
        if fam["key"] == "warp_collectives":
            m = warp_table(res, lines)
        elif fam["key"].startswith("block_"):
            m = block_table(res, lines)
        else:
            m = device_table(fam, res, lines)
        png = path[:-5] + ".png"
        if os.path.exists(png):
            lines.append("")
            lines.append(f"![{fam['title']} on the {res.get('device', gpu)}]({rel(png)})")
        measured.append((gpu, res, m))
    targets_block(fam, measured, lines)
    lines.append("")


def plain_section(entries, results_dir, lines):
    """The benchmarks' CUB times against the plain CUB program's (bench/compare_plain_cub.py)."""
    import compare_plain_cub as C
    lines.append("## CUB timed alone")
    lines.append("")
    lines.append("`bench/cuda/plain_cub.cu` calls CUB as a CUB user does (cudaMalloc, the size query, temp storage "
                 "of exactly that size, 3 warm-ups, the median of 15 calls each timed alone with events) on the "
                 "benchmarks' inputs (`bench/cuda/bench_inputs.hpp`). `bench/compare_plain_cub.py` sets its times "
                 "beside the benchmarks' CUB rows: ratio = benchmark / plain; a row more than 3% apart is "
                 "marked in the table beside the results.")
    for gpu, res, path in entries:
        paths = C.bench_files([results_dir], gpu)
        matched, _, _ = C.compare(res, paths)
        ratios = [b / p for _, _, b, p, _ in matched if p > 0]
        lines.append("")
        lines.append(f"### {res.get('device', gpu)}")
        lines.append("")
        lines.append(header_line(res, path))
        if not ratios:
            lines.append("")
            lines.append("No benchmark row to compare with.")
            continue
        beyond = [(k, b / p) for _, k, b, p, _ in matched if p > 0 and abs(b / p - 1) > 0.03]
        lines.append("")
        lines.append(f"{len(ratios)} CUB rows compared, median ratio {statistics.median(ratios):.3f}, range "
                     f"{min(ratios):.3f}-{max(ratios):.3f}; {len(beyond)} more than 3% apart. Table: "
                     f"`{rel(path[:-5] + '.md')}`.")
        if beyond:
            lines.append("")
            lines.append("| more than 3% apart | type | items | ratio |")
            lines.append("|---|---|---|---|")
            for (bench, typ, k), r in beyond[:40]:
                lines.append(f"| {bench} | {typ} | 2^{k} | {r:.3f} |")
    lines.append("")


def compile_section(entries, lines):
    lines.append("## Compile time")
    lines.append("")
    lines.append("`bench/compile_time.sh`: five device calls (DeviceReduce::Sum and ArgMax, DeviceScan::InclusiveSum "
                 "and ExclusiveScan, DeviceSegmentedReduce::Sum, two-phase, on int) in one source, compiled for "
                 "sm_90 with xcub and with CUB, xcub and CUB in alternation, the median of three runs.")
    for _, res, path in entries:
        lines.append("")
        lines.append(f"{res.get('device', '?')}, {res.get('date', '?')}, commit {res.get('commit', '?')}, "
                     f"nvcc {res.get('nvcc', '?')}, `{res.get('flags', '')}`. Results: `{rel(path)}`.")
        lines.append("")
        lines.append("| source | seconds |")
        lines.append("|---|---|")
        secs = {}
        for r in res["rows"]:
            secs[r["impl"]] = r["compile_seconds"]
            lines.append(f"| `{r['source']}` | {r['compile_seconds']:.1f} |")
        if "xcub" in secs and "cub" in secs:
            ratio = secs["xcub"] / secs["cub"]
            ok = "pass" if ratio <= T.COMPILE_TARGET else "**miss**"
            lines.append("")
            lines.append("| target | measured | result |")
            lines.append("|---|---|---|")
            lines.append(f"| xcub's compile time <= {T.COMPILE_TARGET}x CUB's | {ratio:.2f}x | {ok} |")
    lines.append("")


INTRO = """# Benchmarks

<!-- Generated by bench/make_benchmarks_md.py from bench/results/latest/*.json and bench/targets.py.
     Do not edit by hand: edit bench/targets.py (targets, what limits a miss) and run
     python3 bench/make_benchmarks_md.py -->

This file is generated: `python3 bench/make_benchmarks_md.py` writes it from the newest results in
`bench/results/latest/` and the targets in `bench/targets.py`. A GPU run
(`XCUB_COMMIT=$(git rev-parse --short HEAD) bash bench/run-gpu.sh` on a machine with an NVIDIA GPU)
replaces the files in `bench/results/latest/` and regenerates it. Earlier results are in git history.

Benchmarks measure, they never assert time. Each GPU benchmark runs xcub and CUB (the CCCL shipped
with the CUDA toolkit) on the same buffers in one binary; every output is checked before anything is
timed. Times are the median of 30 runs after 5 warm-ups, xcub and CUB in alternation. Ratio =
baseline time / xcub time (above 1: xcub faster); the baseline is CUB unless the table names another.
GB/s counts the minimum traffic (inputs read once, outputs written once); % of copy compares it with
a device memcpy of the same size timed in the same run. Device tables show 2^28 items (or the largest
size a row has) and the lowest ratio from 2^20 items up; the plots show GB/s against size.

Count types: CUB 3.0.1 picks its offset type from the type of `num_items` where its entry point is
templated on it (32-bit offsets for `int`, 64-bit for `size_t` or `int64_t`), and its speed differs
between the two (radix sort on the H200: SortKeys u32 faster with 64-bit counts, SortPairs slower).
Those families run both: a type ending in " i64" is the row of `std::int64_t` counts, the plain type
the row of `int` counts, xcub always called with the same count type as CUB. A target takes the
lower of the two (its size then says "i64 counts" where that one is lower). The CUB times themselves
are checked against a program of CUB alone (`bench/cuda/plain_cub.cu`, called as a CUB user calls
it, on the same inputs): see "CUB timed alone" below and `docs/device-layer.md`, "How CUB is timed".

Design notes per family are in `docs/` (`docs/index.md`)."""


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", default=os.path.join(ROOT, "bench", "results", "latest"))
    ap.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    ap.add_argument("--headline", action="store_true",
                    help="print a one-row-per-target summary table (for the README) instead of writing the file")
    args = ap.parse_args(argv[1:])
    if args.headline:
        return headline_table(load(args.results))
    global BASE
    BASE = os.path.dirname(os.path.abspath(args.output))
    data = load(args.results)
    lines = [INTRO, ""]
    toc = [f"- [{fam['title']}](#{anchor(fam['title'])})" for fam in T.FAMILIES if fam["key"] in data]
    if "plain_cub" in data:
        toc.append("- [CUB timed alone](#cub-timed-alone)")
    if "temp_storage" in data:
        toc.append("- [Temp storage](#temp-storage)")
    lines += toc + ["- [Compile time](#compile-time)", "- [Kokkos backend on the CPU](#kokkos-backend-on-the-cpu)",
                    "- [Host emulator](#host-emulator)", ""]
    for fam in T.FAMILIES:
        if fam["key"] in data:
            family_section(fam, data[fam["key"]], lines)
    if "plain_cub" in data:
        plain_section(data["plain_cub"], args.results, lines)
    if "temp_storage" in data:
        temp_section(data["temp_storage"], lines)
    if "compile_time" in data:
        compile_section(data["compile_time"], lines)
    lines += [
        "## Kokkos backend on the CPU",
        "",
        "`bench/kokkos/xcub_vs_kokkos`: xcub's device layer on the Kokkos backend (Serial, one core) "
        "against Kokkos' own `parallel_reduce`, `parallel_scan`, `parallel_for` and `Kokkos::sort` on "
        "the same Views: a check that the backend is not pathologically slow, not a tuned comparison "
        "(`docs/kokkos-backend.md`). Results: `bench/results/latest/kokkos-cpu.md`.",
        "",
        "## Host emulator",
        "",
        "`bench/host/barrier_cost.cpp` measures the emulator's cost of a block-barrier round and a warp "
        "shuffle round per thread; the figures are in `docs/host-emulator.md`.",
        "",
    ]
    with open(args.output, "w") as f:
        f.write("\n".join(lines))
    print(f"make_benchmarks_md: wrote {args.output}")
    return 0


def temp_section(entries, lines):
    """Temp storage asked by xcub and by CUB for the same calls (bench/cuda/temp_storage.cu)."""
    lines += ["## Temp storage", ""]
    for gpu, res, path in entries:
        rows = res["rows"]
        cub = {(r["benchmark"], r["type"], r["items"]): r["temp_bytes"] for r in rows if r["impl"] == "cub"}
        worst = {}
        for r in rows:
            if r["impl"] != "xcub":
                continue
            c = cub.get((r["benchmark"], r["type"], r["items"]))
            if not c:
                continue
            key = (r["benchmark"], r["type"])
            ratio = r["temp_bytes"] / c
            big = r["items"] == max(x["items"] for x in rows if (x["benchmark"], x["type"]) == key)
            w = worst.setdefault(key, [0.0, None, None])
            w[0] = max(w[0], ratio)
            if big:
                w[1], w[2] = r["temp_bytes"], c
        lines += [f"`bench/cuda/temp_storage.cu` on {res['device']}, {res['date']}, commit {res['commit']}: the "
                  "bytes each library's size query asks for the same call (null pointers, nothing allocated), "
                  "2^16 to 2^30 items. Target: xcub at most 1.1x CUB's at every size. The test "
                  "`tests/device/test_device_temp_monotone.cpp` (and its sorting twin) checks on every backend "
                  "that xcub's size never decreases as the count grows; the program's sweep found no decrease "
                  "on either side here. Full table: "
                  f"[{os.path.basename(path)[:-5]}.md]({rel(path[:-5] + '.md')}).", "",
                  "| benchmark | type | xcub bytes at the largest size | CUB bytes | highest ratio xcub/CUB | target |",
                  "|---|---|---|---|---|---|"]
        for (bench, typ), (ratio, xb, cb) in sorted(worst.items(), key=lambda kv: -kv[1][0]):
            lines.append(f"| {bench} | {typ} | {xb} | {cb} | {ratio:.2f} | {'met' if ratio <= 1.1 else 'missed'} |")
        lines.append("")
    lines += ["What the misses are: the look-back scans (select, run-length encode, the by-key families, merge) "
              "keep more tile descriptors than CUB's (smaller tiles, wider descriptors): kilobytes to a few "
              "megabytes at 2^30 items. `DeviceRadixSort::SortPairs` moves pairs packed into words through two "
              "word buffers of its own (`docs/device-radix-sort.md`, \"Pairs as words\"): twice CUB's temp "
              "storage, the one miss of consequence at large sizes.", ""]


def headline_table(data):
    """Prints | target | H200 | H100 |: each target's measurement on each GPU with results."""
    gpus = sorted({gpu for entries in data.values() for gpu, _, _ in entries if gpu not in ("", "host")},
                  reverse=True)
    print("| target | " + " | ".join(g.upper() for g in gpus) + " |")
    print("|---|" + "---|" * len(gpus))
    for fam in T.FAMILIES:
        entries = {gpu: res for gpu, res, _ in data.get(fam["key"], [])}
        for label, bench, typ, baseline, log2, measure, threshold in fam["targets"]:
            cells = []
            for g in gpus:
                res = entries.get(g)
                if res is None:
                    cells.append("-")
                    continue
                if measure == "min_ratio":
                    value = shape_measure(shape_ratios(res), bench)
                    cells.append(f"lowest {value:.3f}" if value is not None else "-")
                    continue
                value, _ = device_measure(device_pairs(res), bench, typ, baseline, log2, measure)
                if value is None:
                    cells.append("-")
                    continue
                pct = measure == "pct_copy"
                shown = f"{value:.1f}% of copy" if pct else f"{fmt_ratio(value)}x"
                if pct:
                    x = device_pairs(res)[(bench, typ, baseline)]
                    xr, br = x[headline(x, log2)]
                    shown += f" ({fmt_ratio(br['median_ms'] / xr['median_ms'])}x)"
                cells.append(shown)
            print(f"| {fam['title']}: {label} | " + " | ".join(cells) + " |")
    return 0


def anchor(title):
    keep = "".join(c for c in title.lower() if c.isalnum() or c in " -_")
    return keep.replace(" ", "-")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
