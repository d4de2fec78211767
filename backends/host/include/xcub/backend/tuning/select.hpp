// Host tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: small tiles, so that tests
// cross many tiles (and look back across them) while the emulator's cost per thread stays low
// (docs/host-emulator.md). 64 threads: the look-back needs one whole warp, at warp widths 32 and 64.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct select {
  template <class T>
  static constexpr detail::select_policy policy(int /*arch*/) {
    return {64, 4, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
};

}  // namespace xcub::tuning
