// xcub/block/detail/radix_rank_match/scan_warp_local.hpp: the `warp_local` scan step of
// BlockRadixRankMatch (config.hpp), in place of the block's scan. The keys' slots are packed in one
// word (the keys die there), then after the count's barrier lane s of every warp sums slot s's
// counters over all warps (the digit's total) and over the warps before its own; an exclusive scan
// of the totals across the lanes gives the digit prefixes; a key's rank adds its slot lane's prefix
// plus before-warp sum, by a shuffle. The counters stay unscanned; the bins' counts and prefixes
// come from warp 0's lanes. One barrier in all (the block scan has two and its own), no
// shared-memory read after the scan. Each lane reads a counter per warp one at a time, ordered
// through volatile: loads issued together take more registers. Needs whole warps, a lane per digit
// (2^RADIX_BITS <= warp_threads) and RADIX_BITS * KEYS_PER_THREAD <= 32.
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/radix_rank_match/grid.hpp>
#include <xcub/warp/warp_scan.hpp>

namespace xcub::detail::radix_rank_match {

#if XCUB_HAS_KERNELS
template <class Grid, class UnsignedBits, int KEYS_PER_THREAD, class DigitExtractorT, class CountsCallback>
XCUB_DEVICE XCUB_FORCEINLINE void scan_warp_local(const radix_rank_match_call& c, UnsignedBits (&keys)[KEYS_PER_THREAD],
                                                  int (&ranks)[KEYS_PER_THREAD], DigitExtractorT& digit_extractor,
                                                  CountsCallback& callback,
                                                  int (*prefix)[Grid::BINS_TRACKED_PER_THREAD]) {
  using shape = typename Grid::shape;
  constexpr int RADIX_BITS = Grid::BITS, RADIX_DIGITS = Grid::RADIX_DIGITS, THREADS = Grid::THREADS,
                BINS_TRACKED_PER_THREAD = Grid::BINS_TRACKED_PER_THREAD;
  static_assert(!shape::has_partial_warp && RADIX_DIGITS <= arch::warp_threads && RADIX_BITS * KEYS_PER_THREAD <= 32,
                "scan_warp_local: whole warps, a lane per digit, the keys' slots in one word");
  std::uint32_t packed_slots = 0;
XCUB_UNROLL
  for (int i = 0; i < KEYS_PER_THREAD; ++i) {
    packed_slots |= Grid::slot_of(static_cast<std::uint32_t>(digit_extractor.Digit(keys[i]))) << (RADIX_BITS * i);
  }
  arch::sync_threads();

  const int lane = shape::lane();
  int before_warp = 0, digit_total = 0;
  if (lane < RADIX_DIGITS) {
    const volatile int* const column = c.counters + lane * Grid::PADDED_WARPS;
XCUB_UNROLL
    for (int w = 0; w < shape::warps; ++w) {
      if (w == c.warp) before_warp = digit_total;
      digit_total += column[w];
    }
  }
  using lane_scan = WarpScan<int>;
  typename lane_scan::TempStorage none;
  int digit_prefix;
  lane_scan(none).ExclusiveSum(digit_total, digit_prefix);
  const int slot_base = digit_prefix + before_warp;  // keys ranked before this warp's of slot `lane`
  int bins[BINS_TRACKED_PER_THREAD];
XCUB_UNROLL
  for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
    // A bin's thread (rank < RADIX_DIGITS <= warp width: warp 0) takes its slot's lane's values.
    const int bin = c.rank * BINS_TRACKED_PER_THREAD + track;
    const bool has_bin = THREADS * BINS_TRACKED_PER_THREAD == RADIX_DIGITS || bin < RADIX_DIGITS;
    const int from = static_cast<int>(Grid::slot_of(static_cast<std::uint32_t>(has_bin ? bin : 0)));
    const int count = arch::shfl_idx(c.members, digit_total, from);
    bins[track] = has_bin ? count : 0;
    if (prefix) {
      const int before = arch::shfl_idx(c.members, digit_prefix, from);
      if (has_bin) (*prefix)[track] = before;
    }
  }
  callback(bins);
XCUB_UNROLL
  for (int i = 0; i < KEYS_PER_THREAD; ++i) {
    const std::uint32_t slot = (packed_slots >> (RADIX_BITS * i)) & (RADIX_DIGITS - 1);
    ranks[i] += arch::shfl_idx(c.members, slot_base, static_cast<int>(slot));
  }
}
#endif

}  // namespace xcub::detail::radix_rank_match
