// The plain CUB program's pieces (plain_cub.cu has the program and says what it is for): device
// buffers, the timing of one CUB call as a CUB user times it, and the rows. CUB and
// bench_inputs.hpp only: no xcub, and none of the benchmark harness.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_inputs.hpp"

namespace plain_cub {

using namespace xcub_bench::device;  // the inputs (bench_inputs.hpp)

inline void ok(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "plain_cub: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

/// A device array, cudaMalloc'd (at least one byte) and freed on scope exit; uninitialized.
template <class T>
class buffer {
 public:
  explicit buffer(std::size_t n) { ok(cudaMalloc(&p_, std::max<std::size_t>(n * sizeof(T), 1)), "cudaMalloc"); }
  ~buffer() { cudaFree(p_); }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  T* get() const { return p_; }

 private:
  T* p_ = nullptr;
};

/// Whether `bytes` of buffers fit in free device memory, keeping 512 MiB for temp storage.
inline bool fits(std::size_t bytes) {
  std::size_t free = 0, total = 0;
  ok(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return bytes + (std::size_t{512} << 20) <= free;
}

inline void skipped(const std::string& name, const std::string& type, int k, const char* why) {
  std::fprintf(stderr, "  %s %s 2^%d: skipped, %s\n", name.c_str(), type.c_str(), k, why);
}

/// One row: the same fields as the benchmarks' rows (device_report.hpp), impl "cub-plain".
struct row {
  std::string benchmark, type;
  int log2_items;
  std::size_t items, bytes, temp_bytes;
  double ms;
  int runs;
};

std::vector<row>& rows();

constexpr int warmups = 3, timed_runs = 15;

/// Times `call(d_temp, temp_bytes)` (a CUB two-phase call) as a CUB user would: the size query,
/// cudaMalloc of exactly the size asked (one byte where it asks for none, so that the call is not
/// another size query), 3 warm-up calls, then 15 calls each timed alone with a cudaEvent pair on the
/// default stream; adds the median as a row. Aborts on any error.
template <class Call>
void time_call(const std::string& name, const std::string& type, int k, std::size_t items, std::size_t bytes,
               Call call) {
  std::size_t temp_bytes = 0;
  ok(static_cast<cudaError_t>(call(nullptr, temp_bytes)), "size query");
  void* temp = nullptr;
  ok(cudaMalloc(&temp, temp_bytes ? temp_bytes : 1), "temp storage");
  for (int i = 0; i < warmups; ++i) {
    std::size_t b = temp_bytes;
    ok(static_cast<cudaError_t>(call(temp, b)), name.c_str());
  }
  ok(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t start, stop;
  ok(cudaEventCreate(&start), "event");
  ok(cudaEventCreate(&stop), "event");
  std::vector<float> ms(timed_runs);
  for (float& m : ms) {
    std::size_t b = temp_bytes;
    ok(cudaEventRecord(start), "record");
    ok(static_cast<cudaError_t>(call(temp, b)), name.c_str());
    ok(cudaEventRecord(stop), "record");
    ok(cudaEventSynchronize(stop), "synchronize");
    ok(cudaEventElapsedTime(&m, start, stop), "elapsed");
  }
  ok(cudaGetLastError(), name.c_str());
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(temp);
  std::sort(ms.begin(), ms.end());
  const double median = ms[timed_runs / 2];
  rows().push_back({name, type, k, items, bytes, temp_bytes, median, timed_runs});
  std::fprintf(stderr, "  %-48s %-12s 2^%d: CUB %9.4f ms (temp %zu bytes)\n", name.c_str(), type.c_str(), k, median,
               temp_bytes);
}

/// log2 of the sizes: XCUB_BENCH_LOG2 (the benchmarks' syntax), default "16 20 24 28".
inline std::vector<int> sizes() {
  const char* env = std::getenv("XCUB_BENCH_LOG2");
  return parse_log2(env ? env : "16 20 24 28");
}

/// Which count types to time (XCUB_BENCH_COUNTS as in the benchmarks: "int", "i64"; default both),
/// and f(int{}) / f(std::int64_t{}) for each.
template <class F>
void for_each_count(F f) {
  const char* env = std::getenv("XCUB_BENCH_COUNTS");
  const std::string s = env ? env : "int i64";
  const auto has = [&](const char* w) {
    for (std::size_t at = s.find(w); at != std::string::npos; at = s.find(w, at + 1)) {
      const std::size_t end = at + std::char_traits<char>::length(w);
      if ((at == 0 || s[at - 1] == ' ') && (end == s.size() || s[end] == ' ')) return true;
    }
    return false;
  };
  if (has("int") || has("i32")) f(int{});
  if (has("i64") || has("int64")) f(std::int64_t{});
}

/// The benchmarks' type string for count type `Count` (" i64" after it for 64-bit counts).
template <class Count>
std::string counted(const std::string& type) {
  return std::is_same_v<Count, int> ? type : type + " i64";
}

/// The benchmarks' names of element types.
template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, std::int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "?";
}

// The families (plain_cub.cu, plain_cub_sorts.cu, plain_cub_more.cu).
void run_radix_sort();
void run_reduce();
void run_scan();
void run_segmented_reduce();
void run_select();
void run_merge_sort();
void run_transform();
void run_segmented_sort();
void run_histogram();
void run_find();
void run_batched_copy();
void run_topk();

}  // namespace plain_cub
