// CUDA tuning of DeviceHistogram: numbers only (<xcub/device/detail/histogram_policy.hpp> says what
// they mean; docs/device-histogram.md why these).
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  /// 64 bytes of samples per thread per tile (four 16-byte words: 64 u8, 16 f32), enough loads in
  /// flight to cover HBM latency. sm_80 and later: 32 interleaved privatized copies, one per lane, so
  /// that a warp's shared-memory atomics never meet on a bank (256 bins of 4-byte counters: 32 KiB a
  /// block, 6 blocks of 256 threads per sm_90 SM); 32 KiB of counters at most (more bins take fewer
  /// copies, then the global-atomic path past 8192). sm_75 (64 KiB of shared memory per SM): 16
  /// copies in 16 KiB, which keeps 3 blocks resident.
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int arch) {
    const int items = static_cast<int>(64 / (sizeof(SampleT) < 64 ? sizeof(SampleT) : 64));
    if (arch < 800) return {256, items, 16, 16, 16384, 1};
    return {256, items, 16, 32, 32768, 1};
  }
};

}  // namespace xcub::tuning
