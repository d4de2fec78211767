#!/usr/bin/env python3
"""Policy sweep of the device layer's sm_90 tunings, against CUB, on a GPU machine.

    python3 bench/sweep_device.py [--algos reduce,scan] [--types int32,float] [--log2 28]
                                  [--stages 2] [--jobs N] [--build-dir build/sweep] [--out DIR]
                                  [--build-only]

Generates a sweep program from bench/cuda/device_sweep.hpp: each candidate is a tuning type that
inherits the backend's default (xcub::tuning::reduce, xcub::tuning::scan) and overrides some policy
fields, called through the façade's user override (xcub::DeviceReduceTuned<Candidate>,
xcub::DeviceScanTuned<Candidate>). Every candidate's output is checked against CUB's, then it is
timed against CUB in alternation at 2^log2 items (device_harness.hpp's run_pair).

  stage 1: block threads {128, 256, 512} x items per thread {4, 6, ..., 24}, the other fields as the
           default's; plus each other knob alone around the default (reduce: vector load length,
           load modifier, BlockReduce algorithm, oversubscription; scan: load algorithm, store
           algorithm, look-back delay). The default tuning runs too, as "default".
  stage 2: at stage 1's best threads x items per algorithm and type, every combination of the
           other knobs.

Prints, per stage and at the end, the best candidate per algorithm and type: its time, its ratio to
CUB (CUB time / candidate time) and to the default tuning. Writes each stage's JSON (the harness's
rows) and the summary to --out (default $OUT or build/sweeps: sweeps stay out of the tree, and a
tuning choice cites the commit that made it). The sources compile in parallel (--jobs, default the
core count); a candidate that does not compile (a tile too large for shared
memory, say) is dropped with a note. Nothing under include/ or backends/ changes: the winners are
numbers to copy into backends/cuda/include/xcub/backend/tuning/*.hpp by hand.

Without a GPU at hand, build here and run there (the binary is a few MB):
    python3 bench/sweep_device.py --build-only                         # stage 1
    build/sweep/stage1/sweep s1.json 28                                # on the GPU
    python3 bench/sweep_device.py --from-stage1 s1.json --build-only   # stage 2 at s1's best shapes
    build/sweep/stage2/sweep s2.json 28                                # on the GPU
    python3 bench/sweep_device.py --summarize s1.json s2.json
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CPP_TYPES = {"int8": "std::int8_t", "int32": "std::int32_t", "int64": "std::int64_t", "float": "float",
             "double": "double"}
SIZES = {"int8": 1, "int32": 4, "int64": 8, "float": 4, "double": 8}

# Per algorithm: the façade header, the user-override façade, the default façade, the default tuning,
# the runner in device_sweep.hpp, and the knobs besides threads x items: policy field -> values
# (a name starting with "@" is a static member of the tuning instead of a policy field).
ALGOS = {
    "reduce": {
        "header": "xcub/device/device_reduce.hpp",
        "tuned": "xcub::DeviceReduceTuned",
        "default": "xcub::DeviceReduce",
        "tuning": "xcub::tuning::reduce",
        "tuning_header": "backends/cuda/include/xcub/backend/tuning/reduce.hpp",
        "runner": "sweep_reduce_sum",
        "knobs": {
            "vector_load_length": ["1", "2", "4"],
            "load_modifier": ["xcub::LOAD_DEFAULT", "xcub::LOAD_LDG"],
            "reduce_algorithm": ["xcub::BLOCK_REDUCE_WARP_REDUCTIONS", "xcub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY"],
            "@oversubscription": ["1", "2", "5", "8"],
        },
        "tile_bytes_limit": None,  # no tile in shared memory
    },
    "scan": {
        "header": "xcub/device/device_scan.hpp",
        "tuned": "xcub::DeviceScanTuned",
        "default": "xcub::DeviceScan",
        "tuning": "xcub::tuning::scan",
        "tuning_header": "backends/cuda/include/xcub/backend/tuning/scan.hpp",
        "runner": "sweep_inclusive_sum",
        "knobs": {
            "load_algorithm": ["xcub::BLOCK_LOAD_DIRECT", "xcub::BLOCK_LOAD_VECTORIZE", "xcub::BLOCK_LOAD_TRANSPOSE",
                               "xcub::BLOCK_LOAD_WARP_TRANSPOSE"],
            "store_algorithm": ["xcub::BLOCK_STORE_DIRECT", "xcub::BLOCK_STORE_WARP_TRANSPOSE"],
            "lookback_delay_ns": ["0", "50", "150", "350", "1000"],
            "lookback_settle_ns": ["0", "600", "1245", "2000"],
            "load_modifier": ["xcub::LOAD_DEFAULT", "xcub::LOAD_LDG", "xcub::LOAD_CS"],
        },
        "tile_bytes_limit": 48 * 1024,  # the tile passes through shared memory (48 KiB static at most)
    },
}
THREADS = [128, 256, 512]
ITEMS = list(range(4, 25, 2))


def short(value):
    """A knob value as a label: xcub::BLOCK_LOAD_WARP_TRANSPOSE -> WARP_TRANSPOSE."""
    v = value.split("::")[-1]
    for prefix in ("BLOCK_LOAD_", "BLOCK_STORE_", "BLOCK_REDUCE_", "LOAD_"):
        if v.startswith(prefix):
            return v[len(prefix):]
    return v


def label(c):
    if c["default"]:
        return "default"
    text = f"{c['threads']}x{c['items']}" if c["threads"] else "default shape"
    for field, value in c["overrides"].items():
        text += f" {field.lstrip('@')}={short(value)}"
    return text


def candidate(algo, typ, threads=None, items=None, overrides=None, default=False):
    return {"algo": algo, "type": typ, "threads": threads, "items": items, "overrides": overrides or {},
            "default": default}


def fits(algo, c):
    limit = ALGOS[algo]["tile_bytes_limit"]
    return limit is None or not c["threads"] or c["threads"] * c["items"] * SIZES[c["type"]] <= limit


def knobs(algo):
    """The algorithm's knobs; a static member only where the default tuning has it."""
    spec = ALGOS[algo]
    path = os.path.join(ROOT, spec["tuning_header"])
    text = open(path).read() if os.path.isfile(path) else ""
    return {k: v for k, v in spec["knobs"].items() if not k.startswith("@") or k[1:] in text}


