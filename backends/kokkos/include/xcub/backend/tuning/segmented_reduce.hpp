// Kokkos tuning of DeviceSegmentedReduce: only segments_per_block is read, as the segments of one
// team (one thread per segment, docs/kokkos-backend.md); the other fields are ignored.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_reduce {
  template <class T>
  static constexpr detail::segmented_reduce_policy policy(int /*arch*/) {
    return {256, 1, 0, 0, 256, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 2;  // unused on kokkos
};

}  // namespace xcub::tuning
