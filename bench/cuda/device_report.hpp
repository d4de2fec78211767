// The device benchmarks' rows and report (device_harness.hpp adds the rows): per pair, an xcub row
// and its baseline's (CUB unless named) with items, minimum-traffic bytes, median ms, GB/s, items/s,
// the copy bandwidth of a same-size memcpy timed in the same run (once per size) and % of it; the
// xcub row also the ratio baseline time / xcub time (above 1: xcub faster). finish() prints markdown
// (the 2^28 rows, then every row) and writes JSON with device, date and commit (XCUB_COMMIT).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "harness.hpp"

namespace xcub_bench::device {

/// The headline size of the targets.
constexpr int headline_log2 = 28;

struct bench_case {
  std::string benchmark, type;
  int log2_items;              ///< nominal size: 2^log2_items (segmented with random lengths: about)
  std::size_t items;           ///< input items
  std::size_t bytes;           ///< minimum traffic
  std::size_t copy_bytes;      ///< size of the memcpy timed for the %copy column (the input's bytes)
  std::string baseline = "cub";
};

struct result {
  bench_case c;
  std::string impl;
  double ms, copy_gbps;
  int runs;
  double gbps() const { return c.bytes / (ms * 1e6); }
  double items_per_s() const { return c.items / (ms * 1e-3); }
  double pct_copy() const { return 100.0 * gbps() / copy_gbps; }
};

class report {
 public:
  explicit report(std::string name) : name_(std::move(name)) {
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, 0), "properties");
    device_ = p.name;
    l2_bytes_ = p.l2CacheSize;
  }

  /// Device-to-device copy bandwidth (bytes read + written) of a `bytes` memcpy, timed once per size.
  double copy_gbps(std::size_t bytes) {
    auto it = copy_.find(bytes);
    if (it != copy_.end()) return it->second;
    void *a = nullptr, *b = nullptr;
    check(cudaMalloc(&a, bytes), "malloc (copy)");
    check(cudaMalloc(&b, bytes), "malloc (copy)");
    check(cudaMemset(a, 1, bytes), "memset");
    const double ms = median_ms([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); }, 5, 30);
    cudaFree(a);
    cudaFree(b);
    return copy_[bytes] = 2.0 * bytes / (ms * 1e6);
  }

  /// The two rows of one pair: xcub's, then its baseline's (medians of `runs` timed runs each).
  void add(const bench_case& c, double ms_xcub, double ms_baseline, int runs) {
    const double copy = copy_gbps(c.copy_bytes);
    rows_.push_back({c, "xcub", ms_xcub, copy, runs});
    rows_.push_back({c, c.baseline, ms_baseline, copy, runs});
    const result& x = rows_[rows_.size() - 2];
    std::fprintf(stderr, "  %-48s %-7s 2^%d: xcub %9.4f ms (%4.0f%% copy), %s %9.4f ms, ratio %.3f\n",
                 c.benchmark.c_str(), c.type.c_str(), c.log2_items, ms_xcub, x.pct_copy(), c.baseline.c_str(),
                 ms_baseline, ms_baseline / ms_xcub);
  }

  void finish(const char* json_path) const;

 private:
  void table(bool headline_only) const;
  std::string name_, device_;
  int l2_bytes_ = 0;
  std::map<std::size_t, double> copy_;
  std::vector<result> rows_;
};

inline void report::table(bool headline_only) const {
  std::printf("| benchmark | type | items | xcub ms | baseline ms | xcub G items/s | xcub GB/s | baseline GB/s | "
              "xcub %% of copy | baseline %% of copy | ratio xcub/baseline |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t i = 0; i + 1 < rows_.size(); i += 2) {
    const result &x = rows_[i], &b = rows_[i + 1];
    if (headline_only && x.c.log2_items != headline_log2) continue;
    const std::string base = x.c.baseline == "cub" ? "" : " (vs " + x.c.baseline + ")";
    std::printf("| %s%s | %s | %zu | %.4f | %.4f | %.2f | %.0f | %.0f | %.0f%% | %.0f%% | %.3f |\n",
                x.c.benchmark.c_str(), base.c_str(), x.c.type.c_str(), x.c.items, x.ms, b.ms, x.items_per_s() / 1e9,
                x.gbps(), b.gbps(), x.pct_copy(), b.pct_copy(), b.ms / x.ms);
  }
}

inline void report::finish(const char* json_path) const {
  const char* commit = std::getenv("XCUB_COMMIT");
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::printf("\n%s on %s (L2 %d MiB), %s, commit %s\n\n", name_.c_str(), device_.c_str(), l2_bytes_ >> 20, date,
              commit ? commit : "?");
  std::printf("baseline = CUB unless named; ratio = baseline median time / xcub median time (above 1: xcub is\n"
              "faster); GB/s counts the minimum traffic; %% of copy = GB/s over a device memcpy of the input's size\n"
              "timed in the same run. Median of 30 runs after 5 warm-ups (20 after 2 where a call takes over\n"
              "50 ms), xcub and baseline in alternation.\n\n");
  std::printf("### 2^%d items\n\n", headline_log2);
  table(true);
  std::printf("\n### every size\n\n");
  table(false);
  FILE* f = json_path ? std::fopen(json_path, "w") : nullptr;
  if (!f) return;
  double best_copy = 0;
  for (const auto& kv : copy_) best_copy = std::max(best_copy, kv.second);
  std::fprintf(f, "{\n  \"benchmark\": \"%s\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"commit\": \"%s\",\n"
                  "  \"l2_bytes\": %d,\n  \"copy_bandwidth_gbps\": %.1f,\n  \"copy\": [",
               name_.c_str(), device_.c_str(), date, commit ? commit : "?", l2_bytes_, best_copy);
  bool first = true;
  for (const auto& kv : copy_) {
    std::fprintf(f, "%s{\"bytes\": %zu, \"gbps\": %.1f}", first ? "" : ", ", kv.first, kv.second);
    first = false;
  }
  std::fprintf(f, "],\n  \"rows\": [\n");
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const result& r = rows_[i];
    std::fprintf(f, "    {\"benchmark\": \"%s\", \"type\": \"%s\", \"impl\": \"%s\", \"items\": %zu, \"bytes\": %zu, "
                    "\"median_ms\": %.7g, \"log2_items\": %d, \"gbps\": %.2f, \"items_per_s\": %.4g, "
                    "\"copy_gbps\": %.1f, \"pct_copy\": %.2f, \"baseline\": \"%s\", \"runs\": %d",
                 r.c.benchmark.c_str(), r.c.type.c_str(), r.impl.c_str(), r.c.items, r.c.bytes, r.ms, r.c.log2_items,
                 r.gbps(), r.items_per_s(), r.copy_gbps, r.pct_copy(), r.c.baseline.c_str(), r.runs);
    if (r.impl == "xcub") std::fprintf(f, ", \"ratio\": %.4f", rows_[i + 1].ms / r.ms);
    std::fprintf(f, "}%s\n", i + 1 < rows_.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
}

}  // namespace xcub_bench::device
