// The device-layer benchmark harness: xcub's and CUB's Device* algorithms on the same device input,
// sizes 2^16 to 2^30 items. For every (benchmark, type, size) it runs each side once, lets the
// benchmark compare xcub's output with CUB's (any difference aborts the program), times the two in
// alternation (median_ms_interleaved: 5 warm-ups, median of 30; 2 and 20 where one call takes over
// 50 ms), compares again (a second call must give the same output: look-back state and temp storage
// are reused), and adds a row for each.
// A device memcpy of the input's size is timed in the same run, so every row carries the copy
// bandwidth of its own size. It measures; it never asserts time.
//
// Rows: benchmark, type, impl ("xcub", "cub", or another baseline), items, log2 of the nominal size,
// bytes (minimum traffic: input read once, output and offsets written/read once), median_ms, GB/s,
// items/s, copy GB/s, % of copy; xcub rows also the ratio baseline time / xcub time (above 1: xcub
// faster). finish() prints markdown (the 2^28 rows first) and writes JSON with device, date and
// commit (XCUB_COMMIT).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "harness.hpp"

namespace xcub_bench::device {

/// The headline size of the targets.
constexpr int headline_log2 = 28;

/// log2 of the item counts to run: XCUB_BENCH_LOG2 as "16-30", a list "16 20 28", or one number;
/// default every power of two from 2^16 to 2^30.
inline std::vector<int> log2_sizes() {
  const char* env = std::getenv("XCUB_BENCH_LOG2");
  std::string s = env ? env : "16-30";
  std::vector<int> out;
  int lo = 0, hi = 0;
  if (std::sscanf(s.c_str(), "%d-%d", &lo, &hi) == 2) {
    for (int k = lo; k <= hi; ++k) out.push_back(k);
  } else {
    std::istringstream in(s);
    for (int k; in >> k;) out.push_back(k);
  }
  return out;
}

// ---- input: a hash of the index, small values so that no integer sum overflows -----------------
// Integers in [-4, 4]; floating point k/16 with k in [-64, 64], so sums and prefix sums of up to
// 2^30 items stay exact in float in practice (random walks far below 2^20): the float checks'
// tolerances then only absorb rare roundings, and a lost or doubled tile still shows.

__host__ __device__ inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class T>
__host__ __device__ T input_value(std::size_t i, unsigned salt) {
  const std::uint64_t h = mix(i ^ (std::uint64_t{salt} << 40));
  if constexpr (std::is_floating_point_v<T>)
    return T(int(h % 129) - 64) / T(16);
  else
    return T(int(h % 9) - 4);
}

template <class T>
__global__ void fill_kernel(T* p, std::size_t n, unsigned salt) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    p[i] = input_value<T>(i, salt);
}

template <class T>
void fill(T* p, std::size_t n, unsigned salt = 1) {
  fill_kernel<T><<<2048, 256>>>(p, n, salt);
  check(cudaGetLastError(), "fill launch");
  check(cudaDeviceSynchronize(), "fill");
}

// ---- device memory ------------------------------------------------------------------------------

/// Whether a benchmark's `buffer_bytes` and the two buffers of its `copy_bytes` memcpy (timed while its
/// buffers live) fit in the device's free memory, keeping 512 MiB for temp storage.
inline bool fits(std::size_t buffer_bytes, std::size_t copy_bytes) {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "memory info");
  return buffer_bytes + 2 * copy_bytes + (std::size_t{512} << 20) <= free;
}

/// An uninitialized device array (cudaMalloc, freed on scope exit).
template <class T>
class dev_array {
 public:
  explicit dev_array(std::size_t n) : n_(n) { check(cudaMalloc(&p_, (n ? n : 1) * sizeof(T)), "malloc"); }
  ~dev_array() { cudaFree(p_); }
  dev_array(const dev_array&) = delete;
  dev_array& operator=(const dev_array&) = delete;
  T* get() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

template <class T>
T to_host(const T* d) {
  T v;
  check(cudaMemcpy(&v, d, sizeof(T), cudaMemcpyDeviceToHost), "copy to host");
  return v;
}

template <class T>
std::string show(T v) {
  if constexpr (std::is_floating_point_v<T>) return std::to_string(double(v));
  else return std::to_string(static_cast<long long>(v));
}

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "\nbenchmark: CHECK FAILED: %s\n", what.c_str());
  std::exit(1);
}

// ---- checks: xcub's output against CUB's ---------------------------------------------------------

/// Integers: equal. Floating point: |got - want| <= abs_tol + rel_tol |want|, and no NaN.
template <class T>
__host__ __device__ bool close(T got, T want, double rel_tol, double abs_tol) {
  if constexpr (std::is_floating_point_v<T>) {
    const double g = got, w = want, d = g > w ? g - w : w - g;
    return d <= abs_tol + rel_tol * (w < 0 ? -w : w);  // false for a NaN
  } else {
    return got == want;
  }
}

