// HIP tuning of DeviceRadixSort: numbers only, not tuned on hardware (no AMD GPU has run them):
// 256 threads (4 wave64 or 8 wave32 wavefronts) x 16 nominal 4-byte keys, scaled down for wider
// keys or values and kept within 46 KiB of shared memory as on CUDA; 8-bit digits; the single-tile
// path as on CUDA (256 threads, 40 KiB of exchange, 6-bit digits).
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
    constexpr int single_items = 40960 / widest / 256 > 40 ? 40 : (40960 / widest / 256 < 1 ? 1 : 40960 / widest / 256);
    int threads = 256, items = 16 * 4 / (widest > 4 ? widest : 4);
    if (items < 1) items = 1;
    while (threads > 64 && threads * items * widest > 47104) threads -= 64;
    return {threads, items, 8, RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 256, 8, 256, single_items, key_bytes > 1 ? 6 : 5};
  }
};

}  // namespace xcub::tuning
