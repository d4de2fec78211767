// CUDA tuning of DeviceMergeSort and DeviceMerge: numbers only (<xcub/device/detail/policy.hpp> says
// what they mean).
#pragma once

#include <type_traits>

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  /// Policy for keys of type KeyT (and values of type ValueT; NullType: keys only) on architecture
  /// `arch` (sm_75: 750, sm_80: 800, sm_90: 900). CUB 3.0.1's sm_60+ link: 256 threads, 17 nominal
  /// 4-byte items (an odd count: the blocked-to-striped exchanges through shared memory meet no
  /// bank conflicts), keys and pairs alike. sm_90, from bench/cuda/device_merge_sort_sweep.cu on an
  /// H200 (2026-11-26, bench/results/sweep-merge-sort-2026-11-26-*.json), 2^26 u32 keys against CUB:
  /// - keys: merges in tiles of 128 threads after a block sort of 512 (0.93x -> 0.96x CUB: fewer
  ///   merge passes after the larger block sort; smaller merge blocks balance them better);
  /// - pairs: 11 nominal items, the same tiles (0.90x -> 0.95x): a thread holds values and source
  ///   indices too, and at 17 items the 512-thread block sort took 123 registers (one block a
  ///   multiprocessor) where 11 items take 63.
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int arch) {
    constexpr bool pairs = !std::is_same_v<ValueT, NullType>;
    const int bytes = static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>));
    if (arch >= 900) {
      const int items = detail::nominal_4b_items(pairs ? 11 : 17, bytes);
      return {128, items, 256, 512, items};
    }
    return {256, detail::nominal_4b_items(17, bytes), 256};
  }
};

struct merge {
  /// DeviceMerge: CUB 3.0.1's sm_60+ link, 512 threads and 15 nominal 4-byte items.
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {512, detail::nominal_4b_items(15, static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>))), 256};
  }
};

}  // namespace xcub::tuning
