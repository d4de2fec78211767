// HIP tuning of DeviceFind: numbers only (<xcub/device/detail/policy.hpp> says what they mean;
// docs/device-find.md why these).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

/// FindIf. T: the input's item type. 64 bytes per thread in flight (16 four-byte items, four 16-byte
/// words), as DeviceReduce: a tile of 16 KiB per block, so an early match stops the search within a
/// few tiles per resident block.
struct find_if {
  template <class T>
  static constexpr detail::find_policy policy(int /*arch*/) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr int vec = bytes <= 4 ? 4 : (bytes <= 8 ? 2 : 1);
    return {256, detail::scaled_items(16, bytes), vec, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
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
