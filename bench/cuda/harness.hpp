// The GPU benchmark harness: times a launch with CUDA events (warm-up, then the median of many
// runs), measures the device's copy bandwidth once, and collects rows that it prints as a
// markdown table and writes as JSON (device, date, commit). It measures; it never asserts time.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

namespace xcub_bench {

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "benchmark: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

/// Median milliseconds of `launch()` over `runs` timed runs after `warmup` untimed ones.
template <class Launch>
double median_ms(Launch launch, int warmup = 5, int runs = 30) {
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  for (int i = 0; i < warmup; ++i) launch();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) {
    check(cudaEventRecord(start), "record");
    launch();
    check(cudaEventRecord(stop), "record");
    check(cudaEventSynchronize(stop), "synchronize");
    check(cudaGetLastError(), "launch");
    check(cudaEventElapsedTime(&ms[i], start, stop), "elapsed");
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  return ms[runs / 2];
}

/// Median milliseconds of `a()` and of `b()`, timed in alternation after `warmup` untimed runs of
/// each, the order swapped every round (a b, b a, a b, ...): clock and temperature drifts then fall
/// on both alike, and so does whatever a run leaves behind for the next one (dirty L2 lines, say).
template <class LaunchA, class LaunchB>
std::pair<double, double> median_ms_interleaved(LaunchA a, LaunchB b, int warmup = 5, int runs = 30) {
  cudaEvent_t e[3];
  for (auto& ev : e) check(cudaEventCreate(&ev), "event");
  for (int i = 0; i < warmup; ++i) a(), b();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<float> ma(runs), mb(runs);
  for (int i = 0; i < runs; ++i) {
    const bool a_first = i % 2 == 0;
    check(cudaEventRecord(e[0]), "record");
    a_first ? a() : b();
    check(cudaEventRecord(e[1]), "record");
    a_first ? b() : a();
    check(cudaEventRecord(e[2]), "record");
    check(cudaEventSynchronize(e[2]), "synchronize");
    check(cudaGetLastError(), "launch");
    check(cudaEventElapsedTime(a_first ? &ma[i] : &mb[i], e[0], e[1]), "elapsed");
    check(cudaEventElapsedTime(a_first ? &mb[i] : &ma[i], e[1], e[2]), "elapsed");
  }
  for (auto& ev : e) cudaEventDestroy(ev);
  std::sort(ma.begin(), ma.end());
  std::sort(mb.begin(), mb.end());
  return {ma[runs / 2], mb[runs / 2]};
}

/// Device-to-device copy bandwidth in GB/s, counting bytes read plus bytes written.
inline double copy_bandwidth_gbps(std::size_t bytes) {
  void *a, *b;
  check(cudaMalloc(&a, bytes), "malloc");
  check(cudaMalloc(&b, bytes), "malloc");
  check(cudaMemset(a, 1, bytes), "memset");
  const double ms = median_ms([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); });
  cudaFree(a);
  cudaFree(b);
  return 2.0 * bytes / (ms * 1e6);
}

struct row {
  std::string benchmark, type, impl;
  int repeat;
  std::size_t items, bytes;
  double ms;
  int block_threads = 0;  ///< block benchmarks: threads per block (0: a warp benchmark's row)
  int blocks_per_sm = 0;  ///< block benchmarks: resident blocks per SM of the timed grid
};

