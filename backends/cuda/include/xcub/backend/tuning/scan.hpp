// CUDA tuning of DeviceScan (and the scans built on it): numbers only (docs/device-scan.md says
// why). Arithmetic accumulators take CUB 3.0's sm_80 / sm_90 tables (threads, nominal 4-byte items,
// poll delay, settle wait; items scaled by size as CUB's MemBoundScaling); other types and sm_75 take
// CUB's default (128 x 15). Provenance per choice: what, measured where, commit.
//   - both waits from 500 tiles up, as CUB's; the settle wait alone: int32 78% -> 86% of copy (H100, 3eb5762);
//   - sm_90 floats 128 x 36 (H100: 86% -> 90% of copy, b7cb76f), 4-byte integers 128 x 44 (H200 and H100, ce3e087);
//   - sm_90 4-byte accumulators poll 8 tiles at a time (H200 82% -> 84%, H100 90% -> 92%; 2da2bd7),
//     from 2000 tiles and only for inputs as wide as the accumulator (small grids and int8 inputs
//     are slower with it; e255828); 8-byte types keep whole-warp windows.
#pragma once

#include <type_traits>

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct scan {
  /// Policy for accumulators of type T on architecture `arch` (sm_75: 750, sm_80: 800, sm_90: 900).
  template <class T>
  static constexpr detail::scan_policy policy(int arch) {
    constexpr int bytes = static_cast<int>(sizeof(T));
    constexpr bool primitive = std::is_arithmetic_v<T>;
    if (primitive && arch >= 900) {
      if (bytes == 1) return shape(192, 22, 168, 1140, bytes);
      if (bytes == 2) return shape(512, 12, 376, 1125, bytes);
      if (bytes == 4) {
        return std::is_same_v<T, float> ? shape(128, 36, 688, 1140, bytes, sm90_window)
                                        : shape(128, 44, 648, 1245, bytes, sm90_window);
      }
      if (bytes == 8) return std::is_same_v<T, double> ? shape(224, 24, 576, 1215, bytes) : shape(224, 24, 632, 1290, bytes);
    } else if (primitive && arch >= 800) {
      if (bytes == 1) return shape(320, 14, 368, 725, bytes);
      if (bytes == 2) return shape(352, 16, 488, 1040, bytes);
      if (bytes == 4) return std::is_same_v<T, float> ? shape(288, 8, 724, 1050, bytes) : shape(320, 12, 268, 1180, bytes);
      if (bytes == 8) return std::is_same_v<T, double> ? shape(384, 12, 388, 1100, bytes) : shape(288, 22, 716, 785, bytes);
    }
    return shape(128, 15, primitive ? 350 : 0, 0, bytes);  // sm_75, and types without a table
  }

  /// The pipelined agent (agent_scan_pipelined.hpp; DeviceScan takes it only where eligible): sm_90
  /// 4-byte arithmetic accumulators, 7 stages of 8192 items (224 KiB), 4 consumer warps, 8 tiles per
  /// look-ahead poll, from pipeline_min_tiles tiles (H200 int32 at 2^28: 6 stages 86-87% of copy,
  /// 7 stages 89-90%; 139ab35).
  template <class T>
  static constexpr detail::pipelined_scan_policy pipeline(int arch) {
    if (std::is_arithmetic_v<T> && sizeof(T) == 4 && arch >= 900) return {7, 8192, 4, pipeline_min_tiles, 8, 0};
    return {};
  }

 private:
  static constexpr int wait_min_tiles = 500;
  static constexpr int sm90_window = 8;  // look-back tiles per poll (0: a whole warp) ...
  static constexpr int window_min_tiles = 2000;  // ... in scans of this many tiles and more
  static constexpr int pipeline_min_tiles = 8192;  // pipelined scans from 2^26 4-byte items
  /// `threads` x (nominal_items scaled to items of `bytes`, as CUB's MemBoundScaling), warp transposes
  /// (time-sliced for large items), WARP_SCANS.
  static constexpr detail::scan_policy shape(int threads, int nominal_items, int delay_ns, int settle_ns, int bytes,
                                             int window = 0) {
    int items = nominal_items * 4 / bytes;
    items = items < 1 ? 1 : (items > nominal_items ? nominal_items : items);
    const bool large = bytes > 128;
    return {threads,
            items,
            large ? BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED : BLOCK_LOAD_WARP_TRANSPOSE,
            LOAD_DEFAULT,
            large ? BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED : BLOCK_STORE_WARP_TRANSPOSE,
            BLOCK_SCAN_WARP_SCANS,
            delay_ns,
            settle_ns,
            wait_min_tiles,
            window,
            window > 0 ? window_min_tiles : 0};
  }
};

}  // namespace xcub::tuning
