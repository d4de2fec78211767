#!/usr/bin/env python3
"""Bar charts of xcub/CUB ratios from benchmark results.

    python3 bench/plot.py RESULTS.json [MORE.json ...]

For each results file (written by a bench/cuda benchmark) writes RESULTS.png beside it: one
horizontal bar per benchmark row that has both an xcub and a CUB timing, of length
ratio = CUB median time / xcub median time (above 1: xcub is faster), with a line at 1.
Needs matplotlib; uses no display.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def key(row):
    return (row["benchmark"], row["type"], row.get("block_threads", 0), row["repeat"])


def ratios(results):
    """[(label, ratio)] in the file's order of xcub rows."""
    cub = {key(r): r for r in results["rows"] if r["impl"] == "cub"}
    out = []
    for r in results["rows"]:
        if r["impl"] != "xcub" or key(r) not in cub:
            continue
        threads = r.get("block_threads", 0)
        shape = f"{threads} x {r['repeat']}" if threads else f"{r['repeat']} per item"
        out.append((f"{r['benchmark']}  {r['type']}  {shape}", cub[key(r)]["median_ms"] / r["median_ms"]))
    return out


def plot(path):
    with open(path) as f:
        results = json.load(f)
    bars = ratios(results)
    if not bars:
        print(f"plot.py: {path} has no xcub/CUB pairs", file=sys.stderr)
        return None
    labels = [b[0] for b in bars]
    values = [b[1] for b in bars]
    colors = ["tab:green" if v >= 0.98 else "tab:orange" if v >= 0.9 else "tab:red" for v in values]
    height = max(2.5, 0.22 * len(bars) + 1.2)
    fig, ax = plt.subplots(figsize=(11, height))
    y = range(len(bars))
    # Bars grow from 1 (parity) toward the ratio, so that differences of a few percent show.
    ax.barh(y, [v - 1.0 for v in values], left=1.0, color=colors)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(min(0.8, min(values) - 0.05), max(1.2, max(values) + 0.08))
    for i, v in enumerate(values):
        ax.text(v, i, f" {v:.3f} " if v >= 1 else f"{v:.3f} ", va="center", ha="left" if v >= 1 else "right",
                fontsize=6)
    ax.set_xlabel("ratio xcub/CUB = CUB median time / xcub median time (above 1: xcub faster); "
                  "green >= 0.98, orange >= 0.9, red below", fontsize=8)
    shape = "\nrows: benchmark, type, threads x items per thread" if results.get("repeat_label") == "items per thread" else ""
    ax.set_title(f"{results.get('benchmark', '')} on {results.get('device', '?')}, {results.get('date', '')}, "
                 f"commit {results.get('commit', '?')}{shape}", fontsize=9)
    fig.tight_layout()
    png = os.path.splitext(path)[0] + ".png"
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in argv[1:]:
        png = plot(path)
        if png:
            print(f"plot.py: wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
