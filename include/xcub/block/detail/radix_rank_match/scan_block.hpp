// xcub/block/detail/radix_rank_match/scan_block.hpp: the `block` scan step of BlockRadixRankMatch
// (config.hpp). After a barrier each thread takes its row of the grid and the block's exclusive sum
// over the rows in order (block_exclusive_sum.hpp, with the fold FOLD where the inner scan is
// WARP_SCANS over whole warps) turns every counter into the number of keys ranked before that warp's
// keys of that slot; a barrier, then a key's rank is its warp rank plus its counter. The
// CountsCallback's counts and the exclusive digit prefix come from warp 0's column of the scanned
// counters (a digit's count is the next slot's prefix minus its own, the tile's size after the last
// slot). Any shape.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/block_algorithms.hpp>
#include <xcub/block/detail/block_exclusive_sum.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
/// `counters`: c.counters, as `int*` or as a reference to the caller's variable (Counters:
/// block_radix_rank_match.hpp says when and why).
template <class Grid, warp_totals_fold FOLD, BlockScanAlgorithm INNER_SCAN_ALGORITHM, int BLOCK_DIM_X, int BLOCK_DIM_Y,
          int BLOCK_DIM_Z, class Counters, int KEYS_PER_THREAD, class ScanStorage, class CountsCallback>
XCUB_DEVICE XCUB_FORCEINLINE void scan_block(const radix_rank_match_call& c, Counters counters,
                                             ScanStorage& scan_storage,
                                             int (&ranks)[KEYS_PER_THREAD], int* (&counter_of)[KEYS_PER_THREAD],
                                             CountsCallback& callback,
                                             int (*prefix)[Grid::BINS_TRACKED_PER_THREAD]) {
  constexpr int PADDED_SEGMENT = Grid::PADDED_SEGMENT, PADDED_WARPS = Grid::PADDED_WARPS,
                RADIX_DIGITS = Grid::RADIX_DIGITS, THREADS = Grid::THREADS,
                BINS_TRACKED_PER_THREAD = Grid::BINS_TRACKED_PER_THREAD;
  int* const row = c.row;
  arch::sync_threads();
  int counts[PADDED_SEGMENT];
  int raked = 0;
XCUB_UNROLL
  for (int i = 0; i < PADDED_SEGMENT; ++i) {
    counts[i] = row[i];
    raked += counts[i];
  }
  int seed = block_exclusive_sum<FOLD, INNER_SCAN_ALGORITHM, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>(
      scan_storage, raked, static_cast<int*>(nullptr));
XCUB_UNROLL
  for (int i = 0; i < PADDED_SEGMENT; ++i) {
    row[i] = seed;
    seed += counts[i];
  }
  arch::sync_threads();

  // Counts (dead code, removed by the compiler, for an empty callback).
  int bins[BINS_TRACKED_PER_THREAD];
XCUB_UNROLL
  for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
    bins[track] = 0;
    const int bin = c.rank * BINS_TRACKED_PER_THREAD + track;
    if (THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS) {
      const std::uint32_t slot = Grid::slot_of(static_cast<std::uint32_t>(bin));
      const int next = slot + 1 < RADIX_DIGITS ? counters[(slot + 1) * PADDED_WARPS] : THREADS * KEYS_PER_THREAD;
      bins[track] = next - counters[slot * PADDED_WARPS];
    }
  }
  callback(bins);
XCUB_UNROLL
  for (int i = 0; i < KEYS_PER_THREAD; ++i) ranks[i] += *counter_of[i];
  if (prefix) {
XCUB_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
      const int bin = c.rank * BINS_TRACKED_PER_THREAD + track;
      if (THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS) {
        (*prefix)[track] = counters[Grid::slot_of(static_cast<std::uint32_t>(bin)) * PADDED_WARPS];
      }
    }
  }
}
#endif

}  // namespace xcub::detail::radix_rank_match
