// xcub/block/detail/block_scan_raking.hpp: BlockScan's RAKING and RAKING_MEMOIZE variants, for any
// block size. Used through xcub::BlockScan.
//
// scan<INCLUSIVE>(partial, op, seed, aggregate): every thread's prefix of the block's partials in
// rank order (exclusive or inclusive), seeded as block_scan_seed.hpp says; *aggregate (where not
// null) gets the unseeded fold of all partials, in every thread.
// - A block of at most one warp (1..warp_threads threads, all of them in warp 0) is scanned by
//   WarpScan<T, threads> alone: no shared-memory grid and no block barrier (a width that is not a
//   power of two goes through WarpScan's shared memory, held in this TempStorage).
// - Larger blocks: every thread deposits its partial in the raking grid (raking_layout.hpp);
//   barrier; warp 0, which is whole, rakes: its first raking_threads lanes fold their segments
//   (upsweep), the whole warp scans the segment totals with shuffles (lanes past raking_threads
//   carry their own partial: they lie above every raking lane, so the scan flows past them
//   without touching a raking lane's prefix), the seed is applied, and each raking lane
//   scans its segment back into the grid seeded with its prefix (downsweep); barrier; every
//   thread reads its prefix. Two block barriers.
// - MEMOIZE keeps the segment in registers between upsweep and downsweep (one shared-memory read
//   of the segment instead of two, at the price of segment_length registers). RAKING does the
//   same when the segment fits in 64 bytes: ptxas reuses the upsweep's loads only when the
//   downsweep's reads all precede its stores, and a downsweep that interleaves them has every item
//   read twice (8% slower at int32 256 x 8 on sm_90), so the reuse is explicit here rather than left
//   to the scheduler. Larger segments are read twice, left to the register allocator.
// - The order of the fold is rank order throughout: non-commutative operators are safe.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_scan_seed.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/block/detail/raking_layout.hpp>
#include <xcub/warp/warp_scan.hpp>

namespace xcub::detail {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z, bool MEMOIZE>
struct block_scan_raking {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using layout = raking_layout<T, shape::threads>;
  static constexpr bool single_warp = shape::threads <= arch::warp_threads;
  static constexpr int SEG = layout::segment_length;
  static constexpr int RT = layout::raking_threads;
  /// Whether the downsweep reuses the upsweep's reads from registers (see the header comment).
  static constexpr bool KEEP = MEMOIZE || SEG * sizeof(T) <= 64;

  /// One warp: the lanes that exist, one logical warp. Larger blocks: warp 0 whole, by shuffles.
  using warp_scan = WarpScan<T, single_warp ? shape::threads : arch::warp_threads>;

  struct grid_storage {
    alignas(T) unsigned char grid[layout::grid_bytes];
    alignas(T) unsigned char aggregate[sizeof(T)];
  };
  struct warp_storage {
    typename warp_scan::TempStorage warp;
  };
  using TempStorage = std::conditional_t<single_warp, warp_storage, grid_storage>;

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE explicit block_scan_raking(TempStorage& s) : storage(s) {}

  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE T scan(T partial, Op& op, Seed& seed, T* aggregate) {
    if constexpr (single_warp) return scan_warp<INCLUSIVE>(partial, op, seed, aggregate);
    else return scan_grid<INCLUSIVE>(partial, op, seed, aggregate);
  }

 private:
  /// The seed's prefix, in every calling lane of warp 0 (a callback is called here, by all of them).
  template <class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE static T seed_prefix(warp_scan& ws, Seed& seed, const T& block_total) {
    if constexpr (is_callback_seed<Seed>) return ws.Broadcast(static_cast<T>(seed.callback(block_total)), 0);
    else return seed.value;
  }

