// xcub/block/detail/radix_rank_match/count_shared.hpp: the `shared` count step of
// BlockRadixRankMatch (config.hpp), one key at a time. Each warp walks its keys item by item (a
// warp-striped tile: item i of every lane, then item i + 1); for each, the lanes of equal digit find
// each other (match_digit), all read their warp's counter, sync_warp, the lowest of them adds the
// group's size, sync_warp. A key's warp rank is the counter it read plus its lower peers.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>
#include <xcub/block/detail/warp_match_digit.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
template <class Grid, class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
XCUB_DEVICE XCUB_FORCEINLINE void count_shared(const radix_rank_match_call& c, UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD], int* (&counter_of)[KEYS_PER_THREAD],
                                               DigitExtractorT& digit_extractor) {
XCUB_UNROLL
  for (int i = 0; i < KEYS_PER_THREAD; ++i) {
    const std::uint32_t slot = Grid::slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i])));
    const arch::lane_mask_t peers = match_digit<Grid::BITS>(c.members, slot);
    // An int index: an unsigned slot would make the address 64-bit arithmetic.
    counter_of[i] = c.counters + (static_cast<int>(slot) * Grid::PADDED_WARPS + c.warp);
    const int warp_prefix = *counter_of[i];
    arch::sync_warp(c.members);
    const int lower_peers = arch::lane_count(peers & c.below);
    if (lower_peers == 0) *counter_of[i] = warp_prefix + arch::lane_count(peers);
    arch::sync_warp(c.members);
    ranks[i] = warp_prefix + lower_peers;
  }
}
#endif

}  // namespace xcub::detail::radix_rank_match
