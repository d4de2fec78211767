// xcub/block/detail/radix_rank_match/count_batched.hpp: the `batched` count step of
// BlockRadixRankMatch (config.hpp): BATCH keys at a time (warp_count_batch.hpp). For each key of
// the batch the lanes of equal digit find each other, then for each the highest peer's atomic add of
// the group's size (a sync_warp between two keys of a batch: they may share a digit), then the
// shuffles of the old counts; the batch's round trips to shared memory overlap. The next batch's
// adds come after these shuffles, which take the values the adds returned: that dependency orders
// them. Any KEYS_PER_THREAD: the last batch may be short.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>
#include <xcub/block/detail/warp_count_batch.hpp>
#include <xcub/block/detail/warp_match_digit.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
template <class Grid, int BATCH, class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT>
XCUB_DEVICE XCUB_FORCEINLINE void count_batched(const radix_rank_match_call& c, UnsignedBits (&keys)[KEYS_PER_THREAD],
                                                int (&ranks)[KEYS_PER_THREAD], int* (&counter_of)[KEYS_PER_THREAD],
                                                DigitExtractorT& digit_extractor) {
  static_assert(BATCH >= 1, "count_batched: a batch has one key or more");
  const arch::lane_mask_t up_to_me = c.below | (arch::lane_mask_t{1} << Grid::shape::lane());
XCUB_UNROLL
  for (int i0 = 0; i0 < KEYS_PER_THREAD; i0 += BATCH) {
    arch::lane_mask_t peers[BATCH];
    int up[BATCH];
XCUB_UNROLL
    for (int b = 0; b < BATCH; ++b) {
      if (i0 + b < KEYS_PER_THREAD) {
        const std::uint32_t slot = Grid::slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i0 + b])));
        peers[b] = match_digit<Grid::BITS>(c.members, slot);
        counter_of[i0 + b] = c.counters + (static_cast<int>(slot) * Grid::PADDED_WARPS + c.warp);
        up[b] = arch::lane_count(peers[b] & up_to_me);
      }
    }
    count_batch<BATCH, false>(c.members, i0, peers, up, [&](int b) { return counter_of[i0 + b]; }, ranks);
  }
}
#endif

}  // namespace xcub::detail::radix_rank_match
