// CUDA tuning of DeviceSegmentedRadixSort and DeviceSegmentedSort: numbers only
// (<xcub/device/detail/policy.hpp> says what they mean).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_sort {
  /// Policy for keys of type KeyT on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900):
  /// blocks of 256 threads and tiles of 2048 four-byte keys (fewer items for wider keys, so that a
  /// tile of keys and values stays within 32 KiB of shared memory); 5-bit digits; segments of up
  /// to 112 keys (128 of 8 bytes, 64 of 16) take a logical warp (16 lanes x 7 keys up to 4 bytes,
  /// else 32 lanes x 4 or x 2); groups of up to 64 segments. Why 7 keys a lane: the merge sort
  /// stores each lane's keys blocked in shared memory, lane l at words 7l.., and 7 is odd, so the
  /// 32 lanes of the two logical warps in a warp hit 32 banks; 8 keys a lane put lanes l and l + 4
  /// on one bank. At 8 the kernel was bound by L1/shared memory (99% of its throughput under Nsight
  /// Compute, an H200, 2026-11-26) at 0.66x CUB for segments of 100 keys.
  template <class KeyT>
  static constexpr detail::segmented_sort_policy policy(int /*arch*/) {
    constexpr int bytes = static_cast<int>(sizeof(KeyT));
    constexpr int small_threads = bytes <= 4 ? 16 : 32;
    constexpr int small_items = bytes <= 4 ? 7 : (bytes <= 8 ? 4 : 2);
    return {256, detail::scaled_items(8, bytes), 5, small_threads, small_items, 64};
  }
  /// The grid aims at this many times the blocks that are resident at once before it groups segments.
  static constexpr int oversubscription = 4;
};

}  // namespace xcub::tuning
