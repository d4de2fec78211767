// Shared pieces of the DeviceMergeSort and DeviceMerge tests: tunings with tiny tiles, a 16-byte key
// with its own order.
#pragma once

#include <cstdint>
#include <type_traits>

#include <xcub/device/detail/policy.hpp>

#include "../device/device_test_support.hpp"

namespace xcub_merge_test {

/// Tiles of THREADS x ITEMS: small inputs cross many tiles and merge passes on every backend; the
/// block sort's tiles SORT_THREADS x SORT_ITEMS (0: the same).
template <int THREADS, int ITEMS, int PARTITION_THREADS, int SORT_THREADS = 0, int SORT_ITEMS = 0>
struct merge_tuning {
  template <class KeyT, class ValueT = xcub::NullType>
  static constexpr xcub::detail::merge_sort_policy policy(int) {
    return {THREADS, ITEMS, PARTITION_THREADS, SORT_THREADS, SORT_ITEMS};
  }
};
using tiny = merge_tuning<3, 3, 4>;      // tiles of 9: 1000 items are 112 tiles, 7 merge passes
using odd = merge_tuning<40, 3, 16>;     // tiles of 120; a partial warp
using split = merge_tuning<4, 2, 8, 5, 4>;  // sorted tiles of 20, merged in output tiles of 8

/// Keys and pairs in different shapes, as CUDA's sm_90 default: the kernels and the dispatch must
/// both ask the tuning with the value type (a mismatch sorts with the wrong tile sizes).
struct by_kind {
  template <class KeyT, class ValueT = xcub::NullType>
  static constexpr xcub::detail::merge_sort_policy policy(int) {
    if (std::is_same_v<ValueT, xcub::NullType>) return {3, 3, 4, 6, 3};  // sorted tiles of 18, merged by 9
    return {4, 3, 8, 8, 3};                                              // sorted tiles of 24, merged by 12
  }
};

/// A 16-byte key ordered by `major` only, descending: `minor` and `tag` tell equivalent keys apart.
struct wide_key {
  std::int64_t major;
  std::int32_t minor;
  std::int32_t tag;
};
struct wide_later_first {
  XCUB_HOST_DEVICE bool operator()(const wide_key& a, const wide_key& b) const { return a.major > b.major; }
};

}  // namespace xcub_merge_test
