// Kokkos tuning of DeviceScan (and ReduceByKey): as tuning/reduce.hpp, only tile_items() is read,
// as the items of one team's chunk; load, store, scan algorithms and look-back delays are ignored.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct scan {
  template <class T>
  static constexpr detail::scan_policy policy(int /*arch*/) {
    return {256, 16, BLOCK_LOAD_DIRECT, LOAD_DEFAULT, BLOCK_STORE_DIRECT, BLOCK_SCAN_RAKING, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
