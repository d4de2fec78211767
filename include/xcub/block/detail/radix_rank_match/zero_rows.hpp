// xcub/block/detail/radix_rank_match/zero_rows.hpp: the `rows` zero step of BlockRadixRankMatch
// (config.hpp): every thread zeroes its row of the grid, then a block barrier. The simplest form:
// no condition on the block's shape.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
template <class Grid>
XCUB_DEVICE XCUB_FORCEINLINE void zero_rows(const radix_rank_match_call& c) {
XCUB_UNROLL
  for (int i = 0; i < Grid::PADDED_SEGMENT; ++i) c.row[i] = 0;
  arch::sync_threads();
}
#endif

}  // namespace xcub::detail::radix_rank_match
