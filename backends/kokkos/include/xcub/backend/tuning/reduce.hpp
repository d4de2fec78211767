// Kokkos tuning of DeviceReduce. The Kokkos dispatch reads a policy only as items per team
// (tile_items()): each team folds a contiguous chunk of whole tiles, its threads a contiguous
// share each (docs/kokkos-backend.md); block algorithms and vector loads are ignored. A user's
// DeviceReduceTuned<Tuning> is accepted and read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct reduce {
  template <class T>
  static constexpr detail::reduce_policy policy(int /*arch*/) {
    return {256, 16, 1, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 2;  // unused on kokkos
};

}  // namespace xcub::tuning
