// CUDA tuning of DeviceSegmentedReduce: numbers only (<xcub/device/detail/policy.hpp> says what they mean).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_reduce {
  /// Policy for accumulators of type T on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900).
  /// Segments of up to 16 four-byte items take a thread each, up to 2048 a warp, longer ones a block.
  template <class T>
  static constexpr detail::segmented_reduce_policy policy(int /*arch*/) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    return {256, detail::scaled_items(8, bytes), detail::scaled_items(16, bytes), 2048, 256,
            BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG};
  }
  /// The grid aims at this many times the blocks that are resident at once before it groups segments.
  static constexpr int oversubscription = 4;
};

}  // namespace xcub::tuning
