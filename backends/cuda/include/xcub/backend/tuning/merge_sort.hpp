// CUDA tuning of DeviceMergeSort and DeviceMerge: numbers only (<xcub/device/detail/policy.hpp> says
// what they mean).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  /// Policy for keys of type KeyT on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900). CUB
  /// 3.0.1's sm_60+ link: 256 threads, 17 nominal 4-byte items (an odd count: the blocked-to-striped
  /// exchanges through shared memory meet no bank conflicts). sm_90 merges in tiles of 128 threads
  /// and sorts blocks of 512, from bench/cuda/device_merge_sort_sweep.cu on an H200 (2026-11-26,
  /// bench/results/sweep-merge-sort-2026-11-26-*.json): SortKeysCopy of 2^26 u32 keys 0.93x -> 0.97x
  /// CUB (fewer merge passes after the larger block sort; smaller merge blocks balance them better).
  template <class KeyT>
  static constexpr detail::merge_sort_policy policy(int arch) {
    const int items = detail::nominal_4b_items(17, static_cast<int>(sizeof(KeyT)));
    if (arch >= 900) return {128, items, 256, 512, items};
    return {256, items, 256};
  }
};

struct merge {
  /// DeviceMerge: CUB 3.0.1's sm_60+ link, 512 threads and 15 nominal 4-byte items.
  template <class KeyT>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {512, detail::nominal_4b_items(15, static_cast<int>(sizeof(KeyT))), 256};
  }
};

}  // namespace xcub::tuning
