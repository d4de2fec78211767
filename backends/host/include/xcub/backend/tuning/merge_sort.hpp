// Host tuning of DeviceMergeSort and DeviceMerge: small tiles (64 threads x 4 items), so that tests
// cross many tiles and merge passes while emulation stays cheap.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {64, 4, 64};
  }
};

struct merge {
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {64, 4, 64};
  }
};

}  // namespace xcub::tuning
