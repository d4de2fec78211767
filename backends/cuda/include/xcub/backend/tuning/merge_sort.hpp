// CUDA tuning of DeviceMergeSort and DeviceMerge: numbers only (<xcub/device/detail/policy.hpp> says
// what they mean).
#pragma once

#include <type_traits>

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  /// Policy for keys of type KeyT (and values of type ValueT; NullType: keys only) on architecture
  /// `arch` (sm_75: 750, sm_80: 800, sm_90: 900). CUB 3.0.1's sm_60+ link: 256 threads, 17 nominal
  /// 4-byte items (odd counts keep the exchanges free of bank conflicts). sm_90 (H200, u32 against
  /// CUB; 8037a94): keys 128 x 21 merges after a 512 x 21 block sort, 1.04-1.05x at 2^26-2^28 and
  /// 0.95x at 2^22; pairs 128 x 17 after 256 x 17, 1.02x (at 21 items registers cost them 0.87x).
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
  /// DeviceMerge: 128 threads x 21 nominal 4-byte items on every architecture (H200: 1.01x CUB at
  /// 2^26, 0.96x at 2^28, where CUB's 512 x 15 shape gives 0.72x; 8037a94). Older architectures not measured.
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {128, detail::nominal_4b_items(21, static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>))), 256};
  }
};

}  // namespace xcub::tuning
