// CUDA tuning of DeviceMemcpy::Batched and DeviceCopy::Batched: numbers only
// (<xcub/device/detail/policy.hpp> says what they mean; docs/device-batched-copy.md why these). T is
// the unit: unsigned char for byte copies, the item type for item copies.
// A tile of 512 buffers (256 threads x 2); buffers up to 64 bytes copied by the block's threads
// evenly, 8 units each per round; up to
// 8 KiB one warp each with four 16-byte words in flight per lane (a 2 KiB buffer in one step);
// longer ones in chunks of 4 KiB over blocks of 256 threads, 16 KiB in flight per block, twice the
// resident blocks so that blocks that finish early take a second share. sm_75 (64 KiB of shared
// memory per SM) takes tiles of 256 buffers. The tiny class up to 64 bytes: 1-128-byte buffers
// 0.69x -> 0.88x CUB, mixed 1.00x -> 1.04x (H200, 2^20 buffers; 251b752); other knobs change nothing.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct batched_copy {
  template <class T>
  static constexpr detail::batched_copy_policy policy(int arch) {
    if (arch >= 800) return {256, 2, 64, 8, 8192, 4, 256, 4, 4096, 2, 0, 0, 0};
    return {128, 2, 128, 8, 8192, 4, 256, 4, 4096, 2, 0, 0, 0};  // sm_75
  }
};

}  // namespace xcub::tuning
