// Host tuning of DeviceSegmentedRadixSort and DeviceSegmentedSort: one warp per block, tiles of two
// items per thread, 4-bit digits and small segments of up to 8 keys (logical warps of 4 lanes), so
// that tests reach every path (logical warp, one tile, radix passes) with short segments while
// emulation stays cheap.
#pragma once

#include <xcub/backend/warp_threads.hpp>
#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct segmented_sort {
  template <class KeyT>
  static constexpr detail::segmented_sort_policy policy(int /*arch*/) {
    return {arch::warp_threads, 2, 4, 4, 2, arch::warp_threads / 2};
  }
  static constexpr int oversubscription = 2;
};

}  // namespace xcub::tuning
