// CUDA tuning of DeviceHistogram: numbers only (<xcub/device/detail/histogram_policy.hpp> says what
// they mean; docs/device-histogram.md why these).
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  /// sm_80 and later (swept on an H200, bench/cuda/device_histogram_sweep.cu): blocks of 1024
  /// threads, 128 bytes of 1-byte samples per thread per tile and 64 bytes of wider ones, read in
  /// 16-byte words with ld.global.cg; 32 interleaved privatized copies, one per lane, so that a warp's
  /// shared-memory atomics never meet on a bank (256 bins of 4-byte counters: 32 KiB a block); 32 KiB
  /// of counters at most (more bins take fewer copies, then the global-atomic path past 8192).
  /// sm_75 (64 KiB of shared memory and 1024 threads per SM): 256 threads, 64 bytes, 16 copies in
  /// 16 KiB, which keeps 3 blocks resident (not measured).
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int arch) {
    const int wide = static_cast<int>(64 / (sizeof(SampleT) < 64 ? sizeof(SampleT) : 64));
    if (arch < 800) return {256, wide, 16, 16, 16384, 1};
    return {1024, sizeof(SampleT) == 1 ? 128 : wide, 16, 32, 32768, 1, LOAD_CG};
  }
};

}  // namespace xcub::tuning
