// xcub/block/detail/radix_rank_match/grid.hpp: the counter grid that every strategy of
// BlockRadixRankMatch works on, and the per-thread view of one RankKeys call.
//
// - Counters: an int per (digit slot, warp), slot-major (counter = slot * PADDED_WARPS + warp; the
//   slot is the digit, or 2^RADIX_BITS - 1 - digit when descending). PADDED_WARPS is odd (one unused
//   column where the warp count is even) against bank conflicts. The same memory, seen as THREADS
//   rows of PADDED_SEGMENT (odd) ints, is the raking grid of the block scan.
// - After the count step, counter (slot, warp) holds the number of warp's keys of that slot, and
//   every key's ranks[i] its rank among its warp's keys of its slot (the keys of lower lanes and
//   earlier items); counter_of[i] points at its counter. The scan step adds what comes before.
// - Only the lanes that exist match and sync (a partial last warp uses a member mask of its lanes).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/strided_for.hpp>

namespace xcub::detail {

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct radix_rank_match_grid {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int THREADS = shape::threads;
  static constexpr int BITS = RADIX_BITS;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  static constexpr int PADDED_WARPS = shape::warps % 2 == 0 ? shape::warps + 1 : shape::warps;
  static constexpr int COUNTERS = PADDED_WARPS * RADIX_DIGITS;
  static constexpr int SEGMENT = (COUNTERS + THREADS - 1) / THREADS;
  static constexpr int PADDED_SEGMENT = SEGMENT % 2 == 0 ? SEGMENT + 1 : SEGMENT;
  static constexpr int BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + THREADS - 1) / THREADS;

#if XCUB_HAS_KERNELS
  XCUB_DEVICE XCUB_FORCEINLINE static std::uint32_t slot_of(std::uint32_t digit) {
    return IS_DESCENDING ? static_cast<std::uint32_t>(RADIX_DIGITS - 1) - digit : digit;
  }
  /// Zeroes, from every thread `rank` of the block, the counters that no warp counts: the padding
  /// column and the grid past COUNTERS.
  XCUB_DEVICE XCUB_FORCEINLINE static void zero_uncounted(int* counters, int rank) {
    if constexpr (PADDED_WARPS > shape::warps) {
      strided_for<RADIX_DIGITS, THREADS>(rank, [&](int slot) { counters[slot * PADDED_WARPS + shape::warps] = 0; });
    }
    strided_for<THREADS * PADDED_SEGMENT - COUNTERS, THREADS>(rank, [&](int i) { counters[COUNTERS + i] = 0; });
  }
#endif
};

#if XCUB_HAS_KERNELS
/// One thread's view of a RankKeys call: the grid, its row of it, its rank and warp, the lanes of
/// its warp that exist and those below it.
struct radix_rank_match_call {
  int* counters;
  int* row;
  int rank;
  int warp;
  arch::lane_mask_t members;
  arch::lane_mask_t below;
};
#endif

}  // namespace xcub::detail
