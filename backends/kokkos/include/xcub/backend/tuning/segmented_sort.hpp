// Kokkos tuning of DeviceSegmentedRadixSort and DeviceSegmentedSort. The Kokkos dispatch reads
// segments_per_block (segments per team), small_items_max() (segments of up to that many keys,
// at most 64, are insertion-sorted by one thread), tile_items() (the keys a team ranks at a time
// in the radix passes of longer segments) and radix_bits (bits per pass, 1 to 8); the rest is
// ignored (docs/kokkos-backend.md). A user's Device*Tuned<Tuning> is read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_sort {
  template <class KeyT>
  static constexpr detail::segmented_sort_policy policy(int /*arch*/) {
    return {128, 8, 8, 4, 4, 32};
  }
  static constexpr int oversubscription = 2;  // unused on kokkos
};

}  // namespace xcub::tuning
