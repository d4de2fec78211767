// HIP tuning of DeviceScan (and the scans built on it): numbers only, in the spirit of rocPRIM's
// scan configs (256 threads; blocked loads through a warp transpose; items scaled by size).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct scan {
  /// Policy for accumulators of type T on architecture `arch` (gfx90a: 910, gfx942: 942, gfx1030: 1030).
  template <class T>
  static constexpr detail::scan_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr bool large = bytes > 64;
    constexpr BlockLoadAlgorithm load = large ? BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED : BLOCK_LOAD_WARP_TRANSPOSE;
    constexpr BlockStoreAlgorithm store = large ? BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED : BLOCK_STORE_WARP_TRANSPOSE;
    const int nominal = arch >= 1030 ? 12 : 16;
    int items = nominal * 4 / bytes;
    items = items < 1 ? 1 : (items > nominal ? nominal : items);
    return {256, items, load, LOAD_DEFAULT, store, BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
