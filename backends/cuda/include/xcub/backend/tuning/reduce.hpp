// CUDA tuning of DeviceReduce (and the reduce step of the algorithms built on it): numbers only.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct reduce {
  /// Policy for accumulators of type T on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900).
  template <class T>
  static constexpr detail::reduce_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr int vec = bytes <= 4 ? 4 : (bytes <= 8 ? 2 : 1);
    if (arch >= 900) return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG};
    if (arch >= 800) return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG};
    return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG};  // sm_75
  }
  /// Blocks per multiprocessor the first pass launches at most, times the occupancy-limited count.
  static constexpr int oversubscription = 5;
};

}  // namespace xcub::tuning
