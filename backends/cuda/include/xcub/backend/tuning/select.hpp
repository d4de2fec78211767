// CUDA tuning of DeviceSelect, DevicePartition and DeviceRunLengthEncode: numbers only. T is the
// item type (the key type for the by-key and run-length forms). 256 threads, nominal 4-byte items
// per thread scaled by size (CUB's memory-bound scaling, in spirit), blocked loads through a warp
// transpose, look-back waits as DeviceScan's sm_80/sm_90 ones from 500 tiles up. sm_90 takes 20
// items from bench/cuda/device_select_sweep.cu on an H200 (2026-11-25,
// bench/results/sweep-select-2026-11-25-b605a83.json: at 2^28 int32, Select::If 0.78x -> 0.96x CUB,
// Unique 0.85x -> 1.00x, Encode 0.74x -> 0.95x against the first guess of 12); sm_80 keeps 12
// (not measured).
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
      return {256, detail::scaled_items(20, bytes), load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 1000, 500};
    }
    if (arch >= 800) return {256, items, load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 700, 500};
    return {128, detail::scaled_items(15, bytes), load, LOAD_DEFAULT, BLOCK_SCAN_WARP_SCANS, 350, 0, 500};  // sm_75
  }
};

}  // namespace xcub::tuning
