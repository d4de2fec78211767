// HIP tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: numbers only, in the spirit
// of rocPRIM's select configs (256 threads, blocked loads through a warp transpose, items scaled by
// size). T is the item type (the key type for the by-key and run-length forms).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct select {
  /// Policy for items of type T on architecture `arch` (gfx90a: 910, gfx942: 942, gfx1030: 1030).
  template <class T>
  static constexpr detail::select_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr BlockLoadAlgorithm load = bytes > 64 ? BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED : BLOCK_LOAD_WARP_TRANSPOSE;
    const int nominal = arch >= 1030 ? 10 : 12;
    return {256, detail::scaled_items(nominal, bytes), load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
