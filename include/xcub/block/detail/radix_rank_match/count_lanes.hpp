// xcub/block/detail/radix_rank_match/count_lanes.hpp: the `lanes` count step of BlockRadixRankMatch
// (config.hpp), which takes the place of the zero step too. Lane s keeps the warp's count of slot s
// in a register. For each key, every lane also learns from the same votes that find its peers which
// lanes hold the slot equal to its own lane number, and adds their count; a key's warp rank is its
// slot owner's count before that (a shuffle) plus its lower peers. Each warp writes its counts once
// at the end: no sync_warp, no shared memory until then. More instructions per key than `shared`
// (the owner's mask: one more AND per bit, two popcounts), no shared-memory round trip per key.
// Needs a lane for every slot in every warp (2^RADIX_BITS <= the last warp's lanes).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
template <class Grid, class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
XCUB_DEVICE XCUB_FORCEINLINE void count_lanes(const radix_rank_match_call& c, UnsignedBits (&keys)[KEYS_PER_THREAD],
                                              int (&ranks)[KEYS_PER_THREAD], int* (&counter_of)[KEYS_PER_THREAD],
                                              DigitExtractorT& digit_extractor) {
  using shape = typename Grid::shape;
  constexpr int RADIX_BITS = Grid::BITS, PADDED_WARPS = Grid::PADDED_WARPS, PADDED_SEGMENT = Grid::PADDED_SEGMENT;
  static_assert(Grid::RADIX_DIGITS <= shape::last_warp_threads, "count_lanes: a lane per slot in every warp");
  // Every warp writes its own counters after counting: only the others are zeroed (the padding
  // column, the grid past COUNTERS), and no barrier separates the two. Row by row, as here, is the
  // measured form; through Grid::zero_uncounted the kernel takes fewer registers (64 against 72 at
  // 128 x 16 with 4-bit digits) and was not measured.
XCUB_UNROLL
  for (int i = 0; i < PADDED_SEGMENT; ++i) {
    const int at = c.rank * PADDED_SEGMENT + i;
    if (at >= Grid::COUNTERS || at % PADDED_WARPS >= shape::warps) c.row[i] = 0;
  }
  const int lane = shape::lane();
  int owned_count = 0;  // in lane s: the warp's keys of slot s counted so far
  // Per bit, the lanes whose slot bit differs from this lane's number: a vote XOR this is the
  // lanes that agree with the lane's number on that bit.
  arch::lane_mask_t lane_bit_clear[RADIX_BITS];
XCUB_UNROLL
  for (int bit = 0; bit < RADIX_BITS; ++bit) lane_bit_clear[bit] = (lane >> bit) & 1 ? 0 : arch::full_lane_mask;
XCUB_UNROLL
  for (int i = 0; i < KEYS_PER_THREAD; ++i) {
    const std::uint32_t slot = Grid::slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i])));
    arch::lane_mask_t peers = c.members, owned = c.members;  // owned: the lanes whose slot is this lane's number
XCUB_UNROLL
    for (int bit = 0; bit < RADIX_BITS; ++bit) {
      arch::lane_mask_t votes;
      peers &= arch::ballot_agree(c.members, slot, 1u << bit, votes);
      owned &= votes ^ lane_bit_clear[bit];
    }
    counter_of[i] = c.counters + (static_cast<int>(slot) * PADDED_WARPS + c.warp);
    ranks[i] = arch::shfl_idx(c.members, owned_count, static_cast<int>(slot)) + arch::lane_count(peers & c.below);
    owned_count += arch::lane_count(owned);
  }
  if (lane < Grid::RADIX_DIGITS) c.counters[lane * PADDED_WARPS + c.warp] = owned_count;
}
#endif

}  // namespace xcub::detail::radix_rank_match
