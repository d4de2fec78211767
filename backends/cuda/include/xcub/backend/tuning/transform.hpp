// CUDA tuning of DeviceTransform, DeviceFor and DeviceAdjacentDifference: numbers only
// (<xcub/device/detail/policy.hpp> says what they mean; docs/device-transform.md why these).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct transform {
  /// T: the widest of the inputs' and the output's value types. sm_80 and older: 64 bytes per thread
  /// in flight (16 four-byte items: four 16-byte words), enough to cover HBM latency at full
  /// occupancy. sm_90: 1024 threads x 32 bytes (H200 one int32 input 0.968x -> 0.995x CUB, 99% of
  /// copy; H100 every shape 0.995-1.002x; 05996cf).
  template <class T>
  static constexpr detail::transform_policy policy(int arch) {
    if (arch >= 900) return {1024, detail::scaled_items(8, static_cast<int>(sizeof(T))), 16};
    return {256, detail::scaled_items(16, static_cast<int>(sizeof(T))), 16};
  }
};

struct for_each {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {256, detail::scaled_items(8, static_cast<int>(sizeof(T))), 16};
  }
};

struct adjacent_difference {
  template <class T>
  static constexpr detail::adjacent_difference_policy policy(int /*arch*/) {
    return {256, detail::scaled_items(8, static_cast<int>(sizeof(T))), BLOCK_LOAD_WARP_TRANSPOSE,
            BLOCK_STORE_WARP_TRANSPOSE};
  }
};

}  // namespace xcub::tuning