template <class T>
__global__ void compare_kernel(const T* got, const T* want, std::size_t n, double rel_tol, double abs_tol,
                               unsigned long long* bad) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += stride)
    if (!close(got[i], want[i], rel_tol, abs_tol)) {
      atomicAdd(&bad[0], 1ull);
      atomicMin(&bad[1], static_cast<unsigned long long>(i));
    }
}

/// Aborts unless got[0, n) matches want[0, n) (both on the device), naming the first difference.
template <class T>
void expect_equal(const T* got, const T* want, std::size_t n, const std::string& what, double rel_tol = 0,
                  double abs_tol = 0) {
  dev_array<unsigned long long> bad(2);
  const unsigned long long init[2] = {0, ~0ull};
  check(cudaMemcpy(bad.get(), init, sizeof init, cudaMemcpyHostToDevice), "copy");
  if (n) compare_kernel<T><<<2048, 256>>>(got, want, n, rel_tol, abs_tol, bad.get());
  check(cudaGetLastError(), "compare launch");
  unsigned long long h[2];
  check(cudaMemcpy(h, bad.get(), sizeof h, cudaMemcpyDeviceToHost), "compare");
  if (h[0] == 0) return;
  fail(what + ": xcub differs from CUB in " + std::to_string(h[0]) + " of " + std::to_string(n) +
       " outputs; first at " + std::to_string(h[1]) + ": xcub " + show(to_host(got + h[1])) + ", CUB " +
       show(to_host(want + h[1])));
}

/// Aborts unless the scalar `got` is close to `want`; a sum of n items of our input may differ by
/// roundings only: tolerance 1e-4 (|want| + sqrt(n)) for floating point, none for integers.
template <class T>
void expect_close_sum(T got, T want, std::size_t n, const std::string& what) {
  const double tol = std::is_floating_point_v<T> ? 1e-4 * (std::fabs(double(want)) + std::sqrt(double(n))) : 0.0;
  if (!close(got, want, 0.0, tol))
    fail(what + ": xcub " + show(got) + ", reference " + show(want) + " (tolerance " + std::to_string(tol) + ")");
}

// ---- one two-phase Device* call -----------------------------------------------------------------

/// `call(d_temp, temp_bytes)` is one Device* call in CUB's two-phase form. The constructor asks for
/// the temp storage size (d_temp null) and allocates it (at least one byte, so that a second call
/// never reads as a size query); operator() runs the algorithm. Both abort on a returned error.
template <class Call>
class two_phase {
 public:
  two_phase(Call call, const char* what) : call_(call), what_(what) {
    check(static_cast<cudaError_t>(call_(nullptr, bytes_)), what_);
    check(cudaMalloc(&temp_, bytes_ ? bytes_ : 1), "temp storage");
  }
  ~two_phase() { cudaFree(temp_); }
  two_phase(const two_phase&) = delete;
  two_phase& operator=(const two_phase&) = delete;
  void operator()() {
    std::size_t b = bytes_;
    check(static_cast<cudaError_t>(call_(temp_, b)), what_);
  }

 private:
  Call call_;
  const char* what_;
  std::size_t bytes_ = 0;
  void* temp_ = nullptr;
};

// ---- rows and the report ------------------------------------------------------------------------

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

/// Builds both calls' temp storage, runs each once, lets `verify()` compare their outputs (it aborts
/// on a difference), times them in alternation, verifies again, and adds the two rows.
/// Where one call of either side took over 50 ms (host clock, first call), 2 warm-ups and 20 timed runs
/// instead of 5 and 30, so that the slowest cases stay within the run's time.
template <class XcubCall, class BaselineCall, class Verify>
void run_pair(report& rep, const bench_case& c, XcubCall xcall, BaselineCall bcall, Verify verify) {
  two_phase<XcubCall> x(xcall, c.benchmark.c_str());
  two_phase<BaselineCall> b(bcall, c.benchmark.c_str());
  const auto t0 = std::chrono::steady_clock::now();
  x();
  check(cudaDeviceSynchronize(), c.benchmark.c_str());
  const auto t1 = std::chrono::steady_clock::now();
  b();
  check(cudaDeviceSynchronize(), c.benchmark.c_str());
  const auto t2 = std::chrono::steady_clock::now();
  verify();
  const bool slow = std::max(t1 - t0, t2 - t1) > std::chrono::milliseconds(50);
  const int warmup = slow ? 2 : 5, runs = slow ? 20 : 30;
  const auto ms = median_ms_interleaved([&] { x(); }, [&] { b(); }, warmup, runs);
  check(cudaDeviceSynchronize(), c.benchmark.c_str());
  verify();
  rep.add(c, ms.first, ms.second, runs);
}

/// The type's name in the rows.
template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "?";
}

/// Prints a skipped size (its buffers do not fit) to stderr.
inline void skip(const char* what, const char* type, int log2_items) {
  std::fprintf(stderr, "  %s %s 2^%d: skipped, the buffers do not fit in free device memory\n", what, type, log2_items);
}

}  // namespace xcub_bench::device
