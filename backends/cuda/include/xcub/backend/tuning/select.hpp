// CUDA tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: numbers only. T is the
// item type (the key type for the by-key and run-length forms). Nominal 4-byte items
// per thread scaled by size (CUB's memory-bound scaling, in spirit), blocked loads through a warp
// transpose, look-back waits as DeviceScan's sm_80/sm_90 ones from 500 tiles up. sm_90 takes
// 128 x 24 from bench/cuda/device_select_sweep.cu (2026-11-26, after the agents stopped holding
// per-item counts: bench/results/sweep-select-2026-11-26-*.json): at 2^28 int32 on an H100,
// Select::If 1.02x CUB, Unique 1.04x, Encode 1.07x (256 x 20, the 2026-11-25 choice: 0.98x, 1.00x,
// 0.97x); on an H200 If 1.07x, Unique 1.10x. sm_80 keeps 256 x 12 (not measured).
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
  /// The pipelined agent for If and Unique over pointers (agent_select_pipelined.hpp; DeviceSelect
  /// takes it only for the calls it is eligible for): sm_90 4-byte items, a ring of 6 stages of
  /// 9216 items (216 KiB), 8 consumer warps and as many reducers (18 warps), 32 tiles per poll, If
  /// from 2^24 items (bench/cuda/device_select_sweep.cu, 2026-11-27, H200, one reducer per segment:
  /// bench/results/sweep-select-pipeline-2026-11-27-reducers*-h200.*: at 2^28 If 50% 90% of copy,
  /// Unique (runs of 4) 86%, where agent_select's tiles reach 67% / 64%; with 4 consumers and 16
  /// tiles per poll 90% / 82%, 5 x 11264 with 8 consumers 89% / 86%, 7 x 8192 79-89% / 66-78%).
  /// With a single reducer warp the rings read 75% / 62% on the H200 and Unique stayed on the tiles.
  /// The sizes from which each selection takes its ring: where the ring beat the tiles on the H200
  /// (`sweep-select-pipeline-2026-11-27-thresholds-h200.json`, 2^22 to 2^25): If 2^24 (2^23 even,
  /// 2^24 1.08x faster, 2^25 1.15x), Unique 2^25 (2^24 even, 2^25 1.10x), Encode 2^23 (2^23 1.15x,
  /// 2^24 1.28x; 2^22 1.07-1.16x).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline(int arch) {
    if (sizeof(T) == 4 && arch >= 900) return {6, 9216, 8, (1 << 24) / 9216, 32, 0};
    return {};
  }
  /// Unique: the same ring, from 2^25 items.
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline_unique(int arch) {
    detail::pipelined_scan_policy p = pipeline<T>(arch);
    p.min_tiles = (1 << 25) / 9216;
    return p;
  }
  /// RunLengthEncode::Encode: its consumers keep 2 bytes per item of a tile beside the ring, so the
  /// ring is smaller: sm_90 4-byte items, 6 stages of 8192 items (192 KiB + 16 KiB), 8 consumer
  /// warps and as many reducers, 32 tiles per poll, from 2^23 items (device_select_sweep,
  /// 2026-11-27, H200, bench/results/sweep-select-pipeline-2026-11-27-encode-scratch-h200.*: at
  /// 2^28 84% of copy, 5 x 10240 85%, 5 x 9216 84%, 4 x 12288 80-81%, 7 x 7168 82%, where
  /// agent_rle's tiles reach 56%; at 2^26 79% against 75-78%).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline_encode(int arch) {
    if (sizeof(T) == 4 && arch >= 900) return {6, 8192, 8, (1 << 23) / 8192, 32, 0};
    return {};
  }
};

}  // namespace xcub::tuning