def stage1(algos, types):
    out = []
    for algo in algos:
        for typ in types:
            out.append(candidate(algo, typ, default=True))
            out += [candidate(algo, typ, t, i) for t in THREADS for i in ITEMS]
            for field, values in knobs(algo).items():
                out += [candidate(algo, typ, overrides={field: v}) for v in values]
    return [c for c in out if fits(c["algo"], c)]


def stage2(best_shapes):
    """Every combination of the knobs at each (algorithm, type)'s best threads x items."""
    out = []
    for (algo, typ), (threads, items) in best_shapes.items():
        out.append(candidate(algo, typ, default=True))
        combos = [{}]
        for field, values in knobs(algo).items():
            combos = [dict(c, **{field: v}) for c in combos for v in values]
        out += [candidate(algo, typ, threads, items, combo) for combo in combos]
    return [c for c in out if fits(c["algo"], c)]


def tuning_struct(name, c):
    spec = ALGOS[c["algo"]]
    lines = [f"struct {name} : {spec['tuning']} {{",
             "  template <class T>",
             "  static constexpr auto policy(int arch) {",
             f"    auto p = {spec['tuning']}::template policy<T>(arch);"]
    if c["threads"]:
        lines += [f"    p.block_threads = {c['threads']};", f"    p.items_per_thread = {c['items']};"]
    lines += [f"    p.{f} = {v};" for f, v in c["overrides"].items() if not f.startswith("@")]
    lines += ["    return p;", "  }"]
    lines += [f"  static constexpr int {f[1:]} = {v};" for f, v in c["overrides"].items() if f.startswith("@")]
    lines.append("};")
    return "\n".join(lines)


def part_source(index, cands):
    headers = sorted({ALGOS[c["algo"]]["header"] for c in cands})
    structs, calls = [], []
    for j, c in enumerate(cands):
        spec = ALGOS[c["algo"]]
        if c["default"]:
            facade = spec["default"]
        else:
            name = f"candidate_{index}_{j}"
            structs.append(tuning_struct(name, c))
            facade = f"{spec['tuned']}<{name}>"
        calls.append(f"  xcub_bench::device::{spec['runner']}<{facade}, {CPP_TYPES[c['type']]}>"
                     f"(rep, \"{label(c)}\", k);")
    return "\n".join(
        ["// Generated by bench/sweep_device.py: do not edit.", "#include <cstdint>", ""] +
        [f"#include <{h}>" for h in headers] +
        ["", '#include "device_sweep.hpp"', "", "namespace {", ""] + structs +
        ["", "}  // namespace", "", f"void sweep_part_{index}(xcub_bench::device::report& rep, int k) {{"] + calls +
        ["}", ""])


