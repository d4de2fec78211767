// CUDA tuning of DeviceHistogram: numbers only (<xcub/device/detail/histogram_policy.hpp> says what
// they mean; docs/device-histogram.md why these).
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  /// 64 bytes of samples per thread per tile (four 16-byte words: 64 u8, 16 f32), enough loads in
  /// flight to cover HBM latency at full occupancy; one privatized copy per warp (8 of 256 bins of
  /// 4-byte counters: 8 KiB) so that warps never contend on a counter; 16 KiB of counters at most
  /// (4096 bins in one copy; more bins take the global-atomic path). sm_75's 64 KiB of shared memory
  /// per SM still holds its 4 resident blocks of 256 threads.
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int /*arch*/) {
    return {256, static_cast<int>(64 / (sizeof(SampleT) < 64 ? sizeof(SampleT) : 64)), 16, 8, 16384, 1};
  }
};

}  // namespace xcub::tuning
