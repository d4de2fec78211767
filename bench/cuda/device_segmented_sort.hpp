// DeviceSegmentedRadixSort and DeviceSegmentedSort, xcub against CUB in one binary on the same
// keys and offsets: uint32 keys (and uint32 values), 2^22 and 2^26 items by default
// (XCUB_BENCH_LOG2 picks), segments of 100 and of 1000 items and of random lengths uniform in
// [0, 2000]. The keys are a bijection of the index (all distinct), so that even CUB's unstable
// DeviceSegmentedSort::SortPairs has one right answer: keys and values are compared whole, on the
// device, before and after timing (device_harness.hpp). Minimum traffic: keys (and values) read
// and written once, the offsets read once. segmented_sort<algo, PAIRS, XcubSort> takes xcub's
// DeviceSegmentedSort as a DeviceSegmentedSortTuned<...> type and a label, so that
// device_segmented_sort_sweep.cu runs its cases over other tunings.
#pragma once
#include <cub/device/device_segmented_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>

#include <cstdlib>
#include <random>

#include "device_harness.hpp"

namespace xcub_bench::device {
namespace {

enum class algo { radix, merge };

template <algo A, bool PAIRS, class XcubSort = xcub::DeviceSegmentedSort>
void segmented_sort(report& rep, int length, const std::vector<int>& sizes, const std::string& label = "") {
  const std::string name = std::string(A == algo::radix ? "DeviceSegmentedRadixSort::" : "DeviceSegmentedSort::") +
                           (PAIRS ? "SortPairs" : "SortKeys") +
                           (length == 0 ? std::string(" random 0..2000") : " segments of " + std::to_string(length)) +
                           label;
  for (const int k : sizes) {
    const std::vector<int> host_offsets = make_offsets(std::size_t{1} << k, length, k);
    const std::size_t segments = host_offsets.size() - 1, items = static_cast<std::size_t>(host_offsets.back());
    const std::size_t per_item = PAIRS ? 8 : 4;
    if (segments == 0 || !fits(3 * items * per_item + host_offsets.size() * sizeof(int), items * per_item)) {
      skip(name.c_str(), "uint32", k);
      continue;
    }
    dev_array<std::uint32_t> keys(items), x_keys(items), c_keys(items), values(items), x_values(items),
        c_values(items);
    dev_array<int> offsets(host_offsets.size());
    fill_distinct_keys(keys.get(), values.get(), items);
    check(cudaMemcpy(offsets.get(), host_offsets.data(), host_offsets.size() * sizeof(int), cudaMemcpyHostToDevice),
          "copy offsets");
    check(cudaDeviceSynchronize(), "inputs");
    const std::uint32_t *kin = keys.get(), *vin = values.get();
    std::uint32_t *xk = x_keys.get(), *ck = c_keys.get(), *xv = x_values.get(), *cv = c_values.get();
    const int* begin = offsets.get();
    const int* end = offsets.get() + 1;
    const auto n = static_cast<std::int64_t>(items), s = static_cast<std::int64_t>(segments);
    const cudaStream_t stream = nullptr;
    const bench_case c{name, "uint32", k, items, 2 * items * per_item + host_offsets.size() * sizeof(int),
                       items * per_item};
    auto verify = [&] {
      expect_equal(xk, ck, items, name + " keys");
      if (PAIRS) expect_equal(xv, cv, items, name + " values");
    };
    if constexpr (A == algo::radix && PAIRS)
      run_pair(
          rep, c,
          [=](void* t, std::size_t& b) {
            return xcub::DeviceSegmentedRadixSort::SortPairs(t, b, kin, xk, vin, xv, n, s, begin, end, 0, 32, stream);
          },
          [=](void* t, std::size_t& b) {
            return cub::DeviceSegmentedRadixSort::SortPairs(t, b, kin, ck, vin, cv, n, s, begin, end, 0, 32, stream);
          },
          verify);
    else if constexpr (A == algo::radix)
      run_pair(
          rep, c,
          [=](void* t, std::size_t& b) {
            return xcub::DeviceSegmentedRadixSort::SortKeys(t, b, kin, xk, n, s, begin, end, 0, 32, stream);
          },
          [=](void* t, std::size_t& b) {
            return cub::DeviceSegmentedRadixSort::SortKeys(t, b, kin, ck, n, s, begin, end, 0, 32, stream);
          },
          verify);
    else if constexpr (PAIRS)
      run_pair(
          rep, c,
          [=](void* t, std::size_t& b) {
            return XcubSort::SortPairs(t, b, kin, xk, vin, xv, n, s, begin, end, stream);
          },
          [=](void* t, std::size_t& b) {
            return cub::DeviceSegmentedSort::SortPairs(t, b, kin, ck, vin, cv, n, s, begin, end, stream);
          },
          verify);
    else
      run_pair(
          rep, c,
          [=](void* t, std::size_t& b) {
            return XcubSort::SortKeys(t, b, kin, xk, n, s, begin, end, stream);
          },
          [=](void* t, std::size_t& b) {
            return cub::DeviceSegmentedSort::SortKeys(t, b, kin, ck, n, s, begin, end, stream);
          },
          verify);
  }
}

}  // namespace
}  // namespace xcub_bench::device