  /// Seeds `excl`, the unseeded exclusive prefix of a lane (unspecified in lane 0).
  template <class Op>
  XCUB_DEVICE XCUB_FORCEINLINE static T seeded(const T& prefix, const T& excl, bool first, Op& op) {
    return first ? prefix : static_cast<T>(op(prefix, excl));
  }

  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE T scan_warp(T x, Op& op, Seed& seed, T* aggregate) {
    warp_scan ws(storage.warp);
    const bool first = arch::lane_id() == 0;
    T incl, excl;
    if constexpr (INCLUSIVE) ws.InclusiveScan(x, incl, op);
    else ws.Scan(x, incl, excl, op);
    T total = incl;
    if (aggregate || is_callback_seed<Seed>) total = ws.Broadcast(incl, shape::threads - 1);
    if (aggregate) *aggregate = total;
    if constexpr (is_no_seed<Seed>) {
      if constexpr (INCLUSIVE) return incl;
      else return excl;
    } else {
      const T prefix = seed_prefix(ws, seed, total);
      if constexpr (INCLUSIVE) return static_cast<T>(op(prefix, incl));
      else return seeded(prefix, excl, first, op);
    }
  }

  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE T scan_grid(T x, Op& op, Seed& seed, T* aggregate) {
    T* const grid = reinterpret_cast<T*>(storage.grid);
    const int rank = shape::rank();
    grid[layout::slot(rank)] = x;
    arch::sync_threads();
    if (rank < arch::warp_threads) rake<INCLUSIVE>(rank, x, grid, op, seed, aggregate != nullptr);
    arch::sync_threads();
    if (aggregate) *aggregate = *reinterpret_cast<const T*>(storage.aggregate);
    return grid[layout::slot(rank)];
  }

  /// Warp 0 (whole): upsweep, warp scan of the segment totals, seed, downsweep.
  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE void rake(int lane, const T& x, T* grid, Op& op, Seed& seed, bool want_aggregate) {
    const bool raker = RT == arch::warp_threads || lane < RT;
    T* const seg = grid + layout::segment_begin(raker ? lane : 0);
    T cache[KEEP ? SEG : 1];
    // Lanes past raking_threads carry their own partial (a real T in a register; reading the grid
    // would race with lane 0's downsweep): they sit above every raking lane, so no raking lane's
    // prefix includes it.
    T raked = x;
    if (raker) {
      raked = seg[0];
      if constexpr (KEEP) cache[0] = raked;
XCUB_UNROLL
      for (int i = 1; i < SEG; ++i) {
        if (layout::in_block(lane, i)) {
          const T item = seg[i];
          if constexpr (KEEP) cache[i] = item;
          raked = static_cast<T>(op(raked, item));
        } else if constexpr (KEEP) {
          cache[i] = raked;  // never read; keeps every register defined
        }
      }
    } else if constexpr (KEEP) {
XCUB_UNROLL
      for (int i = 0; i < SEG; ++i) cache[i] = x;  // never read
    }
    typename warp_scan::TempStorage none;
    warp_scan ws(none);
    T incl, excl;
    ws.Scan(raked, incl, excl, op);
    T total = incl;
    if (want_aggregate || is_callback_seed<Seed>) total = ws.Broadcast(incl, RT - 1);

    bool apply = true;  // whether the lane's segment has a prefix
    T prefix = excl;
    if constexpr (is_no_seed<Seed>) apply = lane != 0;
    else prefix = seeded(seed_prefix(ws, seed, total), excl, lane == 0, op);
    if (!raker) return;

    T acc = prefix;
XCUB_UNROLL
    for (int i = 0; i < SEG; ++i) {
      if (layout::in_block(lane, i)) {
        T item;
        if constexpr (KEEP) item = cache[i];
        else item = seg[i];
        const T next = (i == 0 && !apply) ? item : static_cast<T>(op(acc, item));
        seg[i] = INCLUSIVE ? next : acc;
        acc = next;
      }
    }
    // Published after the downsweep: a store before it would make the compiler reload the segment.
    if (want_aggregate && lane == 0) *reinterpret_cast<T*>(storage.aggregate) = total;
  }
#endif
};

}  // namespace xcub::detail
