// HIP tuning of DeviceReduce (and the reduce step of the algorithms built on it): numbers only.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct reduce {
  /// Policy for accumulators of type T on architecture `arch` (gfx90a: 910, gfx942: 942, gfx1030: 1030).
  template <class T>
  static constexpr detail::reduce_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr int vec = bytes <= 4 ? 4 : (bytes <= 8 ? 2 : 1);
    if (arch >= 1030) return {256, detail::scaled_items(8, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
    if (arch >= 942) return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
    return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};  // gfx90a
  }
  static constexpr int oversubscription = 4;
};

}  // namespace xcub::tuning