def main_source(title):
    return "\n".join(
        ["// Generated by bench/sweep_device.py: do not edit.", "#include <cstdlib>", "",
         '#include "device_harness.hpp"', "", "void sweep_all(xcub_bench::device::report& rep, int k);", "",
         "int main(int argc, char** argv) {", f"  xcub_bench::device::report rep(\"{title}\");",
         "  const int k = argc > 2 ? std::atoi(argv[2]) : 28;", "  sweep_all(rep, k);",
         "  rep.finish(argc > 1 ? argv[1] : nullptr);", "  return 0;", "}", ""])


def config_header(directory, arch):
    """xcub/backend_config.hpp as Meson writes it for a CUDA build."""
    with open(os.path.join(ROOT, "include/xcub/backend_config.hpp.in")) as f:
        text = f.read()
    values = {"XCUB_BACKEND_HOST": "0", "XCUB_BACKEND_CUDA": "1", "XCUB_BACKEND_HIP": "0", "XCUB_BACKEND_KOKKOS": "0",
              "XCUB_BACKEND_NAME": '"cuda"', "XCUB_HOST_WARP_THREADS": "32", "XCUB_TARGETS_TAG": f"cuda_sm{arch}"}
    for key, value in values.items():
        text = text.replace(f"@{key}@", value)
    if "@" in text:
        sys.exit(f"sweep_device.py: backend_config.hpp.in has a value this script does not fill:\n{text}")
    os.makedirs(os.path.join(directory, "include/xcub"), exist_ok=True)
    with open(os.path.join(directory, "include/xcub/backend_config.hpp"), "w") as f:
        f.write(text)


def nvcc_flags(directory, arch):
    inc = [os.path.join(directory, "include")] + [os.path.join(ROOT, p) for p in
                                                  ("include", "backends/cuda/include", "backends/gpu/include", "backends/native/include",
                                                   "bench/cuda")]
    return ([f"-gencode=arch=compute_{arch},code=sm_{arch}", "-std=c++17", "--expt-relaxed-constexpr", "-O2",
             "-lineinfo"] + [f"-I{i}" for i in inc])


def compile_one(nvcc, flags, src):
    obj = src[:-3] + ".o"
    r = subprocess.run([nvcc] + flags + ["-c", src, "-o", obj], capture_output=True, text=True)
    return obj if r.returncode == 0 else None, r.stderr


