// Host tuning of DeviceTopK: small tiles (64 threads x 4 keys), so that tests cross many tiles and
// blocks with short inputs while emulation stays cheap; the GPUs' 11-bit digits, so that the host
// runs the same rounds (three for 4-byte keys, one partial digit for 1-byte keys).
#pragma once

#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::tuning {

struct topk {
  template <class KeyT, class ValueT>
  static constexpr detail::topk_policy policy(int /*arch*/) {
    return {64, 4, 11, 64, 4, 1};
  }
};

}  // namespace xcub::tuning
