#!/usr/bin/env python3
"""Throughput against size from a device benchmark's results (bench/cuda/device_*).

    python3 bench/plot_device.py RESULTS.json [MORE.json ...]

For each results file writes RESULTS.png beside it: one panel per benchmark and type (and baseline,
where it is not CUB), GB/s of the minimum traffic against log2 of the item count, with a line for
xcub, one for the baseline (CUB unless named) and one for the copy bandwidth of a device memcpy of
the input's size timed in the same run. Needs matplotlib; uses no display.
"""
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def series(results):
    """{(benchmark, type, baseline): {impl: [(log2 items, GB/s)], "copy": [...]}} in the file's order."""
    out = {}
    for r in results["rows"]:
        key = (r["benchmark"], r["type"], r.get("baseline", "cub"))
        s = out.setdefault(key, {})
        s.setdefault(r["impl"], []).append((r["log2_items"], r["gbps"]))
        if r["impl"] == "xcub":
            s.setdefault("copy", []).append((r["log2_items"], r["copy_gbps"]))
    for s in out.values():
        for points in s.values():
            points.sort()
    return out


def plot(path):
    with open(path) as f:
        results = json.load(f)
    panels = series(results)
    if not panels:
        print(f"plot_device.py: {path} has no rows", file=sys.stderr)
        return None
    cols = min(4, len(panels))
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.2 * rows + 0.6), squeeze=False)
    style = {"xcub": ("tab:blue", "-", "o"), "copy": ("0.55", ":", None)}
    for ax, ((bench, typ, baseline), s) in zip(axes.flat, panels.items()):
        for impl, points in s.items():
            color, line, marker = style.get(impl, ("tab:orange", "--", "s"))
            label = "memcpy (same bytes)" if impl == "copy" else impl
            ax.plot([p[0] for p in points], [p[1] for p in points], color=color, linestyle=line, marker=marker,
                    markersize=3, linewidth=1.3, label=label)
        title = f"{bench}\n{typ}" + (f", vs {baseline}" if baseline != "cub" else "")
        ax.set_title(title, fontsize=8)
        ax.set_xlabel("log2 items", fontsize=7)
        ax.set_ylabel("GB/s (minimum traffic)", fontsize=7)
        ax.tick_params(labelsize=7)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=6, loc="best")
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    fig.suptitle(f"{results.get('benchmark', '')} on {results.get('device', '?')}, {results.get('date', '')}, "
                 f"commit {results.get('commit', '?')}", fontsize=10)
    fig.tight_layout()
    png = os.path.splitext(path)[0] + ".png"
    fig.savefig(png, dpi=100)
    plt.close(fig)
    return png


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    for path in argv[1:]:
        png = plot(path)
        if png:
            print(f"plot_device.py: wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
