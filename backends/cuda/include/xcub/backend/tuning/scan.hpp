// CUDA tuning of DeviceScan (and the scans built on it): numbers only. Arithmetic accumulators take
// CUB 3.0's sm_80 / sm_90 tables (threads, nominal 4-byte items, look-back poll delay, the settle
// wait before the first poll (CUB's L2 write latency); items scaled by size as CUB's
// MemBoundScaling); other types and sm_75 take CUB's default (128 x 15). Both waits apply from 500
// tiles up, as CUB's. sm_90 4-byte sums take 128 x 36 (CUB: 128 x 24) from bench/sweep_device.py on
// an H100 (2026-11-23, bench/results/sweep-scan-2026-11-23-b0c2171-*.json): int32 InclusiveSum at
// 2^28 reaches 90% of the copy bandwidth against 86% at 128 x 24 (CUB: 82%); the settle wait alone
// took it from 78% to 86%. 4-byte integers then took 128 x 44 from the same sweep on an H200 and an
// H100 (2026-11-26, bench/results/sweep-scan-2026-11-26-*.json): 82.1% -> 83.3% of copy on the H200,
// 89.3% -> 89.8% (three runs: 89.5-90.1%) on the H100. sm_90 4-byte accumulators poll the look-back
// 8 tiles at a time instead of 32 (bench/cuda/device_scan_window_sweep.cu, 2026-11-27,
// bench/results/sweep-scan-window-2026-11-27-*.json): int32 InclusiveSum at 2^28 82% -> 84% of
// copy on the H200 and 90% -> 92% on the H100, float 81% -> 83% and 89-90% -> 91% (4 tiles per poll
// loses again: more round trips), from 2000 tiles up (below, most tiles are resident at once and
// look back far: at 2^22 int32, 745 tiles, 8 tiles per poll took 1.22x -> 1.12x CUB on the H200).
// The agent narrows it only for inputs as wide as the accumulator (int8 summed into int: 1.50x ->
// 1.29x CUB with 8 tiles per poll on the H200); 8-byte types keep whole-warp windows (H200: int64
// 1.02x -> 1.00x, double 1.065x -> 1.035x with 8).
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

  /// The pipelined agent (agent_scan_pipelined.hpp; DeviceScan takes it only for the calls it is
  /// eligible for): sm_90 4-byte arithmetic accumulators, a ring of 7 stages of 8192 items (224 KiB
  /// of dynamic shared memory, one block per multiprocessor), 4 consumer warps, 8 tiles per
  /// look-ahead poll, from pipeline_min_tiles tiles up (bench/cuda/device_scan_pipeline_sweep.cu,
  /// 2026-11-27, bench/results/sweep-scan-pipeline-2026-11-27-*: int32 InclusiveSum at 2^28 on the
  /// H200 86-87% of copy with 6 stages, 89-90% with 7, 81-82% with 5; 8 x 7168 items ties 7 x 8192;
  /// 8 consumer warps, 9 x 6144 and 14 x 4096 items lose; 16 tiles per poll loses a point, 4 four).
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
