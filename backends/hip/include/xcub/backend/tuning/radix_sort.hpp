// HIP tuning of DeviceRadixSort: numbers only, not tuned on hardware (no AMD GPU has run them):
// 256 threads (4 wave64 or 8 wave32 wavefronts) x 16 keys, 8-bit digits; the single-tile path as
// on CUDA (256 threads, 40 KiB of exchange, 6-bit digits).
#pragma once

#include <xcub/device/detail/policy.hpp>
#include <xcub/util/null_type.hpp>

#include <type_traits>

namespace xcub::tuning {

struct radix_sort {
  template <class KeyT, class ValueT>
  static constexpr detail::radix_sort_policy policy(int /*arch*/) {
    constexpr int key_bytes = static_cast<int>(sizeof(KeyT));
    constexpr int value_bytes = std::is_same_v<ValueT, NullType> ? 0 : static_cast<int>(sizeof(ValueT));
    constexpr int widest = key_bytes > value_bytes ? key_bytes : value_bytes;
    constexpr int single_items = widest >= 16 ? 10 : 40 * 4 / widest > 40 ? 40 : 40 * 4 / widest;
    return {256, widest >= 8 ? 12 : 16, 8, RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 256, 8, 256, single_items,
            key_bytes > 1 ? 6 : 5};
  }
};

}  // namespace xcub::tuning
