// Host tuning of DeviceHistogram: small tiles (one 16-byte word of samples per thread), so that tests
// cross many tiles and blocks with short inputs while emulation stays cheap; four privatized copies;
// 4 KiB of counters, so that 1000 bins take the shared-memory path and 5000 the global one.
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int /*arch*/) {
    return {64, static_cast<int>(16 / (sizeof(SampleT) < 16 ? sizeof(SampleT) : 16)), 16, 4, 4096, 1};
  }
};

}  // namespace xcub::tuning
