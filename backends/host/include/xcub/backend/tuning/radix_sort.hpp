// Host tuning of DeviceRadixSort: small tiles (64 threads x 4 keys, 8-bit digits as on the GPUs),
// so that tests cross many tiles and look back across them while the emulator's cost per thread
// stays low; inputs of up to 256 keys take the single-tile path (64 threads x 4 keys, 4-bit digits).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct radix_sort {
  template <class KeyT, class ValueT>
  static constexpr detail::radix_sort_policy policy(int /*arch*/) {
    return {64, 4, 8, RADIX_RANK_MATCH_EARLY_COUNTS_ANY, 64, 4, 64, 4, 4};
  }
};

}  // namespace xcub::tuning
