// Host tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: small tiles, so that tests
// cross many tiles (and look back across them) while the emulator's cost per thread stays low
// (docs/host-emulator.md). 64 threads: the look-back needs one whole warp, at warp widths 32 and 64.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct select {
  template <class T>
  static constexpr detail::select_policy policy(int /*arch*/) {
    return {64, 4, BLOCK_LOAD_WARP_TRANSPOSE, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 0, 0, 0};
  }
  /// The pipelined agent for If, Unique and RunLengthEncode::Encode (agent_select_pipelined.hpp), as
  /// CUDA sm_90 takes it for large calls, with the scan's small host ring (3 stages, 2 consumer warps
  /// of 2 rows) from 64 tiles up, so that the tests' large calls and the examples run it in the
  /// emulator.
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline(int /*arch*/) {
    if (sizeof(T) == 4 || sizeof(T) == 8) return {3, 2 * 2 * arch::warp_threads * static_cast<int>(16 / sizeof(T)), 2, 64, 0, 0};
    return {};
  }
};

}  // namespace xcub::tuning
