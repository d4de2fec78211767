// Host tuning of DeviceTransform, DeviceFor and DeviceAdjacentDifference: small tiles, so that
// tests cross many tiles and blocks with short inputs while emulation stays cheap.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct transform {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {64, 4, 16};
  }
};

struct for_each {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {64, 2, 16};
  }
};

struct adjacent_difference {
  template <class T>
  static constexpr detail::adjacent_difference_policy policy(int /*arch*/) {
    return {64, 2, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE};
  }
};

}  // namespace xcub::tuning