def build(cands, stage, args):
    """Writes and compiles the stage's sources (a few candidates per source, in parallel); a source
    that fails is split into one source per candidate, and candidates that still fail are dropped.
    Returns (binary, candidates built)."""
    directory = os.path.abspath(os.path.join(args.build_dir, f"stage{stage}"))
    os.makedirs(directory, exist_ok=True)
    config_header(directory, args.arch)
    flags = nvcc_flags(directory, args.arch)
    chunks = [cands[i:i + args.per_source] for i in range(0, len(cands), args.per_source)]
    objects, kept = [], []

    def write(index, chunk):
        src = os.path.join(directory, f"part_{index}.cu")
        with open(src, "w") as f:
            f.write(part_source(index, chunk))
        return src

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {pool.submit(compile_one, args.nvcc, flags, write(i, ch)): (i, ch) for i, ch in enumerate(chunks)}
        retry = []
        for job in concurrent.futures.as_completed(jobs):
            i, chunk = jobs[job]
            obj, err = job.result()
            if obj:
                objects.append((i, obj, chunk))
            elif len(chunk) == 1:
                print(f"sweep: dropped {chunk[0]['algo']} {chunk[0]['type']} [{label(chunk[0])}]: "
                      f"{first_error(err)}", file=sys.stderr)
            else:
                retry += chunk
        base = len(chunks)
        jobs = {pool.submit(compile_one, args.nvcc, flags, write(base + j, [c])): (base + j, [c])
                for j, c in enumerate(retry)}
        for job in concurrent.futures.as_completed(jobs):
            i, chunk = jobs[job]
            obj, err = job.result()
            if obj:
                objects.append((i, obj, chunk))
            else:
                print(f"sweep: dropped {chunk[0]['algo']} {chunk[0]['type']} [{label(chunk[0])}]: "
                      f"{first_error(err)}", file=sys.stderr)
    if not objects:
        sys.exit("sweep_device.py: nothing compiled")
    objects.sort()
    # sweep_all calls the parts that compiled, in order.
    wrappers = os.path.join(directory, "parts.cu")
    with open(wrappers, "w") as f:
        f.write("// Generated by bench/sweep_device.py: do not edit.\n#include \"device_harness.hpp\"\n")
        f.write("".join(f"void sweep_part_{i}(xcub_bench::device::report&, int);\n" for i, _, _ in objects))
        f.write("void sweep_all(xcub_bench::device::report& rep, int k) {\n")
        f.write("".join(f"  sweep_part_{i}(rep, k);\n" for i, _, _ in objects))
        f.write("}\n")
    main = os.path.join(directory, "main.cu")
    with open(main, "w") as f:
        f.write(main_source(f"device_sweep stage {stage}"))
    extra = [compile_one(args.nvcc, flags, s) for s in (wrappers, main)]
    for obj, err in extra:
        if not obj:
            sys.exit(f"sweep_device.py: the sweep's main does not compile:\n{err}")
    binary = os.path.join(directory, "sweep")
    link = subprocess.run([args.nvcc, f"-gencode=arch=compute_{args.arch},code=sm_{args.arch}"] +
                          [o for _, o, _ in objects] + [o for o, _ in extra] + ["-o", binary],
                          capture_output=True, text=True)
    if link.returncode != 0:
        sys.exit(f"sweep_device.py: link failed:\n{link.stderr}")
    return binary, [c for _, _, chunk in objects for c in chunk]


def first_error(err):
    """The compiler's first error line, its end where it is long (ptxas names the kernel first)."""
    lines = [line.strip() for line in err.splitlines() if line.strip()]
    line = next((x for x in lines if "error" in x), lines[-1] if lines else "?")
    return line if len(line) <= 200 else "... " + line[-160:]


def run(binary, json_path, log2):
    r = subprocess.run([binary, json_path, str(log2)], stdout=subprocess.DEVNULL)
    if r.returncode != 0:
        sys.exit(f"sweep_device.py: {binary} failed (exit {r.returncode})")
    with open(json_path) as f:
        return json.load(f)


def best(results):
    """{(algo, type): {"best": (label, ms), "default": ms, "cub": median CUB ms over the candidates}}."""
    table = {}
    rows = results["rows"]
    for i, r in enumerate(rows):
        if r["impl"] != "xcub":
            continue
        m = re.match(r"(\S+) \[(.*)\]$", r["benchmark"])
        algo = "reduce" if m.group(1).startswith("DeviceReduce") else "scan"
        entry = table.setdefault((algo, r["type"]), {"candidates": [], "cub": []})
        entry["candidates"].append((m.group(2), r["median_ms"], r["pct_copy"]))
        entry["cub"].append(rows[i + 1]["median_ms"])
    out = {}
    for key, e in table.items():
        lab, ms, pct = min(e["candidates"], key=lambda x: x[1])
        default = [x[1] for x in e["candidates"] if x[0] == "default"]
        out[key] = {"best": lab, "ms": ms, "pct_copy": pct, "cub": statistics.median(e["cub"]),
                    "default": default[0] if default else None, "tried": len(e["candidates"])}
    return out


def print_best(title, table):
    print(f"\n{title}\n")
    print("| algorithm | type | candidates | best | ms | % of copy | ratio to CUB | ratio to default |")
    print("|---|---|---|---|---|---|---|---|")
    for (algo, typ), b in sorted(table.items()):
        to_default = f"{b['default'] / b['ms']:.3f}" if b["default"] else "-"
        print(f"| {algo} | {typ} | {b['tried']} | {b['best']} | {b['ms']:.4f} | {b['pct_copy']:.0f}% | "
              f"{b['cub'] / b['ms']:.3f} | {to_default} |")