class report {
 public:
  /// `repeat_label` names the rows' `repeat` column (a warp benchmark's collectives per item, a block
  /// benchmark's items per thread).
  explicit report(std::string name, std::string repeat_label = "collectives per item")
      : name_(std::move(name)), repeat_label_(std::move(repeat_label)) {
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, 0), "properties");
    device_ = p.name;
    copy_gbps_ = copy_bandwidth_gbps(std::size_t{1} << 30);
  }
  void add(row r) { rows_.push_back(std::move(r)); }

  /// Prints the table (xcub and CUB side by side, ratio = CUB time / xcub time) and writes JSON.
  void finish(const char* json_path) const {
    const char* commit = std::getenv("XCUB_COMMIT");
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    std::printf("\n%s on %s, %s, commit %s; copy bandwidth %.0f GB/s\n\n", name_.c_str(), device_.c_str(), date,
                commit ? commit : "?", copy_gbps_);
    std::printf("ratio xcub/CUB = CUB median time / xcub median time (above 1: xcub is faster); GB/s counts the\n"
                "minimum traffic (input read once, output written once); %% of copy = GB/s over the copy bandwidth.\n\n");
    const bool block = std::any_of(rows_.begin(), rows_.end(), [](const row& r) { return r.block_threads > 0; });
    if (block) {
      std::printf("| benchmark | type | threads | %s | blocks/SM xcub, CUB | xcub GB/s | CUB GB/s | xcub %% of copy | CUB %% of copy | ratio xcub/CUB |\n",
                  repeat_label_.c_str());
      std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
    } else {
      std::printf("| benchmark | type | %s | xcub G items/s | CUB G items/s | xcub GB/s | xcub %% of copy | ratio xcub/CUB |\n",
                  repeat_label_.c_str());
      std::printf("|---|---|---|---|---|---|---|---|\n");
    }
    for (const row& x : rows_) {
      if (x.impl != "xcub") continue;
      const row* c = find(x, "cub");
      const double items_s = x.items / (x.ms * 1e6), gbps = x.bytes / (x.ms * 1e6);
      const double c_gbps = c ? c->bytes / (c->ms * 1e6) : 0.0;
      if (block)
        std::printf("| %s | %s | %d | %d | %d, %d | %.0f | %.0f | %.0f%% | %.0f%% | %.3f |\n", x.benchmark.c_str(),
                    x.type.c_str(), x.block_threads, x.repeat, x.blocks_per_sm, c ? c->blocks_per_sm : 0, gbps, c_gbps,
                    100.0 * gbps / copy_gbps_, 100.0 * c_gbps / copy_gbps_, c ? c->ms / x.ms : 0.0);
      else
        std::printf("| %s | %s | %d | %.2f | %.2f | %.0f | %.0f%% | %.3f |\n", x.benchmark.c_str(), x.type.c_str(),
                    x.repeat, items_s, c ? c->items / (c->ms * 1e6) : 0.0, gbps, 100.0 * gbps / copy_gbps_,
                    c ? c->ms / x.ms : 0.0);
    }
    if (FILE* f = json_path ? std::fopen(json_path, "w") : nullptr) {
      std::fprintf(f, "{\n  \"benchmark\": \"%s\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"commit\": \"%s\",\n"
                      "  \"copy_bandwidth_gbps\": %.1f,\n  \"repeat_label\": \"%s\",\n  \"rows\": [\n",
                   name_.c_str(), device_.c_str(), date, commit ? commit : "?", copy_gbps_, repeat_label_.c_str());
      for (std::size_t i = 0; i < rows_.size(); ++i) {
        const row& x = rows_[i];
        std::fprintf(f, "    {\"benchmark\": \"%s\", \"type\": \"%s\", \"impl\": \"%s\", \"repeat\": %d, \"items\": %zu, "
                        "\"bytes\": %zu, \"median_ms\": %.5f",
                     x.benchmark.c_str(), x.type.c_str(), x.impl.c_str(), x.repeat, x.items, x.bytes, x.ms);
        if (x.block_threads > 0)
          std::fprintf(f, ", \"block_threads\": %d, \"blocks_per_sm\": %d", x.block_threads, x.blocks_per_sm);
        std::fprintf(f, "}%s\n", i + 1 < rows_.size() ? "," : "");
      }
      std::fprintf(f, "  ]\n}\n");
      std::fclose(f);
    }
  }

 private:
  const row* find(const row& like, const char* impl) const {
    for (const row& r : rows_)
      if (r.impl == impl && r.benchmark == like.benchmark && r.type == like.type && r.repeat == like.repeat &&
          r.block_threads == like.block_threads)
        return &r;
    return nullptr;
  }
  std::string name_, repeat_label_, device_;
  double copy_gbps_;
  std::vector<row> rows_;
};

}  // namespace xcub_bench
