// xcub/block/detail/radix_rank_match/config.hpp: the choice of code paths of BlockRadixRankMatch
// (block_radix_rank_match.hpp), what a backend's tuning hook returns, and the neutral default.
//
// A ranking is three steps, each with its strategies (one header each in this folder):
// - zero the counter grid: `rows` (zero_rows.hpp: every thread its row, a block barrier) or
//   `own_columns` (zero_own_columns.hpp: each warp its own column, a warp barrier);
// - count each warp's keys per digit slot: `shared` (count_shared.hpp: one key at a time through
//   the warp's counter in shared memory), `batched` (count_batched.hpp: `batch` keys at a time,
//   their round trips overlapping) or `lanes` (count_lanes.hpp: lane s keeps slot s's count in a
//   register; it zeroes what it needs itself, the zero step is skipped);
// - scan the counts into ranks: `block` (scan_block.hpp: a block-wide scan of the grid, with the
//   fold of block_scan_warp_scans.hpp that `fold` names) or `warp_local` (scan_warp_local.hpp:
//   every warp sums the counters it needs itself, no block scan).
//
// The hook: <xcub/backend/tuning/block_radix_rank_match.hpp> defines xcub::tuning::block_radix_rank_match
// with `static constexpr detail::radix_rank_match_config config(detail::radix_rank_match_shape)`,
// called with the block's shape and the RankKeys call's keys per thread. Any struct with that
// function can stand in for it (block_radix_rank_match's Tuning parameter), which is how tests force
// each strategy. A config must be supported by the shape (radix_rank_match_supports); the ranking
// checks it at compile time. The neutral default (radix_rank_match_simplest) is the shortest path:
// rows, shared, block with BlockScan's own (batched) fold; it is correct at every shape.
#pragma once

#include <xcub/block/detail/block_scan_warp_scans.hpp>

namespace xcub::detail {

enum class radix_rank_match_zero { rows, own_columns };
enum class radix_rank_match_count { shared, batched, lanes };
enum class radix_rank_match_scan { block, warp_local };

/// What a hook sees of a ranking: the block (warps counted at arch::warp_threads) and the call.
struct radix_rank_match_shape {
  int threads;            // the block's threads
  int warp_threads;       // arch::warp_threads
  int warps;              // the block's warps, the last one possibly partial
  bool has_partial_warp;  // whether the last warp has fewer than warp_threads lanes
  int last_warp_threads;  // the last warp's lanes
  int radix_bits;         // RADIX_BITS
  int keys_per_thread;    // the RankKeys call's KEYS_PER_THREAD
};

struct radix_rank_match_config {
  radix_rank_match_zero zero;
  radix_rank_match_count count;
  int batch;  // keys a warp counts at once with count == batched (1 or more)
  radix_rank_match_scan scan;
  warp_totals_fold fold;  // the block scan's fold of the warps' totals (scan == block)
};

/// Whether `c` ranks correctly at shape `s` (what each strategy's header requires).
constexpr bool radix_rank_match_supports(const radix_rank_match_config& c, const radix_rank_match_shape& s) {
  const int digits = 1 << s.radix_bits;
  // Lane counts: a lane for every slot in every warp, the last one included.
  if (c.count == radix_rank_match_count::lanes && digits > s.last_warp_threads) return false;
  if (c.count == radix_rank_match_count::batched && c.batch < 1) return false;
  // Own columns: every lane of a warp zeroes part of its column, so every lane must exist.
  if (c.count != radix_rank_match_count::lanes && c.zero == radix_rank_match_zero::own_columns &&
      s.has_partial_warp) {
    return false;
  }
  // Warp-local scan: whole warps, a lane per digit, the keys' slots packed in one 32-bit word.
  if (c.scan == radix_rank_match_scan::warp_local &&
      (s.has_partial_warp || digits > s.warp_threads || s.radix_bits * s.keys_per_thread > 32)) {
    return false;
  }
  return true;
}

/// The neutral default: the simplest path, correct at every shape.
constexpr radix_rank_match_config radix_rank_match_simplest(const radix_rank_match_shape&) {
  return {radix_rank_match_zero::rows, radix_rank_match_count::shared, 1, radix_rank_match_scan::block,
          warp_totals_fold::batched};
}

/// A tuning hook that always takes the neutral default (the host and Kokkos backends').
struct radix_rank_match_simplest_tuning {
  static constexpr radix_rank_match_config config(const radix_rank_match_shape& s) {
    return radix_rank_match_simplest(s);
  }
};

}  // namespace xcub::detail
