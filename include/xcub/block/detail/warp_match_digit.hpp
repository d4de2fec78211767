// xcub/block/detail/warp_match_digit.hpp: the lanes of a warp that hold the same radix digit, for
// the Match variants of BlockRadixRank.
//
// match_digit<RADIX_BITS>(members, digit): called by every lane of `members` (the lanes of the
// caller's warp that exist: all of them, or the first ones of a partial last warp), each with its
// digit in [0, 2^RADIX_BITS); returns the lanes of `members` whose digit equals the caller's.
// - Up to 8 bits: one ballot per bit, each lane keeping the lanes that agree with it on that bit (a
//   fixed RADIX_BITS votes, whatever the digits; CUB's choice: faster than a match instruction on
//   NVIDIA GPUs and than a ballot loop over distinct values on AMD ones). Wider digits: arch::match_any.
// - Each vote is arch::ballot_agree: on CUDA, for a whole warp, the bit test, the vote and the
//   complement share one predicate (4 PTX instructions and an AND per bit, as CUB's; a C++
//   `set ? votes : ~votes` costs 9, and puts the 8-bit Match ranking at 0.7x CUB's speed).
//   A partial last warp's mask takes the C++ form (docs/block-sorting.md says why).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>

namespace xcub::detail {

#if XCUB_HAS_KERNELS
template <int RADIX_BITS>
XCUB_DEVICE XCUB_FORCEINLINE arch::lane_mask_t match_digit(arch::lane_mask_t members, std::uint32_t digit) {
  if constexpr (RADIX_BITS <= 8) {
    arch::lane_mask_t peers = members;
XCUB_UNROLL
    for (int bit = 0; bit < RADIX_BITS; ++bit) peers &= arch::ballot_agree(members, digit, 1u << bit);
    return peers;
  } else {
    return arch::match_any(members, digit);
  }
}
#endif

}  // namespace xcub::detail
