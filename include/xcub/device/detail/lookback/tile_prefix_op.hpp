// xcub/device/detail/lookback/tile_prefix_op.hpp: the block prefix callback of a single-pass scan
// (decoupled look-back over <lookback/tile_state.hpp>), for tiles 1 and up.
//
// tile_prefix_op<T, ScanOp>{state, op, tile, delay_ns, settle_ns} is passed to BlockScan as its block
// prefix callback. Contract: every lane of the block's first hardware warp calls operator()(aggregate)
// once, together (the block must have at least arch::warp_threads threads), with the tile's
// aggregate. Then:
//   1. lane 0 publishes the aggregate as the tile's partial status; the warp waits settle_ns (if
//      not 0) before its first poll, so that it does not poll the shared cache while the tiles
//      before it are still publishing;
//   2. the warp looks at the window of the `window` tiles before it (the nearest in lane 0; 0, the
//      default, or anything out of [1, warp_threads): warp_threads tiles; fewer tiles per poll put
//      less traffic on the shared cache, which matters to the scans' throughput on sm_90),
//      waits until none is invalid, and folds the window from its nearest inclusive tile (or all
//      of it, when every tile is partial) to the nearest, older tiles on the left; when the window
//      held no inclusive tile it moves a window back and puts that window's fold on the
//      left of what it has, and so on. Operators need to be associative, not commutative.
//   3. lane 0 publishes op(prefix, aggregate) as the tile's inclusive status.
// The return value in lane 0 is the tile's exclusive prefix (the fold of every earlier tile); the
// other lanes' return values are unspecified. `polls` (per lane) counts the polls that found an
// invalid tile, so that tests can see that waits happen.
// exclusive_prefix() is step 2 alone, for callers that publish themselves (the pipelined scan,
// agent_scan_pipelined.hpp). It takes an **anchor**: with anchor_tile >= 0 (below `tile`), the walk
// treats that tile as inclusive with *anchor_value, without reading it, and reads nothing older (a
// block that knows its previous tile's inclusive prefix folds only the tiles claimed since).
// No shared memory: the window is folded with shuffles (WarpReduce over a power-of-two width).
#pragma once

#include <cstdint>

#include <xcub/arch/arch.hpp>
#include <xcub/device/detail/lookback/tile_state.hpp>
#include <xcub/warp/warp_reduce.hpp>

namespace xcub::detail {

/// op with its operands swapped: folding lanes nearest-first with it puts older tiles on the left.
template <class T, class Op>
struct swapped_op {
  Op& op;
  XCUB_DEVICE XCUB_FORCEINLINE T operator()(const T& newer, const T& older) const {
    return static_cast<T>(op(older, newer));
  }
};

#if XCUB_HAS_KERNELS

template <class T, class ScanOp>
struct tile_prefix_op {
  tile_state<T> state;
  ScanOp op;
  int tile;           // >= 1
  int delay_ns = 0;   // extra backoff between polls (the policy's lookback_delay_ns, via lookback_wait)
  int settle_ns = 0;  // one wait before the first poll (the policy's lookback_settle_ns, via lookback_wait)
  int polls = 0;
  int window = 0;     // tiles per poll: the policy's lookback_window, 0 (or out of range) for a whole warp
  int anchor_tile = -1;  // exclusive_prefix only: a tile below `tile` whose inclusive prefix is *anchor_value
  const T* anchor_value = nullptr;

  XCUB_DEVICE XCUB_FORCEINLINE T operator()(const T& aggregate) {
    const bool leader = arch::lane_id() == 0;
    if (leader) state.set_partial(tile, aggregate);
    if (settle_ns > 0) arch::pause_for(static_cast<unsigned>(settle_ns));
    const T prefix = exclusive_prefix(aggregate);
    if (leader) state.set_inclusive(tile, static_cast<T>(op(prefix, aggregate)));
    return prefix;
  }

  /// Step 2: the fold of the tiles before `tile` (lane 0), from the statuses published and the
  /// anchor. `aggregate` only gives lanes that read nothing a defined value.
  XCUB_DEVICE XCUB_FORCEINLINE T exclusive_prefix(const T& aggregate) {
    using warp_reduce = WarpReduce<T>;
    swapped_op<T, ScanOp> older_left{op};
    T prefix = aggregate;
    bool first_window = true;
    const int width = window > 0 && window < arch::warp_threads ? window : arch::warp_threads;
    for (int newest = tile - 1;; newest -= width) {
      T value = aggregate;  // lanes that read no tile keep something defined; the fold skips them
      const std::uint32_t status = state.wait_window(newest, value, delay_ns, polls, width, anchor_tile,
                                                           anchor_tile >= 0 ? anchor_value : nullptr);
      const arch::lane_mask_t inclusive = arch::ballot(arch::full_lane_mask, status == tile_inclusive);
      const int lanes = inclusive != 0 ? static_cast<int>(arch::lowest_lane(inclusive)) + 1 : width;
      typename warp_reduce::TempStorage none;
      const T window_fold = warp_reduce(none).Reduce(value, older_left, lanes);  // lane 0: nearest inclusive .. newest
      prefix = first_window ? window_fold : static_cast<T>(op(window_fold, prefix));
      first_window = false;
      if (inclusive != 0) break;
    }
    return prefix;
  }
};

#endif  // XCUB_HAS_KERNELS

}  // namespace xcub::detail
