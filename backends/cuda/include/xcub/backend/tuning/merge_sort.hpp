// CUDA tuning of DeviceMergeSort and DeviceMerge: numbers only (<xcub/device/detail/policy.hpp> says
// what they mean).
#pragma once

#include <type_traits>

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  /// Policy for keys of type KeyT (and values of type ValueT; NullType: keys only) on architecture
  /// `arch` (sm_75: 750, sm_80: 800, sm_90: 900). CUB 3.0.1's sm_60+ link: 256 threads, 17 nominal
  /// 4-byte items, keys and pairs alike (odd counts: the blocked <-> striped exchanges through
  /// shared memory meet no bank conflicts). sm_90, from bench/cuda/device_merge_sort_sweep.cu on an
  /// H200 (2026-11-26, bench/results/sweep-merge-sort-2026-11-26-*.json), 2^26 and 2^28 u32 keys
  /// against CUB, since full merge tiles load all their keys before storing any (agent_merge.hpp):
  /// - keys: merge tiles of 128 x 21 after a block sort of 512 x 21: 1.04x / 1.05x CUB at 2^26 /
  ///   2^28 keys (CUB's own shape 0.92x), 0.95x at 2^22, 0.87x at 2^20. Larger tiles (128 x 25 after
  ///   256 x 25: 1.04x / 1.08x) lose more at small sizes (0.72x at 2^20), where few blocks run;
  /// - pairs: 128 x 17 after 256 x 17 (1.02x at 2^26 and 2^28, 0.97x at 2^22): a thread holds values
  ///   and source indices too; at 21 items pairs fall to 0.87x, and a 512-thread block sort of 17
  ///   took 123 registers.
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int arch) {
    constexpr bool pairs = !std::is_same_v<ValueT, NullType>;
    const int bytes = static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>));
    if (arch >= 900) {
      const int items = detail::nominal_4b_items(pairs ? 17 : 21, bytes);
      return {128, items, 256, pairs ? 256 : 512, items};
    }
    return {256, detail::nominal_4b_items(17, bytes), 256};
  }
};

struct merge {
  /// DeviceMerge: 128 threads x 21 nominal 4-byte items on every architecture (swept on an H200 as
  /// above: 1.01x CUB at 2^26 items, 0.96x at 2^28). CUB's 512 x 15 reads 0.72x: a full tile holds
  /// all its keys in registers before storing them to shared memory (64 registers a thread, two
  /// 512-thread blocks a multiprocessor). Older architectures are not measured.
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {128, detail::nominal_4b_items(21, static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>))), 256};
  }
};

}  // namespace xcub::tuning
