// HIP tuning of DeviceSegmentedReduce: numbers only (<xcub/device/detail/policy.hpp> says what they mean).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_reduce {
  /// Policy for accumulators of type T on architecture `arch` (gfx90a: 910, gfx942: 942, gfx1030: 1030).
  template <class T>
  static constexpr detail::segmented_reduce_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    if (arch >= 1030)  // wave32
      return {256, detail::scaled_items(8, bytes), detail::scaled_items(16, bytes), 2048, 256,
              BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
    return {256, detail::scaled_items(8, bytes), detail::scaled_items(16, bytes), 4096, 256,  // wave64
            BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 4;
};

}  // namespace xcub::tuning
