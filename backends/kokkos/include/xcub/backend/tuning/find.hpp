// Kokkos tuning of DeviceFind: not read by the dispatch (FindIf is one parallel_reduce with a Min
// over matching indices, LowerBound/UpperBound one parallel_for index per value, both scheduled by
// Kokkos; docs/kokkos-backend.md). It exists because the façade names xcub::tuning::find_if and
// find_bounds, and tests size their inputs from tile_items(); the numbers are the host emulator's.
// A user's DeviceFindTuned<...> is accepted and ignored.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct find_if {
  template <class T>
  static constexpr detail::find_policy policy(int /*arch*/) {
    return {64, 2, 2, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
};

struct find_bounds {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {64, 2, 0};
  }
};

}  // namespace xcub::tuning
