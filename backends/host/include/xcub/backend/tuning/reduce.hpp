// Host tuning of DeviceReduce: small tiles, so that tests cross many tiles and blocks while the
// emulator's cost per thread stays low (docs/host-emulator.md).
#pragma once

#include <xcub/device/detail/policy.hpp>

namespace xcub::tuning {

struct reduce {
  template <class T>
  static constexpr detail::reduce_policy policy(int /*arch*/) {
    return {64, 4, 2, BLOCK_REDUCE_WARP_REDUCTIONS, LOAD_DEFAULT};
  }
  static constexpr int oversubscription = 2;
};

}  // namespace xcub::tuning
