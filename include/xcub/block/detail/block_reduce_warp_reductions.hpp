// xcub/block/detail/block_reduce_warp_reductions.hpp: BlockReduce's WARP_REDUCTIONS variant (the
// default), for any block size and any associative operator (commutative or not). Used through
// xcub::BlockReduce.
//
// reduce<FULL>(x, op, num_valid): the fold of the partials of ranks [0, num_valid) (all of them
// when FULL) in rank order, valid in thread 0. num_valid <= 0: thread 0 gets its own partial back
// (unspecified, as in CUB); no invalid partial is ever combined.
// - Every warp reduces its partials with WarpReduce by shuffles; a partial last warp (block size
//   not a multiple of the warp) uses WarpReduce<T, last_warp_threads>, a logical warp of exactly
//   its lanes, so no collective names a lane that does not exist. A warp whose ranks are all past
//   num_valid skips its reduction. Lane 0 of every other warp publishes its total; barrier;
//   thread 0 folds warp 0's total (in its registers) with the others in warp order. One block
//   barrier; a block of at most one warp needs none.
#pragma once

#include <xcub/arch/arch.hpp>
#include <xcub/block/detail/block_shape.hpp>
#include <xcub/warp/warp_reduce.hpp>

namespace xcub::detail {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct block_reduce_warp_reductions {
  using shape = block_shape<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  static constexpr int WARPS = shape::warps;
  static constexpr int W = arch::warp_threads;
  using full_warp_reduce = WarpReduce<T, (WARPS == 1 ? shape::threads : W)>;
  using last_warp_reduce = WarpReduce<T, shape::last_warp_threads>;

  /// The warps' totals (warp 0's stays in registers), and the last warp's reduction storage
  /// (empty unless its width is not a power of two).
  struct TempStorage {
    alignas(T) unsigned char warp_totals[sizeof(T) * WARPS];
    typename last_warp_reduce::TempStorage last;
  };

#if XCUB_HAS_KERNELS
  TempStorage& storage;

  XCUB_DEVICE XCUB_FORCEINLINE explicit block_reduce_warp_reductions(TempStorage& s) : storage(s) {}

  template <bool FULL, class Op>
  XCUB_DEVICE XCUB_FORCEINLINE T reduce(T x, Op& op, int num_valid) {
    if constexpr (WARPS == 1) {
      last_warp_reduce wr(storage.last);
      if constexpr (FULL) return wr.Reduce(x, op);
      else return wr.Reduce(x, op, num_valid);
    } else {
      T* const totals = reinterpret_cast<T*>(storage.warp_totals);
      const int warp = shape::warp_of(shape::rank());
      const int warp_valid = FULL ? W : num_valid - warp * W;  // uniform across the warp
      if (warp_valid > 0) {
        if (shape::has_partial_warp && warp == WARPS - 1) {
          last_warp_reduce wr(storage.last);
          if (FULL || warp_valid >= shape::last_warp_threads) x = wr.Reduce(x, op);
          else x = wr.Reduce(x, op, warp_valid);
        } else {
          typename full_warp_reduce::TempStorage none;
          full_warp_reduce wr(none);
          if (FULL || warp_valid >= W) x = wr.Reduce(x, op);
          else x = wr.Reduce(x, op, warp_valid);
        }
        if (warp != 0 && shape::lane() == 0) totals[warp] = x;
      }
      arch::sync_threads();
      if (shape::rank() == 0) {
XCUB_UNROLL
        for (int w = 1; w < WARPS; ++w) {
          if (FULL || w * W < num_valid) x = static_cast<T>(op(x, totals[w]));
        }
      }
      return x;
    }
  }
#endif
};

}  // namespace xcub::detail
