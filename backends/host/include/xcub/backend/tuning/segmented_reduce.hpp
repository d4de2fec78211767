// Host tuning of DeviceSegmentedReduce: small blocks and thresholds, so that tests reach every
// path (thread, warp and block per segment) with short segments while emulation stays cheap.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_reduce {
  template <class T>
  static constexpr detail::segmented_reduce_policy policy(int /*arch*/) {
    return {64, 2, 4, 128, 64, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 2;
};

}  // namespace xcub::tuning
