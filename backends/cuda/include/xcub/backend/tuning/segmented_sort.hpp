// CUDA tuning of DeviceSegmentedRadixSort and DeviceSegmentedSort: numbers only
// (<xcub/device/detail/policy.hpp> says what they mean).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_sort {
  /// Policy for keys of type KeyT on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900):
  /// blocks of 256 threads and tiles of 2048 four-byte keys (fewer items for wider keys, so that a
  /// tile of keys and values stays within 32 KiB of shared memory); 5-bit digits; segments of up
  /// to 104 keys (128 of 8 bytes, 64 of 16) take a logical warp (8 lanes x 13 keys up to 4 bytes,
  /// else 32 lanes x 4 or x 2); groups of up to 64 segments. 8 x 13: an odd count of keys a lane
  /// keeps the blocked shared-memory stores off shared banks (3c7e01f), fewer lanes mean fewer merge
  /// rounds: segments of 100 u32 keys at 2^26 1.47x CUB keys, 1.38x pairs (H200 sweep; 46de9df).
  /// Wider keys keep the first shapes (not measured).
  template <class KeyT>
  static constexpr detail::segmented_sort_policy policy(int /*arch*/) {
    constexpr int bytes = static_cast<int>(sizeof(KeyT));
    constexpr int small_threads = bytes <= 4 ? 8 : 32;
    constexpr int small_items = bytes <= 4 ? 13 : (bytes <= 8 ? 4 : 2);
    return {256, detail::scaled_items(8, bytes), 5, small_threads, small_items, 64};
  }
  /// The grid aims at this many times the blocks that are resident at once before it groups segments.
  static constexpr int oversubscription = 4;
};

}  // namespace xcub::tuning
