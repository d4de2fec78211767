// Kokkos tuning of DeviceTransform, DeviceFor and DeviceAdjacentDifference. DeviceTransform and
// DeviceFor read nothing: one index per work item of a RangePolicy, scheduled by Kokkos.
// DeviceAdjacentDifference reads only tile_items(): the in-place forms' tile, one team each, staged
// in team scratch, with one saved neighbour item per tile in the temp storage (the copy forms need
// no tiles). Thread counts, vector widths and load/store algorithms are ignored
// (docs/kokkos-backend.md). A user's Device*Tuned<Tuning> is accepted and read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct transform {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {256, 4, 16};
  }
};

struct for_each {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {256, 2, 16};
  }
};

struct adjacent_difference {
  template <class T>
  static constexpr detail::adjacent_difference_policy policy(int /*arch*/) {
    return {256, 4, BLOCK_LOAD_DIRECT, BLOCK_STORE_DIRECT};
  }
};

}  // namespace xcub::tuning
