// Kokkos tuning of DeviceMergeSort and DeviceMerge. The Kokkos dispatch reads tile_items() (the
// output items one thread merges after its merge-path search) and, for the sort,
// sort_tile_items() (the runs one thread insertion-sorts first, at most 64); thread counts of the
// partition and block shapes are ignored (docs/kokkos-backend.md). A user's Device*Tuned<Tuning>
// is read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct merge_sort {
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {128, 8, 128, 16, 1};  // merge tiles of 1024 items, sorted runs of 16
  }
};

struct merge {
  template <class KeyT, class ValueT = NullType>
  static constexpr detail::merge_sort_policy policy(int /*arch*/) {
    return {128, 8, 128};
  }
};

}  // namespace xcub::tuning
