// HIP tuning of DeviceHistogram: numbers only (<xcub/device/detail/histogram_policy.hpp> says what
// they mean; docs/device-histogram.md why these).
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  /// 64 bytes of samples per thread per tile; one privatized copy per wavefront (4 of them in a block
  /// of 256 on the 64-lane gfx90a and gfx942, 8 on the 32-lane gfx1030); 16 KiB of counters at most.
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int arch) {
    const int items = static_cast<int>(64 / (sizeof(SampleT) < 64 ? sizeof(SampleT) : 64));
    if (arch >= 1000) return {256, items, 16, 8, 16384, 1};  // gfx1030: wave32
    return {256, items, 16, 4, 16384, 1};                     // gfx90a, gfx942: wave64
  }
};

}  // namespace xcub::tuning
