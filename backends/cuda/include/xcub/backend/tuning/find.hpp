// CUDA tuning of DeviceFind: numbers only (<xcub/device/detail/policy.hpp> says what they mean;
// docs/device-find.md why these).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

/// FindIf. T: the input's item type. 512 threads x 128 bytes per thread in flight (32 four-byte
/// items, eight 16-byte words): a tile of 64 KiB per block. A tile ends in a block reduction and a
/// barrier before the next one's loads start, so the bytes a tile puts in flight set the bandwidth
/// (2^28 int32, match at the end: 256 x 16 0.74x CUB's full reduce on an H200, 512 x 32 1.00x; 3c7e01f).
struct find_if {
  template <class T>
  static constexpr detail::find_policy policy(int /*arch*/) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr int vec = bytes <= 4 ? 4 : (bytes <= 8 ? 2 : 1);
    return {512, detail::scaled_items(32, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_LDG};
  }
};

/// LowerBound and UpperBound: one value per thread. Each search is a chain of dependent loads, so
/// what hides their latency is threads in flight, not items per thread.
struct find_bounds {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {256, 1, 0};
  }
};

}  // namespace xcub::tuning
