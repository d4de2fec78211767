// The plain CUB program (plain_cub.cu): the sorting families other than DeviceRadixSort itself --
// DeviceMergeSort and DeviceMerge (device_merge_sort.cu), DeviceSegmentedRadixSort and
// DeviceSegmentedSort (device_segmented_sort.hpp), and the CUB radix sorts that DeviceTopK is timed
// against (device_topk.cu).
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include "plain_cub.hpp"

namespace plain_cub {
namespace {

struct less_u32 {
  __host__ __device__ bool operator()(std::uint32_t a, std::uint32_t b) const { return a < b; }
};

void merge_sort_keys(int k) {
  const std::size_t n = std::size_t{1} << k;
  if (!fits(2 * n * sizeof(std::uint32_t))) return skipped("DeviceMergeSort::SortKeysCopy", "uint32", k, "no room");
  buffer<std::uint32_t> in(n), out(n);
  fill_random_u32(in.get(), nullptr, n);
  const std::uint32_t* d_in = in.get();
  std::uint32_t* d_out = out.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    // The benchmarks also time xcub with CUB's shape ("[256x17]"); CUB's side is the same call.
    for (const char* name : {"DeviceMergeSort::SortKeysCopy", "DeviceMergeSort::SortKeysCopy [256x17]"})
      time_call(name, counted<Count>("uint32"), k, n, 2 * n * sizeof(std::uint32_t), [=](void* t, std::size_t& b) {
        return cub::DeviceMergeSort::SortKeysCopy(t, b, d_in, d_out, items, less_u32{});
      });
  });
}

void merge_sort_pairs(int k) {
  const std::size_t n = std::size_t{1} << k;
  if (!fits(4 * n * sizeof(std::uint32_t)))
    return skipped("DeviceMergeSort::SortPairsCopy", "uint32/uint32", k, "no room");
  buffer<std::uint32_t> keys(n), values(n), ko(n), vo(n);
  fill_random_u32(keys.get(), values.get(), n);
  const std::uint32_t *dk = keys.get(), *dv = values.get();
  std::uint32_t *dko = ko.get(), *dvo = vo.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    time_call("DeviceMergeSort::SortPairsCopy", counted<Count>("uint32/uint32"), k, n, 4 * n * sizeof(std::uint32_t),
              [=](void* t, std::size_t& b) {
                return cub::DeviceMergeSort::SortPairsCopy(t, b, dk, dv, dko, dvo, items, less_u32{});
              });
  });
}

/// DeviceMerge::MergeKeys takes std::int64_t counts only.
void merge_keys(int k) {
  const std::size_t n = std::size_t{1} << k, half = n / 2;
  if (!fits(2 * n * sizeof(std::uint32_t))) return skipped("DeviceMerge::MergeKeys", "uint32", k, "no room");
  buffer<std::uint32_t> a(half), b(n - half), out(n);
  fill_sorted_u32(a.get(), half, 1);
  fill_sorted_u32(b.get(), n - half, 2);
  const std::uint32_t *da = a.get(), *db = b.get();
  std::uint32_t* d_out = out.get();
  const auto na = static_cast<std::int64_t>(half), nb = static_cast<std::int64_t>(n - half);
  time_call("DeviceMerge::MergeKeys", "uint32", k, n, 2 * n * sizeof(std::uint32_t), [=](void* t, std::size_t& bytes) {
    return cub::DeviceMerge::MergeKeys(t, bytes, da, na, db, nb, d_out, less_u32{});
  });
}

enum class algo { radix, merge };

