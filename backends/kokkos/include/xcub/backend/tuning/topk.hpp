// Kokkos tuning of DeviceTopK: read as the tile (tile_items(), the keys a team of the radix sort ranks
// at a time) and the digit width (radix_bits, at most 8 there) of the sort that the kokkos DeviceTopK
// runs (dispatch/topk.hpp); the other fields are ignored (docs/kokkos-backend.md). A user's
// DeviceTopKTuned<Tuning> is read the same way.
#pragma once

#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::tuning {

struct topk {
  template <class KeyT, class ValueT>
  static constexpr detail::topk_policy policy(int /*arch*/) {
    return {256, 8, 8, 256, 1, 1};
  }
};

}  // namespace xcub::tuning
