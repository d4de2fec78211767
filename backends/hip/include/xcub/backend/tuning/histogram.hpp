// HIP tuning of DeviceHistogram: numbers only (<xcub/device/detail/histogram_policy.hpp> says what
// they mean; docs/device-histogram.md why these).
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  /// 64 bytes of samples per thread per tile; 16 interleaved privatized copies (lanes l and l + 16
  /// share one; a copy per lane would take 32 KiB a block, leaving 2 blocks on a 64 KiB LDS); 16 KiB
  /// of counters at most. Not measured on an AMD GPU: CUDA's measured reasoning,
  /// scaled to the LDS.
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int /*arch*/) {
    return {256, static_cast<int>(64 / (sizeof(SampleT) < 64 ? sizeof(SampleT) : 64)), 16, 16, 16384, 1};
  }
};

}  // namespace xcub::tuning
