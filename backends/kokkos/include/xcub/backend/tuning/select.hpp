// Kokkos tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: only tile_items() is
// read, as the items of one team's chunk (kk::ordered_fold, as tuning/scan.hpp) and as the tile an
// in-place selection's team stages in scratch; load and scan algorithms and look-back delays are
// ignored (docs/kokkos-backend.md). A user's Device*Tuned<Tuning> is read the same way.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct select {
  template <class T>
  static constexpr detail::select_policy policy(int /*arch*/) {
    return {256, 8, BLOCK_LOAD_DIRECT, LOAD_DEFAULT, BLOCK_SCAN_RAKING, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
