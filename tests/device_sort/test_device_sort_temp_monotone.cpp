// temp_storage_bytes never decreases as the count grows, for the sorts and merges (the other device
// families: tests/device/test_device_temp_monotone.cpp): DeviceRadixSort (pointer and DoubleBuffer
// forms, pairs, descending), DeviceMergeSort, DeviceMerge, DeviceSegmentedRadixSort and
// DeviceSegmentedSort (as num_items grows with the segments fixed, and as num_segments grows), with
// a narrow and a wide key type and int and 64-bit counts. Only sizes are asked (null pointers).
#include <cstdint>
#include <functional>
#include <limits>

#include <xcub/device/device_merge.hpp>
#include <xcub/device/device_merge_sort.hpp>
#include <xcub/device/device_radix_sort.hpp>
#include <xcub/device/device_segmented_radix_sort.hpp>
#include <xcub/device/device_segmented_sort.hpp>

#include "temp_monotone_checks.hpp"
#include "test_support.hpp"

using xcub_test::check_temp_monotone;

namespace {

constexpr std::uint64_t int_max = xcub_test::int_count_max;
constexpr std::uint64_t wide_max = xcub_test::wide_count_max;
using xcub_test::count_name;
using xcub_test::for_count_types;


template <class K>
void radix_and_merge(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: radix sort and merge sort");
  const K* in = nullptr;
  K* out = nullptr;
  const std::uint32_t* values = nullptr;
  std::uint32_t* values_out = nullptr;
  for_count_types([&](auto c, std::uint64_t max_count) {
    using N = decltype(c);
    const std::string tail = std::string(" ") + type + ", " + count_name(c);
    check_temp_monotone("DeviceRadixSort::SortKeys" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceRadixSort::SortKeys(nullptr, b, in, out, static_cast<N>(n));
    }, rng);
    check_temp_monotone("DeviceRadixSort::SortPairs (u32 values)" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceRadixSort::SortPairs(nullptr, b, in, out, values, values_out,
                                                                  static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone("DeviceRadixSort::SortKeysDescending (8 bits)" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          return xcub::DeviceRadixSort::SortKeysDescending(nullptr, b, in, out, static_cast<N>(n), 0,
                                                                           8);
                        },
                        rng);
    check_temp_monotone("DeviceRadixSort::SortKeys (DoubleBuffer)" + tail, max_count,
                        [&](std::size_t& b, std::uint64_t n) {
                          xcub::DoubleBuffer<K> keys(out, out);
                          return xcub::DeviceRadixSort::SortKeys(nullptr, b, keys, static_cast<N>(n));
                        },
                        rng);
    check_temp_monotone("DeviceMergeSort::SortKeys" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceMergeSort::SortKeys(nullptr, b, out, static_cast<N>(n), std::less<>{});
    }, rng);
    check_temp_monotone("DeviceMergeSort::SortPairsCopy" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceMergeSort::SortPairsCopy(nullptr, b, in, values, out, values_out, static_cast<N>(n),
                                                  std::less<>{});
    }, rng);
    check_temp_monotone("DeviceMerge::MergeKeys (halves)" + tail, max_count, [&](std::size_t& b, std::uint64_t n) {
      return xcub::DeviceMerge::MergeKeys(nullptr, b, in, static_cast<N>(n / 2), in, static_cast<N>(n - n / 2), out);
    }, rng);
  });
}

template <class K>
void segmented(const char* type) {
  auto rng = xcub_test::rng_for("temp monotone: segmented sorts");
  const K* in = nullptr;
  K* out = nullptr;
  const int* offsets = nullptr;
  const std::int64_t* wide_offsets = nullptr;
  const std::string t = std::string(" ") + type;
  // num_items grows, 1000 segments
  check_temp_monotone("DeviceSegmentedRadixSort::SortKeys, 1000 segments," + t, int_max,
                      [&](std::size_t& b, std::uint64_t n) {
                        return xcub::DeviceSegmentedRadixSort::SortKeys(nullptr, b, in, out, static_cast<int>(n), 1000,
                                                                        offsets, offsets + 1);
                      },
                      rng);
  check_temp_monotone("DeviceSegmentedSort::SortKeys, 1000 segments," + t, int_max,
                      [&](std::size_t& b, std::uint64_t n) {
                        return xcub::DeviceSegmentedSort::SortKeys(nullptr, b, in, out, static_cast<int>(n), 1000,
                                                                   offsets, offsets + 1);
                      },
                      rng);
  check_temp_monotone("DeviceSegmentedSort::StableSortPairs, 1000 segments, int64 counts," + t, wide_max,
                      [&](std::size_t& b, std::uint64_t n) {
                        return xcub::DeviceSegmentedSort::StableSortPairs(nullptr, b, in, out, in, out,
                                                                          static_cast<std::int64_t>(n),
                                                                          std::int64_t{1000}, wide_offsets,
                                                                          wide_offsets + 1);
                      },
                      rng);
  // num_segments grows, num_items = 2^30
  check_temp_monotone("DeviceSegmentedRadixSort::SortKeys, 2^30 items, as num_segments grows," + t, int_max,
                      [&](std::size_t& b, std::uint64_t s) {
                        return xcub::DeviceSegmentedRadixSort::SortKeys(nullptr, b, in, out, 1 << 30,
                                                                        static_cast<int>(s), offsets, offsets + 1);
                      },
                      rng);
  check_temp_monotone("DeviceSegmentedSort::SortKeys, 2^30 items, as num_segments grows," + t, int_max,
                      [&](std::size_t& b, std::uint64_t s) {
                        return xcub::DeviceSegmentedSort::SortKeys(nullptr, b, in, out, 1 << 30, static_cast<int>(s),
                                                                   offsets, offsets + 1);
                      },
                      rng);
}

}  // namespace

TEST_CASE("temp_storage_bytes never decreases as num_items grows: DeviceRadixSort, DeviceMergeSort, DeviceMerge") {
  XCUB_TEST_CONTEXT();
  radix_and_merge<std::uint8_t>("uint8");
  radix_and_merge<std::uint64_t>("uint64");
}

TEST_CASE("temp_storage_bytes never decreases as num_items or num_segments grows: DeviceSegmentedRadixSort, "
          "DeviceSegmentedSort") {
  XCUB_TEST_CONTEXT();
  segmented<std::uint16_t>("uint16");
  segmented<double>("double");
}
