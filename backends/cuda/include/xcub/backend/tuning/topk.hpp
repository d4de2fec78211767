// CUDA tuning of DeviceTopK: numbers only (<xcub/device/detail/topk_policy.hpp> says what they mean;
// docs/device-topk.md why these). 11-bit digits, as AIR top-k: three rounds for 4-byte keys, and
// after the first, for most inputs, only a small fraction of the keys is still a candidate. Rounds
// stream the keys: 256 threads x 16 four-byte keys a tile (fewer keys for wider ones, 64 bytes per
// thread in flight), 8 KiB of shared digit counters. sm_90 ptxas (CUDA 13.0): 60 registers for
// float keys only, 64 for float/int pairs, no stack: four blocks per multiprocessor, so that one
// block's tile scan and barrier overlap the others' loads (512-thread blocks take 74 and 98
// registers: one block per multiprocessor). Candidate buffers of a quarter of the input each: the
// top digit of uniform floats in [0, 1) keeps an eighth of them. Not measured on a GPU.
#pragma once

#include <xcub/device/detail/policy.hpp>
#include <xcub/device/detail/topk_policy.hpp>

namespace xcub::tuning {

struct topk {
  template <class KeyT, class ValueT>
  static constexpr detail::topk_policy policy(int /*arch*/) {
    return {256, detail::scaled_items(16, static_cast<int>(sizeof(KeyT))), 11, 256, 4, 1};
  }
};

}  // namespace xcub::tuning
