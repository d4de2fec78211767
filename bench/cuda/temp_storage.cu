// Temp storage asked by xcub and by CUB for the same call: every device family CUB 3.0.1 has, the
// benchmarks' types, int and 64-bit counts, 2^16 to 2^30 items (XCUB_BENCH_LOG2). Only the size
// queries run (null data pointers, nothing allocated), so it takes a second. Prints a markdown table
// (xcub bytes, CUB bytes, ratio xcub/CUB, and whether each side's size ever decreased as the count
// grew over the whole sweep) and writes JSON rows {benchmark, type, impl, items, temp_bytes}.
//   temp_storage [out.json]
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_copy.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_memcpy.cuh>
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>

#include <xcub/device/device_adjacent_difference.hpp>
#include <xcub/device/device_copy.hpp>
#include <xcub/device/device_histogram.hpp>
#include <xcub/device/device_memcpy.hpp>
#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_partition.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_reduce.hpp>
#include <xcub/device/device_run_length_encode.hpp>
#include <xcub/device/device_scan.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_reduce.hpp>
#include <xcub/device/device_segmented_sort.hpp>
#include <xcub/device/device_select.hpp>

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "device_harness.hpp"

namespace {

using xcub_bench::device::log2_sizes;

struct is_odd {
  template <class T>
  __host__ __device__ bool operator()(T x) const { return (static_cast<long long>(x) & 1) != 0; }
};

struct max_op {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
struct sum_op {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};

struct temp_row {
  std::string benchmark, type, impl;
  std::uint64_t items;
  std::size_t bytes;
};

std::vector<temp_row> rows;
std::vector<std::string> growth_notes;

/// The sizes of one call: `query(lib, bytes, n)` with lib 0 xcub, 1 CUB. Rows at the report sizes;
/// the sweep over 2^10 .. 2^31 in steps of 1/16 octave checks that neither side's size decreases.
template <class Query>
void sizes(const std::string& name, const std::string& type, std::uint64_t max_items, Query query) {
  for (int lib = 0; lib < 2; ++lib) {
    std::size_t best = 0;
    std::uint64_t best_n = 0;
    bool noted = false;
    for (int step = 10 * 16; step <= 31 * 16; ++step) {
      const auto n = static_cast<std::uint64_t>(std::exp2(step / 16.0));
      if (n > max_items) break;
      std::size_t b = 0;
      if (query(lib, b, n) != cudaSuccess) break;
      if (b < best && !noted) {
        growth_notes.push_back(name + " " + type + " (" + (lib ? "CUB" : "xcub") + "): " + std::to_string(best) +
                               " bytes at " + std::to_string(best_n) + " items, " + std::to_string(b) + " at " +
                               std::to_string(n));
        noted = true;
      }
      if (b >= best) best = b, best_n = n;
    }
  }
  for (int k : log2_sizes()) {
    const std::uint64_t n = std::uint64_t{1} << k;
    if (n > max_items) continue;
    for (int lib = 0; lib < 2; ++lib) {
      std::size_t b = 0;
      if (query(lib, b, n) != cudaSuccess) continue;
      rows.push_back({name, type, lib ? "cub" : "xcub", n, b});
    }
  }
}

template <class N>
const char* count_suffix() {
  return sizeof(N) == 8 ? " i64" : "";
}

template <class T, class N>
void reduce_scan_select(const char* tname) {
  const T* in = nullptr;
  T* out = nullptr;
  int* count = nullptr;
  const char* flags = nullptr;
  const std::string type = std::string(tname) + count_suffix<N>();
  const std::uint64_t max_n = sizeof(N) == 4 ? (std::uint64_t{1} << 31) - 1 : std::uint64_t{1} << 34;
#define XCUB_TEMP_ROW(NAME, CALL)                                                          \
  sizes(NAME, type, max_n, [&](int lib, std::size_t& b, std::uint64_t n64) {              \
    const N n = static_cast<N>(n64);                                                       \
    if (lib == 0) { namespace lib_ns = xcub; return static_cast<cudaError_t>(lib_ns::CALL); } \
    else { namespace lib_ns = cub; return static_cast<cudaError_t>(lib_ns::CALL); }          \
  })
  XCUB_TEMP_ROW("DeviceReduce::Sum", DeviceReduce::Sum(nullptr, b, in, out, n));
  XCUB_TEMP_ROW("DeviceScan::ExclusiveSum", DeviceScan::ExclusiveSum(nullptr, b, in, out, n));
  XCUB_TEMP_ROW("DeviceScan::InclusiveScan(Max)", DeviceScan::InclusiveScan(nullptr, b, in, out, max_op{}, n));
  XCUB_TEMP_ROW("DeviceSelect::If", DeviceSelect::If(nullptr, b, in, out, count, n, is_odd{}));
  XCUB_TEMP_ROW("DeviceSelect::Flagged", DeviceSelect::Flagged(nullptr, b, in, flags, out, count, n));
  XCUB_TEMP_ROW("DeviceSelect::Unique", DeviceSelect::Unique(nullptr, b, in, out, count, n));
  XCUB_TEMP_ROW("DevicePartition::If", DevicePartition::If(nullptr, b, in, out, count, n, is_odd{}));
  XCUB_TEMP_ROW("DeviceRunLengthEncode::Encode", DeviceRunLengthEncode::Encode(nullptr, b, in, out, count, count, n));
  XCUB_TEMP_ROW("DeviceRunLengthEncode::NonTrivialRuns",
                DeviceRunLengthEncode::NonTrivialRuns(nullptr, b, in, count, count, count, n));
  XCUB_TEMP_ROW("DeviceAdjacentDifference::SubtractLeftCopy",
                DeviceAdjacentDifference::SubtractLeftCopy(nullptr, b, in, out, n));
  XCUB_TEMP_ROW("DeviceReduce::ReduceByKey",
                DeviceReduce::ReduceByKey(nullptr, b, in, out, in, out, count, sum_op{}, n));
  XCUB_TEMP_ROW("DeviceScan::ExclusiveSumByKey", DeviceScan::ExclusiveSumByKey(nullptr, b, in, in, out, n));
  XCUB_TEMP_ROW("DeviceSelect::UniqueByKey", DeviceSelect::UniqueByKey(nullptr, b, in, in, out, out, count, n));
}

template <class N>
void arg_reduce() {
  const int* in = nullptr;
  int* value = nullptr;
  std::int64_t* index = nullptr;
  const std::string type = std::string("int32") + count_suffix<N>();
  const std::uint64_t max_n = sizeof(N) == 4 ? (std::uint64_t{1} << 31) - 1 : std::uint64_t{1} << 34;
  XCUB_TEMP_ROW("DeviceReduce::ArgMax", DeviceReduce::ArgMax(nullptr, b, in, value, index, n));
}

template <class K, class V, class N>
void sorts(const char* tname) {
  const K* ki = nullptr;
  K* ko = nullptr;
  const V* vi = nullptr;
  V* vo = nullptr;
  const std::string type = std::string(tname) + count_suffix<N>();
  const std::uint64_t max_n = sizeof(N) == 4 ? (std::uint64_t{1} << 31) - 1 : std::uint64_t{1} << 34;
  if constexpr (std::is_void_v<V>) {
    XCUB_TEMP_ROW("DeviceRadixSort::SortKeys", DeviceRadixSort::SortKeys(nullptr, b, ki, ko, n));
    XCUB_TEMP_ROW("DeviceMergeSort::SortKeys", DeviceMergeSort::SortKeys(nullptr, b, ko, n, std::less<>{}));
    XCUB_TEMP_ROW("DeviceMerge::MergeKeys", DeviceMerge::MergeKeys(nullptr, b, ki, n / 2, ki, n - n / 2, ko));
  } else {
    XCUB_TEMP_ROW("DeviceRadixSort::SortPairs", DeviceRadixSort::SortPairs(nullptr, b, ki, ko, vi, vo, n));
    XCUB_TEMP_ROW("DeviceMergeSort::SortPairs", DeviceMergeSort::SortPairs(nullptr, b, ko, vo, n, std::less<>{}));
  }
}

void segmented() {
  const std::uint32_t* ki = nullptr;
  std::uint32_t* ko = nullptr;
  const int* in = nullptr;
  int* out = nullptr;
  const int* offsets = nullptr;
  const std::string type = "segments of 1000";
  const std::uint64_t max_n = (std::uint64_t{1} << 31) - 1;
  using N = int;
  XCUB_TEMP_ROW("DeviceSegmentedReduce::Sum", DeviceSegmentedReduce::Sum(nullptr, b, in, out, n / 1000 + 1, offsets,
                                                                         offsets + 1));
  XCUB_TEMP_ROW("DeviceSegmentedRadixSort::SortKeys",
                DeviceSegmentedRadixSort::SortKeys(nullptr, b, ki, ko, n, n / 1000 + 1, offsets, offsets + 1));
  XCUB_TEMP_ROW("DeviceSegmentedSort::SortKeys",
                DeviceSegmentedSort::SortKeys(nullptr, b, ki, ko, n, n / 1000 + 1, offsets, offsets + 1));
  XCUB_TEMP_ROW("DeviceSegmentedSort::StableSortPairs",
                DeviceSegmentedSort::StableSortPairs(nullptr, b, ki, ko, ki, ko, n, n / 1000 + 1, offsets,
                                                     offsets + 1));
}

void histograms_and_copies() {
  const std::uint8_t* samples = nullptr;
  int* hist = nullptr;
  const std::uint8_t* levels = nullptr;
  const std::string type = "uint8";
  const std::uint64_t max_n = (std::uint64_t{1} << 31) - 1;
  using N = int;
  XCUB_TEMP_ROW("DeviceHistogram::HistogramEven (256 bins)",
                DeviceHistogram::HistogramEven(nullptr, b, samples, hist, 257, 0, 256, n));
  XCUB_TEMP_ROW("DeviceHistogram::HistogramRange (16 bins)",
                DeviceHistogram::HistogramRange(nullptr, b, samples, hist, 17, levels, n));
  void* const* srcs = nullptr;
  void* const* dsts = nullptr;
  const std::size_t* bytes = nullptr;
  XCUB_TEMP_ROW("DeviceMemcpy::Batched (buffers)", DeviceMemcpy::Batched(nullptr, b, srcs, dsts, bytes, n));
  const int* const* rin = nullptr;
  int* const* rout = nullptr;
  XCUB_TEMP_ROW("DeviceCopy::Batched (ranges)", DeviceCopy::Batched(nullptr, b, rin, rout, bytes, n));
#undef XCUB_TEMP_ROW
}

}  // namespace

int main(int argc, char** argv) {
  cudaDeviceProp p{};
  xcub_bench::check(cudaGetDeviceProperties(&p, 0), "properties");
  reduce_scan_select<std::int8_t, int>("int8");
  reduce_scan_select<std::int32_t, int>("int32");
  reduce_scan_select<std::int32_t, std::int64_t>("int32");
  reduce_scan_select<double, int>("double");
  arg_reduce<int>();
  arg_reduce<std::int64_t>();
  sorts<std::uint32_t, void, int>("u32");
  sorts<std::uint32_t, void, std::int64_t>("u32");
  sorts<std::uint32_t, std::uint32_t, int>("u32/u32");
  sorts<std::uint32_t, std::uint32_t, std::int64_t>("u32/u32");
  sorts<std::uint64_t, void, int>("u64");
  sorts<std::uint64_t, std::uint64_t, int>("u64/u64");
  segmented();
  histograms_and_copies();

  const char* commit = std::getenv("XCUB_COMMIT");
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  std::printf("Temp storage on %s, %s, commit %s: bytes asked by xcub and CUB for the same call\n\n", p.name, date,
              commit ? commit : "?");
  std::printf("| benchmark | type | items | xcub bytes | CUB bytes | ratio xcub/CUB |\n|---|---|---|---|---|---|\n");
  for (const temp_row& x : rows) {
    if (x.impl != "xcub") continue;
    for (const temp_row& c : rows)
      if (c.impl == "cub" && c.benchmark == x.benchmark && c.type == x.type && c.items == x.items)
        std::printf("| %s | %s | 2^%d | %zu | %zu | %.2f |\n", x.benchmark.c_str(), x.type.c_str(),
                    static_cast<int>(std::log2(double(x.items))), x.bytes, c.bytes,
                    c.bytes ? double(x.bytes) / double(c.bytes) : 0.0);
  }
  std::printf("\nSizes that fall as the count grows (2^10 to 2^31 items, 16 steps an octave):%s\n",
              growth_notes.empty() ? " none" : "");
  for (const auto& s : growth_notes) std::printf("- %s\n", s.c_str());
  if (argc > 1)
    if (FILE* f = std::fopen(argv[1], "w")) {
      std::fprintf(f, "{\n  \"benchmark\": \"temp_storage\",\n  \"device\": \"%s\",\n  \"date\": \"%s\",\n  \"commit\": \"%s\",\n  \"rows\": [\n",
                   p.name, date, commit ? commit : "?");
      for (std::size_t i = 0; i < rows.size(); ++i)
        std::fprintf(f, "    {\"benchmark\": \"%s\", \"type\": \"%s\", \"impl\": \"%s\", \"items\": %llu, \"temp_bytes\": %zu}%s\n",
                     rows[i].benchmark.c_str(), rows[i].type.c_str(), rows[i].impl.c_str(),
                     static_cast<unsigned long long>(rows[i].items), rows[i].bytes, i + 1 < rows.size() ? "," : "");
      std::fprintf(f, "  ]\n}\n");
      std::fclose(f);
    }
}
