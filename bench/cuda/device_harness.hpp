// The device-layer benchmark harness: xcub's and CUB's Device* algorithms on the same device input,
// sizes 2^16 to 2^30 items. For every (benchmark, type, size) it runs each side once, lets the
// benchmark compare xcub's output with CUB's (any difference aborts the program), times the two in
// alternation (median_ms_interleaved: 5 warm-ups, median of 30; 2 and 20 where one call takes over
// 50 ms), compares again (a second call must give the same output: look-back state and temp storage
// are reused), and adds a row for each to the report (device_report.hpp: GB/s of the minimum
// traffic, items/s, % of a same-size memcpy timed in the same run, ratio; markdown and JSON).
// It measures; it never asserts time. Where CUB's entry point is templated on the count type and CUB
// picks its offsets from it, the benchmark runs with int counts and with std::int64_t counts
// (for_each_count; rows " i64"; XCUB_BENCH_COUNTS picks), xcub with the same count type as CUB. The
// inputs come from bench_inputs.hpp, shared with the plain CUB program (plain_cub.cu) that checks
// these CUB times against a CUB-only program's (bench/compare_plain_cub.py).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_inputs.hpp"
#include "device_report.hpp"
#include "harness.hpp"

namespace xcub_bench::device {

/// log2 of the item counts to run: XCUB_BENCH_LOG2 as "16-30", a list "16 20 28", or one number;
/// default every power of two from 2^16 to 2^30.
inline std::vector<int> log2_sizes() {
  const char* env = std::getenv("XCUB_BENCH_LOG2");
  return parse_log2(env ? env : "16-30");
}

// The inputs (the hash `mix`, `input_value`, `fill`, and each family's makers) live in
// bench_inputs.hpp, which the plain CUB program (plain_cub.cu) shares.

// ---- the count type --------------------------------------------------------------------------------
// CUB picks its offset type from the type of num_items where its entry point is templated on it
// (choose_offset_t: 32-bit counts give 32-bit offsets, 64-bit counts 64-bit offsets), and its time
// differs between the two (radix sort on H200: SortKeys u32 2^28 faster with 64-bit counts, SortPairs
// slower). The families whose CUB entry point is such a template time both: rows of `int` counts keep
// the plain type string, rows of `std::int64_t` counts carry " i64" after it. xcub gets the same
// count type as CUB.

/// Whether to time int counts and 64-bit counts: XCUB_BENCH_COUNTS lists "int" and/or "i64"
/// (default both).
struct count_choice {
  bool narrow = true, wide = true;
};

inline count_choice count_types() {
  const char* env = std::getenv("XCUB_BENCH_COUNTS");
  if (!env) return {};
  count_choice c{false, false};
  std::istringstream in(env);
  for (std::string w; in >> w;) {
    if (w == "int" || w == "i32") c.narrow = true;
    else if (w == "i64" || w == "int64") c.wide = true;
    else {
      std::fprintf(stderr, "benchmark: XCUB_BENCH_COUNTS: unknown count type '%s' (int, i64)\n", w.c_str());
      std::exit(1);
    }
  }
  return c;
}

/// Calls f(int{}) and then f(std::int64_t{}), each where XCUB_BENCH_COUNTS asks for it.
template <class F>
void for_each_count(F f) {
  const count_choice c = count_types();
  if (c.narrow) f(int{});
  if (c.wide) f(std::int64_t{});
}

/// The row's type string for count type `Count`: `type`, with " i64" after it for 64-bit counts.
template <class Count>
std::string counted(const std::string& type) {
  static_assert(std::is_same_v<Count, int> || std::is_same_v<Count, std::int64_t>, "int or std::int64_t counts");
  return std::is_same_v<Count, int> ? type : type + " i64";
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

/// run_pair for calls that write into one of two output sets: `xcall(d_temp, bytes, slot)` and
/// `bcall(d_temp, bytes, slot)` (two-phase, slot 0 or 1). Two temp allocations of the larger size
/// and the two output sets are swapped between the sides every round (xcub on one while the
/// baseline is on the other), so that where the buffers lie weighs on both alike: a radix sort's
/// time moves by 5% and more with its buffers' placement on H100 and H200. The first
/// round (xcub slot 0, baseline slot 1) and the last are verified with `verify(xcub_slot,
/// baseline_slot)`.
template <class XcubCall, class BaselineCall, class Verify>
void run_pair_swapped(report& rep, const bench_case& c, XcubCall xcall, BaselineCall bcall, Verify verify) {
  const char* what = c.benchmark.c_str();
  std::size_t xbytes = 0, bbytes = 0;
  check(static_cast<cudaError_t>(xcall(nullptr, xbytes, 0)), what);
  check(static_cast<cudaError_t>(bcall(nullptr, bbytes, 0)), what);
  const std::size_t bytes = std::max<std::size_t>({xbytes, bbytes, 1});
  void* temp[2] = {nullptr, nullptr};
  check(cudaMalloc(&temp[0], bytes), "temp storage");
  check(cudaMalloc(&temp[1], bytes), "temp storage");
  auto x = [&](int slot) {
    std::size_t b = bytes;
    check(static_cast<cudaError_t>(xcall(temp[slot], b, slot)), what);
  };
  auto base = [&](int slot) {
    std::size_t b = bytes;
    check(static_cast<cudaError_t>(bcall(temp[slot], b, slot)), what);
  };
  const auto t0 = std::chrono::steady_clock::now();
  x(0);
  check(cudaDeviceSynchronize(), what);
  const auto t1 = std::chrono::steady_clock::now();
  base(1);
  check(cudaDeviceSynchronize(), what);
  const auto t2 = std::chrono::steady_clock::now();
  verify(0, 1);
  const bool slow = std::max(t1 - t0, t2 - t1) > std::chrono::milliseconds(50);
  const int warmup = slow ? 2 : 5, runs = slow ? 20 : 30;
  int x_round = 0, b_round = 0;
  const auto ms = median_ms_interleaved([&] { x(x_round++ % 2); }, [&] { base(1 - b_round++ % 2); }, warmup, runs);
  check(cudaDeviceSynchronize(), what);
  verify((x_round - 1) % 2, 1 - (b_round - 1) % 2);
  cudaFree(temp[0]);
  cudaFree(temp[1]);
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