def shape_of(lab):
    m = re.match(r"(\d+)x(\d+)", lab)
    return (int(m.group(1)), int(m.group(2))) if m else None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--algos", default="reduce,scan")
    p.add_argument("--types", default="int32,float")
    p.add_argument("--log2", type=int, default=28)
    p.add_argument("--threads", help="stage 1's block threads, comma-separated (default 128,256,512)")
    p.add_argument("--items", help="stage 1's items per thread, comma-separated (default 4,6,...,24)")
    p.add_argument("--stages", type=int, default=2, choices=[1, 2])
    p.add_argument("--arch", default="90")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    p.add_argument("--per-source", type=int, default=4, help="candidates per generated source")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build/sweep"))
    p.add_argument("--out", default=os.environ.get("OUT") or os.path.join(ROOT, "build/sweeps"))
    p.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    p.add_argument("--build-only", action="store_true",
                   help="build (stage 1, or stage 2 with --from-stage1), do not run")
    p.add_argument("--from-stage1", metavar="JSON", help="stage 1's results from an earlier run: go on with stage 2")
    p.add_argument("--summarize", nargs="+", metavar="JSON", help="print the best candidates of results files")
    args = p.parse_args()
    global THREADS, ITEMS
    if args.threads:
        THREADS = [int(v) for v in args.threads.split(",")]
    if args.items:
        ITEMS = [int(v) for v in args.items.split(",")]

    algos = []
    for algo in args.algos.split(","):
        spec = ALGOS[algo]
        header = os.path.join(ROOT, "include", spec["header"])
        struct = spec["tuned"].split("::")[-1]
        if not os.path.isfile(header) or f"struct {struct}" not in open(header).read():
            print(f"sweep: {algo} left out: {spec['header']} has no {spec['tuned']}", file=sys.stderr)
            continue
        algos.append(algo)
    types = args.types.split(",")
    if not algos:
        sys.exit("sweep_device.py: no algorithm to sweep")
    os.makedirs(args.out, exist_ok=True)
    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")

    if args.summarize:
        for path in args.summarize:
            with open(path) as f:
                results = json.load(f)
            print_best(f"{path} ({results['device']}): best per algorithm and type", best(results))
        return 0

    summary = {}
    if args.from_stage1:
        with open(args.from_stage1) as f:
            results = json.load(f)
    else:
        cands = stage1(algos, types)
        print(f"sweep: stage 1, {len(cands)} candidates", file=sys.stderr)
        binary, built = build(cands, 1, args)
        if args.build_only:
            print(f"sweep: built {binary} ({len(built)} candidates); run it as: {binary} RESULTS.json {args.log2}")
            return 0
        results = run(binary, os.path.join(args.out, f"sweep-stage1-{day}.json"), args.log2)
    table = best(results)
    print_best(f"Stage 1 (2^{args.log2} items, {results['device']}): best per algorithm and type", table)
    summary["stage1"] = {f"{a} {t}": v for (a, t), v in table.items()}
    if args.stages == 2:
        cands = stage2(best_shapes(results, table))
        print(f"sweep: stage 2, {len(cands)} candidates", file=sys.stderr)
        binary, built = build(cands, 2, args)
        if args.build_only:
            print(f"sweep: built {binary} ({len(built)} candidates); run it as: {binary} RESULTS.json {args.log2}")
            return 0
        results = run(binary, os.path.join(args.out, f"sweep-stage2-{day}.json"), args.log2)
        table = best(results)
        print_best(f"Stage 2 (2^{args.log2} items): every knob combination at stage 1's best shape", table)
        summary["stage2"] = {f"{a} {t}": v for (a, t), v in table.items()}
    with open(os.path.join(args.out, f"sweep-summary-{day}.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return 0


def best_shapes(results, table):
    """Per (algorithm, type): the fastest threads x items of stage 1's grid (knob-alone rows have none)."""
    shapes = {}
    for (algo, typ) in table:
        grid = [(ms, lab) for lab, ms, _ in best_rows(results, algo, typ) if shape_of(lab)]
        if grid:
            shapes[(algo, typ)] = shape_of(min(grid)[1])
    return shapes


def best_rows(results, algo, typ):
    prefix = "DeviceReduce" if algo == "reduce" else "DeviceScan"
    for r in results["rows"]:
        if r["impl"] == "xcub" and r["type"] == typ and r["benchmark"].startswith(prefix):
            yield re.match(r"\S+ \[(.*)\]$", r["benchmark"]).group(1), r["median_ms"], r["pct_copy"]


if __name__ == "__main__":
    sys.exit(main())
