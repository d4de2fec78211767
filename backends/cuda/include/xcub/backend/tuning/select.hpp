// CUDA tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: numbers only
// (docs/device-select.md says why). T is the item type (the key type for the by-key and run-length
// forms). Nominal 4-byte items per thread scaled by size, blocked loads through a warp transpose,
// look-back waits as DeviceScan's from 500 tiles up. sm_90 128 x 24: at 2^28 int32 If 1.02x CUB,
// Unique 1.04x, Encode 1.07x on an H100, If 1.07x and Unique 1.10x on an H200 (ce3e087). sm_80 keeps
// 256 x 12 (not measured).
#pragma once

#include <type_traits>

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct select {
  /// Policy for items of type T on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900).
  template <class T>
  static constexpr detail::select_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr bool large = bytes > 128;
    const BlockLoadAlgorithm load = large ? BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED : BLOCK_LOAD_WARP_TRANSPOSE;
    const int items = detail::scaled_items(12, bytes);
    if (arch >= 900) {
      return {128, detail::scaled_items(24, bytes), load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 1000, 500};
    }
    if (arch >= 800) return {256, items, load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 700, 500};
    return {128, detail::scaled_items(15, bytes), load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 0, 500};  // sm_75
  }
  /// The pipelined agent for If and Unique over pointers (agent_select_pipelined.hpp; only where
  /// eligible): sm_90 4-byte items, 6 stages of 9216 items (216 KiB), 8 consumer warps and 8
  /// reducers, 32 tiles per poll (H200 2^28: If 90% of copy, Unique 86-87%, tiles 67% / 64%; 0d2ab8c);
  /// If from 2^24 items, where the ring is faster than the tiles on the H200 (d3c7286).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline(int arch) {
    if (sizeof(T) == 4 && arch >= 900) return {6, 9216, 8, (1 << 24) / 9216, 32, 0};
    return {};
  }
  /// Unique: the same ring, from 2^25 items (d3c7286).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline_unique(int arch) {
    detail::pipelined_scan_policy p = pipeline<T>(arch);
    p.min_tiles = (1 << 25) / 9216;
    return p;
  }
  /// RunLengthEncode::Encode: its consumers keep 2 bytes per item beside the ring, so the ring is
  /// smaller: sm_90 6 stages of 8192 items, 8 consumers and 8 reducers, 32 tiles per poll (H200 2^28:
  /// 84-85% of copy, tiles 56%; 7ad8fde), from 2^23 items (d3c7286).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline_encode(int arch) {
    if (sizeof(T) == 4 && arch >= 900) return {6, 8192, 8, (1 << 23) / 8192, 32, 0};
    return {};
  }
};

}  // namespace xcub::tuning
