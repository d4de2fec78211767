// xcub/block/detail/block_scan_warp_scans.hpp: BlockScan's WARP_SCANS variant, for blocks made of
// whole warps only (BlockScan falls back to RAKING where the last warp is partial, as CUB does).
// Used through xcub::BlockScan.
//
// scan<INCLUSIVE>(partial, op, seed, aggregate): as in block_scan_raking.hpp.
// - Every warp scans its partials with WarpScan (shuffles, whole warp); its last lane publishes
//   the warp's total; barrier; every thread folds the totals of the warps before its own (its
//   warp's prefix) and of all warps (the block aggregate) from shared memory, in warp order, and
//   combines its warp prefix with its in-warp prefix. One block barrier, two with a prefix
//   callback (warp 0 calls it and its lane 0 publishes the prefix).
// - FOLD, how the warps' totals are folded (BlockScan takes `batched`; xcub's own call sites choose,
//   through block_exclusive_sum.hpp):
//   `batched`: plain loads, which nvcc merges into 16-byte loads issued together, with every
//     `warp == w` compare hoisted above the barrier: up to WARPS totals and predicates live at once;
//   `ordered`: each total read as a volatile scalar, so loads, compares and selects interleave one
//     warp at a time; fewer registers where the scan sits among many live values (the Match
//     ranking at 256 x 4 keys on sm_90: 32 registers against 37, 8 blocks per SM instead of 6), a
//     little more latency (the loads keep their order). Needs a T that
//     volatile can read;
//   `shuffle`: a WarpScan across the lanes (lane l reads warp l's total; the warp prefix and the
//     block total come back by two broadcasts): fewer values live still, a few more instructions
//     and more latency (block_radix_rank_basic.hpp says where it pays).
// - The order of the fold is rank order throughout: non-commutative operators are safe.
#pragma once

#include <type_traits>

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_scan_seed.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/warp/warp_scan.hpp>

namespace xcub::detail {

/// How block_scan_warp_scans folds the warps' totals (see the header comment).
enum class warp_totals_fold { batched, ordered, shuffle };

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z, warp_totals_fold FOLD = warp_totals_fold::batched>
struct block_scan_warp_scans {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static_assert(!shape::has_partial_warp, "block_scan_warp_scans: the block must be made of whole warps");
  static constexpr int WARPS = shape::warps;
  using warp_scan = WarpScan<T>;

  /// The warps' totals, then the callback's prefix.
  struct TempStorage {
    alignas(T) unsigned char warp_totals[sizeof(T) * WARPS];
    alignas(T) unsigned char prefix[sizeof(T)];
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE explicit block_scan_warp_scans(TempStorage& s) : storage(s) {}

  template <bool INCLUSIVE, class Op, class Seed>
  XCUB_DEVICE XCUB_FORCEINLINE T scan(T x, Op& op, Seed& seed, T* aggregate) {
    T* const totals = reinterpret_cast<T*>(storage.warp_totals);
    const int warp = WARPS == 1 ? 0 : shape::warp_of(shape::rank());
    const int lane = shape::lane();
    typename warp_scan::TempStorage none;
    warp_scan ws(none);
    T incl, excl;
    if constexpr (INCLUSIVE) ws.InclusiveScan(x, incl, op);
    else ws.Scan(x, incl, excl, op);
    if constexpr (WARPS > 1) {
      if (lane == arch::warp_threads - 1) totals[warp] = incl;
      arch::sync_threads();
    }

    // The warp's prefix (the fold of the totals of warps [0, warp); unset in warp 0) and the block's total.
    T total = incl, warp_prefix = incl;
    if constexpr (WARPS > 1 && FOLD == warp_totals_fold::shuffle) {
      constexpr int P = WARPS <= 2 ? 2 : WARPS <= 4 ? 4 : WARPS <= 8 ? 8 : WARPS <= 16 ? 16 : 32;
      using fold_scan = WarpScan<T, P>;
      typename fold_scan::TempStorage fold_none;
      fold_scan fold(fold_none);
      const int slot = lane & (P - 1);
      T folded;
      fold.InclusiveScan(totals[slot < WARPS ? slot : WARPS - 1], folded, op);
      total = fold.Broadcast(folded, WARPS - 1);
      warp_prefix = fold.Broadcast(folded, static_cast<unsigned>(warp == 0 ? 0 : warp - 1));
    } else if constexpr (WARPS > 1 && FOLD == warp_totals_fold::ordered) {
      static_assert(std::is_arithmetic_v<T> || std::is_pointer_v<T>, "the ordered fold reads T through volatile");
      const volatile T* const ordered = totals;
      // The last warp's total only where the block's total is wanted: a volatile load stays even
      // when its value is dead.
      const bool whole = aggregate != nullptr || is_callback_seed<Seed>;
      total = ordered[0];
XCUB_UNROLL
      for (int w = 1; w < WARPS; ++w) {
        if (warp == w) warp_prefix = total;
        if (w < WARPS - 1 || whole) total = static_cast<T>(op(total, ordered[w]));
      }
    } else if constexpr (WARPS > 1) {
      total = totals[0];
XCUB_UNROLL
      for (int w = 1; w < WARPS; ++w) {
        if (warp == w) warp_prefix = total;
        total = static_cast<T>(op(total, totals[w]));
      }
    } else if (aggregate || is_callback_seed<Seed>) {
      total = ws.Broadcast(incl, arch::warp_threads - 1);
    }
    if (aggregate) *aggregate = total;

    if constexpr (is_no_seed<Seed>) {
      if constexpr (INCLUSIVE) return warp == 0 ? incl : static_cast<T>(op(warp_prefix, incl));
      else if (warp == 0) return excl;
      else return lane == 0 ? warp_prefix : static_cast<T>(op(warp_prefix, excl));
    } else {
      T prefix;
      if constexpr (is_callback_seed<Seed>) {
        if constexpr (WARPS > 1) {
          T* const published = reinterpret_cast<T*>(storage.prefix);
          if (warp == 0) {
            const T p = ws.Broadcast(static_cast<T>(seed.callback(total)), 0);
            if (lane == 0) *published = p;
          }
          arch::sync_threads();
          prefix = *published;
        } else {
          prefix = ws.Broadcast(static_cast<T>(seed.callback(total)), 0);
        }
      } else {
        prefix = seed.value;
      }
      if (warp != 0) prefix = static_cast<T>(op(prefix, warp_prefix));
      if constexpr (INCLUSIVE) return static_cast<T>(op(prefix, incl));
      else return lane == 0 ? prefix : static_cast<T>(op(prefix, excl));
    }
  }
#endif
};

}  // namespace xcub::detail
