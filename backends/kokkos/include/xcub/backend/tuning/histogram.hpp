// Kokkos tuning of DeviceHistogram: not read by the dispatch (one parallel_for index per pixel,
// scheduled by Kokkos, counting with atomics; docs/kokkos-backend.md). It exists because the façade
// names xcub::tuning::histogram, and tests size their inputs from its tile_pixels(); the numbers are
// the host emulator's small tiles. A user's DeviceHistogramTuned<Tuning> is accepted and ignored.
#pragma once

#include <xcub/device/detail/histogram_policy.hpp>

namespace xcub::tuning {

struct histogram {
  template <class SampleT>
  static constexpr detail::histogram_policy policy(int /*arch*/) {
    return {64, static_cast<int>(16 / (sizeof(SampleT) < 16 ? sizeof(SampleT) : 16)), 16, 2, 4096, 1};
  }
};

}  // namespace xcub::tuning
