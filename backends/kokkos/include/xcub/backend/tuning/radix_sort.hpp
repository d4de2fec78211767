// Kokkos tuning of DeviceRadixSort. The Kokkos dispatch reads a policy only as tile_items() (the
// keys a team ranks at a time; a team takes a chunk of whole tiles) and radix_bits (bits per pass,
// 1 to 8); ranking algorithms, histogram and single-tile shapes, portions and look-back spins are
// ignored (docs/kokkos-backend.md). A user's DeviceRadixSortTuned<Tuning> is read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct radix_sort {
  template <class KeyT, class ValueT>
  static constexpr detail::radix_sort_policy policy(int /*arch*/) {
    return {256, 8, 8, RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 256, 8, 256, 8, 8};
  }
};

}  // namespace xcub::tuning
