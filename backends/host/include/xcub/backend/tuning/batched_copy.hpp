// Host tuning of DeviceMemcpy::Batched and DeviceCopy::Batched: small tiles and thresholds, so that
// tests cross every class (tiny up to 16 bytes, a warp per buffer up to 256, 64-byte chunks of
// longer ones) and many tiles with short batches while emulation stays cheap.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct batched_copy {
  template <class T>
  static constexpr detail::batched_copy_policy policy(int /*arch*/) {
    return {64, 2, 16, 4, 256, 2, 64, 2, 64, 2, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
