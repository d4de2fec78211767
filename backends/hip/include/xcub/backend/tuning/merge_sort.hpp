// HIP tuning of DeviceMergeSort and DeviceMerge: numbers only (<xcub/device/detail/policy.hpp> says
// what they mean). Not measured yet: CUB's shape, which fits AMD's 64 KiB of LDS per block as well.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  /// Policy for keys of type KeyT on architecture `arch` (gfx90a: 910, gfx942: 942, gfx1030: 1030).
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {256, detail::nominal_4b_items(17, static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>))), 256};
  }
};

struct merge {
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {256, detail::nominal_4b_items(15, static_cast<int>(sizeof(detail::merge_item_t<KeyT, ValueT>))), 256};
  }
};

}  // namespace xcub::tuning
