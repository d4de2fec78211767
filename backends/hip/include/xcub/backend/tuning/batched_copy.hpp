// HIP tuning of DeviceMemcpy::Batched and DeviceCopy::Batched: numbers only
// (<xcub/device/detail/policy.hpp> says what they mean; docs/device-batched-copy.md why these). T is
// the unit: unsigned char for byte copies, the item type for item copies.
// CUDA's first guesses (not measured on AMD): a tile of 512 buffers over 256 threads (four wave64
// or eight wave32 warps), tiny buffers up to 128 bytes, a warp (wavefront) per buffer up to
// 8 KiB, 4 KiB chunks of longer ones over blocks of 256 threads.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct batched_copy {
  template <class T>
  static constexpr detail::batched_copy_policy policy(int /*arch*/) {
    return {256, 2, 128, 8, 8192, 4, 256, 4, 4096, 2, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
