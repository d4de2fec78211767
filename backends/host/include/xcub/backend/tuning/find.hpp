// Host tuning of DeviceFind: small tiles, so that tests cross many tiles and blocks with short
// inputs while emulation stays cheap; two items per thread read as vectors of two where aligned.
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct find_if {
  template <class T>
  static constexpr detail::find_policy policy(int /*arch*/) {
    return {64, 2, 2, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
};

struct find_bounds {
  template <class T>
  static constexpr detail::transform_policy policy(int /*arch*/) {
    return {64, 2, 0};
  }
};

}  // namespace xcub::tuning
