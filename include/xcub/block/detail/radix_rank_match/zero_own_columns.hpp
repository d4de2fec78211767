// xcub/block/detail/radix_rank_match/zero_own_columns.hpp: the `own_columns` zero step of
// BlockRadixRankMatch (config.hpp). Before the scan a warp reads and writes only its own column of
// counters: it zeroes that, ordered by a warp barrier, and the whole block zeroes the counters no
// warp counts (the padding column, the grid's tail), which the scan's barrier orders. No block
// barrier before the count. Whole warps only: every lane zeroes part of its column.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>
#include <xcub/block/detail/strided_for.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
/// `counters` and `warp`: the caller's variables (c.counters and c.warp), by reference: the lambda
/// below captures them as the code it came from did (block_radix_rank_match.hpp says why).
template <class Grid>
XCUB_DEVICE XCUB_FORCEINLINE void zero_own_columns(const radix_rank_match_call& c, int* const& counters,
                                                   const int& warp) {
  static_assert(!Grid::shape::has_partial_warp, "zero_own_columns: whole warps only");
  strided_for<Grid::RADIX_DIGITS, arch::warp_threads>(
      Grid::shape::lane(), [&](int slot) { counters[slot * Grid::PADDED_WARPS + warp] = 0; });
  Grid::zero_uncounted(counters, c.rank);
  arch::sync_warp(c.members);
}
#endif

}  // namespace xcub::detail::radix_rank_match