/// The segmented sorts take std::int64_t counts only (DeviceSegmentedRadixSort converts them to int).
template <algo A, bool PAIRS>
void segmented_sort(int length) {
  const std::string name = std::string(A == algo::radix ? "DeviceSegmentedRadixSort::" : "DeviceSegmentedSort::") +
                           (PAIRS ? "SortPairs" : "SortKeys") +
                           (length == 0 ? std::string(" random 0..2000") : " segments of " + std::to_string(length));
  // The benchmark's default sizes are 2^22 and 2^26; these follow XCUB_BENCH_LOG2 or the plain default.
  for (const int k : sizes()) {
    const std::vector<int> host_offsets = make_offsets(std::size_t{1} << k, length, k);
    const std::size_t segments = host_offsets.size() - 1, items = static_cast<std::size_t>(host_offsets.back());
    const std::size_t per_item = PAIRS ? 8 : 4;
    if (segments == 0 || !fits(2 * items * per_item + host_offsets.size() * sizeof(int))) {
      skipped(name, "uint32", k, "no whole segment, or no room");
      continue;
    }
    buffer<std::uint32_t> keys(items), values(items), ko(items), vo(items);
    buffer<int> offsets(host_offsets.size());
    fill_distinct_keys(keys.get(), values.get(), items);
    ok(cudaMemcpy(offsets.get(), host_offsets.data(), host_offsets.size() * sizeof(int), cudaMemcpyHostToDevice),
       "offsets");
    const std::uint32_t *kin = keys.get(), *vin = values.get();
    std::uint32_t *ck = ko.get(), *cv = vo.get();
    const int* begin = offsets.get();
    const int* end = offsets.get() + 1;
    const auto n = static_cast<std::int64_t>(items), s = static_cast<std::int64_t>(segments);
    const cudaStream_t stream = nullptr;
    const std::size_t bytes = 2 * items * per_item + host_offsets.size() * sizeof(int);
    time_call(name, "uint32", k, items, bytes, [=](void* t, std::size_t& b) {
      if constexpr (A == algo::radix && PAIRS)
        return cub::DeviceSegmentedRadixSort::SortPairs(t, b, kin, ck, vin, cv, n, s, begin, end, 0, 32, stream);
      else if constexpr (A == algo::radix)
        return cub::DeviceSegmentedRadixSort::SortKeys(t, b, kin, ck, n, s, begin, end, 0, 32, stream);
      else if constexpr (PAIRS)
        return cub::DeviceSegmentedSort::SortPairs(t, b, kin, ck, vin, cv, n, s, begin, end, stream);
      else
        return cub::DeviceSegmentedSort::SortKeys(t, b, kin, ck, n, s, begin, end, stream);
    });
  }
}

/// DeviceTopK's baselines: CUB's full radix sorts of the top-k input (uniform floats in [-1, 1),
/// values the positions), once per k as the benchmark times them.
void topk_keys(int lg) {
  const std::size_t n = std::size_t{1} << lg;
  if (!fits(2 * n * sizeof(float) + n * sizeof(int))) return skipped("MaxKeys", "float", lg, "no room");
  buffer<float> keys(n), sorted(n);
  buffer<int> positions(n);
  fill_uniform(keys.get(), positions.get(), n);
  const float* in = keys.get();
  float* all = sorted.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    for (const std::size_t k : {std::size_t{1}, std::size_t{100}, std::size_t{10000}})
      time_call("MaxKeys k=" + std::to_string(k), counted<Count>("float"), lg, n, n * sizeof(float) + k * sizeof(float),
                [=](void* t, std::size_t& s) { return cub::DeviceRadixSort::SortKeys(t, s, in, all, items); });
  });
}

void topk_pairs(int lg) {
  const std::size_t n = std::size_t{1} << lg;
  if (!fits(2 * n * sizeof(float) + 2 * n * sizeof(int))) return skipped("MinPairs", "float/int32", lg, "no room");
  buffer<float> keys(n), sorted_keys(n);
  buffer<int> positions(n), sorted_values(n);
  fill_uniform(keys.get(), positions.get(), n);
  const float* in = keys.get();
  const int* vin = positions.get();
  float* all = sorted_keys.get();
  int* vall = sorted_values.get();
  for_each_count([&](auto count) {
    using Count = decltype(count);
    const Count items = static_cast<Count>(n);
    for (const std::size_t k : {std::size_t{1}, std::size_t{100}, std::size_t{10000}})
      time_call("MinPairs k=" + std::to_string(k), counted<Count>("float/int32"), lg, n,
                n * sizeof(float) + k * (sizeof(float) + 2 * sizeof(int)),
                [=](void* t, std::size_t& s) { return cub::DeviceRadixSort::SortPairs(t, s, in, all, vin, vall, items); });
  });
}

}  // namespace

void run_merge_sort() {
  for (int k : sizes()) merge_sort_keys(k);
  for (int k : sizes()) merge_sort_pairs(k);
  for (int k : sizes()) merge_keys(k);
}

void run_segmented_sort() {
  for (const int length : {100, 1000, 0}) {
    segmented_sort<algo::radix, false>(length);
    segmented_sort<algo::radix, true>(length);
    segmented_sort<algo::merge, false>(length);
    segmented_sort<algo::merge, true>(length);
  }
}

void run_topk() {
  for (int lg : sizes()) topk_keys(lg);
  for (int lg : sizes()) topk_pairs(lg);
}

}  // namespace plain_cub
